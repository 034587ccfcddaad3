"""Text folding for comparison and search (issue 17, item 6: one diacritic fold).

Vietnamese answers and search terms are compared without case and diacritics unless a rule asks
otherwise: ``"Đánh  Giá "`` and ``"danh gia"`` fold to the same text. Used by answer matching
(short-text keys, spec section 5) and by searches over names (analytics, marketplace).
"""

from __future__ import annotations

import unicodedata


def fold(text: str | None, *, case_sensitive: bool = False, diacritic_sensitive: bool = False) -> str:
    """``text`` trimmed, inner whitespace collapsed to one space and, unless asked otherwise,
    case-folded and stripped of Vietnamese diacritics (``đ`` -> ``d`` included), in NFC."""
    text = " ".join(unicodedata.normalize("NFC", text or "").split())
    if not case_sensitive:
        text = text.casefold()
    if not diacritic_sensitive:
        text = text.replace("đ", "d").replace("Đ", "D")
        text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
        text = unicodedata.normalize("NFC", text)
    return text
