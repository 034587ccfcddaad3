"""The reader's language, and bilingual values chosen for the reader (issue 17, item 2).

One rule, one place: the product speaks Vietnamese (default) and English (spec section 10). A
request's language comes from ``LocaleMiddleware`` (the ``Accept-Language`` the SPA sends); a huey
task, a background job or a mail runs under :func:`in_language` with the language recorded when
it was queued (issue 35, item 3: the fallback for a blank or unknown code is written here only). Every server-made text that shows a bilingual value (a test's name, a subject, a
round's message, a survey's description) picks it with :func:`pick` or :func:`localized`, so that
an English reader of a value with no English text sees the Vietnamese one, and the other way
round, everywhere alike. Nothing else in the code compares ``get_language()`` with ``"en"``
(``config/tests/test_one_rule.py`` fails on such a comparison elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.formats import number_format

LANGUAGES = ("vi", "en")


def reader_language(language: str | None = None) -> str:
    """``"vi"`` or ``"en"``: ``language`` when given, else the active one (``"en-gb"`` -> ``"en"``);
    anything else falls back to ``settings.LANGUAGE_CODE`` (``"vi"``)."""
    code = (language or translation.get_language() or settings.LANGUAGE_CODE)[:2].lower()
    return code if code in LANGUAGES else settings.LANGUAGE_CODE


@contextmanager
def in_language(language: str | None) -> Iterator[str]:
    """Run the block in ``language``, a code recorded when a task, a job or a mail was queued
    (``"vi"``, ``"en"``, ``"en-gb"``...): ``with in_language(job.language) as code:``. The code
    is ``reader_language(language)`` (``"en-gb"`` -> ``"en"``); a blank or unknown one falls back
    to ``settings.LANGUAGE_CODE`` (``"vi"``), never to whatever language happens to be active in
    the worker. Yields the code used (for a template's ``LANGUAGE_CODE`` or a link's ``?lang=``)."""
    code = reader_language(language or settings.LANGUAGE_CODE)
    with translation.override(code):
        yield code


def format_number(value: float | Decimal, *, digits: int = 2, language: str | None = None) -> str:
    """A number (a score, an index) as the reader writes it (issue 38: "numbers follow the page's
    language"): at most ``digits`` decimals, no trailing zeros, no grouping. ``format_number(43.8)``
    is ``"43,8"`` for a Vietnamese reader and ``"43.8"`` for an English one; ``50.0`` is ``"50"``.
    ``language`` as in :func:`in_language`; the active language when omitted."""
    number = round(float(value), digits)
    shown: float | int = int(number) if number.is_integer() else number
    with translation.override(reader_language(language)):
        return number_format(shown, use_l10n=True)


def format_score(score: float | Decimal, maximum: float | Decimal, *, language: str | None = None) -> str:
    """A score on its reporting scale as the reader writes it (issue 39 item 2; decision 0056): the
    score with two decimals, a slash, the maximum as ``format_number`` writes it.
    ``format_score(8.75, 10)`` is ``"8,75/10"`` for a Vietnamese reader and ``"8.75/10"`` for an
    English one; ``format_score(7.5, 10)`` is ``"7,50/10"``. The value is the one
    ``assessments.scale.to_scale`` gave: this only writes it. The SPA's twin is ``src/lib/score.ts``."""
    value = Decimal(str(score)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    with translation.override(reader_language(language)):
        shown = number_format(value, decimal_pos=2, use_l10n=True)
    return f"{shown}/{format_number(float(maximum), language=language)}"


def is_english(language: str | None = None) -> bool:
    """True when the reader (``language`` or the active language) reads English."""
    return reader_language(language) == "en"


def pick_with_language(vi: Any, en: Any, *, language: str | None = None) -> tuple[str, str]:
    """``pick``'s text and the language it is in (``"vi"`` or ``"en"``), so that a page can mark
    a Vietnamese fallback on an English page with ``lang="vi"`` (WCAG 3.1.2; issue 38 item 6).

    ``pick_with_language("Toán", "", language="en") == ("Toán", "vi")``; with both blank the
    reader's own language and ``""``.
    """
    halves = {"vi": vi if (vi or "").strip() else "", "en": en if (en or "").strip() else ""}
    first, second = ("en", "vi") if is_english(language) else ("vi", "en")
    chosen = second if not halves[first] and halves[second] else first
    return str(halves[chosen] or ""), chosen


def pick(vi: Any, en: Any, *, language: str | None = None) -> str:
    """The reader's text of a bilingual pair, falling back to the other language when blank.

    ``pick("Toán", "", language="en") == "Toán"``; ``pick("", "Maths") == "Maths"`` for a
    Vietnamese reader. ``None`` counts as blank; the result is always a ``str``.
    """
    return pick_with_language(vi, en, language=language)[0]


def localized_with_language(obj: Any, field: str, *, language: str | None = None) -> tuple[str, str]:
    """``pick_with_language`` over an object's (or a mapping's) ``<field>_vi``/``<field>_en``
    pair: the text and its language.

    The Vietnamese value is ``<field>_vi`` when the object has it, else ``<field>`` (models whose
    Vietnamese text is the plain field, such as ``Survey.name`` with ``Survey.name_en``).
    """

    def get(name: str) -> Any:
        if isinstance(obj, dict):
            return obj.get(name)
        return getattr(obj, name, None)

    has_vi = (f"{field}_vi" in obj) if isinstance(obj, dict) else hasattr(obj, f"{field}_vi")
    vi = get(f"{field}_vi") if has_vi else get(field)
    return pick_with_language(vi, get(f"{field}_en"), language=language)


def localized(obj: Any, field: str, *, language: str | None = None) -> str:
    """``pick`` over an object's (or a mapping's) ``<field>_vi``/``<field>_en`` pair (see
    ``localized_with_language``)."""
    return localized_with_language(obj, field, language=language)[0]


# "Vietnamese (English)": the one-field form of a bilingual label, as the default matrix stores its
# complexity levels and cognitive domains ("Nhận biết (Recognition)"): a Vietnamese part with at
# least one non-ASCII letter, then a plain-ASCII English name in brackets.
_ONE_FIELD_BILINGUAL = re.compile(r"^(.*[\u0080-\uffff].*?)\s*\(([A-Z][A-Za-z ,'/-]*)\)$")


def reader_half(text: str, *, language: str | None = None) -> str:
    """The reader's half of a one-field bilingual label (issue 18: matrix names in the reader's
    language): ``reader_half("Nhận biết (Recognition)", language="en") == "Recognition"``, ``"Nhận
    biết"`` for a Vietnamese reader. Any other text comes back as it is (a Vietnamese ``"Hàm số
    (lớp 10)"`` keeps its brackets; ``"Vectors (2D)"`` is not bilingual)."""
    match = _ONE_FIELD_BILINGUAL.match((text or "").strip())
    if not match:
        return text or ""
    return (match.group(2) if is_english(language) else match.group(1)).strip()
