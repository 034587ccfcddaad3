"""The shapes of what the sitting's services and selectors return (issue 35, item 4): each a
``TypedDict`` with the fields, and the field types, of the Out schema of ``sitting.schemas`` (or of
the app that shows it) which the endpoint validates it into. Plain dicts at run time: the answer
save, the hot path of a sitting, builds its reply exactly as before. Times are aware instants
(UTC); scores are points; durations are minutes unless the name says seconds."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal, TypedDict

from assessments.parts import FormPart
from assignments.scores import PartShown
from sitting.window import Action, WindowState

# --- test taking (sitting.services) -------------------------------------------------------------


class Preparation(TypedDict):
    """``PrepOut``."""

    enrollment_id: int
    test_name: str
    organization: str
    duration_minutes: int | None
    time_limit_minutes: float
    question_count: int
    camera_proctoring: bool
    allow_no_camera: bool
    video_uploaded: bool
    camera_consented_at: datetime | None
    video_keep_days: int
    video_seconds: int
    video_tolerance_seconds: int
    video_max_bytes: int
    window_starts_at: datetime | None
    window_expires_at: datetime | None
    window_state: WindowState
    can_start_now: bool
    action: Action
    status: str
    attempts_allowed: int
    attempts_used: int
    attempt_status: str | None
    tab_switches_allowed: int
    requires_payment: bool
    purchase_cost: int
    server_now: datetime


class Started(TypedDict):
    """``StartOut``."""

    attempt_id: int
    device_token: str
    deadline_at: datetime
    server_now: datetime


class AttemptQuestion(TypedDict):
    """``AttemptQuestionOut``: ``stem``, each option, each statement and the rounding instruction
    as stored in the question's content."""

    id: int
    type: str
    stem: dict[str, Any]
    options: list[dict[str, Any]]
    statements: list[dict[str, Any]]
    rounding: dict[str, Any]
    points: float
    stimulus_id: int | None


class StimulusShown(TypedDict):
    """``StimulusShownOut``: a shared stimulus as stored (title and body in both languages)."""

    id: int
    title: dict[str, str]
    body: dict[str, str]


class SavedAnswer(TypedDict):
    """``SavedAnswerOut``: ``answer`` as stored (``{"option": ...}``..., or None)."""

    question_id: int
    answer: dict[str, Any] | None
    flagged: bool
    seq: int


class BackupOffer(TypedDict):
    """``BackupOfferOut``: the attempt's backup key (base64url) and binding."""

    key: str
    binding: str


class BackupRow(TypedDict):
    """``BackupRowOut``."""

    number: int
    question_id: int
    stem: dict[str, str]
    old: str
    new: str
    outcome: Literal["changed", "unchanged", "older", "after_deadline", "not_in_test", "invalid"]


class BackupAnswers(TypedDict):
    """``BackupAnswersOut``."""

    applied: bool
    attempt_id: int
    learner_name: str
    test_name: str
    deadline_at: datetime
    file_created_at: datetime | None
    status: str
    result: str
    score: float | None
    max_score: float
    changed: int
    rows: list[BackupRow]


class AttemptView(TypedDict):
    """``AttemptOut``."""

    attempt_id: int
    status: str
    deadline_at: datetime
    server_now: datetime
    grace_seconds: int
    offline_grace_seconds: int
    backup: BackupOffer | None
    tab_switches: int
    tab_switches_allowed: int
    voided: bool
    test_name: str
    questions: list[AttemptQuestion]
    parts: list[FormPart]
    stimuli: list[StimulusShown]
    answers: list[SavedAnswer]


class AnswerSaved(TypedDict):
    """``AnswerOut`` (``rules.save_outcome``)."""

    question_id: int
    seq: int
    applied: bool
    saved_at: datetime


class IntegrityCount(TypedDict):
    """``IntegrityCountOut``."""

    tab_switches: int
    tab_switches_allowed: int
    voided: bool


class Submitted(TypedDict):
    """``SubmitOut``."""

    status: str
    submitted_at: datetime | None
    result: str
    released: bool


class ResultAnswer(TypedDict):
    """``ResultAnswerOut``: ``answer``, ``key`` and ``explanation`` as stored."""

    question: AttemptQuestion
    answer: dict[str, Any] | None
    score: float | None
    comment: str
    key: dict[str, Any]
    explanation: dict[str, Any]
    statements_right: int | None


class Result(TypedDict):
    """``ResultOut``: ``breakdown`` as ``assignments.reports.breakdown`` returns it."""

    status: str
    released: bool
    result: str | None
    score: float | None
    max_score: float | None
    scale_score: float | None
    scale_max: float | None
    parts: list[PartShown]
    passing_score: float | None
    voided: bool
    message: str
    submitted_at: datetime | None
    submit_reason: str
    tab_switches: int
    answers: list[ResultAnswer]
    stimuli: list[StimulusShown]
    breakdown: dict[str, list[dict[str, Any]]]
    advanced_report: bool


class ReportState(TypedDict):
    """``ReportOut``: ``report`` the stored report's data (``AdvancedReportDataOut``) or None."""

    available: bool
    reason: str
    report: dict[str, Any] | None
    generated_at: datetime | None
    next_generation_at: datetime | None
    wait_minutes: int
    server_now: datetime


# --- the proctoring video (sitting.proctoring) ----------------------------------------------------


class VideoState(TypedDict):
    """The video fields of an attempt's detail (``grading.selectors``)."""

    video_url: str | None
    video_deleted_at: datetime | None
    video_deleted_reason: str | None


class LearnerVideoState(TypedDict):
    """``privacy.schemas.VideoViewsOut``: ``views`` as ``privacy.selectors.video_views`` returns
    them."""

    video: Literal["none", "stored", "deleted"]
    deleted_at: datetime | None
    deleted_reason: str | None
    views: list[dict[str, Any]]


# --- the learner's list (sitting.selectors) -------------------------------------------------------


class AssignmentRow(TypedDict):
    """One organization's row of a learner's assignment (``MyAssignmentOut`` without the
    enrollment's fields): scores as floats, null while withheld or before a start."""

    id: int
    status: str
    source: str
    attempts_allowed: int
    due_at: datetime | None
    requires_purchase: bool
    purchase_cost: int
    paid_at: datetime | None
    transaction_id: int | None
    advanced_report: bool
    created_at: datetime
    preset_name: str
    grade: int | None
    duration_minutes: int | None
    camera_proctoring: bool
    allow_no_camera: bool
    passing_score: float | None
    auto_release_result: bool
    batch_id: int | None
    batch_name: str | None
    batch_starts_at: datetime | None
    batch_expires_at: datetime | None
    attempt_no: int | None
    attempt_status: str | None
    max_score: float | None
    score: float | None
    scale_score: float | None
    scale_max: float | None
    result: str | None
    released: bool
    window_starts_at: datetime | None
    window_expires_at: datetime | None
    can_start_now: bool
    action: Action


class MyAssignment(AssignmentRow):
    """``MyAssignmentOut``: the row with its enrollment's id and the organization's shown name."""

    enrollment_id: int
    organization: str


# --- the educator's attention panel (sitting.attention, people's /home) ---------------------------


class RunningBatch(TypedDict):
    """``people.schemas.AttentionBatchOut``."""

    id: int
    name: str
    preset_id: int
    preset_name: str
    starts_at: datetime
    expires_at: datetime
    in_progress: int


class ReleaseGroup(TypedDict):
    """``people.schemas.AttentionReleaseOut``."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    count: int
