"""The national exam's scoring of 2025 (issue 39, item 1; decision 0055): a true/false set's
table, a numeric answer compared as a decimal on the answer sheet's four cells, and the score of
each through ``sitting.attempts.score_answer``. Pure: no database.

The SPA's twin of ``sheet_number`` (``frontend/src/lib/sheet-number.ts``) is checked against the
same rows in ``frontend/src/lib/sheet-number.test.ts``: keep the sheet tables of both identical."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest

from assessments.matching import (
    SheetNumberError,
    default_scoring_table,
    numeric_matches,
    scoring_table_error,
    sheet_format,
    sheet_number,
    statement_label,
    statements_right,
    true_false_set_fraction,
)
from sitting.attempts import score_answer
from sitting.rules import valid_answer

KEY = {"statements": {"a": True, "b": False, "c": True, "d": False}}


@pytest.mark.parametrize(
    ("judged", "right", "fraction"),
    [
        ({}, 0, "0"),
        ({"a": False, "b": True, "c": False, "d": True}, 0, "0"),
        ({"a": True}, 1, "0.1"),
        ({"a": True, "b": True, "c": False, "d": False}, 2, "0.25"),
        ({"a": True, "b": False, "c": True, "d": True}, 3, "0.5"),
        ({"a": True, "b": False, "c": True, "d": False}, 4, "1"),
    ],
)
def test_the_ministry_table_scores_by_statements_right(judged, right, fraction):
    answer = {"statements": judged}
    assert statements_right(answer, KEY) == right
    assert true_false_set_fraction(answer, KEY) == Decimal(fraction)


def test_an_edited_table_is_used_instead():
    key = {**KEY, "scoring_table": ["0", "0.25", "0.5", "0.75", "1"]}
    assert true_false_set_fraction({"statements": {"a": True, "b": False, "c": False}}, key) == Decimal("0.5")


def test_default_tables_for_other_counts_are_proportional():
    assert default_scoring_table(4) == ["0", "0.1", "0.25", "0.5", "1"]
    assert default_scoring_table(2) == ["0", "0.5", "1"]
    assert default_scoring_table(3) == ["0", "0.33", "0.67", "1"]
    assert default_scoring_table(6) == ["0", "0.17", "0.33", "0.5", "0.67", "0.83", "1"]


@pytest.mark.parametrize(
    ("table", "error"),
    [
        (["0", "0.1", "0.25", "0.5", "1"], None),
        (["0", "0", "0", "0", "1"], None),
        (["0", "0.1", "0.25", "1"], "length"),
        ("0,0.1,0.25,0.5,1", "length"),
        (["0", "x", "0.25", "0.5", "1"], "not_a_number"),
        (["0", "0.1", "0.25", "1.5", "1"], "not_a_number"),
        (["-0.1", "0.1", "0.25", "0.5", "1"], "not_a_number"),
        (["0", "NaN", "0.25", "0.5", "1"], "not_a_number"),
        (["0", "0.5", "0.25", "0.75", "1"], "decreasing"),
        (["0", "0.1", "0.25", "0.5", "0.9"], "not_ending_at_one"),
    ],
)
def test_a_scoring_table_is_checked(table, error):
    assert scoring_table_error(table, 4) == error


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0,5", "0.5"),
        ("0.5", "0.5"),
        (",5", "0.5"),
        (".5", "0.5"),
        ("1,50", "1.5"),
        ("1,5", "1.5"),
        ("12", "12"),
        ("1234", "1234"),
        ("-2", "-2"),
        ("\u22122", "-2"),
        ("-0,5", "-0.5"),
        ("-,5", "-0.5"),
        (" 3 ", "3"),
        ("007", "7"),
        ("5,", "5"),
    ],
)
def test_sheet_numbers_read_as_decimals(text, value):
    assert sheet_number(text) == Decimal(value)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("12345", "too_long"),
        ("-1,25", "too_long"),
        ("1e3", "bad_character"),
        ("abc", "bad_character"),
        ("1/2", "bad_character"),
        ("+1", "bad_character"),
        ("1,2,", "not_a_number"),
        ("--1", "not_a_number"),
        ("1-", "not_a_number"),
        ("-", "not_a_number"),
        (",", "not_a_number"),
        ("1,,", "not_a_number"),
    ],
)
def test_what_the_sheet_cannot_hold_is_refused_with_its_reason(text, code):
    with pytest.raises(SheetNumberError) as refused:
        sheet_number(text)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("answer", "accepted", "matches"),
    [
        ("0,5", ["0,5"], True),
        ("0.5", ["0,5"], True),
        (",5", ["0,5"], True),
        ("1,50", ["1,5"], True),
        ("\u22123", ["-3"], True),
        ("2", ["-2", "2"], True),
        ("0,6", ["0,5"], False),
        ("", ["0"], False),
        ("abc", ["0,5"], False),
        ("0,5", ["bad", "0,5"], True),
    ],
)
def test_numeric_answers_match_any_accepted_value(answer, accepted, matches):
    assert numeric_matches(answer, {"accepted": accepted}) is matches


def _question(kind: str, key: dict) -> SimpleNamespace:
    return SimpleNamespace(type=kind, answer_key=key)


def test_score_answer_gives_a_true_false_set_its_fraction_of_the_points():
    question = _question("true_false_set", KEY)
    three_right = {"statements": {"a": True, "b": False, "c": True}}
    assert score_answer(question, three_right, Decimal("1")) == (Decimal("0.50"), False)
    # half up at two decimals when the points are not the Ministry's 1 (0.25 x 0.1 = 0.025)
    assert score_answer(question, {"statements": {"a": True}}, Decimal("0.25")) == (Decimal("0.03"), False)
    assert score_answer(question, None, Decimal("1")) == (Decimal(0), False)


def test_score_answer_compares_a_numeric_answer_as_a_decimal():
    question = _question("numeric", {"accepted": ["1,5"]})
    assert score_answer(question, {"text": "1.50"}, Decimal("0.5")) == (Decimal("0.5"), False)
    assert score_answer(question, {"text": "1,6"}, Decimal("0.5")) == (Decimal(0), False)
    assert score_answer(question, {"text": ""}, Decimal("0.5")) == (Decimal(0), False)


def test_a_save_fits_the_new_types_only_in_their_shapes():
    ids = frozenset("abcd")
    assert valid_answer("true_false_set", ids, {"statements": {"a": True, "d": False}})
    assert valid_answer("true_false_set", ids, {"statements": {}})
    assert not valid_answer("true_false_set", ids, {"statements": {"e": True}})
    assert not valid_answer("true_false_set", ids, {"statements": {"a": "yes"}})
    assert not valid_answer("true_false_set", ids, {"statements": ["a"]})
    assert valid_answer("numeric", frozenset(), {"text": "-0,5"})
    assert not valid_answer("numeric", frozenset(), {"text": "12345"})
    assert not valid_answer("numeric", frozenset(), {"value": True})


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("0.5", "0,5"),
        (",5", "0,5"),
        ("0,50", "0,5"),
        ("100", "100"),
        ("-0,0", "0"),
        ("\u22122", "-2"),
        ("1,5", "1,5"),
    ],
)
def test_sheet_format_writes_a_sheet_number_as_the_sheet_does(text, written):
    """The item analysis groups wrong numeric answers by this writing (issue 39, item 3)."""
    assert sheet_format(sheet_number(text)) == written


def test_statements_are_labelled_as_the_exam_prints_them():
    assert [statement_label(i) for i in range(6)] == ["a)", "b)", "c)", "d)", "e)", "f)"]
