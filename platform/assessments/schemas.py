"""Request and response schemas of the authoring API (issue 4)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema


class BankIn(Schema):
    name: str = ""
    parent_id: int | None = None


class BankUpdateIn(Schema):
    """``name`` renames; ``move: true`` moves under ``parent_id`` (null = top level)."""

    name: str | None = None
    parent_id: int | None = None
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
    code: str = ""
    description: str = ""
    type: str = ""
    parent_id: int | None = None
    subject_id: int | None = None


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

    bank_id: int | None = None
    type: str | None = None
    grade: int | None = None
    subject_id: int | None = None
    difficulty: str | None = None
    score_weight: float | None = None
    content: dict[str, Any] | None = None
    answer_key: dict[str, Any] | None = None


class MatrixIn(Schema):
    topic_id: int | None = None
    subtopic_id: int | None = None
    complexity_level_id: int | None = None
    cognitive_domain_id: int | None = None


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
    comment: str = ""


class BulkIn(Schema):
    action: str = ""
    ids: list[int] = []


class BulkResultOut(Schema):
    id: int
    ok: bool
    status: str
    code: str
    message: str


class MoveIn(Schema):
    ids: list[int] = []
    bank_id: int


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
    name: str = ""
    description: str | None = None


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
    add: list[int] = []
    remove: list[int] = []


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
