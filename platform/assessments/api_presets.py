"""Rounds, test presets, generation, approval and batches (issue 5), at /api/v1/rounds and
/api/v1/test-presets. Educators only; approval by organization admins. Thin: reads through
``assessments.selectors``, writes through the services, shapes in ``assessments.schemas``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Query, Router, Schema, Status

from accounts.auth import EducatorSessionAuth, OrgAdminSessionAuth
from assessments import national_format, selectors
from assessments.schemas import (
    BatchIn,
    CloseIn,
    CommentIn,
    FormQuestionOut,
    GenerateIn,
    PresetBatchOut,
    PresetIn,
    PresetOut,
    PresetRowOut,
    PresetTemplateOut,
    PresetTemplateSubjectOut,
    ReorderIn,
    RoundIn,
    RoundOut,
    TemplateQuery,
)
from assessments.services import batches, generation, presets, review, rounds
from assessments.services.common import Actor
from config.envelope import Empty, Envelope, Page, ok
from config.fields import Choice, Id, Limit, OrderBy, PageNo, Search

router = Router(tags=["tests and rounds"], auth=EducatorSessionAuth())
# Spec section 5: a test is approved or rejected by one of its organization's admins.
approver = OrgAdminSessionAuth(message=gettext_lazy("Only an organization admin can approve tests."))


class ListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""


def _actor(request: HttpRequest) -> Actor:
    return Actor.of(request.auth)


# --- rounds ------------------------------------------------------------------------------------


@router.get("rounds", response=Envelope[Page[RoundOut]])
def round_list(request: HttpRequest, query: Query[ListQuery]):
    """Rounds with their derived ``status`` (upcoming, open, closed); filter ``status``;
    ``order_by``: name, starts_at (default), expires_at."""
    rows, meta = selectors.round_list(
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        status=query.status,
    )
    return ok({"items": rows, **meta})


@router.post("rounds", response={201: Envelope[RoundOut]})
def round_create(request: HttpRequest, payload: RoundIn):
    """Create a round (name, dates with expiry after start, messages)."""
    found = rounds.round_create(data=payload.dict())
    return Status(201, ok(selectors.round_row(found), _("Round saved.")))


@router.get("rounds/{round_id}", response=Envelope[RoundOut])
def round_detail(request: HttpRequest, round_id: Id):
    """One round of the organization (404 for another organization's id)."""
    return ok(selectors.round_row(rounds.round_get(round_id)))


@router.put("rounds/{round_id}", response=Envelope[RoundOut])
def round_update(request: HttpRequest, round_id: Id, payload: RoundIn):
    """Change a round (the rules of ``round_create``; a round cannot require itself)."""
    found = rounds.round_update(round_id=round_id, data=payload.dict())
    return ok(selectors.round_row(found), _("Round saved."))


@router.post("rounds/{round_id}/close", response=Envelope[RoundOut])
def round_close(request: HttpRequest, round_id: Id, payload: CloseIn):
    """Close by hand (``closed: false`` reopens)."""
    return ok(selectors.round_row(rounds.round_close(round_id=round_id, closed=payload.closed)))


@router.delete("rounds/{round_id}", response=Envelope[Empty])
def round_delete(request: HttpRequest, round_id: Id):
    """Delete an unused round (409 ``round_in_use``)."""
    rounds.round_delete(round_id=round_id)
    return ok({}, _("Round deleted."))


# --- presets -----------------------------------------------------------------------------------


class PresetListQuery(ListQuery):
    test_bank_id: Id | None = None


@router.get("test-presets", response=Envelope[Page[PresetRowOut]])
def preset_list(request: HttpRequest, query: Query[PresetListQuery]):
    """Presets with ``question_count``, ``batch_count``, ``subject_ids`` (blueprint order) and
    ``test_bank_ids``; filters ``status`` and ``test_bank_id``; ``order_by``: name, updated_at,
    created_at, grade, ends_at."""
    rows, meta = selectors.preset_list(
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        status=query.status,
        test_bank_id=query.test_bank_id,
    )
    return ok({"items": rows, **meta})


@router.get("test-presets/templates/thpt-2025", response=Envelope[list[PresetTemplateSubjectOut]])
def preset_template_subjects(request: HttpRequest):
    """The organization's subjects with a "THPT 2025 format" template (issue 39 item 2; decision
    0056): minutes, questions, maximum (10) and the parts' types, counts and points."""
    return ok(national_format.template_subjects())


@router.get("test-presets/templates/thpt-2025/{subject_id}", response=Envelope[PresetTemplateOut])
def preset_template(request: HttpRequest, subject_id: Id, query: Query[TemplateQuery]):
    """The preset form's fields from a subject's THPT 2025 template at ``grade`` (12 when omitted):
    parts, counts, points, minutes, the scale out of 10 and blueprint rows from the topics holding
    questions of each part's type. Saves nothing. 404 for an unknown subject; 400 ``no_template``
    (Literature)."""
    return ok(national_format.template_fill(subject_id=subject_id, grade=query.grade))


@router.post("test-presets", response={201: Envelope[PresetOut]})
def preset_create(request: HttpRequest, payload: PresetIn):
    """Create a draft preset with its blueprint. 400 ``validation_error`` per spec section 5."""
    preset = presets.preset_create(actor=_actor(request), data=payload.dict())
    return Status(201, ok(selectors.preset_detail(preset), _("Test saved.")))


@router.get("test-presets/{preset_id}", response=Envelope[PresetOut])
def preset_detail(request: HttpRequest, preset_id: Id):
    """One preset with its blueprint, maximum score and batches."""
    return ok(selectors.preset_detail(presets.preset_get(preset_id)))


@router.put("test-presets/{preset_id}", response=Envelope[PresetOut])
def preset_update(request: HttpRequest, preset_id: Id, payload: PresetIn):
    """Change a draft or rejected preset (409 ``preset_locked`` once approved)."""
    preset = presets.preset_update(actor=_actor(request), preset_id=preset_id, data=payload.dict())
    return ok(selectors.preset_detail(preset), _("Test saved."))


@router.post("test-presets/{preset_id}/generate", response=Envelope[PresetOut])
def preset_generate(request: HttpRequest, preset_id: Id, payload: GenerateIn):
    """Draw (or redraw) the shared form; ``seed`` reproduces an earlier draw. 400
    ``generation_failed`` ("Failed to generate test") with ``shortfalls``."""
    preset = generation.preset_generate(actor=_actor(request), preset_id=preset_id, seed=payload.seed)
    return ok(selectors.preset_detail(preset), _("Questions generated."))


@router.get("test-presets/{preset_id}/form", response=Envelope[list[FormQuestionOut]])
def preset_form(request: HttpRequest, preset_id: Id):
    """The generated form in order, each question as in /api/v1/questions (preview)."""
    return ok(selectors.preset_form(presets.preset_get(preset_id)))


@router.post("test-presets/{preset_id}/form/{row_id}/swap", response=Envelope[FormQuestionOut])
def preset_swap(request: HttpRequest, preset_id: Id, row_id: Id):
    """Replace one question by another of the same blueprint item."""
    row = generation.preset_swap(actor=_actor(request), preset_id=preset_id, preset_question_id=row_id)
    return ok(selectors.form_row(row), _("Question swapped."))


@router.put("test-presets/{preset_id}/form/order", response=Envelope[Empty])
def preset_reorder(request: HttpRequest, preset_id: Id, payload: ReorderIn):
    """Reorder: ``order`` lists every form row id once (400 ``reorder_failed``)."""
    generation.preset_reorder(actor=_actor(request), preset_id=preset_id, order=payload.order)
    return ok({}, _("Order saved."))


@router.post("test-presets/{preset_id}/approve", response=Envelope[PresetOut], auth=approver)
def preset_approve(request: HttpRequest, preset_id: Id, payload: CommentIn):
    """Approve (organization admins: 403 ``not_org_admin``; 400 ``preset_not_ready``)."""
    preset = review.preset_approve(actor_profile=request.auth, preset_id=preset_id, comment=payload.comment)
    return ok(selectors.preset_detail(preset), _("Test approved."))


@router.post("test-presets/{preset_id}/reject", response=Envelope[PresetOut], auth=approver)
def preset_reject(request: HttpRequest, preset_id: Id, payload: CommentIn):
    """Reject with a comment (organization admins)."""
    preset = review.preset_reject(actor_profile=request.auth, preset_id=preset_id, comment=payload.comment)
    return ok(selectors.preset_detail(preset), _("Test rejected."))


@router.post("test-presets/{preset_id}/batches", response={201: Envelope[PresetBatchOut]})
def batch_create(request: HttpRequest, preset_id: Id, payload: BatchIn):
    """Add a batch (expiry later than start; slots all available at first)."""
    batch = batches.batch_create(preset_id=preset_id, data=payload.dict())
    return Status(201, ok(selectors.batch_row(batch), _("Batch saved.")))


@router.put("test-presets/{preset_id}/batches/{batch_id}", response=Envelope[PresetBatchOut])
def batch_update(request: HttpRequest, preset_id: Id, batch_id: Id, payload: BatchIn):
    """Change name, times or slots (not below the slots sold or reserved)."""
    batch = batches.batch_update(preset_id=preset_id, batch_id=batch_id, data=payload.dict())
    return ok(selectors.batch_row(batch), _("Batch saved."))


@router.delete("test-presets/{preset_id}/batches/{batch_id}", response=Envelope[Empty])
def batch_delete(request: HttpRequest, preset_id: Id, batch_id: Id):
    """Delete a batch nobody bought (409 ``batch_in_use``)."""
    batches.batch_delete(preset_id=preset_id, batch_id=batch_id)
    return ok({}, _("Batch deleted."))
