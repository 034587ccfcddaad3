"""Request and response schemas of question files (issue 36). A candidate's ``content`` and
``answer_key`` have the question form's shapes (``assessments.content``)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from assessments.content import AnswerKeyIn, AnswerKeyOut, QuestionContentIn, QuestionContentOut
from assessments.models import Question
from assessments.schemas import ANSWER_KEY_MAX, QUESTION_CONTENT_MAX
from config.fields import CheckedInt, ColumnNumber, ColumnText, Id, Json, Limit, PageNo, Text
from imports.schemas import ImportJobOut

QuestionFileId = Text(36)
"""A question file's id: a UUID in its canonical 36-character text (anything else is 404)."""
ImageName = Text(100)


class ProblemOut(Schema):
    """Something to see before importing: a stable ``code`` (``no_key_marked``, ``two_keys``,
    ``too_few_options``, ``empty_option``, ``empty_stem``, ``unsupported_type``,
    ``image_unsupported``, ``image_too_large``, ``key_not_an_option``, ``equation_as_picture``,
    ...), the localized ``message`` ("Câu 7: no option is marked as the answer.") and whether it
    is ``blocking`` (the question is not imported until fixed or skipped)."""

    code: str
    message: str
    blocking: bool


class CandidateImageOut(Schema):
    """A picture of a candidate: its ``name`` in the texts and the ``url`` its uploader fetches."""

    name: str
    url: str
    media_type: str


class CandidateOut(Schema):
    """One question read from the file, as the preview shows it. ``type``: a question type or
    ``unsupported`` (``source_type`` says what: ``true_false_set``, ``numeric``, ``stimulus``,
    ``matching``, ``cloze``...). ``folder``: the folder path it goes to below the chosen folder.
    Texts are sanitized HTML with math as ``$...$`` and pictures as ``url``s of ``images``.
    ``flags``: ``equation_as_picture``. ``blocked``: kept out of the import until fixed or
    skipped. ``question_id``: the draft it became, once imported."""

    id: int
    position: int
    ref: str
    type: str
    source_type: str
    folder: list[str]
    content: QuestionContentOut
    answer_key: AnswerKeyOut
    grade: int | None
    subject_id: int | None
    difficulty: str
    score_weight: float | None
    images: list[CandidateImageOut]
    problems: list[ProblemOut]
    flags: list[str]
    blocked: bool
    skipped: bool
    edited: bool
    question_id: int | None


class QuestionFileOut(Schema):
    """An uploaded question file. ``status``: ``reading`` (poll it), ``failed`` (the read job's
    ``error_message`` says why), ``ready`` (preview, fix, skip, import), ``importing``,
    ``imported``. Counts of its ``questions``: ``need_attention`` (blocked and not skipped),
    ``skipped``, ``importable``, ``imported``. ``read_job`` and ``import_job`` are the
    background jobs (``GET /api/v1/import-jobs/{id}`` polls them too) with their progress."""

    id: str
    file_name: str
    format: str
    format_name: str
    size: int
    status: str
    questions: int
    need_attention: int
    skipped: int
    importable: int
    imported: int
    target_bank_id: int | None
    read_job: ImportJobOut | None
    import_job: ImportJobOut | None
    created_at: datetime


class CandidateQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    attention: bool = False


class CandidateIn(Schema):
    """A fix (the question form's fields, checked by its rules) and/or ``skipped``."""

    skipped: bool | None = None
    type: ColumnText(Question, "type") | None = None
    grade: CheckedInt | None = None  # 1..12, checked by the service
    subject_id: Id | None = None
    difficulty: ColumnText(Question, "difficulty") | None = None
    score_weight: ColumnNumber(Question, "score_weight") | None = None
    content: Json(QuestionContentIn | None, QUESTION_CONTENT_MAX) = None
    answer_key: Json(AnswerKeyIn | None, ANSWER_KEY_MAX) = None


class ConfirmIn(Schema):
    """Import into the bank ``bank_id``, or into its folder ``folder_id``."""

    bank_id: Id
    folder_id: Id | None = None
