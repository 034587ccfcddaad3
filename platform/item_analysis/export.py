"""The .xlsx of an item analysis (issue 19, section 2): the per-question table in the reader's
language (openpyxl write-only mode; styled, frozen header row with an auto filter; facility and
omit rate as percentages, correlations with two decimals), an "Options" sheet with the
distractor analysis (one row per option of a choice question) and a "Summary" sheet with the
test's figures. Written from the stored figures (``selectors.item_analysis_view``) into a temporary
file that the API streams. File name ``item-analysis-test-<preset id>.xlsx`` or
``item-analysis-batch-<batch id>.xlsx``."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from typing import IO, Any

from django.http import FileResponse
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from assessments.models import Question
from assignments.error_codes import AssignmentErrorCode as Code
from config import dates
from config.errors import ApplicationError
from config.i18n import format_number
from item_analysis.selectors import ItemAnalysisView

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
    ws = wb.create_sheet(_("Questions")[:31])
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
            ]
        )
    _options(wb, view, flags)
    _summary(wb, view)
    wb.save(out)
    return len(view["questions"])


def _options(wb: Workbook, view: ItemAnalysisView, flags: dict[str, str]) -> None:
    """The distractor sheet: per option of each choice question, in form order, its text
    excerpt, whether it is the key, how many chose it, its shares overall and in the upper and
    lower 27 % groups (percentages) and its flags."""
    ws = wb.create_sheet(_("Options")[:31])
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
    ws = wb.create_sheet(_("Summary")[:31])
    ws.column_dimensions["A"].width = 36
    ws.column_dimensions["B"].width = 40
    s: Mapping[str, Any] = view["summary"] or {}
    state = view["state"]
    coefficient = _("KR-20") if s.get("coefficient") == "kr20" else _("Cronbach's alpha")
    rows = [
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
        (coefficient, s.get("alpha")),
        (_("Standard error of measurement"), s.get("sem")),
        *_on_scale(view),
    ]
    for label, value in rows:
        ws.append([WriteOnlyCell(ws, value=label), value])


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
