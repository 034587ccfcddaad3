"""Auto-grading rules of the question types (issue 4, item 3). Pure functions: no database."""

from __future__ import annotations

import unicodedata
from typing import Any


def fold(text: str, *, case_sensitive: bool = False, diacritic_sensitive: bool = False) -> str:
    """Normalize an answer for comparison: trimmed, inner whitespace collapsed, and unless asked
    otherwise lower-cased and stripped of Vietnamese diacritics (``đ`` -> ``d`` included)."""
    text = " ".join(unicodedata.normalize("NFC", text or "").split())
    if not case_sensitive:
        text = text.casefold()
    if not diacritic_sensitive:
        text = text.replace("đ", "d").replace("Đ", "D")
        text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
        text = unicodedata.normalize("NFC", text)
    return text


def short_text_matches(answer: str, key: dict[str, Any]) -> bool:
    """True when ``answer`` equals one of ``key["accepted"]`` under the key's case and diacritic
    options."""
    opts = {
        "case_sensitive": bool(key.get("case_sensitive")),
        "diacritic_sensitive": bool(key.get("diacritic_sensitive")),
    }
    given = fold(answer, **opts)
    return bool(given) and any(given == fold(accepted, **opts) for accepted in key.get("accepted", []))
