"""Rounds, test presets, generation, approval and batches (issue 5), at /api/v1/rounds and
/api/v1/test-presets. Educators only; approval by organization admins."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from assessments import selectors
from assessments.models import Batch, Round, TestPreset
from assessments.schemas import CommentIn
from assessments.services import presets, rounds
from assessments.services.common import Actor
from config.auth import EducatorSessionAuth
from config.envelope import Empty, Envelope, Page, ok, order_by_checked, paginate
from config.fields import (
    CheckedInt,
    Choice,
    ColumnInt,
    ColumnNumber,
    ColumnText,
    DateTimeIn,
    Description,
    Id,
    IdList,
    Limit,
    List,
    OrderBy,
    PageNo,
    Search,
    Text,
)

router = Router(tags=["tests and rounds"], auth=EducatorSessionAuth())


ROUND_MESSAGE_MAX = 2000
"""A round's passed or failed message (a ``TextField``), shown to learners with their result."""


class RoundIn(Schema):
    """A round; strings at most their column's length, messages ``ROUND_MESSAGE_MAX``, datetimes
    checked (``config.fields``, issue 16 item 9)."""

    name: ColumnText(Round, "name") = ""
    starts_at: DateTimeIn | None = None
    expires_at: DateTimeIn | None = None
    required_round_id: Id | None = None
    passed_message_vi: Text(ROUND_MESSAGE_MAX) = ""
    passed_message_en: Text(ROUND_MESSAGE_MAX) = ""
    failed_message_vi: Text(ROUND_MESSAGE_MAX) = ""
    failed_message_en: Text(ROUND_MESSAGE_MAX) = ""


class RoundOut(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime
    status: str
    closed_at: datetime | None
    required_round_id: int | None
    passed_message_vi: str
    passed_message_en: str
    failed_message_vi: str
    failed_message_en: str


class CloseIn(Schema):
    closed: bool = True


class ListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""


class BlueprintItemIO(Schema):
    cluster_id: int | None = None
    complexity_level_id: int | None = None
    count: int | None = None


class PresetSubjectIO(Schema):
    subject_id: int | None = None
    items: list[BlueprintItemIO] = []


class AttributeIO(Schema):
    key: str = ""
    value: str = ""


# Request-side twins of the IO schemas above, bounded (issue 16, item 9); responses keep the IO ones.
ATTRIBUTE_KEY_MAX, ATTRIBUTE_VALUE_MAX, ATTRIBUTES_MAX = 100, 500, 50
"""An attribute requirement or outcome (kept in a ``JSONField``): key, value, rows per list."""
BLUEPRINT_SUBJECTS_MAX, BLUEPRINT_ITEMS_MAX = 50, 200
"""Subjects of a blueprint, and topic or subtopic items per subject."""
SURVEYS_MAX = 50
"""Surveys linked to one preset."""
FORM_QUESTIONS_MAX = 5000
"""Rows of a generated form named by a reorder."""


class BlueprintItemIn(Schema):
    cluster_id: Id | None = None
    complexity_level_id: Id | None = None
    count: CheckedInt | None = None  # 1..200, checked by the service


class PresetSubjectIn(Schema):
    subject_id: Id | None = None
    items: List(BlueprintItemIn, BLUEPRINT_ITEMS_MAX) = []


class AttributeIn(Schema):
    key: Text(ATTRIBUTE_KEY_MAX) = ""
    value: Text(ATTRIBUTE_VALUE_MAX) = ""


class PresetIn(Schema):
    """Spec section 3 "Test preset". ``subjects`` is the blueprint: per subject, how many
    questions to draw from each topic or subtopic, optionally at one complexity level. Every
    field bounded (``config.fields``; the caps above)."""

    name: ColumnText(TestPreset, "name") = ""
    description: Description = ""
    grade: CheckedInt | None = None  # 1..12, checked by the service
    duration_minutes: CheckedInt | None = None  # 1..600, checked by the service
    starts_at: DateTimeIn | None = None
    ends_at: DateTimeIn | None = None
    passing_score: ColumnNumber(TestPreset, "passing_score") | None = None
    auto_release_result: bool = False
    camera_proctoring: bool = True
    allow_no_camera: bool = False
    survey_ids: IdList(SURVEYS_MAX) = []
    attribute_requirements: List(AttributeIn, ATTRIBUTES_MAX) = []
    attribute_outcomes: List(AttributeIn, ATTRIBUTES_MAX) = []
    round_id: Id | None = None
    required_round_id: Id | None = None
    form_mode: ColumnText(TestPreset, "form_mode") = "shared"
    subjects: List(PresetSubjectIn, BLUEPRINT_SUBJECTS_MAX) = []


class PresetBatchOut(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime
    slots: int
    available: int
    pending: int
    taken: int
    low_slot: bool


class PresetOut(Schema):
    id: int
    name: str
    description: str
    grade: int | None
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    passing_score: float | None
    max_score: float
    auto_release_result: bool
    camera_proctoring: bool
    allow_no_camera: bool
    survey_ids: list[int]
    attribute_requirements: list[AttributeIO]
    attribute_outcomes: list[AttributeIO]
    round_id: int | None
    round_name: str
    required_round_id: int | None
    form_mode: str
    subjects: list[PresetSubjectIO]
    status: str
    review_comment: str
    generation_seed: int | None
    generated_at: datetime | None
    question_count: int
    batches: list[PresetBatchOut]
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime


class PresetRowOut(Schema):
    id: int
    name: str
    grade: int | None
    status: str
    round_name: str
    question_count: int
    batch_count: int
    subject_ids: list[int]
    starts_at: datetime | None
    ends_at: datetime | None
    updated_at: datetime


class GenerateIn(Schema):
    seed: ColumnInt(TestPreset, "generation_seed") | None = None


class FormQuestionOut(Schema):
    id: int
    position: int
    question: dict[str, Any]


class ReorderIn(Schema):
    order: IdList(FORM_QUESTIONS_MAX) = []


class BatchIn(Schema):
    name: ColumnText(Batch, "name") = ""
    starts_at: DateTimeIn | None = None
    expires_at: DateTimeIn | None = None
    slots: CheckedInt | None = None  # 1..100,000, checked by the service


def _actor(request: HttpRequest) -> Actor:
    return Actor.of(request.auth)


def _round_out(found: Round) -> dict[str, Any]:
    return {
        **{
            f: getattr(found, f)
            for f in ("id", "name", "starts_at", "expires_at", "closed_at", "required_round_id")
        },
        **{
            f: getattr(found, f)
            for f in ("passed_message_vi", "passed_message_en", "failed_message_vi", "failed_message_en")
        },
        "status": found.status_at(timezone.now()),
    }


def _batch_out(batch: Batch) -> dict[str, Any]:
    return {
        **{
            f: getattr(batch, f)
            for f in ("id", "name", "starts_at", "expires_at", "slots", "available", "pending", "taken")
        },
        "low_slot": batch.available * 5 <= batch.slots,
    }


def _preset_out(preset: TestPreset) -> dict[str, Any]:
    subjects = [
        {
            "subject_id": s.subject_id,
            "items": [
                {"cluster_id": i.cluster_id, "complexity_level_id": i.complexity_level_id, "count": i.count}
                for i in s.items.all()
            ],
        }
        for s in preset.subjects.prefetch_related("items")
    ]
    return {
        **{
            f: getattr(preset, f)
            for f in (
                "id",
                "name",
                "description",
                "grade",
                "duration_minutes",
                "starts_at",
                "ends_at",
                "auto_release_result",
                "camera_proctoring",
                "allow_no_camera",
                "survey_ids",
                "attribute_requirements",
                "attribute_outcomes",
                "round_id",
                "required_round_id",
                "form_mode",
                "status",
                "review_comment",
                "generation_seed",
                "generated_at",
                "created_by_profile_id",
                "created_by_name",
                "created_at",
                "updated_at",
            )
        },
        "passing_score": float(preset.passing_score) if preset.passing_score is not None else None,
        "max_score": float(presets.preset_max_score(preset)),
        "round_name": preset.round.name if preset.round_id else "",
        "subjects": subjects,
        "question_count": preset.form.count(),
        "batches": [_batch_out(b) for b in preset.batches.all()],
    }


# --- rounds ------------------------------------------------------------------------------------

ROUND_ORDER = {"name": "name", "starts_at": "starts_at", "expires_at": "expires_at"}


@router.get("rounds", response=Envelope[Page[RoundOut]])
def round_list(request: HttpRequest, query: Query[ListQuery]):
    """Rounds with their derived ``status`` (upcoming, open, closed); filter ``status``."""
    qs = Round.objects.all()
    if query.search.strip():
        qs = qs.filter(name__icontains=query.search.strip())
    rows = [r for r in qs.order_by(*order_by_checked(query.order_by, ROUND_ORDER, "starts_at"))]
    now = timezone.now()
    if query.status:
        rows = [r for r in rows if r.status_at(now) == query.status]
    start = (max(1, query.page) - 1) * min(100, max(1, query.limit))
    page = rows[start : start + min(100, max(1, query.limit))]
    return ok(
        {
            "items": [_round_out(r) for r in page],
            "page": max(1, query.page),
            "limit": min(100, max(1, query.limit)),
            "total": len(rows),
        }
    )


@router.post("rounds", response={201: Envelope[RoundOut]})
def round_create(request: HttpRequest, payload: RoundIn):
    """Create a round (name, dates with expiry after start, messages)."""
    return Status(201, ok(_round_out(rounds.round_create(data=payload.dict())), _("Round saved.")))


@router.get("rounds/{round_id}", response=Envelope[RoundOut])
def round_detail(request: HttpRequest, round_id: Id):
    """One round of the organization (404 for another organization's id)."""
    return ok(_round_out(rounds.round_get(round_id)))


@router.put("rounds/{round_id}", response=Envelope[RoundOut])
def round_update(request: HttpRequest, round_id: Id, payload: RoundIn):
    return ok(_round_out(rounds.round_update(round_id=round_id, data=payload.dict())), _("Round saved."))


@router.post("rounds/{round_id}/close", response=Envelope[RoundOut])
def round_close(request: HttpRequest, round_id: Id, payload: CloseIn):
    """Close by hand (``closed: false`` reopens)."""
    return ok(_round_out(rounds.round_close(round_id=round_id, closed=payload.closed)))


@router.delete("rounds/{round_id}", response=Envelope[Empty])
def round_delete(request: HttpRequest, round_id: Id):
    """Delete an unused round (409 ``round_in_use``)."""
    rounds.round_delete(round_id=round_id)
    return ok({}, _("Round deleted."))


# --- presets -----------------------------------------------------------------------------------

PRESET_ORDER = {
    "name": "name",
    "updated_at": "updated_at",
    "created_at": "created_at",
    "grade": "grade",
    "ends_at": "ends_at",
}


@router.get("test-presets", response=Envelope[Page[PresetRowOut]])
def preset_list(request: HttpRequest, query: Query[ListQuery]):
    """Presets with ``question_count``, ``batch_count`` and ``subject_ids`` (blueprint order);
    filter ``status``; ``order_by``: name, updated_at, created_at, grade, ends_at."""
    qs = presets.presets_with_counts()
    if query.search.strip():
        qs = qs.filter(name__icontains=query.search.strip())
    if query.status:
        qs = qs.filter(status=query.status)
    rows, meta = paginate(
        qs.order_by(*order_by_checked(query.order_by, PRESET_ORDER, "-updated_at")),
        page=query.page,
        limit=query.limit,
    )
    items = [
        {
            "id": p.pk,
            "name": p.name,
            "grade": p.grade,
            "status": p.status,
            "round_name": p.round.name if p.round else "",
            "question_count": p.question_count,
            "batch_count": p.batch_count,
            "subject_ids": p.subject_ids or [],
            "starts_at": p.starts_at,
            "ends_at": p.ends_at,
            "updated_at": p.updated_at,
        }
        for p in rows
    ]
    return ok({"items": items, **meta})


@router.post("test-presets", response={201: Envelope[PresetOut]})
def preset_create(request: HttpRequest, payload: PresetIn):
    """Create a draft preset with its blueprint. 400 ``validation_error`` per spec section 5."""
    preset = presets.preset_create(actor=_actor(request), data=payload.dict())
    return Status(201, ok(_preset_out(preset), _("Test saved.")))


@router.get("test-presets/{preset_id}", response=Envelope[PresetOut])
def preset_detail(request: HttpRequest, preset_id: Id):
    return ok(_preset_out(presets.preset_get(preset_id)))


@router.put("test-presets/{preset_id}", response=Envelope[PresetOut])
def preset_update(request: HttpRequest, preset_id: Id, payload: PresetIn):
    """Change a draft or rejected preset (409 ``preset_locked`` once approved)."""
    return ok(
        _preset_out(presets.preset_update(actor=_actor(request), preset_id=preset_id, data=payload.dict())),
        _("Test saved."),
    )


@router.post("test-presets/{preset_id}/generate", response=Envelope[PresetOut])
def preset_generate(request: HttpRequest, preset_id: Id, payload: GenerateIn):
    """Draw (or redraw) the shared form; ``seed`` reproduces an earlier draw. 400
    ``generation_failed`` ("Failed to generate test") with ``shortfalls``."""
    preset = presets.preset_generate(actor=_actor(request), preset_id=preset_id, seed=payload.seed)
    return ok(_preset_out(preset), _("Questions generated."))


@router.get("test-presets/{preset_id}/form", response=Envelope[list[FormQuestionOut]])
def preset_form(request: HttpRequest, preset_id: Id):
    """The generated form in order, each question as in /api/v1/questions (preview)."""
    preset = presets.preset_get(preset_id)
    rows = preset.form.select_related(
        "question__subject",
        "question__topic",
        "question__subtopic",
        "question__complexity_level",
        "question__cognitive_domain",
    )
    return ok(
        [{"id": r.pk, "position": r.position, "question": selectors.question_row(r.question)} for r in rows]
    )


@router.post("test-presets/{preset_id}/form/{row_id}/swap", response=Envelope[FormQuestionOut])
def preset_swap(request: HttpRequest, preset_id: Id, row_id: Id):
    """Replace one question by another of the same blueprint item."""
    row = presets.preset_swap(actor=_actor(request), preset_id=preset_id, preset_question_id=row_id)
    return ok(
        {"id": row.pk, "position": row.position, "question": selectors.question_row(row.question)},
        _("Question swapped."),
    )


@router.put("test-presets/{preset_id}/form/order", response=Envelope[Empty])
def preset_reorder(request: HttpRequest, preset_id: Id, payload: ReorderIn):
    """Reorder: ``order`` lists every form row id once (400 ``reorder_failed``)."""
    presets.preset_reorder(actor=_actor(request), preset_id=preset_id, order=payload.order)
    return ok({}, _("Order saved."))


@router.post("test-presets/{preset_id}/approve", response=Envelope[PresetOut])
def preset_approve(request: HttpRequest, preset_id: Id, payload: CommentIn):
    """Approve (organization admins: 403 ``not_org_admin``; 400 ``preset_not_ready``)."""
    return ok(
        _preset_out(
            presets.preset_approve(actor_profile=request.auth, preset_id=preset_id, comment=payload.comment)
        ),
        _("Test approved."),
    )


@router.post("test-presets/{preset_id}/reject", response=Envelope[PresetOut])
def preset_reject(request: HttpRequest, preset_id: Id, payload: CommentIn):
    """Reject with a comment (organization admins)."""
    return ok(
        _preset_out(
            presets.preset_reject(actor_profile=request.auth, preset_id=preset_id, comment=payload.comment)
        ),
        _("Test rejected."),
    )


@router.post("test-presets/{preset_id}/batches", response={201: Envelope[PresetBatchOut]})
def batch_create(request: HttpRequest, preset_id: Id, payload: BatchIn):
    """Add a batch (expiry later than start; slots all available at first)."""
    return Status(
        201, ok(_batch_out(presets.batch_create(preset_id=preset_id, data=payload.dict())), _("Batch saved."))
    )


@router.put("test-presets/{preset_id}/batches/{batch_id}", response=Envelope[PresetBatchOut])
def batch_update(request: HttpRequest, preset_id: Id, batch_id: Id, payload: BatchIn):
    return ok(
        _batch_out(presets.batch_update(preset_id=preset_id, batch_id=batch_id, data=payload.dict())),
        _("Batch saved."),
    )


@router.delete("test-presets/{preset_id}/batches/{batch_id}", response=Envelope[Empty])
def batch_delete(request: HttpRequest, preset_id: Id, batch_id: Id):
    """Delete a batch nobody bought (409 ``batch_in_use``)."""
    presets.batch_delete(preset_id=preset_id, batch_id=batch_id)
    return ok({}, _("Batch deleted."))
