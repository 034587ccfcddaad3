"""What every PDF of the product shares (reportlab; issue 16, item 7).

ReportLab's ``Paragraph`` reads its text as markup (``<b>``, ``<img src=...>``, ``<link>``,
entities): a name holding ``<`` broke the whole document, and ``<img src="/etc/passwd">`` made
reportlab open a local file. Every value put into a ``Paragraph`` (names, descriptions, filters,
and the translated sentences they are put into) goes through ``markup_text``; only the tags the
code writes itself (``<b>...</b>``) stay markup. Strings drawn by tables and charts are not
markup and need no escaping.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

_QUOTES = {'"': "&quot;", "'": "&#39;"}


def markup_text(value: Any) -> str:
    """``value`` as text inside ReportLab paragraph markup: ``str(value)`` with ``&``, ``<``,
    ``>`` and both quotes as entities, so it is drawn as written and never read as a tag or an
    entity. None becomes ""."""
    return "" if value is None else escape(str(value), _QUOTES)


DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")  # Debian fonts-dejavu-core (ops/lib.sh)
_FONTS: tuple[str, str] | None = None


def pdf_fonts() -> tuple[str, str]:
    """(regular, bold) font names for every PDF: DejaVu Sans, which has the Vietnamese letters,
    registered once as the family ``PlatformFont`` (so ``<b>`` in markup picks the bold face);
    Helvetica when the system font is missing (no Vietnamese diacritics: a degraded last resort)."""
    global _FONTS
    if _FONTS is not None:
        return _FONTS
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    regular, bold = DEJAVU_DIR / "DejaVuSans.ttf", DEJAVU_DIR / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        pdfmetrics.registerFont(TTFont("PlatformFont", str(regular)))
        pdfmetrics.registerFont(TTFont("PlatformFont-Bold", str(bold)))
        pdfmetrics.registerFontFamily(
            "PlatformFont",
            normal="PlatformFont",
            bold="PlatformFont-Bold",
            italic="PlatformFont",
            boldItalic="PlatformFont-Bold",
        )
        _FONTS = ("PlatformFont", "PlatformFont-Bold")
    else:
        _FONTS = ("Helvetica", "Helvetica-Bold")
    return _FONTS
