"""``config.fields``: bounds read from the columns, checked datetimes and capped JSON (issue 16,
item 9)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from pydantic import TypeAdapter, ValidationError

from accounts.models import Profile, User
from assessments.models import Question, TestPreset
from assignments.models import AttemptAnswer
from config.fields import ColumnNumberOrText, DateIn, DateTimeIn, Json, List, column_max, column_range

pytestmark = pytest.mark.django_db  # the autouse cache reset reads the shared cache table


def _error_type(tp: Any, value: Any) -> str | None:
    try:
        TypeAdapter(tp).validate_python(value)
    except ValidationError as exc:
        return exc.errors()[0]["type"]
    return None


def test_column_max_is_the_columns_max_length():
    assert column_max(User, "name") == 200
    assert column_max(Profile, "phone") == 20
    with pytest.raises(ImproperlyConfigured):
        column_max(TestPreset, "description")  # a TextField: it needs a documented cap


def test_column_range_of_integer_decimal_and_foreign_key_columns():
    assert column_range(Profile, "grade") == (0, 32767)
    assert column_range(TestPreset, "passing_score") == (-99999.99, 99999.99)
    assert column_range(Question, "score_weight") == (-9999.99, 9999.99)
    assert column_range(Profile, "user") == (-(2**63), 2**63 - 1)


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("2031-01-01T00:00:00+14:00", None),
        ("2031-01-01T00:00:00-12:00", None),
        ("2031-01-01T00:00:00Z", None),
        ("2031-01-01T00:00:00+14:01", "datetime_range"),
        ("2031-01-01T00:00:00-15:00", "datetime_range"),
        ("2031-01-01T00:00:00+23:59", "datetime_range"),
        ("1899-12-31T23:00:00Z", "datetime_range"),
        ("2201-01-01T00:00:00Z", "datetime_range"),
        ("0001-01-01T00:00:00+14:00", "datetime_range"),
        ("9999-12-31T23:59:59-14:00", "datetime_range"),
    ],
)
def test_datetime_offset_and_year_are_checked(value, error):
    assert _error_type(DateTimeIn, value) == error


def test_a_checked_datetime_keeps_its_instant():
    parsed = TypeAdapter(DateTimeIn).validate_python("2031-01-01T14:00:00+14:00")
    assert parsed == datetime(2031, 1, 1, tzinfo=UTC)
    assert parsed.utcoffset() == timedelta(hours=14)


@pytest.mark.parametrize(
    ("value", "error"), [("2031-05-06", None), ("1899-01-01", "date_range"), ("9999-01-01", "date_range")]
)
def test_date_year_is_checked(value, error):
    assert _error_type(DateIn, value) == error


def test_json_is_capped_by_its_compact_length():
    capped = Json(dict[str, Any], 20)
    assert _error_type(capped, {"stem": "a" * 9}) is None  # {"stem":"aaaaaaaaa"} = 20 characters
    assert _error_type(capped, {"stem": "a" * 10}) == "json_too_long"
    assert _error_type(Json(Any, 5), "ổ" * 3) is None  # characters, not bytes: "ổổổ" = 5
    assert TypeAdapter(capped).json_schema()["x-max-chars"] == 20


def test_lists_are_capped_by_item_count():
    assert _error_type(List(int, 2), [1, 2]) is None
    assert _error_type(List(int, 2), [1, 2, 3]) == "too_long"


def test_a_number_or_text_is_refused_with_one_error_on_the_field():
    score = ColumnNumberOrText(AttemptAnswer, "score")  # DecimalField(7, 2)
    assert TypeAdapter(score).validate_python(7.5) == 7.5
    assert TypeAdapter(score).validate_python("7,5") == "7,5"
    with pytest.raises(ValidationError) as exc:
        TypeAdapter(score).validate_python(1e6)
    assert [(e["loc"], e["type"]) for e in exc.value.errors()] == [((), "less_than_equal")]
    assert _error_type(score, "x" * 33) == "string_too_long"
