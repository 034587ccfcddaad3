"""What every PDF of the product shares (reportlab; issue 16, item 7).

ReportLab's ``Paragraph`` reads its text as markup (``<b>``, ``<img src=...>``, ``<link>``,
entities): a name holding ``<`` broke the whole document, and ``<img src="/etc/passwd">`` made
reportlab open a local file. Every value put into a ``Paragraph`` (names, descriptions, filters,
and the translated sentences they are put into) goes through ``markup_text``; only the tags the
code writes itself (``<b>...</b>``) stay markup. Strings drawn by tables and charts are not
markup and need no escaping.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

_QUOTES = {'"': "&quot;", "'": "&#39;"}


def markup_text(value: Any) -> str:
    """``value`` as text inside ReportLab paragraph markup: ``str(value)`` with ``&``, ``<``,
    ``>`` and both quotes as entities, so it is drawn as written and never read as a tag or an
    entity. None becomes ""."""
    return "" if value is None else escape(str(value), _QUOTES)


FONT, FONT_BOLD = "BeVietnamPro", "BeVietnamPro-Bold"


def _register_fonts() -> None:
    """Register Be Vietnam Pro (PyPI ``fontpkg-be-vietnam-pro``, ARCHITECTURE.md: reportlab's
    built-in fonts cannot draw Vietnamese diacritics) as the family ``FONT``, so that ``<b>`` in
    markup picks the bold face. Called once, when this module is imported. No fallback (issue 17,
    item 6): a missing font file raises ``ImproperlyConfigured`` at startup instead of a PDF
    silently drawn in Helvetica without diacritics."""
    from django.core.exceptions import ImproperlyConfigured
    from fontpkg_be_vietnam_pro import ROOT
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    regular, bold = ROOT / "files" / "BeVietnamPro-Regular.ttf", ROOT / "files" / "BeVietnamPro-Bold.ttf"
    for path in (regular, bold):
        if not path.is_file():
            raise ImproperlyConfigured(f"PDF font missing: {path} (reinstall fontpkg-be-vietnam-pro)")
    pdfmetrics.registerFont(TTFont(FONT, str(regular)))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


_register_fonts()


def pdf_fonts() -> tuple[str, str]:
    """(regular, bold) font names for every PDF of the product: ``(FONT, FONT_BOLD)``, Be Vietnam
    Pro, registered once when ``config.pdf`` is imported (``_register_fonts``)."""
    return FONT, FONT_BOLD
