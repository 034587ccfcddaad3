"""The dashboard PDF of the market analytics (issue 10, item 3): the KPI cards with their
change, what is not counted as revenue, revenue over time, and the breakdowns by add-on, grade,
subject and province, with charts (reportlab, Be Vietnam Pro (config.pdf) for Vietnamese), in the active
language (a background export runs under ``config.i18n.in_language(job.language)``).

Amounts, counts and changes in the reader's number format (``analytics.exports.format_*``),
the period and the time it was made in the reader's date format, Vietnam time
(``config.dates``: "Generated at 08:00 28/11/2026" in vi, "28 Nov 2026, 08:00" in en; issue 17
item 1). File name ``transactions-dashboard.pdf`` (spec section 7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

from django.utils.translation import gettext as _

from analytics.exports import filters_text, format_change, format_number, format_vnd
from analytics.filters import MarketQuery
from analytics.selectors import figures
from config import dates

PDF_TYPE = "application/pdf"
DASHBOARD_FILE_NAME = "transactions-dashboard.pdf"

Fraction = Callable[[float], None]
# The dashboard PDF's progress: reading the figures (one SQL pass) is most of the work; the
# document is then laid out flowable by flowable (the rest, up to PDF_LAYOUT_END).
PDF_FIGURES_READ = 0.6
PDF_LAYOUT_END = 0.95


def dashboard_data(q: MarketQuery) -> dict[str, Any]:
    """The figures of the PDF: ``selectors.figures.analytics(q, "dashboard")`` (one SQL pass)."""
    return figures.analytics(q, "dashboard")


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
        fmt = format_vnd if money else format_number
        card = s[key]
        kpis.append(
            [
                label,
                fmt(card["value"]),
                fmt(card["previous"]) if card["previous"] is not None else "—",
                format_change(card["change"]),
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
        not_counted.append(
            [label, format_number(pending[key]["purchases"]), format_vnd(pending[key]["amount"])]
        )
    addon = [[_("Add-on"), _("Purchases"), _("Revenue")]] + [
        [r["name"], format_number(r["purchases"]), format_vnd(r["revenue"])] for r in data["by_addon"]
    ]
    grade = [[_("Grade"), _("Purchases"), _("Revenue")]] + [
        [
            str(r["grade"]) if r["grade"] is not None else "—",
            format_number(r["purchases"]),
            format_vnd(r["revenue"]),
        ]
        for r in data["by_grade"]
    ]
    subject = [[_("Subject"), _("Purchases"), _("Revenue")]] + [
        [r["name"], format_number(r["purchases"]), format_vnd(r["revenue"])] for r in data["by_subject"]
    ]
    province = [[_("Province/city"), _("Purchases"), _("Revenue")]] + [
        [r["name"], format_number(r["purchases"]), format_vnd(r["revenue"])] for r in data["by_province"][:15]
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
    chart.valueAxis.labelTextFormat = lambda v: format_number(v)
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
        dates.format_short_day(p["period"]) if i % step == 0 else "" for i, p in enumerate(points)
    ] or [""]
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labelTextFormat = lambda v: format_number(v)
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

    generated = dates.format_datetime(dates.now())
    # Organization, test and province names are the users' text, never markup (issue 16, item 7).
    story: list[Any] = [Paragraph(markup_text(_("Transactions dashboard")), styles["Title"])]
    if scope_name:
        story.append(Paragraph(markup_text(scope_name), styles["Heading2"]))
    filters = "; ".join(f"{label}: {value}" for label, value in filters_text(q))
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
