"""The files of the market analytics (issue 10, item 3).

- ``write_transactions_xlsx``: the market transaction rows of a ``MarketQuery`` as an .xlsx
  (openpyxl write-only mode: styled header row, frozen, with an auto filter; VND number format;
  dates as Excel dates in Vietnam time), plus a "Summary" sheet with the filters and totals.
  Reads the rows in chunks from a server-side cursor, so memory stays flat whatever the count.
- ``write_dashboard_pdf``: the dashboard (KPI cards with their change, revenue over time, and
  the breakdowns by add-on, grade, subject and province) as a PDF with charts (reportlab,
  DejaVu Sans for Vietnamese), in the active language.

File names: ``market-assessment-transactions-{test_preset_id or all}.xlsx`` and
``transactions-dashboard.pdf`` (spec section 7).
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from datetime import datetime
from typing import IO, Any

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from analytics import selectors
from analytics.filters import VN, MarketQuery

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF_TYPE = "application/pdf"
VND_FORMAT = '#,##0 "₫"'
DATE_FORMAT = "dd/mm/yyyy hh:mm"
CHUNK = 2000

Progress = Callable[[int], None]
Fraction = Callable[[float], None]
# The dashboard PDF's progress: reading the figures (one SQL pass) is most of the work; the
# document is then laid out flowable by flowable (the rest, up to PDF_LAYOUT_END).
PDF_FIGURES_READ = 0.6
PDF_LAYOUT_END = 0.95


def transactions_file_name(q: MarketQuery) -> str:
    return f"market-assessment-transactions-{q.test_preset_id or 'all'}.xlsx"


DASHBOARD_FILE_NAME = "transactions-dashboard.pdf"


def _local(value: datetime | None) -> datetime | None:
    """An aware datetime as a naive Vietnam time (Excel has no time zones)."""
    return value.astimezone(VN).replace(tzinfo=None, microsecond=0) if value else None


def _columns(q: MarketQuery) -> list[tuple[str, int]]:
    cols = [
        (_("Transaction ID"), 14),
        (_("Student"), 28),
        (_("Assessment"), 40),
        (_("Grade"), 8),
        (pgettext("market transaction column", "Purchase"), 26),
        (_("Total paid (VND)"), 16),
        (_("Purchase date (Vietnam time)"), 20),
        (_("Completed date (Vietnam time)"), 20),
        (_("Payment ID"), 26),
        (_("Status"), 16),
    ]
    if q.organization_ids is None or len(q.organization_ids) > 1:
        cols.append((_("Organization"), 30))
    return cols


def _filters_text(q: MarketQuery) -> list[tuple[str, str]]:
    start, end = q.period()
    since = start.strftime("%d/%m/%Y") if start else _("the beginning")
    lines = [(_("Period"), f"{since} – {end.strftime('%d/%m/%Y')}")]
    if q.grade is not None:
        lines.append((_("Grade"), str(q.grade)))
    if q.subject:
        lines.append((_("Subject"), selectors.subject_names(q.organization_ids).get(q.subject, q.subject)))
    if q.province_code:
        lines.append((_("Province/city"), selectors.province_names().get(q.province_code, q.province_code)))
    if q.round_id:
        lines.append((_("Round"), f"#{q.round_id}"))
    if q.test_preset_id:
        lines.append((_("Assessment"), f"#{q.test_preset_id}"))
    if q.status != "COMPLETED":
        lines.append((_("Status"), q.status))
    if q.search:
        lines.append((_("Search"), q.search))
    return lines


def count_transactions(q: MarketQuery, *, search: str = "") -> int:
    return selectors.transactions_qs(q, search=search).count()


def write_transactions_xlsx(
    q: MarketQuery, out: IO[bytes], *, search: str = "", order_by: str = "", progress: Progress | None = None
) -> int:
    """Write the .xlsx of the market transaction rows to ``out``; ``progress(rows_done)`` is
    called every CHUNK rows. Returns the number of rows. Query count: the totals, then one
    server-side cursor read in chunks (plus the names of the filters)."""
    from django.db.models import Sum
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    from marketplace.models import Addon, Transaction

    qs = selectors.transactions_qs(q, search=search, order_by=order_by)
    totals = qs.order_by().aggregate(total=Sum("price", default=0))
    cols = _columns(q)
    with_org = len(cols) == 11
    addon_names = {a.value: str(a.label) for a in Addon}
    status_names = {s.value: str(s.label) for s in Transaction.Status}

    wb = Workbook(write_only=True)
    ws = wb.create_sheet(_("Transactions")[:31])
    ws.freeze_panes = "A2"
    for index, (_title, width) in enumerate(cols, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    header_font = Font(bold=True, color="FFFFFF")
    header_fill = PatternFill("solid", fgColor="1D4ED8")
    header_border = Border(bottom=Side(style="thin", color="1E3A8A"))
    header = []
    for title, _width in cols:
        cell = WriteOnlyCell(ws, value=title)
        cell.font = header_font
        cell.fill = header_fill
        cell.border = header_border
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        header.append(cell)
    ws.append(header)

    templates: dict[str, Any] = {}

    def styled(value: Any, number_format: str) -> WriteOnlyCell:
        """A cell with a number format; the style is looked up once per format, then copied
        (setting ``number_format`` on every cell costs more than writing it)."""
        cell = WriteOnlyCell(ws, value=value)
        if number_format not in templates:
            cell.number_format = number_format
            templates[number_format] = cell._style
        else:
            cell._style = copy(templates[number_format])
        return cell

    fields = [
        "transaction_id",
        "transaction__payment_id",
        "id",
        "transaction__buyer_name",
        "transaction__profile__user__name",
        "transaction__profile__user__email",
        "name",
        "eff_grade",
        "addon",
        "price",
        "transaction__created_at",
        "transaction__completed_at",
        "transaction__status",
    ]
    if with_org:
        fields += ["organization__display_name", "organization__name"]
    done = 0
    for r in qs.values_list(*fields).iterator(chunk_size=CHUNK):
        row = [
            selectors.row_id(r[0], r[1], r[2]),
            selectors.student_name(r[3], r[4], r[5]),
            r[6],
            r[7],
            addon_names.get(r[8], r[8]),
            styled(r[9], VND_FORMAT),
            styled(_local(r[10]), DATE_FORMAT),
            styled(_local(r[11]), DATE_FORMAT) if r[11] else None,
            r[1] or None,
            status_names.get(r[12], r[12]),
        ]
        if with_org:
            row.append(r[13] or r[14])
        ws.append(row)
        done += 1
        if progress and done % CHUNK == 0:
            progress(done)
    last = get_column_letter(len(cols))
    ws.auto_filter.ref = f"A1:{last}{done + 1}"

    info = wb.create_sheet(_("Summary")[:31])
    info.column_dimensions["A"].width = 34
    info.column_dimensions["B"].width = 48
    bold = Font(bold=True)
    title = WriteOnlyCell(info, value=_("Market transactions"))
    title.font = Font(bold=True, size=14)
    info.append([title])
    info.append([_("Generated at (Vietnam time)"), styled_info(info, _local(timezone.now()), DATE_FORMAT)])
    for label, value in _filters_text(q):
        info.append([label, value])
    count_label = WriteOnlyCell(info, value=_("Rows"))
    count_label.font = bold
    info.append([count_label, done])
    total_label = WriteOnlyCell(info, value=_("Total paid (VND)"))
    total_label.font = bold
    info.append([total_label, styled_info(info, totals["total"], VND_FORMAT)])
    info.append([_("Only completed transactions count as revenue.")])
    wb.save(out)
    if progress:
        progress(done)
    return done


def styled_info(ws, value: Any, number_format: str):
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(ws, value=value)
    cell.number_format = number_format
    return cell


# --- the dashboard PDF -------------------------------------------------------------------------


def dashboard_data(q: MarketQuery) -> dict[str, Any]:
    return selectors.analytics(q, "dashboard")


def _vnd(amount: int | float) -> str:
    text = f"{int(amount):,}"
    if translation.get_language() != "en":
        text = text.replace(",", ".")
    return f"{text} ₫"


def _number(value: int) -> str:
    text = f"{int(value):,}"
    return text.replace(",", ".") if translation.get_language() != "en" else text


def _pct(change: float | None) -> str:
    if change is None:
        return "—"
    text = f"{change:+.1f} %"
    return text.replace(".", ",") if translation.get_language() != "en" else text


def dashboard_lines(data: dict[str, Any]) -> dict[str, list[list[str]]]:
    """The PDF's tables as text (also what tests read): KPI rows and the breakdowns."""
    s = data["summary"]
    labels = {
        "revenue": _("Revenue"),
        "purchases": _("Purchases"),
        "transactions": _("Paid transactions"),
        "buyers": _("Buyers"),
        "average_order": _("Average per transaction"),
    }
    kpis = [[_("Figure"), _("This period"), _("Previous period"), _("Change")]]
    for key, label in labels.items():
        money = key in ("revenue", "average_order")
        fmt = _vnd if money else _number
        card = s[key]
        kpis.append(
            [
                label,
                fmt(card["value"]),
                fmt(card["previous"]) if card["previous"] is not None else "—",
                _pct(card["change"]),
            ]
        )
    pending = s["not_counted"]
    not_counted = [[_("Not counted"), _("Purchases"), _("Amount")]]
    for key, label in (
        ("pending", _("Pending payment")),
        ("cancelled", _("Cancelled")),
        ("expired", _("Expired")),
        ("failed", _("Payment failed")),
    ):
        not_counted.append([label, _number(pending[key]["purchases"]), _vnd(pending[key]["amount"])])
    addon = [[_("Add-on"), _("Purchases"), _("Revenue")]] + [
        [r["name"], _number(r["purchases"]), _vnd(r["revenue"])] for r in data["by_addon"]
    ]
    grade = [[_("Grade"), _("Purchases"), _("Revenue")]] + [
        [str(r["grade"]) if r["grade"] is not None else "—", _number(r["purchases"]), _vnd(r["revenue"])]
        for r in data["by_grade"]
    ]
    subject = [[_("Subject"), _("Purchases"), _("Revenue")]] + [
        [r["name"], _number(r["purchases"]), _vnd(r["revenue"])] for r in data["by_subject"]
    ]
    province = [[_("Province/city"), _("Purchases"), _("Revenue")]] + [
        [r["name"], _number(r["purchases"]), _vnd(r["revenue"])] for r in data["by_province"][:15]
    ]
    return {
        "kpis": kpis,
        "not_counted": not_counted,
        "by_addon": addon,
        "by_grade": grade,
        "by_subject": subject,
        "by_province": province,
    }


def _bar_chart(labels: list[str], values: list[int], font: str, *, width: float, height: float, color):
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.graphics.shapes import Drawing

    drawing = Drawing(width, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 130, 10
    chart.width, chart.height = width - 150, height - 20
    chart.data = [values or [0]]
    chart.categoryAxis.categoryNames = [label[:28] for label in labels] or [""]
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.categoryAxis.reverseDirection = 1
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labelTextFormat = lambda v: _number(v)
    chart.bars[0].fillColor = color
    chart.bars[0].strokeColor = None
    drawing.add(chart)
    return drawing


def _line_chart(points: list[dict[str, Any]], font: str, *, width: float, height: float, color):
    from reportlab.graphics.charts.linecharts import HorizontalLineChart
    from reportlab.graphics.shapes import Drawing

    drawing = Drawing(width, height)
    chart = HorizontalLineChart()
    chart.x, chart.y = 60, 25
    chart.width, chart.height = width - 80, height - 40
    values = [p["revenue"] for p in points] or [0]
    chart.data = [values]
    step = max(1, len(points) // 8)
    chart.categoryAxis.categoryNames = [
        p["period"].strftime("%d/%m") if i % step == 0 else "" for i, p in enumerate(points)
    ] or [""]
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labelTextFormat = lambda v: _number(v)
    chart.lines[0].strokeColor = color
    chart.lines[0].strokeWidth = 1.5
    drawing.add(chart)
    return drawing


def write_dashboard_pdf(
    q: MarketQuery, out: IO[bytes], *, scope_name: str = "", progress: Fraction | None = None
) -> dict[str, Any]:
    """Write the dashboard PDF of ``q`` to ``out`` in the active language; returns the figures
    it holds (``dashboard_lines``). ``progress(fraction)`` (0 to 1, increasing, never 1) is
    called once the figures are read (``PDF_FIGURES_READ``), then as the document is laid out,
    up to ``PDF_LAYOUT_END``. Every text put into a paragraph is escaped (``config.pdf.markup_text``;
    issue 16, item 7)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from config.pdf import markup_text, pdf_fonts

    font, bold = pdf_fonts()
    data = dashboard_data(q)
    lines = dashboard_lines(data)
    if progress:
        progress(PDF_FIGURES_READ)
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = font
    styles["Title"].fontName = bold
    styles["Heading2"].fontName = bold
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=_("Transactions dashboard"),
        leftMargin=1.6 * cm,
        rightMargin=1.6 * cm,
        topMargin=1.4 * cm,
        bottomMargin=1.4 * cm,
    )
    blue = colors.HexColor("#1D4ED8")
    width = A4[0] - 3.2 * cm

    def table(rows: list[list[str]], widths: list[float]) -> Table:
        t = Table(rows, colWidths=widths, repeatRows=1)
        t.setStyle(
            TableStyle(
                [
                    ("FONTNAME", (0, 0), (-1, -1), font),
                    ("FONTNAME", (0, 0), (-1, 0), bold),
                    ("FONTSIZE", (0, 0), (-1, -1), 8.5),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EFF6FF")),
                    ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#CBD5E1")),
                ]
            )
        )
        return t

    generated = timezone.now().astimezone(VN).strftime("%d/%m/%Y %H:%M")
    # Organization, test and province names are the users' text, never markup (issue 16, item 7).
    story: list[Any] = [Paragraph(markup_text(_("Transactions dashboard")), styles["Title"])]
    if scope_name:
        story.append(Paragraph(markup_text(scope_name), styles["Heading2"]))
    filters = "; ".join(f"{label}: {value}" for label, value in _filters_text(q))
    story += [
        Paragraph(markup_text(filters), styles["Normal"]),
        Paragraph(
            markup_text(_("Generated at %(time)s (Vietnam time).") % {"time": generated}), styles["Normal"]
        ),
        Paragraph(markup_text(_("Only completed transactions count as revenue.")), styles["Normal"]),
        Spacer(1, 0.3 * cm),
        table(lines["kpis"], [width * 0.34, width * 0.24, width * 0.24, width * 0.18]),
        Spacer(1, 0.3 * cm),
        table(lines["not_counted"], [width * 0.5, width * 0.2, width * 0.3]),
        Spacer(1, 0.4 * cm),
        Paragraph(markup_text(_("Revenue over time (VND)")), styles["Heading2"]),
        _line_chart(data["revenue_over_time"]["points"], font, width=width, height=170, color=blue),
    ]
    sections = (
        ("by_addon", _("By add-on"), data["by_addon"]),
        ("by_grade", _("By grade"), data["by_grade"]),
        ("by_subject", _("By subject"), data["by_subject"]),
        ("by_province", _("By province/city (top 15)"), data["by_province"][:15]),
    )
    for key, title, rows in sections:
        labels = [lines[key][i + 1][0] for i in range(len(rows))]
        story += [
            Spacer(1, 0.3 * cm),
            Paragraph(markup_text(_("%(figure)s — revenue (VND)") % {"figure": title}), styles["Heading2"]),
            _bar_chart(
                labels,
                [r["revenue"] for r in rows],
                font,
                width=width,
                height=max(60, 16 * len(rows) + 30),
                color=blue,
            ),
            table(lines[key], [width * 0.5, width * 0.2, width * 0.3]),
        ]
        if key == "by_subject":
            story.append(
                Paragraph(
                    markup_text(_("A test of several subjects counts in each of them.")), styles["Italic"]
                )
            )
    if progress:
        total = len(story)

        def laid_out(kind: str, value: int) -> None:
            if kind == "PROGRESS" and total:
                progress(PDF_FIGURES_READ + (PDF_LAYOUT_END - PDF_FIGURES_READ) * value / total)

        doc.setProgressCallBack(laid_out)
    doc.build(story)
    return lines
