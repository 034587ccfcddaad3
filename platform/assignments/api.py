"""Educator endpoints of the /assignment pages (issue 5, item 7), designed in the style of spec
section 7: /api/v1/assignments (list = takers, overview, direct assignment, detail, withdraw),
/api/v1/batches (every batch across presets, one batch) and /api/v1/waiting-list (a preset's
waiting list). Educators of the organization only; data of other organizations is 404."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import Query, Router, Status

from accounts.auth import EducatorSessionAuth
from assignments import selectors, services
from assignments.schemas.educator import (
    AssignableTestOut,
    AssignIn,
    AssignmentOut,
    AssignmentQuery,
    BatchOut,
    BatchQuery,
    OverviewOut,
    TestQuery,
    WaitingEntryOut,
    WaitingQuery,
)
from config.envelope import Envelope, Page, ok
from config.fields import Id

router = Router(tags=["assignments"], auth=EducatorSessionAuth())


@router.get("assignments", response=Envelope[Page[AssignmentOut]])
def assignment_list(request: HttpRequest, query: Query[AssignmentQuery]):
    """Assignments (the takers of the organization's tests): filter ``preset_id``, ``batch_id``,
    ``status`` (assigned, in_progress, submitted, graded, revoked), ``source`` (purchase,
    direct); ``search`` name or e-mail; ``order_by`` created_at, learner_name, status, due_at,
    batch_starts_at (``-`` for descending). Two queries."""
    rows, meta = selectors.assignment_list(**query.dict())
    return ok({"items": rows, **meta})


@router.get("assignments/overview", response=Envelope[OverviewOut])
def assignment_overview(request: HttpRequest):
    """Counts for /assignment/overview: presets by status, batches (upcoming, open, ended and the
    slot sums of batches not yet ended), assignments by status and source, waiting learners."""
    return ok(selectors.assignment_overview())


@router.get("assignments/tests", response=Envelope[Page[AssignableTestOut]])
def assignable_tests(request: HttpRequest, query: Query[TestQuery]):
    """Approved and published tests with their batch, slot, assignment and waiting figures and
    their marketplace listing (the /assignment list; the publish dialog asks ``listed=false``).
    ``order_by``: name, updated_at, grade, ends_at. Four queries."""
    rows, meta = selectors.assignable_tests(**query.dict(), organization_id=request.auth.organization_id)
    return ok({"items": rows, **meta})


@router.post("assignments", response={201: Envelope[list[AssignmentOut]]})
def assignment_create(request: HttpRequest, payload: AssignIn):
    """Assign an approved or published preset to learners of the organization without purchase
    (issue 5, item 7): one batch slot each, all or nothing; each learner gets a TestScheduled
    notification. Errors: 400 fields, 404, 409 ``preset_not_assignable``, ``batch_closed``,
    ``no_batch_slot``, ``already_assigned``."""
    rows = selectors.assignments_by_id(
        [a.pk for a in services.assignments_assign_direct(actor=request.auth, data=payload.dict())]
    )
    n = len(rows)
    return Status(
        201, ok(rows, ngettext("Assigned to %(n)d learner.", "Assigned to %(n)d learners.", n) % {"n": n})
    )


@router.get("assignments/{assignment_id}", response=Envelope[AssignmentOut])
def assignment_detail(request: HttpRequest, assignment_id: Id):
    """One assignment (taker) with its preset and batch; 404 "Assignment not found."."""
    return ok(selectors.assignment_detail(assignment_id))


@router.delete("assignments/{assignment_id}", response=Envelope[AssignmentOut])
def assignment_revoke(request: HttpRequest, assignment_id: Id):
    """Withdraw a direct assignment not yet started; its slot returns to the batch. 409
    ``assignment_not_revocable`` otherwise."""
    services.assignment_revoke(assignment_id=assignment_id)
    return ok(selectors.assignments_by_id([assignment_id])[0], _("Assignment withdrawn."))


@router.get("batches", response=Envelope[Page[BatchOut]])
def batch_list(request: HttpRequest, query: Query[BatchQuery]):
    """Every batch across presets: ``state`` upcoming, open, ended; ``preset_id``; ``search``
    batch or preset name; ``order_by`` starts_at, expires_at, name, available, preset_name."""
    rows, meta = selectors.batch_list(**query.dict())
    return ok({"items": rows, **meta})


@router.get("batches/{batch_id}", response=Envelope[BatchOut])
def batch_detail(request: HttpRequest, batch_id: Id):
    """One batch; its registered learners are ``GET /api/v1/assignments?batch_id=``."""
    return ok(selectors.batch_detail(batch_id))


@router.get("waiting-list", response=Envelope[Page[WaitingEntryOut]])
def waiting_list(request: HttpRequest, query: Query[WaitingQuery]):
    """The waiting list of ``preset_id`` in order of joining (live entries: waiting and offered,
    unless ``status``); ``position`` counts from 1 on the page's order."""
    rows, meta = selectors.waiting_list(
        preset_id=query.preset_id, page=query.page, limit=query.limit, status=query.status
    )
    return ok({"items": rows, **meta})
