"""The dashboard and heatmap figures of the market analytics with the ORM, one figure at a time
(issue 10; spec section 7 "Transactions and analytics"): KPI cards, revenue over time,
breakdowns by add-on, grade, subject and province, the two heatmaps.

Money is whole VND; only COMPLETED transactions count as revenue (pending, cancelled, expired
and failed ones are reported apart); an educator's figures are the sums of their
organization's transaction items, never of whole transactions (a cart may mix organizations).
Days and hours are Vietnam time (``config.dates``). Every function runs a fixed number of
queries, whatever the number of rows.

The twin (issue 35, item 2: each fast rule beside its twin): the groups (``dashboard``,
``heatmap``) are computed in one SQL pass by ``analytics.statements``, which reuses the helpers
here; ``analytics/tests/test_twins.py`` holds every figure of the one pass equal to the single
figure here, to the đồng. A change to a figure here is a change to ``analytics.statements``.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, F, Func, JSONField, Sum
from django.db.models.functions import ExtractHour, ExtractIsoWeekDay, TruncDate, TruncMonth, TruncWeek
from django.utils.translation import gettext as _

from analytics.filters import MarketQuery, items
from config.dates import VN, vietnam_day
from config.i18n import localized

COMPLETED = "COMPLETED"
ADDONS = ("test_only", "test_advanced", "survey_report")


def addon_name(code: str) -> str:
    """The add-on's label in the active language (``test_only`` -> "Test only"); an unknown
    code as is."""
    from marketplace.models import Addon

    return str(Addon(code).label) if code in Addon.values else code


def change(value: int, before: int | None) -> float | None:
    """Percent change against the previous period, one decimal; None without a previous
    period or when it was zero."""
    if before is None or before == 0:
        return None
    return round((value - before) * 100 / before, 1)


def _money_sums() -> dict[str, Any]:
    return {
        "revenue": Sum("price", default=0),
        "purchases": Count("id"),
    }


# --- KPI cards -----------------------------------------------------------------------------------


def _totals(q: MarketQuery) -> dict[str, int]:
    row = items(q, status=COMPLETED).aggregate(
        **_money_sums(),
        transactions=Count("transaction_id", distinct=True),
        buyers=Count("transaction__profile_id", distinct=True),
    )
    tx = row["transactions"]
    # average revenue per transaction, rounded half up to the đồng
    row["average_order"] = (2 * row["revenue"] + tx) // (2 * tx) if tx else 0
    return row


def summary(q: MarketQuery) -> dict[str, Any]:
    """KPI cards: ``revenue`` (VND), ``purchases`` (items sold), ``transactions`` (paid
    transactions with at least one item in scope), ``buyers`` (distinct learner profiles),
    ``average_order`` (revenue / transactions, VND): each ``{value, previous, change}`` with
    ``change`` in percent against the period of the same length just before (None for all time
    or a zero previous value). ``not_counted``: the items of PENDING, CANCELLED, EXPIRED and
    FAILED transactions checked out in the period (``{purchases, transactions, amount}``).
    Three queries (two with the previous period)."""
    current = _totals(q)
    prev_q = q.previous()
    previous = _totals(prev_q) if prev_q else None
    cards = {
        key: {
            "value": current[key],
            "previous": previous[key] if previous else None,
            "change": change(current[key], previous[key] if previous else None),
        }
        for key in ("revenue", "purchases", "transactions", "buyers", "average_order")
    }
    others = {
        row["transaction__status"]: row
        for row in items(q, status="ALL")
        .exclude(transaction__status=COMPLETED)
        .values("transaction__status")
        .annotate(
            purchases=Count("id"),
            transactions=Count("transaction_id", distinct=True),
            amount=Sum("price", default=0),
        )
        .order_by()
    }
    cards["not_counted"] = {
        status.lower(): {
            "purchases": others.get(status, {}).get("purchases", 0),
            "transactions": others.get(status, {}).get("transactions", 0),
            "amount": others.get(status, {}).get("amount", 0),
        }
        for status in ("PENDING", "CANCELLED", "EXPIRED", "FAILED")
    }
    return cards


# --- series and breakdowns -----------------------------------------------------------------------


def granularity(start: date, end: date) -> str:
    """``day`` up to 92 days, ``week`` up to 366, else ``month``."""
    days = (end - start).days + 1
    return "day" if days <= 92 else "week" if days <= 366 else "month"


def bucket_start(day: date, unit: str) -> date:
    """The first day of ``day``'s bucket: itself, the Monday of its week, or the 1st of its month."""
    if unit == "week":
        return day - timedelta(days=day.weekday())
    if unit == "month":
        return day.replace(day=1)
    return day


def next_bucket(day: date, unit: str) -> date:
    """The first day of the bucket after the one starting on ``day``."""
    if unit == "week":
        return day + timedelta(days=7)
    if unit == "month":
        return (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    return day + timedelta(days=1)


def revenue_over_time(q: MarketQuery) -> dict[str, Any]:
    """``{"unit": day|week|month, "points": [{"period": date, "revenue", "purchases"}]}``: paid
    purchases per Vietnam day (week from Monday, month), every bucket of the period present
    (zeros included). All time starts at the first sale. One query."""
    start, end = q.period()
    unit = granularity(start or end, end) if start else "month"
    column = "transaction__completed_at"
    trunc = {"day": TruncDate, "week": TruncWeek, "month": TruncMonth}[unit]
    rows = (
        items(q, status=COMPLETED)
        .annotate(bucket=trunc(column, tzinfo=VN))
        .values("bucket")
        .annotate(**_money_sums())
        .order_by("bucket")
    )
    found: dict[date, dict[str, int]] = {}
    for row in rows:
        bucket = row["bucket"]
        key = vietnam_day(bucket) if isinstance(bucket, datetime) else bucket
        found[key] = {"revenue": row["revenue"], "purchases": row["purchases"]}
    if start is None:
        if not found:
            return {"unit": unit, "points": []}
        start = min(found)
    points = []
    cursor = bucket_start(start, unit)
    while cursor <= end:
        figures = found.get(cursor, {"revenue": 0, "purchases": 0})
        points.append({"period": cursor, **figures})
        cursor = next_bucket(cursor, unit)
    return {"unit": unit, "points": points}


def by_addon(q: MarketQuery) -> list[dict[str, Any]]:
    """Paid purchases and revenue per add-on (test only, test + advanced report, survey
    report), every add-on listed. One query."""
    found = {
        row["addon"]: row
        for row in items(q, status=COMPLETED).values("addon").annotate(**_money_sums()).order_by()
    }
    return [
        {
            "addon": code,
            "name": addon_name(code),
            "purchases": found.get(code, {}).get("purchases", 0),
            "revenue": found.get(code, {}).get("revenue", 0),
        }
        for code in ADDONS
    ]


def by_grade(q: MarketQuery) -> list[dict[str, Any]]:
    """Paid purchases and revenue per grade (a survey report counts in its buyer's grade),
    grades with sales only, ascending. One query."""
    rows = (
        items(q, status=COMPLETED, with_grade=True)
        .values("eff_grade")
        .annotate(**_money_sums())
        .order_by("eff_grade")
    )
    return [{"grade": r["eff_grade"], "purchases": r["purchases"], "revenue": r["revenue"]} for r in rows]


def subject_names(organization_ids: tuple[int, ...] | None) -> dict[str, str]:
    """Subject code -> name for the reader (``config.i18n.localized``: the other language's name
    when the reader's is blank, else the code), from the scope's listings of any status (issue 17,
    item 2). One query."""
    from marketplace.models import Listing

    qs = Listing.objects.all()
    if organization_ids is not None:
        qs = qs.filter(organization_id__in=organization_ids)
    expanded = (
        qs.annotate(subject=Func(F("subjects"), function="jsonb_array_elements", output_field=JSONField()))
        .order_by()
        .values_list("subject", flat=True)
        .distinct()
    )
    names: dict[str, str] = {}
    for item in expanded:
        if isinstance(item, dict) and item.get("code") and item["code"] not in names:
            names[item["code"]] = localized(item, "name") or item["code"]
    return names


def by_subject(q: MarketQuery) -> list[dict[str, Any]]:
    """Paid purchases and revenue per subject code, by revenue descending. A test of several
    subjects counts in each of them (so the rows may add up to more than the total); purchases
    without a subject (survey reports) are under ``subject`` "" named "No subject". Two
    queries."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: {"purchases": 0, "revenue": 0})
    for row in items(q, status=COMPLETED).values("subject_codes").annotate(**_money_sums()).order_by():
        for code in row["subject_codes"] or [""]:
            totals[code]["purchases"] += row["purchases"]
            totals[code]["revenue"] += row["revenue"]
    names = subject_names(q.organization_ids) if totals else {}
    rows = [
        {"subject": code, "name": names.get(code, code) if code else _("No subject"), **figures}
        for code, figures in totals.items()
    ]
    return sorted(rows, key=lambda r: (-r["revenue"], r["name"]))


def province_names() -> dict[str, str]:
    """Province code -> name (the 34 provinces of ``accounts.selectors.provinces``)."""
    from accounts.selectors import provinces

    return {p["code"]: p["name"] for p in provinces()}


def by_province(q: MarketQuery) -> list[dict[str, Any]]:
    """Paid purchases and revenue per buyer's province (``province_code`` "" = not given), by
    revenue descending. One query."""
    names = province_names()
    rows = (
        items(q, status=COMPLETED)
        .values("transaction__profile__province_code")
        .annotate(**_money_sums())
        .order_by()
    )
    out = [
        {
            "province_code": r["transaction__profile__province_code"] or "",
            "name": names.get(r["transaction__profile__province_code"] or "", "") or _("Not given"),
            "purchases": r["purchases"],
            "revenue": r["revenue"],
        }
        for r in rows
    ]
    return sorted(out, key=lambda r: (-r["revenue"], r["name"]))


def heatmap_weekday_hour(q: MarketQuery) -> dict[str, Any]:
    """Paid purchases by Vietnam weekday (1 = Monday ... 7 = Sunday) and hour (0-23): the cells
    with purchases, and the largest count (for the colour scale). One query."""
    column = "transaction__completed_at"
    rows = (
        items(q, status=COMPLETED)
        .annotate(weekday=ExtractIsoWeekDay(column, tzinfo=VN), hour=ExtractHour(column, tzinfo=VN))
        .values("weekday", "hour")
        .annotate(**_money_sums())
        .order_by("weekday", "hour")
    )
    cells = [
        {"weekday": r["weekday"], "hour": r["hour"], "purchases": r["purchases"], "revenue": r["revenue"]}
        for r in rows
    ]
    return {"cells": cells, "max_purchases": max((c["purchases"] for c in cells), default=0)}


def heatmap_province_grade(q: MarketQuery) -> dict[str, Any]:
    """Paid purchases by buyer's province and grade: the cells with purchases, the provinces
    (by purchases descending) and grades present, and the largest count. One query."""
    names = province_names()
    rows = (
        items(q, status=COMPLETED, with_grade=True)
        .values("transaction__profile__province_code", "eff_grade")
        .annotate(**_money_sums())
        .order_by()
    )
    cells = []
    per_province: dict[str, int] = defaultdict(int)
    grades: set[int] = set()
    for r in rows:
        code = r["transaction__profile__province_code"] or ""
        cells.append(
            {
                "province_code": code,
                "grade": r["eff_grade"],
                "purchases": r["purchases"],
                "revenue": r["revenue"],
            }
        )
        per_province[code] += r["purchases"]
        if r["eff_grade"] is not None:
            grades.add(r["eff_grade"])
    provinces = [
        {"province_code": code, "name": names.get(code, "") or _("Not given"), "purchases": n}
        for code, n in sorted(per_province.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return {
        "cells": cells,
        "provinces": provinces,
        "grades": sorted(grades),
        "max_purchases": max((c["purchases"] for c in cells), default=0),
    }
