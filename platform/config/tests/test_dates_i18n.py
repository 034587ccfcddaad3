"""Vietnam time and the reader's language, one module each (issue 17, items 1 and 2)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.utils import translation

from config import dates, i18n


@pytest.mark.parametrize(
    ("language", "expected"),
    [("vi", "08:00 28/11/2026"), ("en", "28 Nov 2026, 08:00")],
)
def test_an_instant_is_shown_in_vietnam_time_for_the_reader(language, expected):
    eight_in_hanoi = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)
    assert dates.format_datetime(eight_in_hanoi, language=language) == expected
    with translation.override(language):
        assert dates.format_datetime(eight_in_hanoi) == expected


@pytest.mark.parametrize(
    ("language", "day", "short"),
    [("vi", "28/11/2026", "28/11"), ("en", "28 Nov 2026", "28 Nov")],
)
def test_a_completion_after_midnight_in_vietnam_is_on_the_vietnam_day(language, day, short):
    half_past_one_in_hanoi = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)
    assert dates.vietnam_day(half_past_one_in_hanoi) == date(2026, 11, 28)
    assert dates.format_date(half_past_one_in_hanoi, language=language) == day
    assert dates.format_date(date(2026, 11, 28), language=language) == day
    assert dates.format_short_day(half_past_one_in_hanoi, language=language) == short


def test_vietnam_days_bound_filters_at_vietnam_midnight():
    start, end = dates.day_bounds(date(2026, 11, 27), date(2026, 11, 27))
    assert start.astimezone(UTC) == datetime(2026, 11, 26, 17, 0, tzinfo=UTC)
    assert end.astimezone(UTC) == datetime(2026, 11, 27, 17, 0, tzinfo=UTC)
    half_past_eleven = datetime(2026, 11, 27, 16, 30, tzinfo=UTC)  # 23:30 on 27/11 in Vietnam
    half_past_midnight = datetime(2026, 11, 27, 17, 30, tzinfo=UTC)  # 00:30 on 28/11 in Vietnam
    assert start <= half_past_eleven < end
    assert not half_past_midnight < end
    assert dates.day_bounds(None, None) == (None, None)


def test_empty_values_format_as_empty_text():
    assert dates.format_datetime(None) == ""
    assert dates.format_date(None) == ""


def test_the_reader_language_falls_back_to_vietnamese():
    assert i18n.reader_language("en-gb") == "en"
    assert i18n.reader_language("fr") == "vi"
    with translation.override("en"):
        assert i18n.reader_language() == "en"
        assert i18n.is_english()
    with translation.override("vi"):
        assert i18n.reader_language() == "vi"


@pytest.mark.parametrize(
    ("recorded", "code", "text"),
    [
        ("en", "en", "Deleted learner #7"),
        ("en-gb", "en", "Deleted learner #7"),
        ("vi", "vi", "Người học đã xóa tài khoản #7"),
        ("fr", "vi", "Người học đã xóa tài khoản #7"),
        ("", "vi", "Người học đã xóa tài khoản #7"),
        (None, "vi", "Người học đã xóa tài khoản #7"),
    ],
)
def test_a_task_runs_in_its_recorded_language_with_one_fallback(recorded, code, text):
    """``in_language`` (issue 35, item 3): a task's recorded code, else Vietnamese, whatever
    language is active in the worker; the language before the block comes back after it."""
    from django.utils.translation import gettext as _

    with translation.override("en"):
        with i18n.in_language(recorded) as used:
            assert used == code
            assert translation.get_language() == code
            assert _("Deleted learner #%(id)s") % {"id": 7} == text
        assert translation.get_language() == "en"


def test_a_bilingual_value_falls_back_to_the_other_language_when_blank():
    assert i18n.pick("Toán", "Maths", language="en") == "Maths"
    assert i18n.pick("Toán", "", language="en") == "Toán"
    assert i18n.pick("Toán", "   ", language="en") == "Toán"
    assert i18n.pick("", "Maths", language="vi") == "Maths"
    assert i18n.pick(None, None, language="vi") == ""


def test_localized_reads_either_naming_of_the_vietnamese_half():
    class Subject:
        name_vi, name_en = "Toán", ""

    class Survey:
        name, name_en = "Khảo sát hướng nghiệp", "Career survey"

    assert i18n.localized(Subject(), "name", language="en") == "Toán"
    assert i18n.localized(Survey(), "name", language="en") == "Career survey"
    assert i18n.localized(Survey(), "name", language="vi") == "Khảo sát hướng nghiệp"
    assert i18n.localized({"name_vi": "Văn", "name_en": None}, "name", language="en") == "Văn"


@pytest.mark.parametrize(
    ("text", "vi", "en"),
    [
        ("Nhận biết (Recognition)", "Nhận biết", "Recognition"),
        ("Vận dụng cao (High application)", "Vận dụng cao", "High application"),
        ("Hình học", "Hình học", "Hình học"),
        ("Hàm số (lớp 10)", "Hàm số (lớp 10)", "Hàm số (lớp 10)"),
        ("Vectors (2D)", "Vectors (2D)", "Vectors (2D)"),
        ("", "", ""),
    ],
)
def test_the_reader_sees_only_their_half_of_a_one_field_bilingual_label(text, vi, en):
    assert i18n.reader_half(text, language="vi") == vi
    assert i18n.reader_half(text, language="en") == en


@pytest.mark.parametrize(
    ("language", "value", "shown"),
    [
        ("vi", 43.8, "43,8"),
        ("en", 43.8, "43.8"),
        ("vi", 50.0, "50"),
        ("en", 2.345, "2.35"),
        ("vi", 1234.5, "1234,5"),
    ],
)
def test_a_number_is_written_as_the_reader_writes_it(language, value, shown):
    """Issue 38: server-made texts (the report PDFs) wrote "43.8" for a Vietnamese reader."""
    assert i18n.format_number(value, language=language) == shown
    with translation.override(language):
        assert i18n.format_number(value) == shown
