"""Answer matching of the auto-graded question types (issue 4, item 3; renamed from
``grading`` by issue 17, item 6: grading is the educators' marking in ``assignments``). Pure
functions: no database."""

from __future__ import annotations

from typing import Any

from config.text import fold


def short_text_matches(answer: str, key: dict[str, Any]) -> bool:
    """True when ``answer`` equals one of ``key["accepted"]`` under the key's case and diacritic
    options (``config.text.fold``): ``short_text_matches("ha noi", {"accepted": ["Hà Nội"]})`` is
    True, and False with ``"diacritic_sensitive": True``. A blank answer never matches. ``key`` is
    a short_text answer key as stored (``assessments.schemas.ShortTextAnswerKeyOut``)."""
    opts = {
        "case_sensitive": bool(key.get("case_sensitive")),
        "diacritic_sensitive": bool(key.get("diacritic_sensitive")),
    }
    given = fold(answer, **opts)
    return bool(given) and any(given == fold(accepted, **opts) for accepted in key.get("accepted", []))
