"""One version of a paper test as a .docx: the same content as its PDF (without the answer
key, which the PDF and the .xlsx carry), written as HTML and converted by pandoc
(``pypandoc-binary`` ships it): its ``tex_math_dollars`` reading turns each ``$...$`` into a real
Word equation (OMML, ``m:oMath``) that the teacher can edit. Styles come from a reference .docx
made from pandoc's own (Times New Roman 12 pt, as Vietnamese exam papers are set; A4 with 2 cm
margins); "Mã đề NNN" is set in the page header (python-docx), so it is on every page."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _

from question_formats.paper.markup import Pictures, docx_html
from question_formats.paper.pdf import PaperHeading, answer_lines, code_label, stimulus_lead
from question_formats.paper.versions import PaperVersion, option_label, stimulus_heads

DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
FONT = "Times New Roman"


def reference_docx(directory: Path) -> Path:
    """pandoc's default reference .docx with the paper's fonts and page, written once into
    ``directory``; returns its path. (Only its styles and page are used, not its text.)"""
    import pypandoc
    from docx import Document
    from docx.shared import Cm, Pt

    path = directory / "reference.docx"
    if path.exists():
        return path
    # A document pandoc writes carries its whole default stylesheet: pandoc's way to start a
    # reference .docx besides --print-default-data-file.
    pypandoc.convert_text(".", "docx", format="markdown", outputfile=str(path))
    document = Document(str(path))
    for style in document.styles:
        font = getattr(style, "font", None)
        if font is None:
            continue
        font.name = FONT
        rpr = style.element.get_or_add_rPr()
        fonts = rpr.get_or_add_rFonts()
        for attribute in ("w:ascii", "w:hAnsi", "w:cs", "w:eastAsia"):
            fonts.set(_qn(attribute), FONT)
        for attribute in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
            fonts.attrib.pop(_qn(attribute), None)  # a theme font would win over FONT (headings)
        if style.name in ("Normal", "Body Text", "First Paragraph", "Compact"):
            font.size = Pt(12)
    for section in document.sections:
        section.page_width, section.page_height = Cm(21), Cm(29.7)
        section.left_margin = section.right_margin = Cm(2)
        section.top_margin = section.bottom_margin = Cm(2)
    document.save(str(path))
    return path


def _qn(tag: str) -> str:
    from docx.oxml.ns import qn

    return qn(tag)


def version_html(version: PaperVersion, *, heading: PaperHeading, pictures: Pictures) -> str:
    """The HTML pandoc converts: title block, parts, questions and options, "— HẾT —"."""
    label = code_label(version.code)
    out = [f"<p><strong>{escape(heading.organization)}</strong></p>", f"<h1>{escape(heading.test_name)}</h1>"]
    facts = [label]
    if heading.subjects:
        facts.append(_("Subject: %(names)s") % {"names": heading.subjects})
    if heading.duration_minutes:
        facts.append(_("Time allowed: %(minutes)s minutes") % {"minutes": heading.duration_minutes})
    out.append(f"<p>{escape(' — '.join(facts))}</p>")
    name, number = _("Full name: "), _("Candidate number: ")
    out.append(f"<p>{escape(name + '.' * 50)} {escape(number + '.' * 20)}</p>")
    for title, questions in version.parts:
        if title:
            out.append(f"<h2>{escape(title)}</h2>")
        heads = stimulus_heads(questions)
        for q in questions:
            if q.number in heads:  # the shared stimulus, once before its questions (decision 0054)
                out.append(f"<p><em>{escape(stimulus_lead(*heads[q.number]))}</em></p>")
                out.append(docx_html(q.question.stimulus, pictures))
            out.append(
                docx_html(q.question.stem, pictures, lead=_("Question %(number)s.") % {"number": q.number})
            )
            for i, (_id, html) in enumerate(q.options):
                out.append(docx_html(html, pictures, lead=option_label(q.question.type, i)))
            out += [f"<p>{escape(line)}</p>" for line in answer_lines(q)]
    the_end = _("— THE END —")
    out.append(f"<p><strong>{escape(the_end)}</strong></p>")
    return "\n".join(out)


def write_version_docx(
    version: PaperVersion, path: Path, *, heading: PaperHeading, pictures: Pictures, reference: Path
) -> None:
    """Write ``version`` as a .docx at ``path`` (see the module's docstring)."""
    import pypandoc
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    html = version_html(version, heading=heading, pictures=pictures)
    pypandoc.convert_text(
        html,
        "docx",
        format="html+tex_math_dollars",
        outputfile=str(path),
        extra_args=[f"--reference-doc={reference}", f"--resource-path={pictures.directory}"],
    )
    document = Document(str(path))
    label = code_label(version.code)
    for section in document.sections:
        section.header.is_linked_to_previous = False
        paragraph = section.header.paragraphs[0]
        paragraph.text = f"{heading.test_name} — {label}"
        paragraph.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.save(str(path))
