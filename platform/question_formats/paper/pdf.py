"""One version of a paper test as a PDF (reportlab, Be Vietnam Pro from ``config.pdf``): a title
block with the version's code, the questions part by part (options in one, two or four columns
as their length allows), "— HẾT —", then the answer key as a table on a page of its own. Every
page carries "Mã đề NNN" in its header and its page number in the footer. Texts are in the
active language (the caller overrides it with the paper's language)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.pdf import markup_text, pdf_fonts
from question_formats.paper.markup import PdfContext, pdf_flowables
from question_formats.paper.versions import (
    PaperVersion,
    PrintedQuestion,
    option_label,
    stimulus_heads,
)

BODY_SIZE = 11
PDF_TYPE = "application/pdf"


@dataclass(frozen=True)
class PaperHeading:
    """What the title block shows: the organization, the test's name, its subjects, the time
    allowed (minutes, None when the test has none)."""

    organization: str
    test_name: str
    subjects: str
    duration_minutes: int | None


def code_label(code: int) -> str:
    """ "Mã đề 101" / "Version 101": the text on every page of a version."""
    return _("Version %(code)s") % {"code": code}


def key_text(question: PrintedQuestion) -> str:
    """The answer key's cell for ``question``: the letter(s), "Đúng"/"Sai", the accepted
    answer, a true/false set's statements ("a) Đ, b) S, c) Đ, d) S"; issue 39), or "Tự luận"
    (essay) / "—" (no key)."""
    key = question.key
    if isinstance(key, bool):
        return _("True") if key else _("False")
    if question.question.type == "true_false_set" and key:
        marks = {"T": pgettext("a statement's key", "T"), "F": pgettext("a statement's key", "F")}
        return ", ".join(f"{chr(ord('a') + i)}) {marks.get(mark, '—')}" for i, mark in enumerate(str(key)))
    if key:
        return str(key)
    return _("Essay") if question.question.type == "essay" else "—"


def stimulus_lead(first: int, last: int) -> str:
    """The line before a shared stimulus in a paper version (decision 0054)."""
    return _("Use the following for questions %(first)s–%(last)s.") % {"first": first, "last": last}


def answer_lines(question: PrintedQuestion) -> list[str]:
    """Where the candidate writes: one dotted line after a short-answer question, six after an
    essay, none after a choice or true/false question."""
    lines = {"short_text": 1, "numeric": 1, "essay": 6}.get(question.question.type, 0)
    if not lines:
        return []
    return [_("Answer: ") + "." * 110] + ["." * 130] * (lines - 1)


def _styles():
    from reportlab.lib.styles import ParagraphStyle

    font, bold = pdf_fonts()
    body = ParagraphStyle("body", fontName=font, fontSize=BODY_SIZE, leading=BODY_SIZE * 1.45, spaceAfter=2)
    return {
        "body": body,
        "option": ParagraphStyle("option", parent=body, leftIndent=14, spaceAfter=0),
        "cell": ParagraphStyle("cell", parent=body, spaceAfter=0),
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=13, leading=17, alignment=1),
        "center": ParagraphStyle("center", parent=body, alignment=1),
        "part": ParagraphStyle("part", parent=body, fontName=bold, spaceBefore=8, spaceAfter=4),
    }


def _options_block(question: PrintedQuestion, ctx: PdfContext, styles) -> list[Any]:
    """The options: four to a row when each fits a quarter of the line, two when each fits half,
    else one per line; an option with a picture or several paragraphs always alone."""
    from reportlab.platypus import Paragraph, Table, TableStyle

    option_ctx = PdfContext(styles["cell"], ctx.width, ctx.formulas, ctx.pictures)
    blocks = [
        pdf_flowables(html, option_ctx, lead=f"<b>{option_label(question.question.type, i)}</b>")
        for i, (_id, html) in enumerate(question.options)
    ]
    if not blocks:
        return []

    def fits(columns: int) -> bool:
        width = ctx.width / columns - 6
        for flowables in blocks:
            if len(flowables) != 1 or not isinstance(flowables[0], Paragraph):
                return False
            flowables[0].wrap(width, 1000)
            if len(flowables[0].blPara.lines) > 1:
                return False
        return True

    columns = next((n for n in (4, 2) if len(blocks) >= n and fits(n)), 1)
    rows: list[list[Any]] = [blocks[i : i + columns] for i in range(0, len(blocks), columns)]
    rows = [row + [""] * (columns - len(row)) for row in rows]
    table = Table(rows, colWidths=[(ctx.width - 14) / columns] * columns, hAlign="RIGHT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return [table]


def key_rows(version: PaperVersion) -> list[list[str]]:
    """The answer key table of ``version``: a header row, then five (question, key) pairs a row
    (``["Câu", "Đáp án", "Câu", "Đáp án", ...]``), the last row padded with ""."""
    pairs = [(str(q.number), key_text(q)) for q in version.questions]
    per_row = 5
    rows = [[pgettext("answer key", "Question"), _("Key")] * per_row]
    for start in range(0, len(pairs), per_row):
        chunk = pairs[start : start + per_row]
        chunk += [("", "")] * (per_row - len(chunk))
        rows.append([cell for pair in chunk for cell in pair])
    return rows


def write_version_pdf(
    version: PaperVersion, out: IO[bytes], *, heading: PaperHeading, formulas, pictures
) -> None:
    """Write ``version`` to ``out`` (see the module's docstring). ``formulas`` is a
    ``formulas.FormulaRenderer`` at ``BODY_SIZE`` points, ``pictures`` a ``markup.Pictures``."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
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

    font, bold = pdf_fonts()
    styles = _styles()
    margin = 1.8 * cm
    width = A4[0] - 2 * margin
    ctx = PdfContext(styles["body"], width, formulas, pictures)
    label = code_label(version.code)

    def on_page(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(font, 9)
        canvas.setFillColor(colors.HexColor("#334155"))
        canvas.drawString(margin, A4[1] - 1.1 * cm, heading.test_name[:90])
        canvas.setFont(bold, 10)
        canvas.drawRightString(A4[0] - margin, A4[1] - 1.1 * cm, label)
        canvas.setStrokeColor(colors.HexColor("#94A3B8"))
        canvas.line(margin, A4[1] - 1.25 * cm, A4[0] - margin, A4[1] - 1.25 * cm)
        canvas.setFont(font, 9)
        page = _("Page %(number)s") % {"number": doc.page}
        canvas.drawCentredString(A4[0] / 2, 1.0 * cm, f"{label} — {page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=f"{heading.test_name} — {label}",
        leftMargin=margin,
        rightMargin=margin,
        topMargin=1.7 * cm,
        bottomMargin=1.6 * cm,
    )
    left = [Paragraph(f"<b>{markup_text(heading.organization)}</b>", styles["center"])]
    right = [Paragraph(markup_text(heading.test_name), styles["title"])]
    if heading.subjects:
        right.append(
            Paragraph(markup_text(_("Subject: %(names)s") % {"names": heading.subjects}), styles["center"])
        )
    if heading.duration_minutes:
        right.append(
            Paragraph(
                markup_text(_("Time allowed: %(minutes)s minutes") % {"minutes": heading.duration_minutes}),
                styles["center"],
            )
        )
    count = len(version.questions)
    left.append(Paragraph(markup_text(_("(%(count)s questions)") % {"count": count}), styles["center"]))
    top = Table([[left, right]], colWidths=[width * 0.38, width * 0.62])
    top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    candidate = Table(
        [
            [
                Paragraph(markup_text(_("Full name: ") + "." * 60), styles["body"]),
                Paragraph(f"<b>{markup_text(label)}</b>", styles["center"]),
            ],
            [Paragraph(markup_text(_("Candidate number: ") + "." * 30), styles["body"]), ""],
        ],
        colWidths=[width * 0.72, width * 0.28],
    )
    candidate.setStyle(
        TableStyle(
            [
                ("BOX", (1, 0), (1, 1), 1, colors.black),
                ("SPAN", (1, 0), (1, 1)),
                ("VALIGN", (1, 0), (1, 1), "MIDDLE"),
            ]
        )
    )
    story: list[Any] = [top, Spacer(1, 0.3 * cm), candidate, Spacer(1, 0.4 * cm)]
    for title, questions in version.parts:
        if title:
            story.append(Paragraph(markup_text(title), styles["part"]))
        heads = stimulus_heads(questions)
        for q in questions:
            if q.number in heads:  # the shared stimulus, once before its questions
                lead = f"<i>{markup_text(stimulus_lead(*heads[q.number]))}</i>"
                story.append(
                    KeepTogether(pdf_flowables(q.question.stimulus, ctx, lead=lead) + [Spacer(1, 4)])
                )
            number = _("Question %(number)s.") % {"number": q.number}
            lead = f"<b>{markup_text(number)}</b>"
            block = pdf_flowables(q.question.stem, ctx, lead=lead) + _options_block(q, ctx, styles)
            block += [Paragraph(markup_text(line), styles["option"]) for line in answer_lines(q)]
            story.append(KeepTogether(block + [Spacer(1, 4)]))
    the_end = _("— THE END —")
    story += [Spacer(1, 0.4 * cm), Paragraph(f"<b>{markup_text(the_end)}</b>", styles["center"])]
    story += [
        PageBreak(),
        Paragraph(markup_text(_("Answer key — %(label)s") % {"label": label}), styles["title"]),
    ]
    rows = key_rows(version)
    keys = Table(rows, colWidths=[width / len(rows[0])] * len(rows[0]), repeatRows=1)
    keys.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), font),
                ("FONTNAME", (0, 0), (-1, 0), bold),
                ("FONTSIZE", (0, 0), (-1, -1), 10),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#475569")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EFF6FF")),
            ]
        )
    )
    story += [Spacer(1, 0.3 * cm), keys]
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
