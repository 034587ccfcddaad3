"""Schemas of test taking (``sitting.api``; issue 17, item 5): the learner's list,
preparation, attempt, answers, result and report. Times are aware instants (ISO 8601, UTC); scores
are points; durations are minutes unless the name says seconds."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import Field, Strict

from assessments.content import AnswerKeyOut, QuestionOptionOut, QuestionStatementOut, QuestionTextOut
from assessments.matching import STATEMENT_ID_MAX, STATEMENTS_MAX
from assignments.models import AttemptAnswer
from assignments.schemas.shared import (
    OPTION_ID_MAX,
    Answer,
    BreakdownOut,
    BreakdownRowOut,
    Closed,
    PartScoreOut,
    QuestionType,
)
from config.fields import (
    Choice,
    ColumnInt,
    ColumnText,
    DateTimeIn,
    Int,
    Limit,
    OrderBy,
    PageNo,
    Search,
)
from marketplace.models import Transaction
from sitting.rules import CLOCK_OFFSET_MAX_MS
from sitting.window import Action, WindowState

IdempotencyKey: Any = ColumnText(Transaction, "idempotency_key")
AnswerSeq: Any = ColumnInt(AttemptAnswer, "seq")

# --- test taking (api.py) ---------------------------------------------------------------------


class PrepOut(Schema):
    """The preparation page: the test, the learner's window (UTC, accommodation included) and
    time limit in minutes, camera rules, the video limits (seconds, bytes), where now stands
    against the window (``window_state``; ``can_start_now`` when open) and the next action (as on
    the learner's list), attempts and the server's clock."""

    enrollment_id: int
    test_name: str
    organization: str
    duration_minutes: int | None
    question_count: int
    time_limit_minutes: float
    camera_proctoring: bool
    allow_no_camera: bool
    video_uploaded: bool
    camera_consented_at: datetime | None  # the learner's consent to camera proctoring (issue 24, item 2)
    video_keep_days: int  # the organization's retention of proctoring videos after release (issue 24)
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


class VideoOut(Schema):
    video_uploaded: bool


class CameraConsentOut(Schema):
    """The recorded consent to camera proctoring of one test (UTC; issue 24, item 2)."""

    camera_consented_at: datetime


class AssignmentPayIn(Schema):
    idempotency_key: IdempotencyKey = ""
    method: Choice = ""


class AssignmentPayOut(Schema):
    transaction_id: int
    status: str
    amount: int
    payment_id: str


class StartIn(Schema):
    no_camera: bool = False


class StartOut(Schema):
    attempt_id: int
    device_token: str
    deadline_at: datetime
    server_now: datetime


class AttemptQuestionOut(Schema):
    """A question of the attempt in its order, options in the attempt's order, without its key;
    ``points`` it is worth; ``stimulus_id`` the shared stimulus it hangs from (in ``stimuli``). A
    true/false set's ``statements`` in their written order (a), b)...: never shuffled) and a
    numeric answer's ``rounding`` instruction (plain text; issue 39); empty for the other types."""

    id: int
    type: QuestionType
    stem: QuestionTextOut
    options: list[QuestionOptionOut]
    statements: list[QuestionStatementOut]
    rounding: QuestionTextOut
    points: float
    stimulus_id: int | None


class StimulusShownOut(Schema):
    """A shared stimulus (a passage, table or figure) that questions of the test hang from
    (decision 0054): its title and body in both languages (sanitized HTML, math as LaTeX)."""

    id: int
    title: QuestionTextOut
    body: QuestionTextOut


class SavedAnswerOut(Schema):
    """A saved answer with its flag and the client's sequence number."""

    question_id: int
    answer: Answer | None
    flagged: bool
    seq: int


class BackupOfferOut(Schema):
    """What the test page needs to seal a backup answers file for this attempt (issue 38, item 3;
    ``sitting.backup``): the attempt's AES-256-GCM key (base64url, derived on the server) and the
    binding its files carry."""

    key: str
    binding: str


class AttemptPartOut(Schema):
    """A part (phần) of the attempt's form as the test page heads it (issue 39; decision 0056;
    ``assessments.parts.form_parts``): ``position`` from 1; ``name`` in the reader's language
    ("Phần II. Trắc nghiệm đúng sai"; "Phần II" when the part has no name); ``place`` its short
    name ("Phần II" / "Part II"); ``question_type``; ``points`` each of its questions is worth
    (1.0, 0.25); ``first`` the 1-based number of its first question in the form and ``count`` its
    questions (numbers ``first`` to ``first + count - 1``)."""

    position: int
    name: str
    place: str
    question_type: QuestionType
    points: float
    first: int
    count: int


class AttemptOut(Schema):
    """The attempt in progress. ``grace_seconds``: how long after the deadline any answer still
    counts (the network's delay); ``offline_grace_seconds``: how long after it an answer typed by
    the deadline still counts (issue 38, item 3); ``backup``: the seal of a backup file (None once
    the attempt is over); ``parts`` the form's parts in order as the attempt kept them at its start
    (``Attempt.parts``; ``[]`` for a test without parts)."""

    attempt_id: int
    status: str
    deadline_at: datetime
    server_now: datetime
    grace_seconds: int
    offline_grace_seconds: int
    backup: BackupOfferOut | None
    tab_switches: int
    tab_switches_allowed: int
    voided: bool
    test_name: str
    questions: list[AttemptQuestionOut]
    parts: list[AttemptPartOut]
    stimuli: list[StimulusShownOut]  # once each, in the order of their first question
    answers: list[SavedAnswerOut]


class AnswerSent(Closed):
    """One answer as sent: exactly one of ``option`` (single choice), ``options`` (multiple
    choice), ``value`` (true/false), ``statements`` (a true/false set: ``{statement id: bool}``,
    issue 39) or ``text`` (short text, essay, numeric), each bounded;
    ``taking.answer_save`` checks it against the question (400 ``invalid_answer``). One object
    rather than a union, so each field is named in a 422."""

    option: Annotated[str, Strict(), Field(max_length=OPTION_ID_MAX)] | None = None
    options: (
        Annotated[list[Annotated[str, Strict(), Field(max_length=OPTION_ID_MAX)]], Field(max_length=50)]
        | None
    ) = None
    value: Annotated[bool, Strict()] | None = None
    statements: (
        Annotated[
            dict[Annotated[str, Field(max_length=STATEMENT_ID_MAX)], Annotated[bool, Strict()]],
            Field(max_length=STATEMENTS_MAX),
        ]
        | None
    ) = None
    text: Annotated[str, Strict(), Field(max_length=20_000)] | None = None


ClockOffsetMs: Any = Int(-CLOCK_OFFSET_MAX_MS, CLOCK_OFFSET_MAX_MS)
"""The server's clock minus the device's, in ms, as the test page measured it (a week at most)."""


class AnswerIn(Schema):
    """One answer (``null`` clears it), its flag and the client's sequence number; when it was
    typed (``typed_at``, the device's clock) with the clock offset the test page measured
    (``clock_offset_ms``): an answer typed by the deadline on a device that was offline is still
    accepted within the test's offline grace (issue 38, item 3; decision 0046)."""

    answer: AnswerSent | None = None
    flagged: bool = False
    seq: AnswerSeq
    typed_at: DateTimeIn | None = None
    clock_offset_ms: ClockOffsetMs | None = None

    def answer_value(self) -> dict[str, Any] | None:
        """The answer as the save stores it: its one field (``{"option": ...}``...), or None."""
        return self.answer.dict(exclude_none=True) if self.answer is not None else None


class AnswerOut(Schema):
    question_id: int
    seq: int
    applied: bool
    saved_at: datetime


class EventIn(Schema):
    """An integrity event: its kind, when it happened (the device's clock) and the clock offset
    the test page measured (ms; see ``AnswerIn``)."""

    kind: Choice
    occurred_at: DateTimeIn | None = None
    clock_offset_ms: ClockOffsetMs | None = None


class IntegrityCountOut(Schema):
    tab_switches: int
    tab_switches_allowed: int
    voided: bool


class SubmitOut(Schema):
    status: str
    submitted_at: datetime | None
    result: str
    released: bool


class ResultAnswerOut(Schema):
    """One question of a released result: the question, the learner's answer, its score and the
    grader's comment, the key (empty for an essay) and the explanation; for a true/false set how
    many statements the answer judged as the key does (``statements_right``, of
    ``len(question.statements)``; the score is the points times the key's scoring table there,
    decision 0055), null for the other types."""

    question: AttemptQuestionOut
    answer: Answer | None
    score: float | None
    comment: str
    key: AnswerKeyOut
    explanation: QuestionTextOut
    statements_right: int | None


class ResultOut(Schema):
    """The learner's result: before release only the status (``answers`` empty, the figures
    null); once released the score, pass or fail, the round's message in the reader's language
    (the other language when blank) and each answer against the key. ``score`` of ``max_score``
    are raw points; ``scale_score`` of ``scale_max`` the same on the preset's reporting scale
    (decision 0056: what the page shows, "8,75/10"), and ``parts`` each part's subtotal (empty
    without parts). ``passing_score`` is on the reporting scale."""

    status: str
    released: bool
    result: str | None
    score: float | None
    max_score: float | None
    scale_score: float | None
    scale_max: float | None
    parts: list[PartScoreOut]
    passing_score: float | None
    voided: bool
    message: str
    submitted_at: datetime | None
    # how it was submitted: learner, deadline, voided, consent_withdrawn (issue 37, item 6); ""
    submit_reason: str
    tab_switches: int
    answers: list[ResultAnswerOut]
    stimuli: list[StimulusShownOut]  # the answers' shared stimuli, once each (decision 0054)
    breakdown: BreakdownOut
    advanced_report: bool


class ReportRowOut(BreakdownRowOut):
    """A breakdown row of the advanced report with the cohort's mean percent."""

    cohort_percent: float


class ReportBreakdownOut(Schema):
    subject: list[ReportRowOut] = []
    topic: list[ReportRowOut] = []
    complexity_level: list[ReportRowOut] = []
    cognitive_domain: list[ReportRowOut] = []


class ReportStimulusRowOut(Schema):
    """The points of one shared stimulus in the advanced report (decision 0054): its title (plain
    text, both languages), the numbers of its first and last question in the test, ``score`` of
    ``max``, ``percent`` and the cohort's mean percent."""

    id: int
    title: QuestionTextOut
    first: int
    last: int
    score: float
    max: float
    percent: float
    cohort_percent: float


class AdvancedReportDataOut(Schema):
    """A stored advanced report (issue 7, item 7): standing among the preset's takers
    (``percentile`` 0-100), the score histogram (10 equal bands of the maximum), the breakdown
    against the cohort, strengths and weaknesses by cluster name. ``score``, ``max_score``,
    ``cohort_mean`` and ``cohort_median`` are raw points; ``scale_score`` of ``scale_max`` and the
    cohort's ``scale_cohort_mean`` and ``scale_cohort_median`` the same on the reporting scale,
    with the ``parts``' subtotals (decision 0056; null and empty in a report stored before it)."""

    test_name: str
    learner_name: str
    score: float
    max_score: float
    scale_score: float | None = None
    scale_max: float | None = None
    scale_cohort_mean: float | None = None
    scale_cohort_median: float | None = None
    parts: list[PartScoreOut] = []
    percent: float
    result: str
    percentile: float
    takers: int
    cohort_mean: float
    cohort_median: float
    histogram: list[int]
    breakdown: ReportBreakdownOut
    stimuli: list[ReportStimulusRowOut] = []  # reports of before decision 0054 have none
    strengths: list[str]
    weaknesses: list[str]
    generated_at: datetime


class ReportOut(Schema):
    available: bool
    reason: str
    report: AdvancedReportDataOut | None
    generated_at: datetime | None
    next_generation_at: datetime | None
    wait_minutes: int
    server_now: datetime


# --- the learner's list (/assignment/student: my-list, one assignment) ---------------------------


# Its description is in the OpenAPI document, which decision 0039 left as it was: the window is
# now ``sitting.window``.
class MyAssignmentOut(Schema):
    """A learner's assignment: the test, the batch (UTC), how it was obtained, its price (VND),
    attempts allowed and due date, and its latest attempt: number, status, maximum score, and once
    the result is released the score and the result (pending, passed, failed); both are null until
    then (``released`` false). Every attempt field is null before a start.

    ``window_starts_at``/``window_expires_at`` are the learner's window (the batch's, else the
    preset's dates, closing later by an accommodation's extra time), ``can_start_now`` whether now
    is within it, and ``action`` what the list offers (``assignments.window``; issue 17, item 4)."""

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
    window_starts_at: datetime | None
    window_expires_at: datetime | None
    can_start_now: bool
    action: Action
    created_at: datetime
    attempt_no: int | None
    attempt_status: str | None
    max_score: float | None
    score: float | None
    scale_score: float | None  # decision 0056: the score on the reporting scale, null as ``score``
    scale_max: float | None
    result: str | None
    released: bool


class MyListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""


# --- backup answers, the invigilator's upload (api.py; issue 38, item 3) ----------------------


class BackupRowOut(Schema):
    """One answer of a backup file against the attempt: the question's place in the attempt
    (``number``, 1-based; 0 when not in it), its stem as stored (both languages), the stored
    answer and the file's as shown in the reader's language (option letters in the
    attempt's order, True/False, the text; "" for none), and the ``outcome``: ``changed``
    (applied), ``unchanged``, ``older`` (the server holds a newer answer), ``after_deadline``,
    ``not_in_test``, ``invalid``."""

    number: int
    question_id: int
    stem: QuestionTextOut
    old: str
    new: str
    outcome: Literal["changed", "unchanged", "older", "after_deadline", "not_in_test", "invalid"]


class BackupAnswersOut(Schema):
    """A backup file checked (``applied`` false: the preview) or applied: the attempt, its learner
    and test, the deadline, when the device made the file (as the device's clock said), the
    attempt's state, result and score (points) after it, how many answers it changes or changed,
    and each answer's row."""

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
    rows: list[BackupRowOut]
