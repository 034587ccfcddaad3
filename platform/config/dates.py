"""Vietnam time: calendar days and the dates and times in every server-made text (issue 17, item 1).

One rule, one place. The database stores instants in UTC (``USE_TZ``); ``settings.TIME_ZONE`` is
``Asia/Ho_Chi_Minh`` (UTC+7, no daylight saving), the time the centre and its schools live in.

- Date filters (``from_date``/``to_date`` of transactions, analytics periods, exports) are Vietnam
  calendar days, inclusive at both ends: :func:`day_bounds` gives the half-open UTC-aware range
  ``[start of from_date, start of the day after to_date)``.
- Texts the server writes (notifications, mails, PDFs, spreadsheets) show Vietnam time in the
  reader's language (``config.i18n``), formatted with Babel's CLDR data:

  ========  ======================  ==================
  reader    :func:`format_datetime`  :func:`format_date`
  ========  ======================  ==================
  vi        ``08:00 28/11/2026``    ``28/11/2026``
  en        ``28 Nov 2026, 08:00``  ``28 Nov 2026``
  ========  ======================  ==================

  (decision 0013). Nothing else formats a ``datetime`` for a reader; ``config/tests/test_one_rule.py``
  fails on ``strftime``/``date_format``/``localtime`` used elsewhere.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from babel.dates import format_datetime as babel_format_datetime
from django.utils import timezone

from config.i18n import reader_language

VN = ZoneInfo("Asia/Ho_Chi_Minh")

# CLDR patterns per reader language (decision 0013). Babel localizes the month names.
DATETIME_PATTERNS = {"vi": "HH:mm dd/MM/y", "en": "d MMM y, HH:mm"}
DATE_PATTERNS = {"vi": "dd/MM/y", "en": "d MMM y"}
SHORT_DAY_PATTERNS = {"vi": "dd/MM", "en": "d MMM"}
BABEL_LOCALES = {"vi": "vi", "en": "en_GB"}


def now() -> datetime:
    """The current instant in Vietnam time (aware)."""
    return timezone.now().astimezone(VN)


def today() -> date:
    """Today's Vietnam calendar day."""
    return now().date()


def in_vietnam(value: datetime) -> datetime:
    """An aware instant shown in Vietnam time (naive values are taken as Vietnam time)."""
    if timezone.is_naive(value):
        return value.replace(tzinfo=VN)
    return value.astimezone(VN)


def vietnam_day(value: datetime) -> date:
    """The Vietnam calendar day of an instant: 23:30 Vietnam time (16:30 UTC) is still that day,
    00:30 Vietnam time (17:30 UTC the evening before) is the next one."""
    return in_vietnam(value).date()


def day_start(day: date) -> datetime:
    """00:00 Vietnam time of ``day``, as an aware datetime (17:00 UTC of the day before)."""
    return datetime.combine(day, time.min, tzinfo=VN)


def day_bounds(from_day: date | None, to_day: date | None) -> tuple[datetime | None, datetime | None]:
    """``(start, end)`` of the inclusive Vietnam-day range ``from_day..to_day`` as a half-open range
    of instants: filter with ``created_at >= start`` and ``created_at < end``. Either end may be
    ``None`` (open)."""
    start = day_start(from_day) if from_day else None
    end = day_start(to_day + timedelta(days=1)) if to_day else None
    return start, end


def _format(value: datetime | date, patterns: dict[str, str], language: str | None) -> str:
    lang = reader_language(language)
    if isinstance(value, datetime):
        value = in_vietnam(value)
        return babel_format_datetime(value, patterns[lang], tzinfo=VN, locale=BABEL_LOCALES[lang])
    return babel_format_datetime(
        datetime.combine(value, time.min, tzinfo=VN), patterns[lang], tzinfo=VN, locale=BABEL_LOCALES[lang]
    )


def format_datetime(value: datetime | None, *, language: str | None = None) -> str:
    """An instant as Vietnam time for the reader: ``"08:00 28/11/2026"`` (vi) or
    ``"28 Nov 2026, 08:00"`` (en). ``None`` -> ``""``."""
    return "" if value is None else _format(value, DATETIME_PATTERNS, language)


def format_date(value: datetime | date | None, *, language: str | None = None) -> str:
    """A day (or the Vietnam day of an instant) for the reader: ``"28/11/2026"`` (vi) or
    ``"28 Nov 2026"`` (en). ``None`` -> ``""``."""
    return "" if value is None else _format(value, DATE_PATTERNS, language)


def format_short_day(value: datetime | date, *, language: str | None = None) -> str:
    """Day and month only, for chart axes: ``"28/11"`` (vi) or ``"28 Nov"`` (en)."""
    return _format(value, SHORT_DAY_PATTERNS, language)
