"""Request and response schemas of the authoring API (issue 4) and of rounds, test presets and
batches (issue 5). Question content and answer keys are typed in ``assessments.content``."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from ninja import Schema

from assessments.content import (
    AnswerKeyIn,
    AnswerKeyOut,
    QuestionContentIn,
    QuestionContentOut,
    QuestionTextOut,
    StimulusContentIn,
    StimulusContentOut,
)
from assessments.models import (
    Batch,
    MatrixCluster,
    PresetPart,
    Question,
    QuestionBank,
    Round,
    TestBank,
    TestPreset,
)
from assessments.parts import PARTS_MAX
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
    Int,
    Json,
    List,
    Text,
)

# Request bounds (issue 16, item 9; config.fields): strings at most their column's max_length;
# text and JSON kept in TextField/JSONField columns at the documented caps below.
QUESTION_CONTENT_MAX = 100_000
"""``Question.content`` as compact JSON: stems, up to 10 options and explanations in both languages
(sanitized HTML with LaTeX and image links), far above any real question."""
ANSWER_KEY_MAX = 20_000
"""``Question.answer_key`` as compact JSON: accepted short answers or an essay rubric."""
COMMENT_MAX = 2000
"""A vetting or approval comment (``QuestionTransition.comment``, ``TestPreset.review_comment``)."""
IDS_MAX = 1000
"""Ids in one bulk action, move or test-bank change: ten full pages of the largest list."""
STIMULUS_CONTENT_MAX = 250_000
"""``Stimulus.content`` as compact JSON: two bodies of at most ``services.stimuli.BODY_MAX``
characters of HTML and two titles, with room for JSON's escapes."""
STIMULUS_IDS_MAX = 100
"""Question ids sent as a stimulus' questions; the service allows ``MAX_QUESTIONS`` (400 beyond)."""

BankName = ColumnText(QuestionBank, "name")


class BankIn(Schema):
    name: BankName = ""
    parent_id: Id | None = None


class BankUpdateIn(Schema):
    """``name`` renames; ``move: true`` moves under ``parent_id`` (null = top level)."""

    name: BankName | None = None
    parent_id: Id | None = None
    move: bool = False


class BankOut(Schema):
    id: int
    name: str
    parent_id: int | None
    question_count: int = 0
    folder_count: int = 0
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime


class CrumbOut(Schema):
    id: int
    name: str


class BankDetailOut(BankOut):
    path: list[CrumbOut]


class SubjectOut(Schema):
    id: int
    code: str
    name_vi: str
    name_en: str


class ClusterIn(Schema):
    code: ColumnText(MatrixCluster, "code") = ""
    description: ColumnText(MatrixCluster, "description") = ""
    type: ColumnText(MatrixCluster, "type") = ""
    parent_id: Id | None = None
    subject_id: Id | None = None


class ClusterOut(Schema):
    """A matrix cluster. ``description`` is the stored text the educator edits; ``label`` is its
    reader's half when it is a one-field bilingual label ("Nhận biết (Recognition)" -> "Recognition"
    for an English reader, ``config.i18n.reader_half``), what lists and selects show."""

    id: int
    code: str
    description: str
    label: str
    type: str
    parent_id: int | None
    subject_id: int | None
    position: int


class QuestionIn(Schema):
    """A question's editable fields. ``content`` and ``answer_key``: ``assessments.content``
    (stems, options and explanation in both languages, HTML subset with math as LaTeX between
    $...$; one key shape per question type), each capped as compact JSON."""

    bank_id: Id | None = None
    type: ColumnText(Question, "type") | None = None
    grade: CheckedInt | None = None  # 1..12, checked by the service
    subject_id: Id | None = None
    difficulty: ColumnText(Question, "difficulty") | None = None
    score_weight: ColumnNumber(Question, "score_weight") | None = None
    content: Json(QuestionContentIn | None, QUESTION_CONTENT_MAX) = None
    answer_key: Json(AnswerKeyIn | None, ANSWER_KEY_MAX) = None
    stimulus_id: Id | None = None  # create only: the new question joins this shared stimulus, last


class MatrixIn(Schema):
    topic_id: Id | None = None
    subtopic_id: Id | None = None
    complexity_level_id: Id | None = None
    cognitive_domain_id: Id | None = None


class ClusterRef(Schema):
    """A question's cluster: ``label`` is the description in the reader's language (``ClusterOut``)."""

    id: int
    code: str
    description: str
    label: str


class MatrixOut(Schema):
    topic: ClusterRef | None
    subtopic: ClusterRef | None
    complexity_level: ClusterRef | None
    cognitive_domain: ClusterRef | None


class MissingOut(Schema):
    field: str
    message: str


class StimulusRefOut(Schema):
    """The shared stimulus a question hangs from (decision 0054): its version, status and title."""

    id: int
    version: int
    status: str
    title: QuestionTextOut


class QuestionOut(Schema):
    id: int
    bank_id: int
    root_id: int
    version: int
    type: str
    grade: int | None
    subject_id: int | None
    subject_name: str
    difficulty: str
    score_weight: float
    content: QuestionContentOut
    answer_key: AnswerKeyOut
    status: str
    matrix: MatrixOut
    missing: list[MissingOut]
    stimulus: StimulusRefOut | None
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime
    published_at: datetime | None


class StemOut(Schema):
    vi: str = ""
    en: str = ""


class QuestionRowOut(Schema):
    """A row of the question lists: what the lists show, without the key or the full content."""

    id: int
    bank_id: int
    version: int
    type: str
    grade: int | None
    subject_id: int | None
    subject_name: str
    difficulty: str
    status: str
    stem: StemOut
    has_matrix: bool
    stimulus: StimulusRefOut | None
    created_by_name: str
    updated_at: datetime


# --- shared stimuli (issue 39, item 1; decision 0054) ------------------------------------------


StimulusContent: Any = Json(StimulusContentIn | None, STIMULUS_CONTENT_MAX)
StimulusQuestionIds: Any = IdList(STIMULUS_IDS_MAX)


class StimulusIn(Schema):
    """A shared stimulus' editable fields: ``bank_id`` (create only), grade 1..12 (checked by the
    service), subject, ``content`` (``assessments.content.StimulusContentIn``), capped as JSON."""

    bank_id: Id | None = None
    grade: CheckedInt | None = None
    subject_id: Id | None = None
    content: StimulusContent = None


class StimulusQuestionsIn(Schema):
    """The stimulus' questions in their order (ids of its bank's questions)."""

    question_ids: StimulusQuestionIds = []


class StimulusRowOut(Schema):
    """A row of a bank's shared stimuli, with how many questions it holds."""

    id: int
    bank_id: int
    version: int
    grade: int | None
    subject_id: int | None
    subject_name: str
    title: QuestionTextOut
    status: str
    question_count: int
    created_by_name: str
    updated_at: datetime


class StimulusOut(Schema):
    """One version of a shared stimulus with its questions in order. ``missing``: what the group
    lacks before it can be submitted (``questions.N.<field>`` for its questions);
    ``open_version_id``: the group's next version being edited, if any."""

    id: int
    bank_id: int
    root_id: int
    version: int
    grade: int | None
    subject_id: int | None
    subject_name: str
    content: StimulusContentOut
    status: str
    missing: list[MissingOut]
    questions: list[QuestionRowOut]
    open_version_id: int | None
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime
    published_at: datetime | None


class CommentIn(Schema):
    comment: Text(COMMENT_MAX) = ""


class BulkIn(Schema):
    action: Choice = ""
    ids: IdList(IDS_MAX) = []


class BulkResultOut(Schema):
    id: int
    ok: bool
    status: str
    code: str
    message: str


class MoveIn(Schema):
    ids: IdList(IDS_MAX) = []
    bank_id: Id


class MovedOut(Schema):
    moved: int


class TransitionOut(Schema):
    id: int
    question_id: int
    version: int
    from_status: str
    to_status: str
    actor_profile_id: int
    actor_name: str
    comment: str
    created_at: datetime


class TestBankIn(Schema):
    name: ColumnText(TestBank, "name") = ""
    description: Description | None = None


class TestBankOut(Schema):
    id: int
    name: str
    description: str
    question_count: int = 0
    preset_count: int = 0
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime


class TestBankQuestionsIn(Schema):
    add: IdList(IDS_MAX) = []
    remove: IdList(IDS_MAX) = []


class TestBankPresetsIn(Schema):
    """Preset ids to put in the bank and to take out."""

    add: IdList(IDS_MAX) = []
    remove: IdList(IDS_MAX) = []


class ImageOut(Schema):
    url: str
    path: str


# --- rounds, test presets, batches (issue 5; moved from api_presets by issue 17, item 5) -------

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


class PartItemIO(BlueprintItemIO):
    """A blueprint row of a part: also its subject (one of the preset's)."""

    subject_id: int | None = None


class PresetPartOut(Schema):
    """A part (phần) of a preset (decision 0056): its own names (blank for "Phần I" / "Part I" by
    its place), ``name`` as the reader reads it, the question type its rows draw, the points per
    question; ``question_count`` (its rows' counts) and ``max_score`` (count x points) in raw
    points."""

    position: int
    name_vi: str
    name_en: str
    name: str
    question_type: str
    points_per_question: float
    question_count: int
    max_score: float
    items: list[PartItemIO]


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


class PartItemIn(BlueprintItemIn):
    subject_id: Id | None = None  # one of the preset's subjects; the only one when omitted


if TYPE_CHECKING:  # the checker reads a call in an annotation as no type: what the bounded types hold
    PartName = str
    PartPoints = float
    PartItems = list[PartItemIn]
    PresetParts = list["PresetPartIn"]
    ScoreScale = str
else:
    PartName = ColumnText(PresetPart, "name_vi")
    PartPoints = ColumnNumber(PresetPart, "points_per_question")
    PartItems = List(PartItemIn, BLUEPRINT_ITEMS_MAX)
    ScoreScale = ColumnText(TestPreset, "score_scale")


class PresetPartIn(Schema):
    """A part (phần, decision 0056): names in both languages (blank: "Phần I" / "Part I"), the
    question type its rows draw, points per question (0.01 to 100, two decimals, checked by the
    service) and its blueprint rows."""

    name_vi: PartName = ""
    name_en: PartName = ""
    question_type: Choice = ""
    points_per_question: PartPoints | None = None
    items: PartItems = []


if not TYPE_CHECKING:
    PresetParts = List(PresetPartIn, PARTS_MAX)


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
    prefer_measured: bool = False
    offline_grace_seconds: CheckedInt | None = None  # 0..3600, checked by the service; default 600
    survey_ids: IdList(SURVEYS_MAX) = []
    attribute_requirements: List(AttributeIn, ATTRIBUTES_MAX) = []
    attribute_outcomes: List(AttributeIn, ATTRIBUTES_MAX) = []
    round_id: Id | None = None
    required_round_id: Id | None = None
    form_mode: ColumnText(TestPreset, "form_mode") = "shared"
    subjects: List(PresetSubjectIn, BLUEPRINT_SUBJECTS_MAX) = []
    # Decision 0056: the parts (with them, the rows go under the parts and the subjects list none)
    # and the reporting scale (omitted: out of 10 for a new preset, the preset's own on a change;
    # ``scale_max`` 1..1000 for ``custom``, checked by the service).
    parts: PresetParts = []
    score_scale: ScoreScale | None = None
    scale_max: CheckedInt | None = None


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


class FormExpectationOut(Schema):
    """The expected mean score of one generated form (decision 0019): ``form`` is ``current``
    (the form now generated; for a per-learner preset, its sample draw) or ``previous`` (the
    one the last regeneration replaced). ``expected_mean`` = sum over the form's questions that
    have a measured facility of facility x points, rounded to two decimals; ``measured_max`` the
    points of those questions (what the expected mean is out of), ``max_score`` the form's;
    ``None`` when no question is measured. Points are the questions' score weights on a shared
    form, 1 each with per-learner draws."""

    form: Literal["current", "previous"]
    generated_at: datetime | None
    question_count: int
    measured_count: int
    max_score: float
    measured_max: float
    expected_mean: float | None


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
    score_scale: Literal["ten", "raw", "custom"]
    scale_max: int | None
    auto_release_result: bool
    camera_proctoring: bool
    allow_no_camera: bool
    offline_grace_seconds: int
    survey_ids: list[int]
    attribute_requirements: list[AttributeIO]
    attribute_outcomes: list[AttributeIO]
    round_id: int | None
    round_name: str
    required_round_id: int | None
    form_mode: str
    prefer_measured: bool
    subjects: list[PresetSubjectIO]
    parts: list[PresetPartOut]
    status: str
    review_comment: str
    generation_seed: int | None
    generated_at: datetime | None
    question_count: int
    form_expectations: list[FormExpectationOut]
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
    test_bank_ids: list[int]
    starts_at: datetime | None
    ends_at: datetime | None
    updated_at: datetime


class TemplatePartOut(Schema):
    question_type: str
    count: int
    points_per_question: float


class PresetTemplateSubjectOut(Schema):
    """A subject of the organization with a THPT 2025 template (decision 0056): its minutes, its
    questions and its maximum (10), and its parts' types, counts and points."""

    subject_id: int
    code: str
    name: str
    duration_minutes: int
    question_count: int
    max_score: float
    parts: list[TemplatePartOut]


class TemplatePartFillOut(Schema):
    name_vi: str
    name_en: str
    question_type: str
    points_per_question: float
    items: list[PartItemIO]


class PresetTemplateOut(Schema):
    """The preset form's fields from the THPT 2025 template of a subject (decision 0056): grade,
    minutes, the scale out of 10, the subject and the parts with their blueprint rows (the topics
    holding questions of each part's type; ``cluster_id`` null when none does), the maximum (10)
    and where the format comes from. Nothing is saved."""

    subject_id: int
    grade: int
    duration_minutes: int
    score_scale: Literal["ten"]
    subjects: list[PresetSubjectIO]
    parts: list[TemplatePartFillOut]
    max_score: float
    source: str


if TYPE_CHECKING:
    TemplateGrade = int
else:
    TemplateGrade = Int(1, 12)


class TemplateQuery(Schema):
    grade: TemplateGrade | None = None


class GenerateIn(Schema):
    seed: ColumnInt(TestPreset, "generation_seed") | None = None


class FormQuestionOut(Schema):
    id: int
    position: int
    question: QuestionOut


class ReorderIn(Schema):
    order: IdList(FORM_QUESTIONS_MAX) = []


class BatchIn(Schema):
    name: ColumnText(Batch, "name") = ""
    starts_at: DateTimeIn | None = None
    expires_at: DateTimeIn | None = None
    slots: CheckedInt | None = None  # 1..100,000, checked by the service
