"""The .xlsx of an item analysis (issue 19, section 2): the per-question table in the reader's
language (openpyxl write-only mode; styled, frozen header row with an auto filter; facility and
omit rate as percentages, correlations with two decimals), an "Options" sheet with the
distractor analysis (one row per option of a choice question), the true/false sets' statements
and their statements-right counts, the numeric questions' frequent wrong answers (issue 39,
item 3) and a "Summary" sheet with the test's figures. A figure from fewer attempts than
``stats.MIN_ATTEMPTS`` has the note "Needs at least 30 attempts; this has 3." in the Note
column of its row (the Summary's beside alpha and SEM), as the page shows it (decision 0059). A
test in parts has a "Parts" sheet after the questions (decision 0056). Written from the stored figures (``selectors.item_analysis_view``) into a temporary
file that the API streams. File name ``item-analysis-test-<preset id>.xlsx`` or
``item-analysis-batch-<batch id>.xlsx``."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from typing import IO, Any

from django.http import FileResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from assessments.matching import STATEMENTS_MAX
from assessments.models import Question
from assessments.parts import part_place
from assignments.error_codes import AssignmentErrorCode as Code
from config import dates
from config.errors import ApplicationError
from config.i18n import format_number, pick, reader_language
from item_analysis.selectors import ItemAnalysisView, ItemQuestion, excerpt
from item_analysis.stats import MIN_ATTEMPTS

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PERCENT = "0.0%"
DECIMAL = "0.00"
CLUSTER_TYPES = ("topic", "subtopic", "complexity_level", "cognitive_domain")


def flag_labels() -> dict[str, str]:
    """The flags as the reader reads them (the SPA explains them in full)."""
    return {
        "too_hard": _("Too hard"),
        "too_easy": _("Too easy"),
        "low_discrimination": _("Low discrimination"),
        "negative_discrimination": _("Negative discrimination"),
        "unused_distractor": _("Distractor chosen by nobody"),
        "likely_key_error": _("Likely key error"),
    }


def columns() -> list[tuple[str, int]]:
    """(header, width) of the question sheet, in the reader's language."""
    return [
        (_("Position"), 9),
        (_("Question"), 12),
        (_("Question text"), 50),
        (_("Type"), 16),
        (_("Topic"), 22),
        (_("Subtopic"), 22),
        (_("Complexity level"), 18),
        (_("Cognitive domain"), 18),
        (_("Attempts"), 10),
        (_("Max points"), 10),
        (_("Facility"), 10),
        (_("Discrimination (item-rest)"), 14),
        (_("Discriminative efficiency"), 14),
        (_("Upper-lower index (27 %)"), 14),
        (_("Omit rate"), 10),
        (_("Flags"), 40),
        (_("Note"), 36),
    ]


def few_attempts_note(count: int) -> str:
    """The note beside a figure computed from fewer than ``MIN_ATTEMPTS`` attempts, in the
    reader's language (the SPA's ``itemAnalysis.fewAttempts`` says the same)."""
    return _("Needs at least %(minimum)d attempts; this has %(count)d.") % {
        "minimum": MIN_ATTEMPTS,
        "count": count,
    }


def alpha_label() -> str:
    """The reliability coefficient's one name (decision 0059): Cronbach's alpha, which is KR-20
    when every item is scored right or wrong."""
    return _("Alpha (KR-20 for right/wrong items)")


def statement_columns() -> list[tuple[str, int]]:
    """(header, width) of the true/false statements sheet (one row per statement)."""
    return [
        (_("Position"), 9),
        (_("Question"), 12),
        (pgettext("true/false set", "Statement"), 50),
        (_("Key"), 8),
        (_("Facility"), 10),
        (_("Upper group (27 %)"), 14),
        (_("Lower group (27 %)"), 14),
        (_("Judged right"), 10),
        (_("Judged the other way"), 12),
        (_("Unanswered"), 10),
        (_("Flags"), 24),
        (_("Note"), 36),
    ]


def numeric_columns() -> list[tuple[str, int]]:
    """(header, width) of the wrong numeric answers sheet (one row per listed wrong answer)."""
    return [
        (_("Position"), 9),
        (_("Question"), 12),
        (_("Key"), 10),
        (_("Wrong answer"), 14),
        (_("Given by"), 10),
        (_("Share (all)"), 12),
        (_("Upper group (27 %)"), 14),
        (_("Lower group (27 %)"), 14),
        (_("Flags"), 24),
        (_("Note"), 36),
    ]


def part_columns() -> list[tuple[str, int]]:
    """(header, width) of the parts sheet (one row per part; decision 0056)."""
    return [
        (_("Part"), 10),
        (_("Part name"), 36),
        (_("Type"), 22),
        (_("Questions"), 10),
        (_("Points per question"), 12),
        (_("Mean"), 12),
        (_("Maximum score"), 12),
        (_("Facility"), 10),
    ]


def option_columns() -> list[tuple[str, int]]:
    """(header, width) of the distractor sheet (one row per option of a choice question)."""
    return [
        (_("Position"), 9),
        (_("Question"), 12),
        (_("Option"), 50),
        (_("Key"), 8),
        (_("Chosen by"), 10),
        (_("Share (all)"), 12),
        (_("Upper group (27 %)"), 14),
        (_("Lower group (27 %)"), 14),
        (_("Flags"), 40),
    ]


def file_name(view: ItemAnalysisView) -> str:
    if view["batch_id"]:
        return f"item-analysis-batch-{view['batch_id']}.xlsx"
    return f"item-analysis-test-{view['preset_id']}.xlsx"


def _header(ws: Any, titles: list[tuple[str, int]]) -> None:
    """The styled header row of ``ws`` (an openpyxl write-only worksheet) with column widths."""
    font, fill = Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor="1D4ED8")
    for index, (_title, width) in enumerate(titles, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    cells = []
    for title, _width in titles:
        cell = WriteOnlyCell(ws, value=title)
        cell.font, cell.fill = font, fill
        cell.alignment = Alignment(vertical="center", wrap_text=True)
        cells.append(cell)
    ws.append(cells)


def write_item_analysis_xlsx(view: ItemAnalysisView, out: IO[bytes]) -> int:
    """Write the workbook of ``view`` (``ItemAnalysisOut``) to ``out``; returns the number of
    question rows."""
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(sheet_title(_("Questions")))
    ws.freeze_panes = "A2"
    titles = columns()
    ws.auto_filter.ref = f"A1:{get_column_letter(len(titles))}{len(view['questions']) + 1}"
    _header(ws, titles)

    def number(value: float | None, fmt: str) -> Cell | None:
        if value is None:
            return None
        cell = WriteOnlyCell(ws, value=value)
        cell.number_format = fmt
        return cell

    types = dict(Question.Type.choices)
    flags = flag_labels()
    for q in view["questions"]:
        clusters = {c["type"]: c["name"] for c in q["clusters"]}
        ws.append(
            [
                q["position"],
                q["code"],
                q["stem"],
                str(types.get(q["type"], q["type"])),
                *(clusters.get(kind, "") for kind in CLUSTER_TYPES),
                q["n"],
                q["max_points"],
                number(q["facility"], PERCENT),
                number(q["discrimination"], DECIMAL),
                number(q["efficiency"], DECIMAL),
                number(q["upper_lower"], DECIMAL),
                number(q["omit_rate"], PERCENT),
                ", ".join(flags.get(f, f) for f in q["flags"]),
                _note(q),
            ]
        )
    _parts(wb, view)
    _options(wb, view, flags)
    _statements(wb, view, flags)
    _right_counts(wb, view)
    _wrong_answers(wb, view, flags)
    _summary(wb, view)
    wb.save(out)
    return len(view["questions"])


def _parts(wb: Workbook, view: ItemAnalysisView) -> None:
    """The parts sheet of a test in parts (issue 39; decision 0056), none without parts: per
    part its place ("Phần II"), name, question type, questions per attempt, points per question,
    the mean of its subtotal in raw points (two decimals) of its maximum, and its facility
    (``selectors.item_parts``)."""
    if not view["parts"]:
        return
    ws = _sheet(wb, _("Parts"), part_columns(), len(view["parts"]))
    types = dict(Question.Type.choices)
    for part in view["parts"]:
        mean = WriteOnlyCell(ws, value=part["mean_score"])
        mean.number_format = DECIMAL
        ws.append(
            [
                part_place(part["position"] - 1),
                part["name"],
                str(types.get(part["question_type"], part["question_type"])),
                part["question_count"],
                part["points"],
                mean,
                part["max_score"],
                _percent(ws, part["facility"]),
            ]
        )


def _options(wb: Workbook, view: ItemAnalysisView, flags: dict[str, str]) -> None:
    """The distractor sheet: per option of each choice question, in form order, its text
    excerpt, whether it is the key, how many chose it, its shares overall and in the upper and
    lower 27 % groups (percentages) and its flags."""
    ws = wb.create_sheet(sheet_title(_("Options")))
    ws.freeze_panes = "A2"
    titles = option_columns()
    rows = sum(len(q["options"]) for q in view["questions"])
    ws.auto_filter.ref = f"A1:{get_column_letter(len(titles))}{rows + 1}"
    _header(ws, titles)

    def share(value: float | None) -> Cell | None:
        if value is None:
            return None
        cell = WriteOnlyCell(ws, value=value)
        cell.number_format = PERCENT
        return cell

    key = _("Key")
    for q in view["questions"]:
        for o in q["options"]:
            ws.append(
                [
                    q["position"],
                    q["code"],
                    o["label"],
                    key if o["correct"] else None,
                    o["count"],
                    share(o["share"]),
                    share(o["upper_share"]),
                    share(o["lower_share"]),
                    ", ".join(flags.get(f, f) for f in o["flags"]) or None,
                ]
            )


def _note(q: ItemQuestion) -> str | None:
    return few_attempts_note(q["n"]) if q["few_attempts"] else None


def sheet_title(title: str) -> str:
    """A translated name as a sheet may bear it: without the characters Excel refuses in a
    sheet's name (``\\ / ? * [ ] :``), at most 31 characters."""
    return re.sub(r"[\\/?*\[\]:]", " ", title)[:31]


def _sheet(wb: Workbook, title: str, titles: list[tuple[str, int]], rows: int) -> Any:
    """A new write-only sheet with its styled, frozen and filtered header row."""
    ws = wb.create_sheet(sheet_title(title))
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(titles))}{rows + 1}"
    _header(ws, titles)
    return ws


def _percent(ws: Any, value: float | None) -> Cell | None:
    if value is None:
        return None
    cell = WriteOnlyCell(ws, value=value)
    cell.number_format = PERCENT
    return cell


def _statements(wb: Workbook, view: ItemAnalysisView, flags: dict[str, str]) -> None:
    """The true/false sets' statements (phần II, câu hỏi Đúng/Sai), in form order: the letter and
    text excerpt, the key (Đúng/Sai), the facility overall and in the upper and lower 27 %
    groups (percentages), how many judged it right, the other way or left it unanswered, its
    flags and the few-attempts note."""
    questions = [q for q in view["questions"] if q["statements"]]
    ws = _sheet(wb, _("Statements"), statement_columns(), sum(len(q["statements"]) for q in questions))
    true, false = _("True"), _("False")
    language = reader_language()
    for q in questions:
        for st in q["statements"]:
            pair = st["text"] or {}
            text = excerpt(pick(pair.get("vi"), pair.get("en"), language=language), 80)
            ws.append(
                [
                    q["position"],
                    q["code"],
                    f"{st['label']} {text}".strip(),
                    true if st["key"] else false,
                    _percent(ws, st["facility"]),
                    _percent(ws, st["upper_facility"]),
                    _percent(ws, st["lower_facility"]),
                    st["right"],
                    st["wrong"],
                    st["blank"],
                    ", ".join(flags.get(f, f) for f in st["flags"]) or None,
                    _note(q),
                ]
            )


def _right_counts(wb: Workbook, view: ItemAnalysisView) -> None:
    """Per true/false set, the attempts by the number of its statements judged right (0 to
    ``matching.STATEMENTS_MAX``; blank past its own count)."""
    questions = [q for q in view["questions"] if q["right_counts"]]
    titles = [(_("Position"), 9), (_("Question"), 12)] + [
        (_("%(n)d right") % {"n": k}, 10) for k in range(STATEMENTS_MAX + 1)
    ]
    ws = _sheet(wb, _("Statements right"), titles, len(questions))
    for q in questions:
        ws.append([q["position"], q["code"], *q["right_counts"]])


def _wrong_answers(wb: Workbook, view: ItemAnalysisView, flags: dict[str, str]) -> None:
    """The numeric questions' most frequent wrong answers (phần III, trả lời ngắn), in form
    order: the key, the answer as the sheet writes it (or as typed, marked "not a number"), how
    many gave it, their share, the counts in the upper and lower 27 % groups, its flags and the
    few-attempts note; then a row with the attempts that gave another wrong answer."""
    questions = [q for q in view["questions"] if q["type"] == Question.Type.NUMERIC]
    rows = sum(len(q["wrong_answers"]) + bool(q["other_wrong"]) for q in questions)
    ws = _sheet(wb, _("Wrong numeric answers"), numeric_columns(), rows)
    for q in questions:
        key = " ; ".join(q["accepted"])
        for w in q["wrong_answers"]:
            answer = w["answer"] if w["valid"] else _("%(answer)s (not a number)") % {"answer": w["answer"]}
            ws.append(
                [
                    q["position"],
                    q["code"],
                    key,
                    answer,
                    w["count"],
                    _percent(ws, w["share"]),
                    w["upper_count"],
                    w["lower_count"],
                    ", ".join(flags.get(f, f) for f in w["flags"]) or None,
                    _note(q),
                ]
            )
        if q["other_wrong"]:
            ws.append([q["position"], q["code"], key, _("Other wrong answers"), q["other_wrong"]])


def _on_scale(view: ItemAnalysisView) -> list[tuple[str, Any]]:
    """The mean and median on the preset's reporting scale, as the page shows them ("7,35/10";
    decision 0056): rows only when the scale is not raw points."""
    scale = view["scale"]
    if scale is None or scale["score_scale"] == "raw":
        return []
    top = format_number(scale["scale_max"])
    return [
        (_("Mean (out of %(max)s)") % {"max": top}, scale["mean"]),
        (_("Median (out of %(max)s)") % {"max": top}, scale["median"]),
    ]


def _summary(wb: Workbook, view: ItemAnalysisView) -> None:
    ws = wb.create_sheet(sheet_title(_("Summary")))
    ws.column_dimensions["A"].width = 36
    ws.column_dimensions["B"].width = 40
    ws.column_dimensions["C"].width = 40
    s: Mapping[str, Any] = view["summary"] or {}
    state = view["state"]
    note = few_attempts_note(s.get("n", 0)) if s.get("few_attempts") else None
    rows: list[tuple[str, Any] | tuple[str, Any, str | None]] = [
        (_("Test"), view["preset_name"]),
        (_("Batch"), view["batch_name"] or _("All batches")),
        (_("Computed at (Vietnam time)"), dates.format_datetime(state["computed_at"])),
        (_("Attempts analysed"), state["attempts"]),
        (_("Voided attempts left out"), state["voided"]),
        (_("Attempts waiting for grading"), state["pending"]),
        (_("Maximum score"), s.get("max_score")),
        (_("Mean"), s.get("mean")),
        (_("Median"), s.get("median")),
        (_("Standard deviation"), s.get("sd")),
        (_("Skewness"), s.get("skewness")),
        (alpha_label(), s.get("alpha"), note),
        (_("Standard error of measurement"), s.get("sem"), note),
        *_on_scale(view),
    ]
    for label, value, *rest in rows:
        ws.append([WriteOnlyCell(ws, value=label), value, *rest])


def item_analysis_file(view: ItemAnalysisView) -> FileResponse:
    """The workbook as a streamed attachment (a temporary file, read in blocks by the server).
    409 ``item_analysis_not_ready`` before the scope's first computation has finished."""
    if view["summary"] is None:
        raise ApplicationError(
            Code.ITEM_ANALYSIS_NOT_READY,
            _("The item analysis is still being computed. Try again in a moment."),
            status=409,
        )
    handle = tempfile.TemporaryFile()
    write_item_analysis_xlsx(view, handle)
    handle.seek(0)
    response = FileResponse(handle, as_attachment=True, filename=file_name(view), content_type=XLSX_TYPE)
    response["Cache-Control"] = "no-store"
    return response
