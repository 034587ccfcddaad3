"""The one PDF font (issue 17, item 6): Be Vietnam Pro from ``fontpkg-be-vietnam-pro``, registered
once by ``config.pdf``, never a silent Helvetica."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate

from config.pdf import markup_text, pdf_fonts

TITLE = "Đánh giá năng lực"


def _pdf(text: str) -> PdfReader:
    regular, _bold = pdf_fonts()
    buffer = io.BytesIO()
    style = ParagraphStyle("body", fontName=regular, fontSize=12)
    SimpleDocTemplate(buffer).build([Paragraph(f"<b>{markup_text(text)}</b> {markup_text(text)}", style)])
    return PdfReader(io.BytesIO(buffer.getvalue()))


def test_a_pdf_embeds_be_vietnam_pro_and_keeps_the_diacritics():
    page = _pdf(TITLE).pages[0]
    drawn: list[tuple[str, str]] = []  # (font, text) of every text run on the page

    def visit(text, _cm, _tm, font, _size):
        if text.strip():
            drawn.append((str(font["/BaseFont"]).split("+", 1)[-1], text.strip()))

    extracted = page.extract_text(visitor_text=visit)
    # reportlab subsets each face as "/ABCDEF+<PostScript name>"; <b> picks the bold face
    assert {font for font, _text in drawn} == {"BeVietnamPro-Regular", "BeVietnamPro-Bold"}
    assert extracted.split() == f"{TITLE} {TITLE}".split()


def test_the_font_names_are_the_registered_family():
    assert pdf_fonts() == ("BeVietnamPro", "BeVietnamPro-Bold")


def test_a_missing_font_is_an_error_not_helvetica(monkeypatch, tmp_path):
    import fontpkg_be_vietnam_pro
    import pytest
    from django.core.exceptions import ImproperlyConfigured

    from config.pdf import _register_fonts

    monkeypatch.setattr(fontpkg_be_vietnam_pro, "ROOT", tmp_path)
    with pytest.raises(ImproperlyConfigured, match="BeVietnamPro-Regular.ttf"):
        _register_fonts()
