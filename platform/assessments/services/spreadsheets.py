"""Question import from and export to .xlsx (issue 4, item 6), with openpyxl.

One row a question; columns are ``COLUMNS``. A true/false set (issue 39, phần II) writes its
statements in ``statement_<a..f>_vi``/``_en`` with each one's key in ``statement_<letter>_key``
(Đ/S, T/F, đúng/sai, true/false) and its scoring table, if not the default, in ``scoring_table``
(fractions from 0 to 1 separated by "|" or ";", the decimal mark a comma or a point:
"0|0,1|0,25|0,5|1"); a numeric answer (phần III) its accepted values in ``correct`` separated by
"|" ("0,5|-2") and its rounding instruction in ``rounding_vi``/``rounding_en``. A file of the
older template, without these columns, reads as before. The import is all or nothing: a dry run (or a file
with any bad row) reports every problem as ``{"row", "column", "message"}`` and writes nothing;
a clean file is imported in one transaction as drafts (complete, ready to submit). Formatting in
cells is plain text; LaTeX goes between $...$.

Shared stimuli (issue 39, item 1; decision 0054): an optional second sheet titled ``stimuli``
(``STIMULUS_COLUMNS``: a ``key`` and the stimulus' grade, subject, title and body) and the
``stimulus`` column of the questions sheet, naming a key: the questions with one key form that
stimulus' group, in their rows' order. A file without them imports as before. Problems of the
stimuli sheet are reported with its row and the column as ``stimuli!<column>``.

A file of more than ``IMPORT_SYNC_MAX_ROWS`` data rows (counted from its bytes) is imported, or
dry-run, by a huey task (``assessments.tasks.questions_import_job``) with progress, and the
request answers the queued ``imports.models.ImportJob`` (issue 16, item 8; docs/decisions/0012).
"""

from __future__ import annotations

import io
from typing import Any

from django.db import connection, transaction
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import MatrixCluster, Question, QuestionTransition, Stimulus, Subject
from assessments.services.banks import bank_get
from assessments.services.common import Actor
from assessments.services.questions import _apply_fields, question_missing
from assessments.services.stimuli import MAX_QUESTIONS, stimulus_missing
from assessments.services.stimuli import _apply_fields as _apply_stimulus_fields
from config.errors import ApplicationError, FieldErrors
from config.spreadsheets import MB, SheetLimits, open_sheet
from imports.models import ImportJob
from imports.services import Progress, import_job_create, import_job_run, runs_in_background

OPTION_LETTERS = "abcdef"
STATEMENT_LETTERS = "abcdef"  # a true/false set's statements, a) to f) (matching.STATEMENTS_MAX)
COLUMNS = [
    "type",
    "grade",
    "subject_code",
    "difficulty",
    "score_weight",
    "stem_vi",
    "stem_en",
    *[f"option_{c}_{lang}" for c in OPTION_LETTERS for lang in ("vi", "en")],
    "correct",
    "case_sensitive",
    "diacritic_sensitive",
    "rubric",
    "max_score",
    *[f"statement_{c}_{part}" for c in STATEMENT_LETTERS for part in ("vi", "en", "key")],
    "scoring_table",
    "rounding_vi",
    "rounding_en",
    "explanation_vi",
    "explanation_en",
    "topic_code",
    "subtopic_code",
    "complexity_code",
    "cognitive_code",
    "stimulus",
]
STIMULI_SHEET = "stimuli"
STIMULUS_COLUMNS = ["key", "grade", "subject_code", "title_vi", "title_en", "body_vi", "body_en"]
MAX_STIMULI = 2000
"""Rows of the stimuli sheet (a bank of 20,000 questions in groups of ten)."""
MATRIX_COLUMNS = {
    "topic_code": ("topic_id", MatrixCluster.Type.TOPIC),
    "subtopic_code": ("subtopic_id", MatrixCluster.Type.SUBTOPIC),
    "complexity_code": ("complexity_level_id", MatrixCluster.Type.COMPLEXITY_LEVEL),
    "cognitive_code": ("cognitive_domain_id", MatrixCluster.Type.COGNITIVE_DOMAIN),
}
TRUE_WORDS = {"true", "đúng", "dung", "1", "yes", "x", "t", "đ"}
FALSE_WORDS = {"false", "sai", "0", "no", "f", "s"}
MAX_ROWS = 20_000
WRITE_BATCH = 1000  # a clean file's questions are written in batches of this many as they are read
# Caps of an uploaded question sheet (issue 16, item 8; config/spreadsheets.py). The spec sets no
# import size; MAX_ROWS questions was issue 4's rule. A sheet of MAX_ROWS questions with long
# bilingual text is about 5-10 MB zipped and 30-40 MB unpacked, well inside these.
QUESTION_SHEET = SheetLimits(
    max_bytes=40 * MB,  # the upload as sent; under the 41 MiB multipart cap of config.middleware
    max_rows=MAX_ROWS + 1,  # the header and every row up to the last, empty ones included
    max_columns=64,  # the template has len(COLUMNS) == 51 (30 before issue 39)
    max_cells=(MAX_ROWS + 1) * 64,
    max_part_bytes=64 * MB,  # the sheet's XML, the shared strings, each other part
    max_unzipped_bytes=128 * MB,  # every part together
)
FIELD_TO_COLUMN = {
    "type": "type",
    "grade": "grade",
    "subject_id": "subject_code",
    "difficulty": "difficulty",
    "score_weight": "score_weight",
    "content.stem": "stem_vi",
    "content.options": "option_a_vi",
    "answer_key": "correct",
    "answer_key.option": "correct",
    "answer_key.options": "correct",
    "answer_key.value": "correct",
    "answer_key.rubric": "rubric",
    "answer_key.max_score": "max_score",
    "content.statements": "statement_a_vi",
    "answer_key.statements": "statement_a_key",
    "answer_key.scoring_table": "scoring_table",
    "answer_key.accepted": "correct",
    "content.rounding.vi": "rounding_vi",
    "content.rounding.en": "rounding_en",
}
TABLE_SEPARATORS = ("|", ";")


def _column(field: str) -> str:
    """The template's column that holds the question field ``field`` (a service's error field):
    ``content.statements.2.id`` -> ``statement_c_vi`` (an option's likewise), ``answer_key.accepted.1``
    -> ``correct``;
    the field itself when no column holds it."""
    if field in FIELD_TO_COLUMN:
        return FIELD_TO_COLUMN[field]
    for prefix, letters, column in (
        ("content.options.", OPTION_LETTERS, "option_{}_vi"),
        ("content.statements.", STATEMENT_LETTERS, "statement_{}_vi"),
    ):
        if field.startswith(prefix):
            index = field.split(".")[2]
            return column.format(
                letters[int(index)] if index.isdigit() and int(index) < len(letters) else "a"
            )
    if field.startswith("answer_key.accepted."):
        return "correct"
    return field


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _bool(value: Any) -> bool:
    return _text(value).lower() in TRUE_WORDS


def _row_data(row: dict[str, Any], subjects: dict[str, int]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The question data of one sheet row and the problems found while reading it."""
    problems: list[tuple[str, str]] = []
    qtype = _text(row.get("type")).lower()
    data: dict[str, Any] = {"type": qtype, "difficulty": _text(row.get("difficulty")).lower()}
    grade = _text(row.get("grade"))
    data["grade"] = int(grade) if grade.isdigit() else (None if not grade else -1)
    if data["grade"] == -1:
        problems.append(("grade", _("Enter a whole number.")))
        data["grade"] = None
    code = _text(row.get("subject_code")).lower()
    data["subject_id"] = subjects.get(code)
    if code and data["subject_id"] is None:
        problems.append(("subject_code", _("Unknown subject code %(code)s.") % {"code": code}))
    weight = _text(row.get("score_weight"))
    data["score_weight"] = weight or None
    options = []
    for letter in OPTION_LETTERS:
        vi, en = _text(row.get(f"option_{letter}_vi")), _text(row.get(f"option_{letter}_en"))
        if vi or en:
            options.append({"id": letter, "vi": vi, "en": en})
    data["content"] = {
        "stem": {"vi": _text(row.get("stem_vi")), "en": _text(row.get("stem_en"))},
        "options": options,
        "explanation": {"vi": _text(row.get("explanation_vi")), "en": _text(row.get("explanation_en"))},
    }
    correct = _text(row.get("correct"))
    if qtype == Question.Type.SINGLE_CHOICE:
        data["answer_key"] = {"option": correct.lower()} if correct else {}
    elif qtype == Question.Type.MULTIPLE_CHOICE:
        data["answer_key"] = {
            "options": [c.strip().lower() for c in correct.replace(";", ",").split(",") if c.strip()]
        }
    elif qtype == Question.Type.TRUE_FALSE:
        word = correct.lower()
        if word and word not in TRUE_WORDS | FALSE_WORDS:
            problems.append(("correct", _("Write true or false (đúng or sai).")))
        data["answer_key"] = {"value": word in TRUE_WORDS} if word else {}
    elif qtype == Question.Type.SHORT_TEXT:
        data["answer_key"] = {
            "accepted": [a.strip() for a in correct.split("|") if a.strip()],
            "case_sensitive": _bool(row.get("case_sensitive")),
            "diacritic_sensitive": _bool(row.get("diacritic_sensitive")),
        }
    elif qtype == Question.Type.ESSAY:
        data["answer_key"] = {
            "rubric": _text(row.get("rubric")),
            "max_score": _text(row.get("max_score")) or None,
        }
    elif qtype == Question.Type.TRUE_FALSE_SET:
        _true_false_set_row(row, data, problems)
    elif qtype == Question.Type.NUMERIC:
        data["content"]["rounding"] = {
            "vi": _text(row.get("rounding_vi")),
            "en": _text(row.get("rounding_en")),
        }
        data["answer_key"] = {"accepted": [a.strip() for a in correct.split("|") if a.strip()]}
    else:
        data["answer_key"] = {}
    return data, problems


def _true_false_set_row(row: dict[str, Any], data: dict[str, Any], problems: list[tuple[str, str]]) -> None:
    """A true/false set's statements, their keys and its scoring table from ``row`` into
    ``data`` (the service checks them as the question form's); a key word that is neither true
    nor false is a problem of its column."""
    statements, judged = [], {}
    for letter in STATEMENT_LETTERS:
        vi, en = _text(row.get(f"statement_{letter}_vi")), _text(row.get(f"statement_{letter}_en"))
        word = _text(row.get(f"statement_{letter}_key")).lower()
        if not (vi or en or word):
            continue
        statements.append({"id": letter, "vi": vi, "en": en})
        if word in TRUE_WORDS | FALSE_WORDS:
            judged[letter] = word in TRUE_WORDS
        elif word:
            problems.append((f"statement_{letter}_key", _("Write Đ or S (true or false).")))
    data["content"]["statements"] = statements
    key: dict[str, Any] = {"statements": judged}
    table = _text(row.get("scoring_table"))
    if table:
        for separator in TABLE_SEPARATORS[1:]:
            table = table.replace(separator, TABLE_SEPARATORS[0])
        key["scoring_table"] = [f.strip() for f in table.split(TABLE_SEPARATORS[0])]
    data["answer_key"] = key


@transaction.atomic
def questions_import(*, actor: Actor, bank_id: int, upload, dry_run: bool) -> dict[str, Any] | ImportJob:
    """Check every row of the first sheet; import them all (as drafts) only when every row is
    good and ``dry_run`` is false. Returns ``{"rows", "valid", "errors": [{row, column, message}],
    "imported"}``. The file must be a real .xlsx (400 ``unsupported_file``) within
    ``QUESTION_SHEET``'s caps (400/413 ``spreadsheet_too_large``, checked before and while
    reading: issue 16, item 8); a file with bad rows answers 400 ``import_invalid`` with the same
    report in ``extra`` unless ``dry_run``. 404 for a bank of another organization.

    A file of more than ``IMPORT_SYNC_MAX_ROWS`` data rows (``Sheet.row_count`` less the header,
    counted from the bytes once the caps are checked) is not read here: its upload is stored
    under a private name and a QUEUED ``ImportJob`` (kind ``questions``, ``params.bank_id``) is
    returned; ``assessments.tasks.questions_import_job`` runs ``questions_import_run`` on it
    after the transaction commits (issue 16, item 8)."""
    bank = bank_get(bank_id)
    with open_sheet(upload, limits=QUESTION_SHEET, unsupported_code=Code.UNSUPPORTED_FILE) as sheet:
        rows_total = max(sheet.row_count - 1, 0)
        if not runs_in_background(rows_total):
            return _questions_import(
                actor=actor, bank=bank, rows=sheet.rows(), stimuli_rows=_stimuli_rows(sheet), dry_run=dry_run
            )
        extension = sheet.extension
    job = import_job_create(
        kind=ImportJob.Kind.QUESTIONS,
        profile_id=actor.profile_id,
        upload=upload,
        extension=extension,
        rows_total=rows_total,
        dry_run=dry_run,
        params={"bank_id": bank.pk},
    )
    from assessments.tasks import questions_import_job

    schema_name, job_id = connection.schema_name, str(job.pk)
    transaction.on_commit(lambda: questions_import_job(schema_name, job_id))
    return job


@transaction.atomic
def questions_import_run(
    *, actor: Actor, bank_id: int, upload, dry_run: bool, progress: Progress | None = None
) -> dict[str, Any]:
    """``questions_import`` without the choice of a background job: always reads the file here,
    calling ``progress(done)`` after each row with the data rows read and checked so far (a
    clean file's questions are written in batches of ``WRITE_BATCH`` as they are read, all in
    this one transaction). Same result and errors as ``questions_import``."""
    bank = bank_get(bank_id)
    with open_sheet(upload, limits=QUESTION_SHEET, unsupported_code=Code.UNSUPPORTED_FILE) as sheet:
        return _questions_import(
            actor=actor,
            bank=bank,
            rows=sheet.rows(),
            stimuli_rows=_stimuli_rows(sheet),
            dry_run=dry_run,
            progress=progress,
        )


def questions_import_job_run(*, job_id: str) -> None:
    """The body of ``assessments.tasks.questions_import_job`` (in the job's schema): run
    ``questions_import_run`` on the job's stored file as the profile that started it, recording
    progress and the outcome on the job (``imports.services.import_job_run``)."""

    def work(job: ImportJob, handle, progress: Progress) -> dict[str, Any]:
        return questions_import_run(
            actor=Actor.of(job.profile),
            bank_id=job.params["bank_id"],
            upload=handle,
            dry_run=job.dry_run,
            progress=progress,
        )

    import_job_run(job_id=job_id, work=work)


def _write(actor: Actor, prepared: list[Question]) -> int:
    """Insert ``prepared`` questions as drafts with their first transition; returns how many."""
    created = Question.objects.bulk_create(prepared, batch_size=WRITE_BATCH)
    QuestionTransition.objects.bulk_create(
        [
            QuestionTransition(
                question=q,
                from_status="",
                to_status=Question.Status.DRAFT,
                actor_profile_id=actor.profile_id,
                actor_name=actor.name,
                comment=_("Imported from a spreadsheet."),
            )
            for q in created
        ],
        batch_size=WRITE_BATCH,
    )
    return len(created)


def _stimuli_rows(sheet):
    """The rows of the file's stimuli sheet, or None when it has none."""
    return sheet.rows(STIMULI_SHEET) if sheet.has_sheet(STIMULI_SHEET) else None


class _Stimuli:
    """The shared stimuli of an import (decision 0054): read from the stimuli sheet, checked,
    saved before the first question that names one is written."""

    def __init__(self, *, actor: Actor, bank, rows, subjects: dict[str, int], report: list[dict[str, Any]]):
        self.by_key: dict[str, Stimulus] = {}
        self.sizes: dict[str, int] = {}
        self.adopted: set[str] = set()
        self.saved = False
        if rows is None:
            return
        header = [_text(h).lower() for h in next(rows, (0, ()))[1]]
        for number, values in rows:
            if all(v is None or _text(v) == "" for v in values):
                continue
            row = dict(zip(header, values, strict=False))
            problems: list[tuple[str, str]] = []
            key = _text(row.get("key"))
            if len(self.by_key) >= MAX_STIMULI:
                problems.append(("key", _("At most %(n)d shared stimuli in one file.") % {"n": MAX_STIMULI}))
            elif not key:
                problems.append(("key", _("Required")))
            elif key.lower() in self.by_key:
                problems.append(("key", _("The key %(key)s is used twice.") % {"key": key}))
            data: dict[str, Any] = {
                "content": {
                    "title": {"vi": _text(row.get("title_vi")), "en": _text(row.get("title_en"))},
                    "body": {"vi": _text(row.get("body_vi")), "en": _text(row.get("body_en"))},
                }
            }
            grade = _text(row.get("grade"))
            if grade and not grade.isdigit():
                problems.append(("grade", _("Enter a whole number.")))
            data["grade"] = int(grade) if grade.isdigit() else None
            code = _text(row.get("subject_code")).lower()
            data["subject_id"] = subjects.get(code)
            if code and data["subject_id"] is None:
                problems.append(("subject_code", _("Unknown subject code %(code)s.") % {"code": code}))
            stimulus = Stimulus(bank=bank, created_by_profile_id=actor.profile_id, created_by_name=actor.name)
            errors = FieldErrors()
            _apply_stimulus_fields(stimulus, data, errors)
            for field, messages in errors.errors.items():
                column = (
                    "body_vi" if field == "content.body" else field.replace("content.", "").replace(".", "_")
                )
                problems += [(column, message) for message in messages]
            problems += [
                ("title_vi", item["message"])
                for item in stimulus_missing(stimulus)
                if item["field"] == "content.title"
            ]
            for column, message in problems:
                report.append({"row": number, "column": f"{STIMULI_SHEET}!{column}", "message": str(message)})
            if key and not problems:
                self.by_key[key.lower()] = stimulus

    def join(self, question: Question, key: str) -> list[tuple[str, str]]:
        """Put ``question`` last in the stimulus ``key``'s group; the problems found: an unknown
        key, a full group, another grade or subject than the stimulus' (a stimulus without
        them takes its first question's)."""
        stimulus = self.by_key.get(key.lower())
        if stimulus is None:
            return [
                (
                    "stimulus",
                    _("Unknown shared stimulus %(key)s: add it to the stimuli sheet.") % {"key": key},
                )
            ]
        size = self.sizes.get(key.lower(), 0) + 1
        if size > MAX_QUESTIONS:
            return [
                ("stimulus", _("A shared stimulus holds at most %(n)d questions.") % {"n": MAX_QUESTIONS})
            ]
        if size == 1:
            if stimulus.grade is None:
                stimulus.grade = question.grade
                self.adopted.add(key.lower())
            if stimulus.subject_id is None:
                stimulus.subject_id = question.subject_id
                self.adopted.add(key.lower())
        if (question.grade, question.subject_id) != (stimulus.grade, stimulus.subject_id):
            return [("stimulus", _("Use the grade and subject of shared stimulus %(key)s.") % {"key": key})]
        self.sizes[key.lower()] = size
        question.stimulus, question.stimulus_position = stimulus, size
        return []

    def save(self) -> None:
        """Save the stimuli (once, before the first question is written)."""
        if not self.saved:
            Stimulus.objects.bulk_create(self.by_key.values())
            self.saved = True
            for stimulus in self.by_key.values():  # bulk_create set the ids; point the questions at them
                stimulus._state.adding = False

    def finish(self) -> None:
        """Store the grade and subject the stimuli took from their first question."""
        adopted = [self.by_key[key] for key in self.adopted]
        if adopted:
            Stimulus.objects.bulk_update(adopted, ["grade", "subject"])


def _questions_import(
    *, actor: Actor, bank, rows, dry_run: bool, stimuli_rows=None, progress: Progress | None = None
) -> dict[str, Any]:
    header = [(_text(h)).lower() for h in next(rows, (0, ()))[1]]
    missing_columns = [c for c in ("type", "stem_vi", "correct") if c not in header]
    if missing_columns:
        raise ApplicationError(
            Code.IMPORT_INVALID,
            _("The first row must hold the template's column names; missing: %(cols)s.")
            % {"cols": ", ".join(missing_columns)},
            status=400,
        )
    subjects = {code.lower(): pk for code, pk in Subject.objects.values_list("code", "pk")}
    clusters = {
        (t, code.lower()): pk for t, code, pk in MatrixCluster.objects.values_list("type", "code", "pk")
    }
    parents = dict(
        MatrixCluster.objects.filter(type=MatrixCluster.Type.SUBTOPIC).values_list("pk", "parent_id")
    )
    report: list[dict[str, Any]] = []
    stimuli = _Stimuli(actor=actor, bank=bank, rows=stimuli_rows, subjects=subjects, report=report)
    prepared: list[Question] = []
    count = written = 0
    for number, values in rows:
        if progress is not None:
            progress(number - 1)
        if all(v is None or _text(v) == "" for v in values):
            continue
        count += 1
        row = dict(zip(header, values, strict=False))
        data, problems = _row_data(row, subjects)
        errors = FieldErrors()
        question = Question(
            bank=bank, type=data["type"], created_by_profile_id=actor.profile_id, created_by_name=actor.name
        )
        _apply_fields(question, data, errors)
        for field, messages in errors.errors.items():
            for message in messages:
                problems.append((_column(field), message))
        if not errors:
            for item in question_missing(question):
                problems.append((_column(item["field"]), item["message"]))
        codes = {col: _text(row.get(col)).lower() for col in MATRIX_COLUMNS}
        if any(codes.values()):
            for col, (field, kind) in MATRIX_COLUMNS.items():
                pk = clusters.get((kind, codes[col]))
                if not codes[col]:
                    problems.append((col, _("Give all four matrix codes, or none.")))
                elif pk is None:
                    problems.append((col, _("Unknown matrix code %(code)s.") % {"code": codes[col]}))
                else:
                    setattr(question, field, pk)
            if (
                question.subtopic_id
                and question.topic_id
                and parents.get(question.subtopic_id) != question.topic_id
            ):
                problems.append(("subtopic_code", _("The subtopic must belong to the selected topic.")))
        key = _text(row.get("stimulus"))
        if key and not errors:
            problems += stimuli.join(question, key)
        for column, message in problems:
            report.append({"row": number, "column": column, "message": str(message)})
        if not problems:
            prepared.append(question)
        if not dry_run and not report and len(prepared) >= WRITE_BATCH:
            stimuli.save()
            written += _write(actor, prepared)  # rolled back with the transaction if a row is bad
            prepared = []
    result = {
        "rows": count,
        "valid": count - len({r["row"] for r in report if not r["column"].startswith(f"{STIMULI_SHEET}!")}),
        "errors": report,
        "imported": 0,
    }
    if count == 0:
        raise ApplicationError(
            Code.IMPORT_INVALID,
            _("The spreadsheet has no question rows."),
            status=400,
            extra={"report": result},
        )
    if report and not dry_run:
        raise ApplicationError(
            Code.IMPORT_INVALID,
            _("Nothing was imported: correct the rows listed and upload again."),
            status=400,
            extra={"report": result},
        )
    if dry_run:
        return result
    stimuli.save()
    result["imported"] = written + _write(actor, prepared)
    stimuli.finish()
    return result


HEADER_FILL = PatternFill("solid", fgColor="1D4ED8")

EXAMPLES = [
    {
        "type": "single_choice",
        "grade": 9,
        "subject_code": "toan",
        "difficulty": "easy",
        "score_weight": 1,
        "stem_vi": "Giá trị của $\\sqrt{49}$ là?",
        "stem_en": "What is $\\sqrt{49}$?",
        "option_a_vi": "7",
        "option_a_en": "7",
        "option_b_vi": "49",
        "option_b_en": "49",
        "option_c_vi": "-7",
        "option_c_en": "-7",
        "correct": "a",
        "explanation_vi": "$7^2=49$",
        "explanation_en": "$7^2=49$",
    },
    {
        "type": "short_text",
        "grade": 9,
        "subject_code": "tieng-anh",
        "difficulty": "medium",
        "score_weight": 1,
        "stem_vi": "Quá khứ của 'go' là gì?",
        "stem_en": "What is the past tense of 'go'?",
        "correct": "went",
        "case_sensitive": "false",
        "diacritic_sensitive": "false",
    },
    {
        "type": "true_false",
        "grade": 9,
        "subject_code": "tieng-anh",
        "difficulty": "easy",
        "score_weight": 1,
        "stem_vi": "Mai đi bộ đến trường.",
        "stem_en": "Mai walks to school.",
        "correct": "true",
        "stimulus": "R1",
    },
    {
        "type": "true_false_set",
        "grade": 12,
        "subject_code": "toan",
        "difficulty": "medium",
        "score_weight": 1,
        "stem_vi": "Cho hàm số $f(x)=x^3-3x$.",
        "stem_en": "Let $f(x)=x^3-3x$.",
        "statement_a_vi": "$f(0)=0$",
        "statement_a_en": "$f(0)=0$",
        "statement_a_key": "Đ",
        "statement_b_vi": "Hàm số đồng biến trên $\\mathbb{R}$.",
        "statement_b_en": "The function is increasing on $\\mathbb{R}$.",
        "statement_b_key": "S",
        "statement_c_vi": "$f'(1)=0$",
        "statement_c_en": "$f'(1)=0$",
        "statement_c_key": "Đ",
        "statement_d_vi": "Giá trị cực đại là 1.",
        "statement_d_en": "The local maximum is 1.",
        "statement_d_key": "S",
        "scoring_table": "0|0,1|0,25|0,5|1",
    },
    {
        "type": "numeric",
        "grade": 12,
        "subject_code": "toan",
        "difficulty": "medium",
        "score_weight": 1,
        "stem_vi": "Tính $\\sqrt{2}$.",
        "stem_en": "Compute $\\sqrt{2}$.",
        "correct": "1,4",
        "rounding_vi": "Làm tròn kết quả đến hàng phần mười",
        "rounding_en": "Round the result to one decimal place",
    },
]


STIMULUS_EXAMPLES = [
    {
        "key": "R1",
        "grade": 9,
        "subject_code": "tieng-anh",
        "title_vi": "Đọc đoạn văn",
        "title_en": "Read the passage",
        "body_vi": "Mai gets up at six. She walks to school with her brother.",
        "body_en": "Mai gets up at six. She walks to school with her brother.",
    }
]


def _sheet(workbook: Workbook, title: str, columns: list[str], rows) -> None:
    from openpyxl.cell import WriteOnlyCell

    sheet = workbook.create_sheet(title)
    sheet.freeze_panes = "A2"
    header = []
    for name in columns:
        cell = WriteOnlyCell(sheet, value=name)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = HEADER_FILL
        header.append(cell)
    sheet.append(header)
    for row in rows:
        sheet.append([row.get(c, "") for c in columns])


def _workbook_bytes(rows, stimuli=None) -> bytes:
    """The questions sheet of ``rows``, then the stimuli sheet of ``stimuli`` (a callable giving
    its rows once the questions are written, or None for none)."""
    workbook = Workbook(write_only=True)
    _sheet(workbook, "questions", COLUMNS, rows)
    if stimuli is not None:
        _sheet(workbook, STIMULI_SHEET, STIMULUS_COLUMNS, stimuli())
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def import_template() -> bytes:
    """The .xlsx template: the header row and example rows of a single choice, a short text
    answer, a true/false question hanging from the shared stimulus ``R1``, a true/false set and a
    numeric answer, and the stimuli sheet with ``R1``."""
    return _workbook_bytes(EXAMPLES, lambda: STIMULUS_EXAMPLES)


def _export_row(q: Question, subject_codes: dict[int, str], codes: dict[int, str]) -> dict[str, Any]:
    content, key = q.content or {}, q.answer_key or {}
    row: dict[str, Any] = {
        "stimulus": _stimulus_key(q.stimulus_id) if q.stimulus_id else "",
        "type": q.type,
        "grade": q.grade,
        "subject_code": subject_codes.get(q.subject_id, ""),
        "difficulty": q.difficulty,
        "score_weight": float(q.score_weight),
        "stem_vi": content.get("stem", {}).get("vi", ""),
        "stem_en": content.get("stem", {}).get("en", ""),
        "explanation_vi": content.get("explanation", {}).get("vi", ""),
        "explanation_en": content.get("explanation", {}).get("en", ""),
        "topic_code": codes.get(q.topic_id, ""),
        "subtopic_code": codes.get(q.subtopic_id, ""),
        "complexity_code": codes.get(q.complexity_level_id, ""),
        "cognitive_code": codes.get(q.cognitive_domain_id, ""),
    }
    for letter, option in zip(OPTION_LETTERS, content.get("options", []), strict=False):
        row[f"option_{letter}_vi"], row[f"option_{letter}_en"] = option.get("vi", ""), option.get("en", "")
    if q.type == Question.Type.SINGLE_CHOICE:
        row["correct"] = key.get("option", "")
    elif q.type == Question.Type.MULTIPLE_CHOICE:
        row["correct"] = ",".join(key.get("options", []))
    elif q.type == Question.Type.TRUE_FALSE:
        row["correct"] = "" if key.get("value") is None else ("true" if key["value"] else "false")
    elif q.type == Question.Type.SHORT_TEXT:
        row["correct"] = "|".join(key.get("accepted", []))
        row["case_sensitive"], row["diacritic_sensitive"] = (
            str(bool(key.get("case_sensitive"))).lower(),
            str(bool(key.get("diacritic_sensitive"))).lower(),
        )
    elif q.type == Question.Type.ESSAY:
        row["rubric"], row["max_score"] = key.get("rubric", ""), key.get("max_score", "")
    elif q.type == Question.Type.TRUE_FALSE_SET:
        judged = key.get("statements") or {}
        for letter, statement in zip(STATEMENT_LETTERS, content.get("statements") or [], strict=False):
            row[f"statement_{letter}_vi"] = statement.get("vi", "")
            row[f"statement_{letter}_en"] = statement.get("en", "")
            value = judged.get(statement.get("id"))
            row[f"statement_{letter}_key"] = "" if value is None else ("Đ" if value else "S")
        row["scoring_table"] = "|".join(str(f).replace(".", ",") for f in key.get("scoring_table") or [])
    elif q.type == Question.Type.NUMERIC:
        row["correct"] = "|".join(key.get("accepted") or [])
        rounding = content.get("rounding") or {}
        row["rounding_vi"], row["rounding_en"] = rounding.get("vi", ""), rounding.get("en", "")
    return row


def bank_export(*, bank_id: int) -> tuple[str, bytes]:
    """The bank's current questions (not superseded versions) as .xlsx in the import format, with
    the stimuli sheet of their shared stimuli (decision 0054; each keyed ``S<id>``). Returns
    ``(file name, bytes)``. Constant queries; rows streamed through write-only mode."""
    bank = bank_get(bank_id)
    subject_codes = dict(Subject.objects.values_list("pk", "code"))
    codes = dict(MatrixCluster.objects.values_list("pk", "code"))
    questions = (
        Question.objects.filter(bank=bank)
        .exclude(status=Question.Status.SUPERSEDED)
        .order_by("stimulus_id", "stimulus_position", "id")
        .iterator(chunk_size=2000)
    )
    used: set[int] = set()

    def rows():
        for q in questions:
            if q.stimulus_id:
                used.add(q.stimulus_id)
            yield _export_row(q, subject_codes, codes)

    def stimuli():
        for stimulus in Stimulus.objects.filter(pk__in=used).order_by("id").iterator(chunk_size=500):
            content = stimulus.content or {}
            yield {
                "key": _stimulus_key(stimulus.pk),
                "grade": stimulus.grade,
                "subject_code": subject_codes.get(stimulus.subject_id, ""),
                **{
                    f"{part}_{lang}": (content.get(part) or {}).get(lang, "")
                    for part in ("title", "body")
                    for lang in ("vi", "en")
                },
            }

    data = _workbook_bytes(rows(), stimuli)
    return f"question-bank-{bank.pk}.xlsx", data


def _stimulus_key(stimulus_id: int) -> str:
    return f"S{stimulus_id}"
