"""Schemas of grading and results (``grading.api``; issue 17, item 5). Times are aware
instants (ISO 8601, UTC); scores are points."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Literal

from ninja import Schema

from assessments.content import AnswerKeyOut, QuestionOptionOut, QuestionTextOut
from assignments.models import Accommodation, AttemptAnswer
from assignments.schemas.shared import (
    Answer,
    AttemptResult,
    PartScoreOut,
    QuestionType,
)
from config.fields import (
    CheckedInt,
    Choice,
    ColumnNumberOrText,
    ColumnText,
    Id,
    Limit,
    OrderBy,
    PageNo,
    Search,
    Text,
)

# --- grading and results (api.py) ----------------------------------------------------------------

GRADING_TEXT_MAX = 2000
"""A grader's comment or a reinstatement reason (``TextField``s; the services keep 2000)."""

if TYPE_CHECKING:  # the checker reads a call in an annotation as no type: what the bounded types hold
    GradingText = str
    ScoreIn = float | str
    FactorIn = float | str
    AccommodationReason = str
else:
    GradingText = Text(GRADING_TEXT_MAX)
    ScoreIn = ColumnNumberOrText(AttemptAnswer, "score")
    FactorIn = ColumnNumberOrText(Accommodation, "factor")
    AccommodationReason = ColumnText(Accommodation, "reason")


class GradingQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    preset_id: Id | None = None
    batch_id: Id | None = None
    state: Choice = "pending"


class AnswerGradeIn(Schema):
    score: ScoreIn | None = None
    comment: GradingText = ""


class GradingRowOut(Schema):
    """An essay or unmatched short answer to grade: the stem, the rubric (essay) or accepted
    answers (short text), its points, the answer and any score and comment."""

    id: int
    attempt_id: int
    learner_name: str
    preset_id: int
    preset_name: str
    batch_id: int | None
    question_id: int
    question_type: str
    stem: QuestionTextOut
    rubric: str
    accepted: list[str]
    points: float
    answer: Answer | None
    score: float | None
    comment: str
    graded_at: datetime | None
    graded_by_name: str


class AttemptQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    preset_id: Id | None = None
    batch_id: Id | None = None
    result: Choice = ""
    search: Search = ""


class AttemptRowOut(Schema):
    """A result row: the learner, the test, the attempt's times, score of the maximum (points, and
    ``scale_score`` of ``scale_max`` on the preset's reporting scale, decision 0056), result,
    release, voiding, tab switches and camera mode."""

    id: int
    assignment_id: int
    learner_name: str
    learner_email: str
    preset_id: int
    preset_name: str
    batch_id: int | None
    status: str
    started_at: datetime
    submitted_at: datetime | None
    submit_reason: str
    score: float | None
    max_score: float
    scale_score: float | None
    scale_max: float | None
    result: AttemptResult
    released_at: datetime | None
    voided: bool
    tab_switches: int
    camera_mode: str


class IntegrityEventOut(Schema):
    kind: str
    occurred_at: datetime
    received_at: datetime
    count_after: int
    note: str


class AttemptAnswerOut(Schema):
    """One question of an attempt for educators: the question with its key and points, the
    answer, its score, whether it waits for grading, the comment."""

    answer_id: int | None
    question_id: int
    type: QuestionType
    stem: QuestionTextOut
    options: list[QuestionOptionOut]
    key: AnswerKeyOut
    points: float
    answer: Answer | None
    score: float | None
    needs_grading: bool
    comment: str


VideoDeletedReason = Literal["retention", "request", "consent_withdrawn"]
"""Why a proctoring video was deleted (``privacy.DeletionRecord.Reason``; issue 24, item 3)."""


class AttemptDetailOut(AttemptRowOut):
    """One attempt for educators. ``video_url`` while the proctoring video is stored; once deleted
    ``video_deleted_at`` (UTC) and ``video_deleted_reason`` (None when no record says why)."""

    deadline_at: datetime
    reinstated_reason: str
    reinstated_by_name: str
    video_url: str | None
    video_deleted_at: datetime | None
    video_deleted_reason: VideoDeletedReason | None
    events: list[IntegrityEventOut]
    answers: list[AttemptAnswerOut]
    parts: list[PartScoreOut]


class ReasonIn(Schema):
    reason: GradingText = ""


class ProgressRowOut(Schema):
    """A learner of a batch with their latest attempt: answered of ``questions``, tab switches,
    times, result and score (null before a start)."""

    assignment_id: int
    learner_name: str
    status: str
    attempt_id: int | None
    answered: int
    questions: int
    tab_switches: int
    voided: bool
    started_at: datetime | None
    deadline_at: datetime | None
    submitted_at: datetime | None
    result: str | None
    score: float | None


class AccommodationIn(Schema):
    learner_profile_id: Id | None = None
    preset_id: Id | None = None
    factor: FactorIn | None = 1.0
    extra_minutes: CheckedInt = 0  # 0..240, checked by the service
    reason: AccommodationReason = ""


class AccommodationOut(Schema):
    id: int
    learner_profile_id: int
    learner_name: str
    preset_id: int | None
    factor: float
    extra_minutes: int
    reason: str
    created_by_name: str
    created_at: datetime


# --- the gradebook (issue 19, section 1) ------------------------------------------------------

AssignmentStatus = Literal["assigned", "in_progress", "submitted", "graded"]
IntegrityFlag = Literal["voided", "tab_switches", "video_missing"]


class GradebookQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""


class GradebookExportQuery(Schema):
    search: Search = ""
    order_by: OrderBy = ""


class GradebookRowOut(Schema):
    """A learner of the test or batch with their latest attempt (the attempt fields are null,
    ``released`` false and ``integrity`` empty before a start). ``score`` of ``max_score`` in
    points (``score`` null until every answer is graded) and ``scale_score`` of ``scale_max`` on
    the preset's reporting scale (decision 0056), ``parts`` the parts' subtotals (empty without
    parts or an attempt); ``result`` pending, passed or failed;
    ``integrity``: ``voided`` (result voided), ``tab_switches`` (more than the allowed number),
    ``video_missing`` (camera proctoring without a surroundings video)."""

    assignment_id: int
    learner_profile_id: int
    learner_name: str
    learner_email: str
    batch_id: int | None
    batch_name: str | None
    status: AssignmentStatus
    attempt_id: int | None
    score: float | None
    max_score: float | None
    scale_score: float | None
    scale_max: float | None
    parts: list[PartScoreOut]
    result: AttemptResult | None
    released: bool
    released_at: datetime | None
    integrity: list[IntegrityFlag]
    tab_switches: int
    submitted_at: datetime | None


class GradebookPartOut(Schema):
    """A part of the test, a column of the gradebook (decision 0056): its place (from 1), its name
    in full and its ``short_name`` ("Phần I", "Part I"), the column's heading."""

    position: int
    name: str
    short_name: str


class GradebookScopeOut(Schema):
    """What the gradebook covers: a test, or one batch of it; the rules its flags use; its
    reporting scale (``score_scale`` ten, raw or custom) and its parts (a column each)."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    camera_proctoring: bool
    tab_switches_allowed: int
    score_scale: Literal["ten", "raw", "custom"]
    parts: list[GradebookPartOut]


class GradebookCountsOut(Schema):
    """Figures of the whole scope, whatever the search: learners; latest attempts submitted,
    graded, released, flagged (with an integrity flag); ``releasable``: results a
    batch release would release now (graded, not yet released)."""

    learners: int
    submitted: int
    graded: int
    released: int
    flagged: int
    releasable: int


class GradebookPageOut(Schema):
    """A page of the gradebook (``items``, ``page``, ``limit``, ``total`` as every list) with its
    ``scope`` and ``counts``."""

    items: list[GradebookRowOut]
    page: int
    limit: int
    total: int
    scope: GradebookScopeOut
    counts: GradebookCountsOut
