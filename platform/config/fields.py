"""Bounds of request fields: the one home of "how long, how big, how many" for every request schema
(issue 16, item 9: over-long strings, huge numbers and out-of-range datetimes gave 500s).

Every string, number, list and free-form JSON value a client sends is bounded here, before any
service or query sees it; a value out of bounds is a 422 ``validation_error`` envelope with a field
error (``config.errors._PYDANTIC_MESSAGES`` maps each pydantic error type to a localized message).

Where the bounds come from:

- a value stored in a model column takes the column's own limit, read from the model so that the
  schema and the column never drift apart: ``ColumnText(Model, "field")`` (a ``CharField``'s
  ``max_length``), ``ColumnInt`` / ``ColumnNumber`` (the range of the integer or decimal column);
- a value kept in a ``TextField`` or ``JSONField``, or never stored (search boxes, filters, tokens),
  takes a documented cap: the constants below and the ``Text(n)`` / ``Json(tp, n)`` of each schema;
- ids, pages and page sizes: ``Id`` (a Postgres ``bigint`` above 0), ``PageNo``, ``Limit``;
- datetimes and dates: ``DateTimeIn`` / ``DateIn`` (a UTC offset within +/-14:00, a year within
  ``YEAR_MIN``..``YEAR_MAX``), so that converting to UTC or to Vietnam time can never overflow.

Where a service already refuses a value with a more precise message (a grade from 1 to 12, a CCCD
of exactly 12 digits), the schema bound is the column's (or looser), so that message is the one
users see; the schema bound only stops what would otherwise reach the database.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Annotated, Any

from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from pydantic import AfterValidator, BeforeValidator, Field, ValidationError, WrapValidator
from pydantic_core import PydanticCustomError

from config.envelope import MAX_LIMIT

BIGINT_MAX = 2**63 - 1
"""Largest id: Postgres ``bigint`` (every primary key and stored id is a ``BigAutoField`` or
``BigIntegerField``). A larger one used to reach a query as ``bigint out of range``."""

PAGE_MAX = 100_000
"""Highest page number: 100,000 pages of ``MAX_LIMIT`` rows is ten million rows, more than any list
holds; a bigger ``page`` made ``OFFSET`` overflow ``bigint`` (issue 16, item 9)."""

SEARCH_MAX = 200
"""A search box: as long as the longest name it can match (names are ``CharField(200)``)."""

ORDER_BY_MAX = 40
"""An ``order_by`` value: a field name with an optional ``-``; the allow-list decides the rest."""

CHOICE_MAX = 40
"""A filter or action among fixed choices (status, role, type, kind, state, action): longer than
every choice value of the product; the service or the filter's allow-list decides the rest."""

PASSWORD_MAX = 4096
"""A password: Django's former ``MAXIMUM_PASSWORD_LENGTH`` (the hashing denial-of-service fix of
CVE-2013-1443); Django's validators set no upper bound of their own."""

TOKEN_MAX = 1024
"""A token from a link or an exchange: the longest is the signed e-mail verification token
(``accounts.services.registration.verification_token``), about 420 characters for a 254-character e-mail."""

NUMBER_TEXT_MAX = 32
"""A number typed as text ("7,5"): its service parses it and says which range it wants."""

DESCRIPTION_MAX = 5000
"""A description kept in a ``TextField`` (test banks, test presets, listings, surveys): about two
pages of text, more than any form shows."""

DATE_TEXT_MAX = 32
"""A date typed as text (``date_of_birth`` as dd/mm/yyyy): the service parses it and says
"Enter the date as dd/mm/yyyy." for anything else, so this is only a ceiling."""

YEAR_MIN = 1900
YEAR_MAX = 2200
"""Years a request datetime or date may name: far enough from Python's (1..9999) and Postgres'
limits that a shift to UTC or to Vietnam time (UTC+7) never overflows."""

UTC_OFFSET_MAX = timedelta(hours=14)
"""Largest UTC offset in use anywhere (Kiribati, UTC+14; the smallest is UTC-12). Python accepts up
to +/-23:59 but Postgres refuses more than +/-15:59, which was a 500 on PUT rounds."""


# --- strings -----------------------------------------------------------------------------------


def column_max(model: type[models.Model], field: str) -> int:
    """The ``max_length`` of ``model.field`` (a ``CharField``, ``EmailField``, ``SlugField``...).

    Raises ``ImproperlyConfigured`` for a field without one (a ``TextField``: use ``Text(n)`` with a
    documented cap instead).
    """
    value: int | None = getattr(model._meta.get_field(field), "max_length", None)  # a relation has none
    if not value:
        raise ImproperlyConfigured(f"{model.__name__}.{field} has no max_length; use Text(n)")
    return value


def Text(max_length: int) -> Any:  # noqa: N802 - a type factory, used in annotations
    """A string of at most ``max_length`` characters (OpenAPI ``maxLength``); longer -> 422
    ``string_too_long`` ("This value is too long.")."""
    return Annotated[str, Field(max_length=max_length)]


def ColumnText(model: type[models.Model], field: str) -> Any:  # noqa: N802
    """A string stored in ``model.field``: at most the column's ``max_length`` characters."""
    return Text(column_max(model, field))


Search = Text(SEARCH_MAX)
OrderBy = Text(ORDER_BY_MAX)
Choice = Text(CHOICE_MAX)
Password = Text(PASSWORD_MAX)
Token = Text(TOKEN_MAX)
DateText = Text(DATE_TEXT_MAX)
Description = Text(DESCRIPTION_MAX)


# --- numbers -----------------------------------------------------------------------------------


def column_range(model: type[models.Model], field: str) -> tuple[int | float, int | float]:
    """``(lowest, highest)`` value the column of ``model.field`` holds.

    Integer columns (and foreign keys, by their target): Django's own table of integer ranges
    (``BaseDatabaseOperations.integer_field_ranges``), e.g. ``PositiveSmallIntegerField`` 0..32767.
    ``DecimalField(max_digits, decimal_places)``: +/- the largest number of that many digits.
    """
    found = model._meta.get_field(field)
    if isinstance(found, models.ForeignKey):
        found = found.target_field
    if isinstance(found, models.DecimalField):
        span = float(
            Decimal(10) ** (found.max_digits - found.decimal_places) - Decimal(10) ** -found.decimal_places
        )
        return -span, span
    ranges = BaseDatabaseOperations.integer_field_ranges
    try:
        return ranges[found.get_internal_type()]
    except KeyError:
        raise ImproperlyConfigured(f"{model.__name__}.{field} is not an integer or decimal column") from None


def Int(lowest: int, highest: int) -> Any:  # noqa: N802
    """A whole number from ``lowest`` to ``highest`` (OpenAPI ``minimum``/``maximum``); outside ->
    422 ``greater_than_equal`` / ``less_than_equal``."""
    return Annotated[int, Field(ge=lowest, le=highest)]


def ColumnInt(model: type[models.Model], field: str) -> Any:  # noqa: N802
    """A whole number stored in ``model.field``: within the column's range."""
    lowest, highest = column_range(model, field)
    return Int(int(lowest), int(highest))


def Number(lowest: float, highest: float) -> Any:  # noqa: N802
    """A finite number from ``lowest`` to ``highest`` (no NaN or infinity)."""
    return Annotated[float, Field(ge=lowest, le=highest, allow_inf_nan=False)]


def ColumnNumber(model: type[models.Model], field: str) -> Any:  # noqa: N802
    """A number stored in the decimal (or integer) column ``model.field``: within its range."""
    lowest, highest = column_range(model, field)
    return Number(lowest, highest)


def _one_error(value: Any, handler: Any) -> Any:
    try:
        return handler(value)
    except ValidationError as exc:
        errors = exc.errors()
        if isinstance(value, str):  # text: what the text alternative says about it
            errors = [e for e in errors if e["type"].startswith("string_")] or errors
        raise PydanticCustomError(errors[0]["type"], errors[0]["msg"]) from None


def ColumnNumberOrText(model: type[models.Model], field: str) -> Any:  # noqa: N802
    """A number for ``model.field`` sent either as a JSON number (within the column's range) or as
    text of at most ``NUMBER_TEXT_MAX`` characters ("7,5") that the service parses. A refusal is
    one error on the field itself (not one per alternative, which would name "field.constrained-
    float" and "field.constrained-str")."""
    return Annotated[ColumnNumber(model, field) | Text(NUMBER_TEXT_MAX), WrapValidator(_one_error)]


Id = Int(1, BIGINT_MAX)
"""An id in a path, a query or a body: 1..2**63-1 (Postgres ``bigint``)."""

CheckedInt = Int(-BIGINT_MAX - 1, BIGINT_MAX)
"""A whole number whose range its service checks with a message naming that range (a grade "from
1 to 12", a price "from 0 to 100,000,000" VND): bounded here only to a Postgres ``bigint``, so the
service's message is the one users see and no value overflows on the way to it."""

PageNo = Int(1, PAGE_MAX)
"""``page`` of a list: 1..``PAGE_MAX``."""

Limit = Int(1, MAX_LIMIT)
"""``limit`` of a list: 1..``MAX_LIMIT`` (``config.envelope``), the cap lists always applied."""


# --- lists and free-form JSON ------------------------------------------------------------------


def List(item: Any, max_items: int) -> Any:  # noqa: N802
    """A list of at most ``max_items`` items (OpenAPI ``maxItems``); more -> 422 ``too_long``."""
    return Annotated[list[item], Field(max_length=max_items)]


def IdList(max_items: int) -> Any:  # noqa: N802
    """A list of at most ``max_items`` ids."""
    return List(Id, max_items)


def _json_chars(max_chars: int) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        try:
            size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str))
        except (TypeError, ValueError):
            size = max_chars + 1
        if size > max_chars:
            raise PydanticCustomError(
                "json_too_long",
                "The value takes {size} characters as JSON, more than {max_chars}",
                {"size": size, "max_chars": max_chars},
            )
        return value

    return check


def Json(tp: Any, max_chars: int) -> Any:  # noqa: N802
    """JSON content (a ``JSONField`` value such as question content, an answer key or a survey's
    statements) of type ``tp`` whose value AS SENT takes at most ``max_chars`` characters once
    serialized compactly; more -> 422 ``json_too_long`` ("This value is too long."). Checked before
    ``tp`` reads the value, so fields a typed ``tp`` ignores still count. OpenAPI shows the cap as
    ``x-max-chars``."""
    return Annotated[
        tp, BeforeValidator(_json_chars(max_chars)), Field(json_schema_extra={"x-max-chars": max_chars})
    ]


# --- datetimes and dates -----------------------------------------------------------------------


def _check_datetime(value: datetime) -> datetime:
    offset = value.utcoffset()
    if offset is not None and abs(offset) > UTC_OFFSET_MAX:
        raise PydanticCustomError("datetime_range", "The UTC offset must be within +/-14:00")
    if not YEAR_MIN <= value.year <= YEAR_MAX:
        raise PydanticCustomError(
            "datetime_range",
            "The year must be from {lowest} to {highest}",
            {"lowest": YEAR_MIN, "highest": YEAR_MAX},
        )
    return value


def _check_date(value: date) -> date:
    if not YEAR_MIN <= value.year <= YEAR_MAX:
        raise PydanticCustomError(
            "date_range",
            "The year must be from {lowest} to {highest}",
            {"lowest": YEAR_MIN, "highest": YEAR_MAX},
        )
    return value


_DATETIME_BOUNDS = {"x-year-range": [YEAR_MIN, YEAR_MAX], "x-utc-offset-max": "14:00"}

DateTimeIn = Annotated[datetime, AfterValidator(_check_datetime), Field(json_schema_extra=_DATETIME_BOUNDS)]
"""A request datetime (ISO 8601): UTC offset within +/-14:00 and year ``YEAR_MIN``..``YEAR_MAX``;
else 422 ``datetime_range`` ("Enter a valid date and time.")."""

DateIn = Annotated[
    date, AfterValidator(_check_date), Field(json_schema_extra={"x-year-range": [YEAR_MIN, YEAR_MAX]})
]
"""A request date (yyyy-mm-dd), year ``YEAR_MIN``..``YEAR_MAX``; else 422 ``date_range``."""
