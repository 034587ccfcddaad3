"""Educator endpoints of the /assignment pages (issue 5, item 7), designed in the style of spec
section 7: /api/v1/assignments (list = takers, overview, direct assignment, detail, withdraw),
/api/v1/batches (every batch across presets, one batch) and /api/v1/waiting-list (a preset's
waiting list). Educators of the organization only; data of other organizations is 404."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from assessments.models import Batch
from assignments import selectors, services
from assignments.models import Assignment
from config.auth import EducatorSessionAuth
from config.envelope import Envelope, Page, ok
from config.errors import not_found
from config.fields import CheckedInt, Choice, DateTimeIn, Id, IdList, Limit, OrderBy, PageNo, Search

router = Router(tags=["assignments"], auth=EducatorSessionAuth())


class PresetRef(Schema):
    id: int
    name: str
    grade: int | None
    status: str


class BatchRef(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime


class AssignmentOut(Schema):
    """A taker row: who, which test and batch, how it was obtained, where it stands."""

    id: int
    preset: PresetRef
    batch: BatchRef | None
    learner_profile_id: int
    learner_name: str
    learner_email: str
    source: str
    status: str
    attempts_allowed: int
    due_at: datetime | None
    requires_purchase: bool
    purchase_cost: int
    paid_at: datetime | None
    transaction_id: int | None
    advanced_report: bool
    assigned_by_name: str
    created_at: datetime


class AssignIn(Schema):
    """Bounded (issue 16, item 9): ids, the learner list at twice the service's own limit (which
    says "Assign at most 500 learners at a time."); the service checks the numbers' ranges."""

    preset_id: Id | None = None
    batch_id: Id | None = None
    learner_profile_ids: IdList(2 * services.MAX_LEARNERS) = []
    attempts_allowed: CheckedInt = 1  # 1..10, checked by the service
    due_at: DateTimeIn | None = None
    requires_purchase: bool = False
    purchase_cost: CheckedInt = 0  # 0..1,000,000,000 VND, checked by the service


class AssignmentQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    preset_id: Id | None = None
    batch_id: Id | None = None
    status: Choice = ""
    source: Choice = ""


class BatchOut(Schema):
    """A batch with its preset; slots = available + pending + taken (VND-free figures)."""

    id: int
    name: str
    preset: PresetRef
    starts_at: datetime
    expires_at: datetime
    state: str
    slots: int
    available: int
    pending: int
    taken: int
    low_slot_notified_at: datetime | None


class BatchQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    preset_id: Id | None = None
    state: Choice = ""


class OverviewOut(Schema):
    presets: dict[str, int]
    batches: dict[str, int]
    assignments: dict[str, int]
    waiting: int


class TestQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""
    listed: bool | None = None


class AssignableTestOut(Schema):
    """A test of the /assignment list: slot sums over batches not yet ended; assignments that
    are not revoked, by source; learners waiting; the active marketplace listing, if any."""

    id: int
    name: str
    grade: int | None
    status: str
    subjects: list[str]
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    batch_count: int
    live_batches: int
    slots: int
    available: int
    pending: int
    taken: int
    direct: int
    purchased: int
    waiting: int
    listing_id: int | None
    updated_at: datetime


class WaitingQuery(Schema):
    preset_id: Id
    page: PageNo = 1
    limit: Limit = 20
    status: Choice = ""


class WaitingEntryOut(Schema):
    id: int
    learner_profile_id: int
    learner_name: str
    status: str
    position: int
    offered_batch: BatchRef | None
    claim_expires_at: datetime | None
    created_at: datetime


def _preset(p) -> dict:
    return {"id": p.pk, "name": p.name, "grade": p.grade, "status": p.status}


def _batch_ref(b: Batch | None) -> dict | None:
    if b is None:
        return None
    return {"id": b.pk, "name": b.name, "starts_at": b.starts_at, "expires_at": b.expires_at}


def _assignment(a: Assignment) -> dict:
    return {
        "id": a.pk,
        "preset": _preset(a.preset),
        "batch": _batch_ref(a.batch),
        **{
            f: getattr(a, f)
            for f in (
                "learner_profile_id",
                "learner_name",
                "learner_email",
                "source",
                "status",
                "attempts_allowed",
                "due_at",
                "requires_purchase",
                "purchase_cost",
                "paid_at",
                "transaction_id",
                "advanced_report",
                "assigned_by_name",
                "created_at",
            )
        },
    }


def _batch(b: Batch, now) -> dict:
    return {
        "id": b.pk,
        "name": b.name,
        "preset": _preset(b.preset),
        "starts_at": b.starts_at,
        "expires_at": b.expires_at,
        "state": selectors.batch_state(b, now),
        "slots": b.slots,
        "available": b.available,
        "pending": b.pending,
        "taken": b.taken,
        "low_slot_notified_at": b.low_slot_notified_at,
    }


@router.get("assignments", response=Envelope[Page[AssignmentOut]])
def assignment_list(request: HttpRequest, query: Query[AssignmentQuery]):
    """Assignments (the takers of the organization's tests): filter ``preset_id``, ``batch_id``,
    ``status`` (assigned, in_progress, submitted, graded, revoked), ``source`` (purchase,
    direct); ``search`` name or e-mail; ``order_by`` created_at, learner_name, status, due_at,
    batch_starts_at (``-`` for descending). Two queries."""
    rows, meta = selectors.assignment_list(**query.dict())
    return ok({"items": [_assignment(a) for a in rows], **meta})


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
    rows, meta, listings = selectors.assignable_tests(
        **query.dict(), organization_id=request.auth.organization_id
    )
    english = translation.get_language() == "en"
    items = [
        {
            **{f: getattr(p, f) for f in ("id", "name", "grade", "status", "duration_minutes")},
            **{f: getattr(p, f) for f in ("starts_at", "ends_at", "batch_count", "live_batches")},
            "subjects": [s.subject.name_en if english else s.subject.name_vi for s in p.subjects.all()],
            "slots": p.slot_sum,
            "available": p.available_sum,
            "pending": p.pending_sum,
            "taken": p.taken_sum,
            "direct": p.direct,
            "purchased": p.purchased,
            "waiting": p.waiting,
            "listing_id": listings.get(p.pk),
            "updated_at": p.updated_at,
        }
        for p in rows
    ]
    return ok({"items": items, **meta})


@router.post("assignments", response={201: Envelope[list[AssignmentOut]]})
def assignment_create(request: HttpRequest, payload: AssignIn):
    """Assign an approved or published preset to learners of the organization without purchase
    (issue 5, item 7): one batch slot each, all or nothing; each learner gets a TestScheduled
    notification. Errors: 400 fields, 404, 409 ``preset_not_assignable``, ``batch_closed``,
    ``no_batch_slot``, ``already_assigned``."""
    rows = services.assignments_assign_direct(actor=request.auth, data=payload.dict())
    rows = list(Assignment.objects.select_related("preset", "batch").filter(pk__in=[a.pk for a in rows]))
    return Status(
        201, ok([_assignment(a) for a in rows], _("Assigned to %(n)d learners.") % {"n": len(rows)})
    )


@router.get("assignments/{assignment_id}", response=Envelope[AssignmentOut])
def assignment_detail(request: HttpRequest, assignment_id: Id):
    a = Assignment.objects.select_related("preset", "batch").filter(pk=assignment_id).first()
    if a is None:
        raise not_found(_("Assignment not found."))
    return ok(_assignment(a))


@router.delete("assignments/{assignment_id}", response=Envelope[AssignmentOut])
def assignment_revoke(request: HttpRequest, assignment_id: Id):
    """Withdraw a direct assignment not yet started; its slot returns to the batch. 409
    ``assignment_not_revocable`` otherwise."""
    services.assignment_revoke(assignment_id=assignment_id)
    a = Assignment.objects.select_related("preset", "batch").get(pk=assignment_id)
    return ok(_assignment(a), _("Assignment withdrawn."))


@router.get("batches", response=Envelope[Page[BatchOut]])
def batch_list(request: HttpRequest, query: Query[BatchQuery]):
    """Every batch across presets: ``state`` upcoming, open, ended; ``preset_id``; ``search``
    batch or preset name; ``order_by`` starts_at, expires_at, name, available, preset_name."""
    rows, meta = selectors.batch_list(**query.dict())
    now = timezone.now()
    return ok({"items": [_batch(b, now) for b in rows], **meta})


@router.get("batches/{batch_id}", response=Envelope[BatchOut])
def batch_detail(request: HttpRequest, batch_id: Id):
    """One batch; its registered learners are ``GET /api/v1/assignments?batch_id=``."""
    batch = Batch.objects.select_related("preset").filter(pk=batch_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    return ok(_batch(batch, timezone.now()))


@router.get("waiting-list", response=Envelope[Page[WaitingEntryOut]])
def waiting_list(request: HttpRequest, query: Query[WaitingQuery]):
    """The waiting list of ``preset_id`` in order of joining (live entries: waiting and offered,
    unless ``status``); ``position`` counts from 1 on the page's order."""
    rows, meta = selectors.waiting_list(
        preset_id=query.preset_id, page=query.page, limit=query.limit, status=query.status
    )
    start = (meta["page"] - 1) * meta["limit"]
    items = [
        {
            "id": e.pk,
            "learner_profile_id": e.learner_profile_id,
            "learner_name": e.learner_name,
            "status": e.status,
            "position": start + i + 1,
            "offered_batch": _batch_ref(e.offered_batch),
            "claim_expires_at": e.claim_expires_at,
            "created_at": e.created_at,
        }
        for i, e in enumerate(rows)
    ]
    return ok({"items": items, **meta})


# --- the learner's list (/assignment/student) -------------------------------------------------

learner_router = Router(tags=["assignments"])


class MyAssignmentOut(Schema):
    """A learner's assignment: the test, the batch window (UTC), how it was obtained, its price
    (VND), attempts allowed and due date, and its latest attempt: number, status, maximum score,
    and once the result is released the score and the result (pending, passed, failed); both
    are null until then (``released`` false). Every attempt field is null before a start."""

    enrollment_id: int
    id: int
    organization: str
    preset_name: str
    grade: int | None
    duration_minutes: int | None
    camera_proctoring: bool
    allow_no_camera: bool
    passing_score: float | None
    auto_release_result: bool
    status: str
    source: str
    attempts_allowed: int
    due_at: datetime | None
    requires_purchase: bool
    purchase_cost: int
    paid_at: datetime | None
    transaction_id: int | None
    advanced_report: bool
    batch_id: int | None
    batch_name: str | None
    batch_starts_at: datetime | None
    batch_expires_at: datetime | None
    created_at: datetime
    attempt_no: int | None
    attempt_status: str | None
    max_score: float | None
    score: float | None
    result: str | None
    released: bool


class MyListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""


@learner_router.get("my-list", response=Envelope[Page[MyAssignmentOut]])
def my_list(request: HttpRequest, query: Query[MyListQuery]):
    """GET /api/v1/assignment-users/my-list: the current learner's assignments across
    organizations (purchased or assigned), newest first; ``order_by`` created_at, name;
    ``search``; ``status``. Three queries whatever the number of organizations."""
    from assignments.learner import my_assignments
    from config.auth import require_learner

    items, meta = my_assignments(profile=require_learner(request), **query.dict())
    return ok({"items": items, **meta})


@learner_router.get("{enrollment_id}", response=Envelope[MyAssignmentOut])
def my_detail(request: HttpRequest, enrollment_id: Id):
    """One of the current learner's assignments by its enrollment id (404 for anyone else's)."""
    from assignments.learner import my_assignment
    from config.auth import require_learner

    row = my_assignment(profile=require_learner(request), enrollment_id=enrollment_id)
    if row is None:
        raise not_found(_("Assignment not found."))
    return ok(row)
