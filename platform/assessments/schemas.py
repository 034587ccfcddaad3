"""Request and response schemas of the authoring API (issue 4)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema

from assessments.models import MatrixCluster, Question, QuestionBank, TestBank
from config.fields import CheckedInt, Choice, ColumnNumber, ColumnText, Description, Id, IdList, Json, Text

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
    id: int
    code: str
    description: str
    type: str
    parent_id: int | None
    subject_id: int | None
    position: int


class QuestionIn(Schema):
    """A question's editable fields. ``content``: ``{"stem": {"vi", "en"}, "options": [{"id",
    "vi", "en"}], "explanation": {"vi", "en"}}`` (HTML subset, math as LaTeX between $...$).
    ``answer_key`` by type: single_choice ``{"option"}``, multiple_choice ``{"options": []}``,
    true_false ``{"value": bool}``, short_text ``{"accepted": [], "case_sensitive",
    "diacritic_sensitive"}``, essay ``{"rubric", "max_score"}``."""

    bank_id: Id | None = None
    type: ColumnText(Question, "type") | None = None
    grade: CheckedInt | None = None  # 1..12, checked by the service
    subject_id: Id | None = None
    difficulty: ColumnText(Question, "difficulty") | None = None
    score_weight: ColumnNumber(Question, "score_weight") | None = None
    content: Json(dict[str, Any], QUESTION_CONTENT_MAX) | None = None
    answer_key: Json(dict[str, Any], ANSWER_KEY_MAX) | None = None


class MatrixIn(Schema):
    topic_id: Id | None = None
    subtopic_id: Id | None = None
    complexity_level_id: Id | None = None
    cognitive_domain_id: Id | None = None


class ClusterRef(Schema):
    id: int
    code: str
    description: str


class MatrixOut(Schema):
    topic: ClusterRef | None
    subtopic: ClusterRef | None
    complexity_level: ClusterRef | None
    cognitive_domain: ClusterRef | None


class MissingOut(Schema):
    field: str
    message: str


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
    content: dict[str, Any]
    answer_key: dict[str, Any]
    status: str
    matrix: MatrixOut
    missing: list[MissingOut]
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
    created_by_name: str
    updated_at: datetime


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
    created_by_profile_id: int
    created_by_name: str
    created_at: datetime
    updated_at: datetime


class TestBankQuestionsIn(Schema):
    add: IdList(IDS_MAX) = []
    remove: IdList(IDS_MAX) = []


class ImageOut(Schema):
    url: str
    path: str


class ImportProblemOut(Schema):
    row: int
    column: str
    message: str


class ImportReportOut(Schema):
    rows: int
    valid: int
    errors: list[ImportProblemOut]
    imported: int
