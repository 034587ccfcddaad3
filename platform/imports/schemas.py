"""Out schemas of background imports (issue 16, item 8)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from config.fields import Text

ImportJobId = Text(36)
"""An import job's id: a UUID in its canonical 36-character text (anything else is 404)."""


class ImportRowProblemOut(Schema):
    """One refusal of an import's report: the file's ``row`` number (the header is row 1), the
    ``column``'s name and the localized ``message``."""

    row: int
    column: str
    message: str


class QuestionImportOut(Schema):
    """The report of a question import (``assessments.services.spreadsheets``): data ``rows``
    read, ``valid`` ones, every refusal in ``errors``, questions ``imported`` (0 in a dry run)."""

    rows: int
    valid: int
    errors: list[ImportRowProblemOut]
    imported: int


class LearnerImportOut(Schema):
    """The report of a learner import (``people.services.learners_import``): data ``rows`` read,
    ``valid`` ones, every refusal in ``errors``, learners ``invited`` (0 in a dry run)."""

    rows: int
    valid: int
    errors: list[ImportRowProblemOut]
    invited: int


class QuestionFileReadOut(Schema):
    """The report of reading a question file (issue 36; ``question_formats``): the ``format``
    recognized, the ``questions`` found and how many of them ``need_attention`` (a problem or a
    type the bank cannot hold)."""

    format: str
    questions: int
    need_attention: int


class QuestionFileImportOut(Schema):
    """The report of importing a previewed question file: questions ``imported`` as drafts,
    ``skipped`` (by the educator, or still blocked) and new ``folders`` made for its groups."""

    imported: int
    skipped: int
    folders: int


class ImportJobOut(Schema):
    """A background import: poll ``GET /api/v1/import-jobs/{id}`` until ``status`` is ``done``
    (``result`` is the report the synchronous import answers: ``{rows, valid, errors: [{row,
    column, message}], imported}`` for questions, ``{rows, valid, errors, invited}`` for
    learners; ``{format, questions, need_attention}`` for reading a question file and
    ``{imported, skipped, folders}`` for importing it) or ``failed`` (``error_code`` and the
    localized ``error_message``; for ``import_invalid`` the bad rows' report in ``result``).
    ``progress`` in whole percent (100 only when done); ``rows_total`` counted from the file's
    bytes (a question file's reading counts 100 steps, its import one a question); ``kind``
    ``questions``, ``learners`` or ``question_file``; ``status`` ``queued``, ``running``, ``done`` or ``failed``."""

    id: str
    kind: str
    status: str
    dry_run: bool
    progress: int
    rows_done: int
    rows_total: int
    file_name: str
    # by kind: questions | learners | question_file (reading, then importing)
    result: QuestionImportOut | LearnerImportOut | QuestionFileReadOut | QuestionFileImportOut | None
    error_code: str
    error_message: str
    created_at: datetime
    finished_at: datetime | None
