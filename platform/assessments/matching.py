"""Answer matching of the auto-graded question types (issue 4, item 3; renamed from
``grading`` by issue 17, item 6: grading is the educators' marking in ``assignments``), with the
national exam's true/false sets and numeric answers of 2025 (issue 39, item 1; decision 0055).
Pure functions: no database."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
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


# --- the national exam's formats of 2025 (issue 39, item 1; decision 0055) ------------------------

SHEET_CELLS = 4
"""Characters a numeric answer may have: the four cells of the answer sheet's Part III (phần III,
trả lời ngắn): digits, "-" and the decimal comma."""

MINUS_SIGNS = "-\u2212"  # the hyphen-minus the sheet prints and the Unicode minus a keyboard may give
DECIMAL_MARKS = ",."  # the Vietnamese decimal comma, and the point English readers type
MINISTRY_TABLE = ("0", "0.1", "0.25", "0.5", "1")
"""The Ministry's fractions of a true/false set's points (phần II, câu hỏi Đúng/Sai) by the number
of its four statements judged right: 0, 1, 2, 3, 4 right give 0, 0.1, 0.25, 0.5, 1."""
STATEMENTS_MIN, STATEMENTS_MAX = 2, 6
STATEMENT_ID_MAX = 8
"""Characters of a statement's id (the editor's are "a" to "f"): the key and every answer name it."""


class SheetNumberError(ValueError):
    """A text that is not a number the answer sheet can hold. ``code``: ``empty``, ``too_long``
    (more than ``SHEET_CELLS`` characters), ``bad_character`` (other than digits, a minus and a
    decimal mark), ``not_a_number`` (for example "1,2,3", "--1", "-" or "1-")."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def sheet_text(text: str) -> str:
    """``text`` as the sheet writes it: the Unicode minus becomes "-" and the point becomes the
    comma; surrounding blanks dropped. No check (``sheet_number`` checks)."""
    return text.strip().replace("\u2212", "-").replace(".", ",")


def sheet_number(text: str) -> Decimal:
    """The decimal a numeric answer means: "0,5", "0.5" and ",5" are 0.5; "1,50" equals "1,5";
    "-2" and "\u22122" are -2. Raises ``SheetNumberError`` for a text the four cells cannot hold
    (see its codes). Pure."""
    given = sheet_text(text)
    if not given:
        raise SheetNumberError("empty")
    if len(given) > SHEET_CELLS:
        raise SheetNumberError("too_long")
    if any(ch not in "0123456789-," for ch in given):
        raise SheetNumberError("bad_character")
    body = given[1:] if given.startswith("-") else given
    whole, _, fraction = body.partition(",")
    if "-" in body or "," in fraction or not (whole + fraction).isdigit():
        raise SheetNumberError("not_a_number")
    value = Decimal(f"{whole or '0'}.{fraction or '0'}")
    return -value if given.startswith("-") else value


def sheet_format(value: Decimal) -> str:
    """A sheet number as the sheet writes it: the decimal comma, no exponent, no trailing zeros,
    no "-0": ``sheet_format(sheet_number("0.50"))`` is "0,5", ``Decimal("100")`` gives "100",
    ``Decimal("-0.0")`` gives "0". The item analysis groups wrong answers by it (decision 0059)."""
    text = format(value.normalize(), "f")
    return "0" if text == "-0" else text.replace(".", ",")


def numeric_matches(answer: str, key: dict[str, Any]) -> bool:
    """True when ``answer`` is a sheet number equal to one of ``key["accepted"]`` (compared as
    decimals, ``sheet_number``). A blank or malformed answer never matches; an accepted value that
    is not a sheet number is skipped (the authoring check refuses such keys)."""
    try:
        given = sheet_number(answer)
    except SheetNumberError:
        return False
    for accepted in key.get("accepted", []):
        try:
            if sheet_number(str(accepted)) == given:
                return True
        except SheetNumberError:
            continue
    return False


def statement_label(index: int) -> str:
    """A true/false set's statement as the national exam prints it: 0 -> "a)", 1 -> "b)"
    (statements keep their written order). The SPA's twin is ``lib/statements.ts``."""
    return f"{chr(ord('a') + index)})"


def default_scoring_table(statements: int) -> list[str]:
    """The fractions of a true/false set of ``statements`` statements by the number right, as
    decimal strings: the Ministry's table for four, proportional (two decimals, half up) for any
    other count, where the Ministry publishes none (decision 0055)."""
    if statements == len(MINISTRY_TABLE) - 1:
        return list(MINISTRY_TABLE)
    return [
        str((Decimal(right) / Decimal(statements)).quantize(Decimal("0.01"), ROUND_HALF_UP).normalize())
        for right in range(statements + 1)
    ]


def scoring_table_error(table: Any, statements: int) -> str | None:
    """Why ``table`` cannot score a true/false set of ``statements`` statements, or None: a code
    ``length`` (it needs one fraction per count of right statements, 0 to ``statements``),
    ``not_a_number`` (a fraction that is not a decimal from 0 to 1), ``decreasing`` (a fraction
    below the one before it) or ``not_ending_at_one`` (all right must give the whole points)."""
    if not isinstance(table, list) or len(table) != statements + 1:
        return "length"
    try:
        fractions = [Decimal(str(f)) for f in table]
    except (InvalidOperation, ValueError):
        return "not_a_number"
    if any(not f.is_finite() or f < 0 or f > 1 for f in fractions):
        return "not_a_number"
    if any(later < earlier for earlier, later in zip(fractions, fractions[1:], strict=False)):
        return "decreasing"
    if fractions[-1] != 1:
        return "not_ending_at_one"
    return None


def statements_right(answer: dict[str, Any] | None, key: dict[str, Any]) -> int:
    """How many statements of a true/false set ``answer`` (``{"statements": {id: bool}}``) judges
    as ``key["statements"]`` (``{id: bool}``) does; a statement left unanswered is not right."""
    given = (answer or {}).get("statements") or {}
    return sum(1 for sid, value in (key.get("statements") or {}).items() if given.get(sid) is value)


def true_false_set_fraction(answer: dict[str, Any] | None, key: dict[str, Any]) -> Decimal:
    """The fraction of the question's points ``answer`` earns: the key's ``scoring_table`` (or the
    default for its count, ``default_scoring_table``) at the number of statements right."""
    count = len(key.get("statements") or {})
    table = key.get("scoring_table") or default_scoring_table(count)
    return Decimal(str(table[statements_right(answer, key)]))
