"""Schemas of item analysis (``item_analysis.api``; issue 19, decision 0017). Figures
are fractions (facility 0.62 = 62 %), correlations from -1 to 1, points as stored; ``None`` when
undefined (too few attempts, no variance) or not computed yet. Times are aware instants (ISO
8601, UTC)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Literal

from ninja import Schema

from assessments.content import QuestionTextOut
from assignments.schemas.shared import QuestionType
from config.fields import Text

Flag = Literal[
    "too_hard",
    "too_easy",
    "low_discrimination",
    "negative_discrimination",
    "unused_distractor",
    "likely_key_error",
]
"""``item_analysis.stats.FLAGS``."""

ClusterType = Literal["topic", "subtopic", "complexity_level", "cognitive_domain"]


class ItemStateOut(Schema):
    """Where the computation stands: ``queued`` or ``running`` show "computing" (the figures of
    the last computation, if any, are still sent), ``ready``, ``failed`` (``error`` is a code).
    ``attempts`` analysed, ``voided`` left out as voided, ``pending`` left out while waiting for
    a grade (of the last computation). ``progress``: the fraction (0..1) of the running
    computation done, as the run last reported it; ``None`` unless running (and reported)."""

    status: Literal["queued", "running", "ready", "failed"]
    requested_at: datetime
    started_at: datetime | None
    computed_at: datetime | None
    attempts: int
    voided: int
    pending: int
    error: str
    progress: float | None


class HistogramBinOut(Schema):
    """Totals t with ``lower`` <= t < ``upper`` (the last bin also its upper edge); one bin per
    whole score when the maximum is a whole number up to 20."""

    lower: float
    upper: float
    count: int


class ItemSummaryOut(Schema):
    """The test's figures. ``alpha`` is Cronbach's coefficient alpha over the partial scores,
    which for items scored 0 or full is KR-20 (the page names it "alpha (KR-20 for right/wrong
    items)", decision 0059); ``coefficient`` still says which it is here: ``kr20`` when every
    answer scored 0 or full, else ``alpha``. ``few_attempts``: ``n`` is under
    ``ItemThresholdsOut.min_attempts``, so alpha and SEM are shown with the note "needs at least
    30 attempts; this has n". ``reliability_basis``: ``questions`` (one shared form),
    ``positions`` (a different draw per learner: the form's positions are the items, as Moodle
    treats random questions), ``None`` when alpha is undefined. ``sem`` = sd x sqrt(1 - alpha)
    (``None`` for a negative alpha). ``group_size``: attempts in each of the upper and lower
    27 % groups. ``form_length``: questions per attempt when every attempt had as many."""

    n: int
    question_count: int
    form_length: int | None
    max_score: float | None
    mean: float | None
    median: float | None
    sd: float | None
    skewness: float | None
    histogram: list[HistogramBinOut]
    alpha: float | None
    coefficient: Literal["alpha", "kr20"]
    reliability_basis: Literal["questions", "positions"] | None
    sem: float | None
    group_size: int
    few_attempts: bool


class ItemScaleOut(Schema):
    """The test's score figures on the preset's reporting scale (decision 0056): ``score_scale``
    (ten, raw, custom), the maximum, and the mean, median, standard deviation and distribution
    bins of the summary converted by ``assessments.scale.to_scale``: what the page shows."""

    score_scale: Literal["ten", "raw", "custom"]
    scale_max: float
    mean: float | None
    median: float | None
    sd: float | None
    histogram: list[HistogramBinOut]


class ItemClusterOut(Schema):
    """A matrix cluster of the question: ``label`` in the reader's language, ``name`` = code +
    label (``MatrixCluster.label`` / ``.name``)."""

    type: ClusterType
    id: int
    code: str
    label: str
    name: str


OptionFlag = Literal["unused_distractor", "likely_key_error"]
"""``item_analysis.stats.OPTION_FLAGS``."""


class ItemOptionOut(Schema):
    """Distractor analysis of one option: ``count`` of attempts that chose it, ``share`` of the
    attempts that had the question, and the shares in the ``upper`` and ``lower`` 27 % groups;
    ``label`` is the option's text excerpt in the reader's language (True/False for true/false
    questions), ``text`` the option as stored in both languages (sanitized HTML, LaTeX between
    $...$; ``None`` for true/false, whose options are ``label``); ``correct`` marks the key;
    ``flags``: this option's share of the question's distractor flags
    (``item_stats.option_flags``: a wrong option nobody chose, a wrong option chosen more by the
    upper group than by the lower one)."""

    option_id: str
    label: str
    text: QuestionTextOut | None
    correct: bool
    count: int
    share: float | None
    upper_share: float | None
    lower_share: float | None
    upper_count: int | None
    lower_count: int | None
    flags: list[OptionFlag]


class ItemStatementOut(Schema):
    """One statement of a true/false set (phần II, câu hỏi Đúng/Sai; issue 39, item 3): ``label``
    its letter as the test shows it ("a)"), ``text`` the statement in both languages, ``key`` the
    key's judgement (true: Đúng); ``right``, ``wrong`` (judged the other way) and ``blank``
    (unanswered, counted as not right) attempts; ``facility`` = right / attempts that had the
    question, overall and in the upper and lower 27 % groups; ``upper_wrong``/``lower_wrong`` the
    other judgement's count in each group; ``flags`` ``likely_key_error`` when the other judgement
    is given by more of the upper group than of the lower (by share, and by at least two)."""

    statement_id: str
    label: str
    text: QuestionTextOut | None
    key: bool
    right: int
    wrong: int
    blank: int
    facility: float | None
    upper_facility: float | None
    lower_facility: float | None
    upper_wrong: int
    lower_wrong: int
    flags: list[Literal["likely_key_error"]]


class ItemWrongAnswerOut(Schema):
    """A frequent wrong answer of a numeric question (phần III, trả lời ngắn; issue 39, item 3):
    ``answer`` as the answer sheet writes it ("0,5" for "0.5", "0,50" or ",5"), or as typed when
    it is not a number the sheet holds (``valid`` false); ``count``/``share`` of the attempts that
    had the question, and in the upper and lower 27 % groups; ``flags`` ``likely_key_error`` as
    for a statement."""

    answer: str
    valid: bool
    count: int
    share: float | None
    upper_count: int
    lower_count: int
    upper_share: float | None
    lower_share: float | None
    flags: list[Literal["likely_key_error"]]


class ItemQuestionOut(Schema):
    """One question of an analysis: ``code`` (``#id``, ``v<n>`` after a first version), the stem
    excerpt in the reader's language, its clusters; ``position`` on the form (from 1; its first
    position with per-learner draws); ``part`` the position (from 1) of its part in
    ``ItemAnalysisOut.parts``, null outside parts (and in a question's appearances); ``n`` attempts that had it; ``facility`` (mean score /
    ``max_points``); ``discrimination`` (corrected item-rest correlation); ``efficiency``
    (Moodle's discriminative efficiency); ``upper_lower`` (27 % index); ``omit_rate``;
    ``options`` (choice questions); for a true/false set ``statements`` and ``right_counts``
    (attempts by the number of statements judged right, 0 to all); for a numeric question
    ``accepted`` (the key as the sheet writes it), ``wrong_answers`` (the five most given) and
    ``other_wrong`` (attempts with another wrong answer); ``flags``; ``few_attempts``: ``n`` is
    under ``ItemThresholdsOut.min_attempts``, so the figures and flags are shown with the note
    "needs at least 30 attempts; this has n" (decision 0059). Partial scores count as they are:
    facility is the mean score over the points, discrimination their item-rest correlation."""

    question_id: int
    root_id: int
    version: int
    code: str
    stem: str
    type: QuestionType
    clusters: list[ItemClusterOut]
    position: int
    part: int | None
    n: int
    max_points: float | None
    facility: float | None
    discrimination: float | None
    efficiency: float | None
    upper_lower: float | None
    omit_rate: float | None
    options: list[ItemOptionOut]
    statements: list[ItemStatementOut]
    right_counts: list[int]
    accepted: list[str]
    wrong_answers: list[ItemWrongAnswerOut]
    other_wrong: int
    flags: list[Flag]
    few_attempts: bool


class ItemPartOut(Schema):
    """A part (phần) of the test (issue 39; decisions 0056 and 0059): ``position`` from 1 (the
    ``part`` of its questions), ``name`` in the reader's language, its question type and
    ``points`` per question; ``question_count`` questions per attempt; ``mean_score`` the mean
    of the part's subtotal over the analysed attempts, in raw points of ``max_score`` (as the
    result shows a part: "2,10/3"), ``facility`` = mean / maximum; ``None`` before a computation.
    From the stored per-question figures (``item_analysis.selectors.item_parts``)."""

    position: int
    name: str
    question_type: QuestionType
    points: float
    question_count: int
    mean_score: float | None
    max_score: float | None
    facility: float | None


class ItemThresholdsOut(Schema):
    """The flag thresholds, so that the explanations quote the numbers the server used;
    ``min_attempts`` (30): with fewer attempts a figure is shown with the note that it needs
    that many (``item_analysis.stats.MIN_ATTEMPTS``); ``key_error_min_upper`` (2): how many of
    the upper group must give a wrong answer for it to be a likely key error."""

    facility_low: float
    facility_high: float
    discrimination_low: float
    group_share: float
    min_attempts: int
    key_error_min_upper: int


class ItemAnalysisOut(Schema):
    """The item analysis of a preset (every counted attempt, ``batch_id`` null) or of a batch:
    the state, the test's figures (``None`` until first computed), its parts (empty without
    parts) and the questions in form order, each with its ``part`` (null outside parts);
    ``flags`` lists every flag code in display order."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    state: ItemStateOut
    summary: ItemSummaryOut | None
    scale: ItemScaleOut | None
    parts: list[ItemPartOut]
    questions: list[ItemQuestionOut]
    thresholds: ItemThresholdsOut
    flags: list[Flag]


class ItemAppearanceOut(ItemQuestionOut):
    """A question's figures in one analysis (a batch, or a preset overall when ``batch_id`` is
    null), with the analysis's state and the test's alpha."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    state: ItemStateOut
    test_alpha: float | None


class QuestionItemAnalysisOut(Schema):
    """Every stored figure of a question and of its other versions (``version``,
    ``question_id`` per row), newest computation first."""

    question_id: int
    root_id: int
    appearances: list[ItemAppearanceOut]
    thresholds: ItemThresholdsOut


SEND_COMMENT_MAX = 2000

if TYPE_CHECKING:  # the checker reads a call in an annotation as no type: what the bounded type holds
    SendComment = str
else:
    SendComment = Text(SEND_COMMENT_MAX)


class SendToVettingIn(Schema):
    """An optional comment put before the figures in the vetting note."""

    comment: SendComment = ""
