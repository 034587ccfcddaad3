"""Schemas of grading and results (``grading.api``; issue 17, item 5). Times are aware
instants (ISO 8601, UTC); scores are points."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from assessments.content import (
    AnswerKeyIn,
    AnswerKeyOut,
    QuestionOptionOut,
    QuestionStatementOut,
    QuestionTextOut,
)
from assessments.schemas import ANSWER_KEY_MAX
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
    Json,
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
    answer, its score, whether it waits for grading, the comment. A true/false set's
    ``statements`` (in their order) with ``statements_right``, how many the answer judged as the
    key does (null for the other types), and a numeric answer's ``rounding`` (issue 39)."""

    answer_id: int | None
    question_id: int
    type: QuestionType
    stem: QuestionTextOut
    options: list[QuestionOptionOut]
    statements: list[QuestionStatementOut]
    rounding: QuestionTextOut
    key: AnswerKeyOut
    points: float
    answer: Answer | None
    score: float | None
    needs_grading: bool
    comment: str
    statements_right: int | None


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
    times, result and score (null before a start), and how it was submitted (``submit_reason``:
    learner, deadline, voided, consent_withdrawn; "" before)."""

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
    submit_reason: str  # issue 37, item 6: "consent_withdrawn" tells the educator why it ended


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
    submit_reason: str  # the latest attempt's (issue 37, item 6: "consent_withdrawn")
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


# --- key correction after the exam (issue 39, item 2; decision 0058; grading.corrections) ---------

if TYPE_CHECKING:
    CorrectedKey = dict[str, Any]
    Digest = str
else:
    CorrectedKey = Json(AnswerKeyIn, ANSWER_KEY_MAX)  # typed in OpenAPI; the API passes it on as a dict
    Digest = Text(64)

KeyCorrectionStatus = Literal["queued", "running", "done", "failed"]
KeyCorrectionOutcome = Literal["pending", "rescored", "hand_graded", "awaiting_grading", "in_progress"]
KeyCorrectionBlocked = Literal["not_auto_scored", "not_used"]


class KeyCorrectionPreviewIn(Schema):
    """The corrected key, in the shape of the question's type (``Question``'s docstring); checked
    as the question form checks a key (400 on ``answer_key...``)."""

    answer_key: CorrectedKey


class KeyCorrectionIn(KeyCorrectionPreviewIn):
    """The corrected key, why (required, at most 2,000 characters: 400 on ``reason``) and the
    preview's ``digest`` (409 ``key_correction_stale`` when results changed since)."""

    reason: GradingText = ""
    digest: Digest = ""


def _absent(value: Any) -> bool:
    return value is None


def _omitted_when_absent() -> Any:
    """A field of a key that is left out of the JSON when the question's type has none."""
    return Field(default=None, exclude_if=_absent)


class KeyStatementValueOut(Schema):
    """A statement of a true/false set judged by the key: its id and whether it is true."""

    id: str
    value: bool


class CorrectionKeyOut(Schema):
    """An answer key of an auto-scored question as the correction shows it; only the fields of the
    question's type are sent (``Question``'s docstring): ``option`` (single choice), ``options``
    (multiple), ``value`` (true/false), ``accepted`` with ``case_sensitive`` and
    ``diacritic_sensitive`` (short text) or ``accepted`` alone (numeric, sheet numbers),
    ``statements`` in the question's order with ``scoring_table`` (true/false set: decimal text,
    one fraction per count of statements right)."""

    option: str = _omitted_when_absent()
    options: list[str] = _omitted_when_absent()
    value: bool = _omitted_when_absent()
    accepted: list[str] = _omitted_when_absent()
    case_sensitive: bool = _omitted_when_absent()
    diacritic_sensitive: bool = _omitted_when_absent()
    statements: list[KeyStatementValueOut] = _omitted_when_absent()
    scoring_table: list[str] = _omitted_when_absent()


class KeyCorrectionOut(Schema):
    """A correction as the question page's history shows it: when, who, why, the keys, how many
    attempts it re-scores (``attempts_total``), has re-scored (``attempts_done``), changed and how
    many learners it told; ``error`` ``key_correction_lost`` when the re-scoring was given up."""

    id: int
    question_id: int
    status: KeyCorrectionStatus
    reason: str
    created_by_name: str
    created_at: datetime
    finished_at: datetime | None
    old_key: CorrectionKeyOut
    new_key: CorrectionKeyOut
    attempts_total: int
    attempts_done: int
    attempts_changed: int
    learners_notified: int
    error: str


class LaterVersionOut(Schema):
    id: int
    version: int
    status: str


class KeyStatementOut(Schema):
    """A statement of a true/false set (a), b)... in this order), as the key names it; "" where a
    language has no text."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    id: str
    vi: str = ""
    en: str = ""


class KeyCorrectionPanelOut(Schema):
    """What the question page needs to offer a correction of one version and show its history."""

    question_id: int
    version: int
    type: str
    answer_key: CorrectionKeyOut
    options: list[QuestionOptionOut]
    statements: list[KeyStatementOut]
    can_correct: bool
    blocked: KeyCorrectionBlocked | None
    attempts_submitted: int
    attempts_in_progress: int
    later_versions: list[LaterVersionOut]
    corrections: list[KeyCorrectionOut]


class KeyCorrectionRowOut(Schema):
    """One attempt under the corrected key: the question's score (of ``points``) and the total (of
    ``max_score``) before and after, in points, and the total before and after on the preset's
    reporting scale as the learner's result shows it (``old_scale_score`` and ``new_scale_score``
    of ``scale_max``: ``assessments.scale.score_shown``, decision 0056; a preset out of 10 shows
    raw 7 of 8 as 8.75 of 10, a preset in raw points 7 of 8). A total is null while an answer waits
    for an educator."""

    attempt_id: int
    learner_name: str
    preset_name: str
    batch_name: str
    points: float
    old_answer_score: float | None
    new_answer_score: float | None
    old_score: float | None
    new_score: float | None
    max_score: float
    old_scale_score: float | None
    new_scale_score: float | None
    scale_max: float
    released: bool
    changed: bool
    outcome: KeyCorrectionOutcome


class KeyCorrectionPreviewOut(Schema):
    """What the corrected key would do, written nowhere; ``digest`` goes back with the confirm."""

    answer_key: CorrectionKeyOut
    digest: str
    attempts: int
    changed: int
    released_changed: int
    attempts_in_progress: int
    rows: list[KeyCorrectionRowOut]


class KeyCorrectionAttemptOut(KeyCorrectionRowOut):
    notified: bool
    done: bool


class KeyCorrectionDetailOut(KeyCorrectionOut):
    rows: list[KeyCorrectionAttemptOut]
