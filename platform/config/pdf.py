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
