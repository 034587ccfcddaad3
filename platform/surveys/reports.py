"""The full career-orientation report as a PDF (issue 8, item 4; unlocked by the survey-report
add-on). Built on request with reportlab in the reader's language, with Be Vietnam Pro (config.pdf) for the
Vietnamese letters: the Holland code, the six scores on a RIASEC hexagon and in a table, the
profile indices, the three leading groups in depth (description, traits, careers, fields of
study, admission subject combinations, tips), the other three in brief, and the answer sheet."""

from __future__ import annotations

import io
import math
from typing import Any

from django.utils.translation import gettext as _

from config.dates import format_date
from config.i18n import format_number
from config.pdf import markup_text, pdf_fonts
from surveys import content
from surveys.models import RIASEC, Submission

HEX_COLOURS = {
    "R": "#dc2626",
    "I": "#2563eb",
    "A": "#9333ea",
    "S": "#16a34a",
    "E": "#ea580c",
    "C": "#0891b2",
}


def _hexagon(scores: dict[str, float], names: dict[str, str], font: str):
    """A reportlab Drawing: the R-I-A-S-E-C hexagon with rings at 25/50/75/100 and the
    learner's normalized scores as a filled polygon."""
    from reportlab.graphics.shapes import Circle, Drawing, Line, Polygon, String
    from reportlab.lib import colors

    size, radius = 300, 105
    cx = cy = size / 2
    drawing = Drawing(size, size)

    def point(index: int, value: float) -> tuple[float, float]:
        angle = math.radians(90 - index * 60)
        return cx + math.cos(angle) * radius * value / 100, cy + math.sin(angle) * radius * value / 100

    for ring in (25, 50, 75, 100):
        pts = [c for i in range(6) for c in point(i, ring)]
        drawing.add(Polygon(pts, strokeColor=colors.HexColor("#cbd5e1"), fillColor=None, strokeWidth=0.6))
    for i in range(6):
        x, y = point(i, 100)
        drawing.add(Line(cx, cy, x, y, strokeColor=colors.HexColor("#cbd5e1"), strokeWidth=0.6))
    pts = [c for i, code in enumerate(RIASEC) for c in point(i, max(scores.get(code, 0), 2))]
    drawing.add(
        Polygon(
            pts,
            strokeColor=colors.HexColor("#1d4ed8"),
            fillColor=colors.Color(0.11, 0.31, 0.85, alpha=0.25),
            strokeWidth=1.5,
        )
    )
    for i, code in enumerate(RIASEC):
        x, y = point(i, max(scores.get(code, 0), 2))
        drawing.add(Circle(x, y, 3, fillColor=colors.HexColor(HEX_COLOURS[code]), strokeColor=None))
        lx, ly = point(i, 128)
        label = f"{code} · {format_number(scores.get(code, 0))}"
        drawing.add(String(lx, ly - 4, label, fontName=font, fontSize=10, textAnchor="middle"))
        sx, sy = point(i, 128)
        drawing.add(
            String(
                sx,
                sy - 15,
                names.get(code, code).split(" (")[0][:28],
                fontName=font,
                fontSize=8,
                textAnchor="middle",
                fillColor=colors.HexColor("#475569"),
            )
        )
    return drawing


def _differentiation_text(value: float) -> str:
    if value >= 40:
        return _("Clear: your interests point strongly in a few directions.")
    if value >= 20:
        return _("Moderate: you have leading interests and some secondary ones.")
    return _("Flat: your interests are spread evenly; try more activities to discover what suits you best.")


def _consistency_text(value: str) -> str:
    return {
        "high": _("High: your two leading groups are neighbours on the hexagon and fit together easily."),
        "medium": _("Medium: your two leading groups share some common ground."),
        "low": _("Low: your two leading groups are opposite; look for careers that combine both sides."),
    }[value]


def report_pdf(*, submission: Submission, organization_name: str) -> bytes:
    """The report of a completed ``submission`` as an A4 PDF in the active language. The day of
    completion is its Vietnam day for the reader (``config.dates.format_date``: "28/11/2026" /
    "28 Nov 2026", issue 17 item 1). Every text put into a paragraph is escaped with
    ``config.pdf.markup_text`` (issue 16, item 7)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import (
        KeepTogether,
        PageBreak,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    from surveys.selectors import suitable_groups

    regular, bold = pdf_fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = regular
    for name in ("Title", "Heading1", "Heading2", "Heading3"):
        styles[name].fontName = bold
    small = ParagraphStyle(
        "small", parent=styles["BodyText"], fontSize=8, leading=10, textColor=colors.HexColor("#475569")
    )
    body = styles["BodyText"]
    survey = submission.survey
    scores: dict[str, Any] = submission.scores
    names = content.group_names(survey.groups)
    normalized = {g["code"]: g["normalized"] for g in scores["groups"]}
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        title=_("Career orientation report"),
        author=organization_name,
        leftMargin=2 * cm,
        rightMargin=2 * cm,
        topMargin=1.8 * cm,
        bottomMargin=1.8 * cm,
    )
    completed = format_date(submission.completed_at)  # the Vietnam day, for the reader
    story: list[Any] = [
        Paragraph(markup_text(_("Career orientation report")), styles["Title"]),
        Paragraph(
            markup_text(f"{submission.learner_name} · {organization_name} · {completed}"), styles["Heading3"]
        ),
        Paragraph(markup_text(survey.shown_name), body),
        Spacer(1, 0.3 * cm),
        Paragraph(
            markup_text(_("Your Holland code: %(code)s") % {"code": scores["holland_code"]}),
            styles["Heading1"],
        ),
        Paragraph(
            markup_text(" – ".join(f"{code} {names.get(code, code)}" for code in scores["ranking"][:3])),
            styles["Heading3"],
        ),
    ]
    table_rows = [[_("Group"), _("Raw score"), _("Normalized (0-100)"), _("Rank")]]
    for g in scores["groups"]:
        table_rows.append(
            [
                f"{g['code']} · {names.get(g['code'], g['code'])}",
                f"{g['raw']} / {g['max']}",
                format_number(g["normalized"]),
                str(g["rank"]),
            ]
        )
    table = Table(table_rows, colWidths=[6.5 * cm, 3 * cm, 4 * cm, 2 * cm])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), regular),
                ("FONTNAME", (0, 0), (-1, 0), bold),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#94a3b8")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e0e7ff")),
            ]
        )
    )
    story += [
        _hexagon(normalized, names, regular),
        Paragraph(
            markup_text(_("The hexagon shows your normalized score (0-100) in each of the six groups.")),
            small,
        ),
        Spacer(1, 0.2 * cm),
        table,
        Spacer(1, 0.3 * cm),
        Paragraph(markup_text(_("Profile")), styles["Heading2"]),
        Paragraph(
            markup_text(
                _("Differentiation %(value)s: %(text)s")
                % {
                    "value": format_number(scores["differentiation"]),
                    "text": _differentiation_text(scores["differentiation"]),
                }
            ),
            body,
        ),
        Paragraph(
            markup_text(_("Consistency: %(text)s") % {"text": _consistency_text(scores["consistency"])}), body
        ),
    ]
    if scores.get("tie_broken"):
        from surveys.selectors import tie_rule

        story.append(Paragraph(markup_text(tie_rule()), small))
    story.append(PageBreak())
    story.append(Paragraph(markup_text(_("Your three leading groups")), styles["Heading1"]))
    for group in suitable_groups(submission, full=True):
        block = [
            Paragraph(
                markup_text(
                    f"{group['rank']}. {group['code']} · {group['name']} – {group['nickname']}"
                    f" ({format_number(group['normalized'])})"
                ),
                styles["Heading2"],
            ),
            Paragraph(markup_text(group["description"]), body),
        ]
        for title, key in (
            (_("Traits"), "traits"),
            (_("Suitable careers"), "careers"),
            (_("University fields of study"), "fields"),
            (_("Usual admission subject combinations"), "combinations"),
        ):
            if group[key]:
                block.append(
                    Paragraph(f"<b>{markup_text(title)}:</b> {markup_text(', '.join(group[key]))}", body)
                )
        if group["tips"]:
            block.append(
                Paragraph(f"<b>{markup_text(_('What to try next'))}:</b> {markup_text(group['tips'])}", body)
            )
        block.append(Spacer(1, 0.3 * cm))
        story.append(KeepTogether(block))
    story.append(Paragraph(markup_text(_("The other groups")), styles["Heading2"]))
    groups = {g["code"]: g for g in survey.groups}
    for code in scores["ranking"][3:]:
        group = groups.get(code, {})
        story.append(
            Paragraph(
                f"<b>{markup_text(code)} · {markup_text(names.get(code, code))}"
                f" ({format_number(normalized.get(code, 0))}):</b> "
                f"{markup_text(content.pick(group.get('description')))}",
                body,
            )
        )
    story.append(PageBreak())
    story.append(Paragraph(markup_text(_("Your answers")), styles["Heading1"]))
    labels = {p["value"]: content.pick(p["label"]) for p in survey.scale}
    answers = dict(submission.answers.values_list("statement_id", "value"))
    order = {sid: i for i, sid in enumerate(submission.order)}
    statements = sorted(survey.statements.all(), key=lambda s: order.get(s.pk, 10_000 + s.position))
    sheet = [[_("No."), _("Group"), _("Statement"), _("Answer")]]
    for index, statement in enumerate(statements, start=1):
        value = answers.get(statement.pk)
        sheet.append(
            [
                str(index),
                statement.group,
                Paragraph(markup_text(content.pick(statement.text)), small),
                Paragraph(markup_text(f"{value} · {labels.get(value, '')}" if value else "—"), small),
            ]
        )
    answer_table = Table(sheet, colWidths=[1 * cm, 1.4 * cm, 10.6 * cm, 4 * cm], repeatRows=1)
    answer_table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), regular),
                ("FONTNAME", (0, 0), (-1, 0), bold),
                ("FONTSIZE", (0, 0), (-1, -1), 8),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#cbd5e1")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e0e7ff")),
            ]
        )
    )
    story += [
        answer_table,
        Spacer(1, 0.4 * cm),
        Paragraph(
            markup_text(
                _(
                    "This report describes interests, not abilities: use it to explore careers with your "
                    "family, teachers and school counsellor, not as a final decision."
                )
            ),
            small,
        ),
    ]
    doc.build(story)
    return buf.getvalue()
