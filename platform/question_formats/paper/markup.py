"""A question's HTML (the bank's sanitized subset, ``assessments.services.questions.ALLOWED_TAGS``)
laid out for the two paper outputs:

- ``pdf_flowables``: reportlab flowables. Inline tags become ReportLab's paragraph markup (``b``,
  ``i``, ``u``, ``strike``, ``sub``, ``super``), every text escaped (``config.pdf.markup_text``),
  each ``$...$`` formula an inline picture (``formulas.FormulaRenderer``); paragraphs, list items,
  quotes and preformatted text become paragraphs, tables ``Table``s, pictures ``Image``s.
- ``docx_html``: the HTML pandoc reads for the .docx, with the pictures pointing at local PNG
  copies and a lead ("Câu 1.", "A.") put into the first paragraph; pandoc's
  ``tex_math_dollars`` turns each ``$...$`` into a Word equation.

Pictures are only the bank's own (``question-images/...`` in storage, the ``src`` rule of
``assessments.services.questions.IMG_SRC``), read through the storage and converted once to PNG
(Word reads no WebP). Anything else in ``src`` is dropped, as the bank's sanitizer drops it.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import html as lxml_html

from assessments.services.questions import IMG_SRC
from config.pdf import markup_text
from question_formats.paper.formulas import FORMULA, FormulaRenderer

INLINE = {"b": "b", "strong": "b", "i": "i", "em": "i", "u": "u", "s": "strike", "sub": "sub", "sup": "super"}
BLOCKS = {"p", "ul", "ol", "li", "pre", "blockquote", "table", "thead", "tbody", "tr", "td", "th"}
PX_TO_PT = 0.75  # a CSS pixel is 1/96 inch, a point 1/72


def _fragment(html: str):
    return lxml_html.fragment_fromstring(html or "", create_parent="div")


class Pictures:
    """The bank's pictures as PNG files in ``directory``, each read once: ``path(src)`` for an
    ``<img src>`` (None for a source that is not the bank's or a file that is missing)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._done: dict[str, tuple[Path, int, int] | None] = {}

    def get(self, src: str) -> tuple[Path, int, int] | None:
        """``(png path, width px, height px)`` of ``src``, or None."""
        if src not in self._done:
            self._done[src] = self._load(src)
        return self._done[src]

    def _load(self, src: str) -> tuple[Path, int, int] | None:
        from django.core.files.storage import default_storage
        from PIL import Image, UnidentifiedImageError

        if not IMG_SRC.match(src or ""):
            return None
        name = src[src.index("question-images/") :]
        if ".." in name.split("/"):
            return None
        try:
            with default_storage.open(name, "rb") as handle:
                image = Image.open(io.BytesIO(handle.read()))
                image.load()
        except (OSError, UnidentifiedImageError):
            return None
        path = self.directory / (hashlib.sha256(name.encode()).hexdigest()[:24] + ".png")
        image.save(path, format="PNG")
        return path, image.width, image.height


@dataclass
class PdfContext:
    """What ``pdf_flowables`` needs: the paragraph style, the width a block may take (points),
    the formulas and the pictures."""

    style: Any
    width: float
    formulas: FormulaRenderer
    pictures: Pictures
    max_picture_height: float = 200.0


def _text_markup(text: str | None, ctx: PdfContext) -> str:
    """``text`` as escaped ReportLab markup with each formula as an inline picture whose
    baseline sits on the line's (``valign`` = minus its depth)."""
    if not text:
        return ""
    parts = FORMULA.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(markup_text(part))
            continue
        formula = ctx.formulas.render(part)
        if formula is None:
            out.append(markup_text(f"${part}$"))
        else:
            out.append(
                f'<img src="{formula.path}" width="{formula.width:.2f}" '
                f'height="{formula.height:.2f}" valign="{-formula.depth:.2f}"/>'
            )
    return "".join(out)


def _picture(path: Path, width: int, height: int, ctx: PdfContext):
    from reportlab.platypus import Image

    w, h = width * PX_TO_PT, height * PX_TO_PT
    scale = min(1.0, ctx.width / w, ctx.max_picture_height / h)
    image = Image(str(path), width=w * scale, height=h * scale)
    image.hAlign = "LEFT"
    return image


class _PdfBuilder:
    def __init__(self, ctx: PdfContext, lead: str) -> None:
        self.ctx, self.lead = ctx, lead
        self.flowables: list[Any] = []
        self.buffer: list[str] = []

    def flush(self, style=None, *, bullet: str = "", final: bool = False) -> None:
        from reportlab.platypus import Paragraph

        text = "".join(self.buffer).strip()
        self.buffer = []
        if not text and not bullet and (not self.lead or not final):
            return  # the lead waits for the first paragraph with text
        if self.lead:
            text, self.lead = f"{self.lead} {text}".strip(), ""
        self.flowables.append(Paragraph(bullet + text, style or self.ctx.style))

    def inline(self, element) -> None:
        """Append ``element`` (an inline element: its children inline too) to the buffer;
        pictures break the paragraph."""
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag == "br":
            self.buffer.append("<br/>")
        elif tag == "img":
            found = self.ctx.pictures.get(element.get("src", ""))
            if found:
                self.flush(final=True)
                self.flowables.append(_picture(*found, self.ctx))
        else:
            wrap = INLINE.get(tag)
            self.buffer.append(f"<{wrap}>" if wrap else "")
            self.buffer.append(_text_markup(element.text, self.ctx))
            for child in element:
                self.walk(child, inline=True)
            self.buffer.append(f"</{wrap}>" if wrap else "")
        self.buffer.append(_text_markup(element.tail, self.ctx))

    def walk(self, element, *, inline: bool = False) -> None:
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag not in BLOCKS:
            self.inline(element)
            return
        self.flush()
        if tag in ("ul", "ol"):
            for index, item in enumerate(element.iterfind("li"), start=1):
                self.buffer.append(_text_markup(item.text, self.ctx))
                for child in item:
                    self.walk(child, inline=True)
                self.flush(self._indented(), bullet=("• " if tag == "ul" else f"{index}. "))
        elif tag == "table":
            self.flowables.append(self._table(element))
        else:
            self.buffer.append(_text_markup(element.text, self.ctx))
            for child in element:
                self.walk(child, inline=True)
            self.flush(self._indented() if tag == "blockquote" else None)
        self.buffer.append(_text_markup(element.tail, self.ctx))

    def _indented(self):
        from reportlab.lib.styles import ParagraphStyle

        return ParagraphStyle("indented", parent=self.ctx.style, leftIndent=self.ctx.style.leftIndent + 14)

    def _table(self, element):
        from reportlab.lib import colors
        from reportlab.platypus import Table, TableStyle

        rows = []
        for tr in element.iter("tr"):
            cells = []
            for cell in tr:
                if not isinstance(cell.tag, str) or cell.tag not in ("td", "th"):
                    continue
                builder = _PdfBuilder(self.ctx, "")
                builder.buffer.append(_text_markup(cell.text, self.ctx))
                for child in cell:
                    builder.walk(child, inline=True)
                builder.flush()
                cells.append(builder.flowables or "")
            rows.append(cells)
        width = max((len(r) for r in rows), default=1) or 1
        rows = [r + [""] * (width - len(r)) for r in rows] or [[""]]
        table = Table(rows, colWidths=[self.ctx.width / width] * width, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#475569")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return table


def pdf_flowables(html: str, ctx: PdfContext, *, lead: str = "") -> list[Any]:
    """The flowables of a question text ``html``; ``lead`` (ReportLab markup, e.g.
    ``<b>Câu 1.</b>``) opens its first paragraph."""
    builder = _PdfBuilder(ctx, lead)
    root = _fragment(html)
    builder.buffer.append(_text_markup(root.text, ctx))
    for child in root:
        builder.walk(child)
    builder.flush(final=True)
    return builder.flowables


def docx_html(html: str, pictures: Pictures, *, lead: str = "") -> str:
    """``html`` as pandoc reads it for the .docx: pictures as PNG file names in ``pictures``'s
    directory (others dropped),
    the loose text before the first block in a paragraph, ``lead`` (plain text, set in bold)
    opening the first paragraph. Texts keep their ``$...$``."""
    root = _fragment(html)
    for img in list(root.iter("img")):
        found = pictures.get(img.get("src", ""))
        if found is None:
            img.drop_tree()
            continue
        path, width, height = found
        img.set("src", path.name)  # found through pandoc's --resource-path: no server path in the file
        scale = min(1.0, 600 / width) if width else 1.0
        img.set("width", str(round(width * scale)))
        img.set("height", str(round(height * scale)))
    first = root[0] if len(root) else None
    if root.text and root.text.strip() or first is None or first.tag not in BLOCKS:
        paragraph = lxml_html.Element("p")
        paragraph.text, root.text = root.text, None
        for child in list(root):
            if child.tag in BLOCKS:
                break
            paragraph.append(child)
        root.insert(0, paragraph)
        first = paragraph
    if lead:
        if first.tag != "p":
            first = lxml_html.Element("p")
            root.insert(0, first)
        strong = lxml_html.Element("strong")
        strong.text, strong.tail, first.text = lead, f" {first.text or ''}", None
        first.insert(0, strong)
    return "".join(lxml_html.tostring(child, encoding="unicode") for child in root)
