"""Market analytics reads (issue 10; spec section 3 "Market analytics row", "Market assessment
row", "Market transaction row", "Purchase item").

Money is whole VND; only COMPLETED transactions count as revenue (pending, cancelled, expired
and failed ones are reported apart); an educator's figures are the sums of their
organization's transaction items, never of whole transactions (a cart may mix organizations).
Days and hours are Vietnam time. Every function runs a fixed number of queries, whatever the
number of rows.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, F, Func, JSONField, Max, Q, Sum
from django.db.models.functions import ExtractHour, ExtractIsoWeekDay, TruncDate, TruncMonth, TruncWeek
from django.utils import translation
from django.utils.translation import gettext as _

from analytics.error_codes import AnalyticsErrorCode
from analytics.filters import VN, MarketQuery, Viewer, items, vn_start
from config.envelope import MAX_LIMIT
from config.errors import ApplicationError, CommonErrorCode

COMPLETED = "COMPLETED"
ADDONS = ("test_only", "test_advanced", "survey_report")


def _addon_name(code: str) -> str:
    from marketplace.models import Addon

    return str(Addon(code).label) if code in Addon.values else code


def _change(value: int, before: int | None) -> float | None:
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
            "change": _change(current[key], previous[key] if previous else None),
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


def _bucket_start(day: date, unit: str) -> date:
    if unit == "week":
        return day - timedelta(days=day.weekday())
    if unit == "month":
        return day.replace(day=1)
    return day


def _next_bucket(day: date, unit: str) -> date:
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
        key = bucket.astimezone(VN).date() if isinstance(bucket, datetime) else bucket
        found[key] = {"revenue": row["revenue"], "purchases": row["purchases"]}
    if start is None:
        if not found:
            return {"unit": unit, "points": []}
        start = min(found)
    points = []
    cursor = _bucket_start(start, unit)
    while cursor <= end:
        figures = found.get(cursor, {"revenue": 0, "purchases": 0})
        points.append({"period": cursor, **figures})
        cursor = _next_bucket(cursor, unit)
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
            "name": _addon_name(code),
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
    """Subject code -> name in the active language, from the scope's listings of any status.
    One query."""
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
    english = translation.get_language() == "en"
    names: dict[str, str] = {}
    for item in expanded:
        if isinstance(item, dict) and item.get("code") and item["code"] not in names:
            names[item["code"]] = (
                (item.get("name_en") if english else item.get("name_vi"))
                or item.get("name_vi")
                or item["code"]
            )
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


ANALYTIC_TYPES = {
    "summary": summary,
    "revenue_over_time": revenue_over_time,
    "by_addon": by_addon,
    "by_grade": by_grade,
    "by_subject": by_subject,
    "by_province": by_province,
    "heatmap_weekday_hour": heatmap_weekday_hour,
    "heatmap_province_grade": heatmap_province_grade,
}
GROUPS = {
    "dashboard": ("summary", "revenue_over_time", "by_addon", "by_grade", "by_subject", "by_province"),
    "heatmap": ("heatmap_weekday_hour", "heatmap_province_grade"),
}


def analytics(q: MarketQuery, analytic_type: str) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics: one figure (``summary``, ``revenue_over_time``,
    ``by_addon``, ``by_grade``, ``by_subject``, ``by_province``, ``heatmap_weekday_hour``,
    ``heatmap_province_grade``) or a group (``dashboard``: the first six; ``heatmap``: the
    last two). 400 ``unknown_analytic_type`` otherwise."""
    names = GROUPS.get(analytic_type) or ((analytic_type,) if analytic_type in ANALYTIC_TYPES else None)
    if names is None:
        raise ApplicationError(
            AnalyticsErrorCode.UNKNOWN_ANALYTIC_TYPE,
            _("Unknown analytic type."),
            status=400,
            errors={"analytic_type": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(_all_types())}]},
        )
    start, end = q.period()
    prev = q.previous()
    data: dict[str, Any] = {
        "analytic_type": analytic_type,
        "filters": q.echo(),
        "period": {
            "from_date": start,
            "to_date": end,
            "previous_from_date": prev.from_date if prev else None,
            "previous_to_date": prev.to_date if prev else None,
        },
    }
    if analytic_type in GROUPS:  # one pass over the items for the whole group
        from analytics import onepass

        data.update(onepass.dashboard(q) if analytic_type == "dashboard" else onepass.heatmap(q))
        return data
    for name in names:
        data[name] = ANALYTIC_TYPES[name](q)
    return data


def _all_types() -> list[str]:
    return [*GROUPS, *ANALYTIC_TYPES]


# --- market analytics rows (per grade) -----------------------------------------------------------


def _addon_counts() -> dict[str, Any]:
    return {
        "test_only": Count("id", filter=Q(addon="test_only")),
        "test_advanced": Count("id", filter=Q(addon="test_advanced")),
        "survey_report": Count("id", filter=Q(addon="survey_report")),
        "revenue": Sum("price", default=0),
    }


def _listings(q: MarketQuery):
    """Test listings in scope published by the end of the period, with the grade, subject and
    round filters."""
    from marketplace.models import Listing

    _, end = q.period()
    qs = Listing.objects.filter(kind=Listing.Kind.TEST, published_at__lt=vn_start(end + timedelta(days=1)))
    if q.organization_ids is not None:
        qs = qs.filter(organization_id__in=q.organization_ids)
    if q.grade is not None:
        qs = qs.filter(grade=q.grade)
    if q.subject:
        qs = qs.filter(subjects__contains=[{"code": q.subject}])
    if q.preset_ids is not None:
        qs = qs.filter(preset_id__in=q.preset_ids)
    return qs


def market_rows(q: MarketQuery) -> list[dict[str, Any]]:
    """GET /api/v1/transaction/analytics/markets: one market analytics row per grade (spec
    section 3): ``grade``, ``assessmentsPublished`` (distinct tests of that grade listed on the
    marketplace by the end of the period, withdrawn ones included), ``testOnlyPurchases``,
    ``testAdvancedReportPurchases``, ``surveyReportPurchases``, ``totalPurchases`` (their sum)
    and ``totalRevenue`` (VND) of paid purchases in the period. Grades with a listing or a sale,
    ascending. Two queries (the sales in one pass, see ``onepass.market_sales``)."""
    from analytics import onepass

    sales = onepass.market_sales(q)
    published: dict[int, int] = defaultdict(int)
    for r in (
        _listings(q)
        .exclude(grade=None)
        .values("grade", "organization_id")
        .annotate(n=Count("preset_id", distinct=True))
        .order_by()
    ):
        published[r["grade"]] += r["n"]
    rows = []
    for grade in sorted({*sales, *published}, key=lambda g: (g is None, g or 0)):
        s = sales.get(grade, {})
        counts = [s.get("test_only", 0), s.get("test_advanced", 0), s.get("survey_report", 0)]
        rows.append(
            {
                "grade": grade,
                "assessmentsPublished": published.get(grade, 0),
                "testOnlyPurchases": counts[0],
                "testAdvancedReportPurchases": counts[1],
                "surveyReportPurchases": counts[2],
                "totalPurchases": sum(counts),
                "totalRevenue": s.get("revenue", 0),
            }
        )
    return rows


# --- market assessment rows (per test or survey) ---------------------------------------------------


def fold(text: str) -> str:
    """Lower-case without Vietnamese diacritics (``Đánh giá`` -> ``danh gia``), for search."""
    text = (text or "").replace("đ", "d").replace("Đ", "D")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()


ASSESSMENT_ORDER = {
    "totalRevenue": "totalRevenue",
    "totalPurchases": "totalPurchases",
    "testOnlyPurchases": "testOnlyPurchases",
    "testAdvancedReportPurchases": "testAdvancedReportPurchases",
    "surveyReportPurchases": "surveyReportPurchases",
    "assessmentName": "assessmentName",
    "grade": "grade",
}


def _checked_order(order_by: str, allowed: dict[str, str], default: str) -> tuple[str, bool]:
    value = (order_by or default).strip()
    name = value.lstrip("-")
    if name not in allowed:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("This list cannot be sorted by %(field)s.") % {"field": name},
            errors={"order_by": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(allowed))}]},
        )
    return allowed[name], value.startswith("-")


def _page_meta(page: int, limit: int) -> tuple[int, int]:
    return max(1, int(page or 1)), min(MAX_LIMIT, max(1, int(limit or 10)))


def assessment_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/markets/assessments: one market assessment row per
    test (or survey) of the scope (spec section 3): ``testPresetId``, ``grade``,
    ``assessmentName``, ``testOnlyPurchases``, ``testAdvancedReportPurchases``,
    ``surveyReportPurchases``, ``totalRevenue`` (VND, paid purchases in the period), plus
    ``totalPurchases``, ``kind`` (test or survey), ``organizationId`` and ``organizationName``.
    Listed tests without a sale are included with zeros. ``search`` matches the name without
    diacritics; ``order_by`` one of ASSESSMENT_ORDER (default ``-totalRevenue``). Returns
    ``{items, page, limit, total, totals: {totalPurchases, totalRevenue}}``. Three queries: the
    rows (at most one per listed test) are merged and paged in memory."""
    from marketplace.models import Addon, Listing
    from tenants.models import Organization

    key_name, desc = _checked_order(order_by, ASSESSMENT_ORDER, "-totalRevenue")
    page, limit = _page_meta(page, limit)
    merged: dict[tuple[int, str, int], dict[str, Any]] = {}
    sales = (
        items(q, status=COMPLETED)
        .annotate(survey=Q(addon=Addon.SURVEY_REPORT))
        .values("organization_id", "survey", "preset_id")
        .annotate(**_addon_counts(), item_name=Max("name"), item_grade=Max("grade"))
        .order_by()
    )
    for r in sales:
        kind = "survey" if r["survey"] else "test"
        merged[(r["organization_id"], kind, r["preset_id"])] = {
            "name": r["item_name"],
            "grade": r["item_grade"] if kind == "test" else q.grade,
            "counts": (r["test_only"], r["test_advanced"], r["survey_report"]),
            "revenue": r["revenue"],
        }
    listings = Listing.objects.order_by("published_at", "id")
    if q.organization_ids is not None:
        listings = listings.filter(organization_id__in=q.organization_ids)
    if q.preset_ids is not None:
        listings = listings.filter(kind=Listing.Kind.TEST, preset_id__in=q.preset_ids)
    if q.subject:
        listings = listings.filter(subjects__contains=[{"code": q.subject}])
    if q.test_preset_id is not None:
        listings = listings.filter(preset_id=q.test_preset_id, kind=q.kind or "test")
    _, end = q.period()
    listings = listings.filter(published_at__lt=vn_start(end + timedelta(days=1)))
    if q.grade is not None:
        listings = listings.filter(Q(grade=q.grade) | Q(kind=Listing.Kind.SURVEY))
    for organization_id, kind, preset_id, name, grade in listings.values_list(
        "organization_id", "kind", "preset_id", "name", "grade"
    ):
        key = (organization_id, kind, preset_id)
        if key in merged:
            merged[key]["name"] = name  # the newest listing's name
        elif kind == "test" and not q.province_code:
            merged[key] = {"name": name, "grade": grade, "counts": (0, 0, 0), "revenue": 0}
    org_names = {
        o.pk: o.shown_name
        for o in Organization.objects.filter(pk__in={k[0] for k in merged}).only("name", "display_name")
    }
    rows = [
        {
            "testPresetId": preset_id,
            "kind": kind,
            "grade": v["grade"],
            "assessmentName": v["name"],
            "testOnlyPurchases": v["counts"][0],
            "testAdvancedReportPurchases": v["counts"][1],
            "surveyReportPurchases": v["counts"][2],
            "totalPurchases": sum(v["counts"]),
            "totalRevenue": v["revenue"],
            "organizationId": organization_id,
            "organizationName": org_names.get(organization_id, ""),
        }
        for (organization_id, kind, preset_id), v in merged.items()
    ]
    if search.strip():
        term = fold(search.strip())
        rows = [r for r in rows if term in fold(r["assessmentName"])]
    rows.sort(key=lambda r: (fold(r["assessmentName"]), r["organizationId"], r["testPresetId"]))
    if key_name == "assessmentName":
        rows.sort(key=lambda r: fold(r["assessmentName"]), reverse=desc)
    else:
        rows.sort(key=lambda r: (r[key_name] is None, r[key_name] or 0), reverse=desc)
    totals = {
        "totalPurchases": sum(r["totalPurchases"] for r in rows),
        "totalRevenue": sum(r["totalRevenue"] for r in rows),
    }
    return {
        "items": rows[(page - 1) * limit : page * limit],
        "page": page,
        "limit": limit,
        "total": len(rows),
        "totals": totals,
    }


# --- market transaction rows (per purchased item) ------------------------------------------------

TRANSACTION_ORDER = {
    "purchaseDate": "transaction__created_at",
    "completedDate": "transaction__completed_at",
    "totalPaid": "price",
    "studentName": "transaction__buyer_name",
    "assessmentName": "name",
    "grade": "eff_grade",
}


def row_id(transaction_id: int | None, payment_id: str | None, seed: int | None) -> str:
    """The row's ``id`` (spec section 3): the transaction number, else its payment id, else a
    generated value (``gen-<item id>``, or a random one)."""
    if transaction_id:
        return str(transaction_id)
    if payment_id:
        return payment_id
    if seed:
        return f"gen-{seed}"
    import uuid

    return f"gen-{uuid.uuid4().hex[:12]}"


def student_name(buyer_name: str | None, learner_name: str | None, email: str | None) -> str:
    """``studentName`` (spec section 3): the name given at checkout, else the learner's name,
    else the learner's e-mail address."""
    return (buyer_name or "").strip() or (learner_name or "").strip() or (email or "")


def transactions_qs(q: MarketQuery, *, search: str = "", order_by: str = ""):
    """The transaction items of the scope and filters (``q.status``, COMPLETED by default),
    searched (student name or e-mail, test name, payment id, transaction number) and ordered
    (TRANSACTION_ORDER; newest payment first by default, newest checkout for other statuses)."""
    from config.envelope import order_by_checked

    qs = items(q, with_grade=True)
    term = search.strip()
    if term:
        match = (
            Q(transaction__buyer_name__icontains=term)
            | Q(transaction__profile__user__name__icontains=term)
            | Q(transaction__profile__user__email__icontains=term)
            | Q(name__icontains=term)
            | Q(transaction__payment_id__icontains=term)
        )
        if term.lstrip("#").isdigit():
            match |= Q(transaction_id=int(term.lstrip("#")))
        qs = qs.filter(match)
    default = "-completedDate" if q.status == COMPLETED else "-purchaseDate"
    order = order_by_checked(order_by, TRANSACTION_ORDER, default)
    return qs.order_by(*[F(o[1:]).desc(nulls_last=True) if o.startswith("-") else F(o).asc() for o in order])


def transaction_row(item) -> dict[str, Any]:
    """A market transaction row (spec section 3) of a TransactionItem loaded with its
    transaction, buyer profile and user, and organization."""
    tx = item.transaction
    user = tx.profile.user
    return {
        "id": row_id(tx.pk, tx.payment_id, item.pk),
        "itemId": item.pk,
        "transactionId": tx.pk,
        "studentName": student_name(tx.buyer_name, user.name, user.email),
        "assessmentName": item.name,
        "testPresetId": item.preset_id,
        "kind": "survey" if item.addon == "survey_report" else "test",
        "grade": item.eff_grade,
        "purchase": _addon_name(item.addon),
        "purchaseCode": item.addon,
        "totalPaid": item.price,
        "purchaseDate": tx.created_at,
        "completedDate": tx.completed_at,
        "paymentId": tx.payment_id,
        "status": tx.status,
        "statusName": tx.get_status_display(),
        "organizationId": item.organization_id,
        "organizationName": item.organization.shown_name,
    }


def transaction_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/markets/assessments/transactions: one market
    transaction row per purchased item, paged: ``{items, page, limit, total, totals:
    {totalPaid}}``. Three queries."""
    from config.envelope import paginate

    qs = transactions_qs(q, search=search, order_by=order_by).select_related(
        "transaction__profile__user", "organization"
    )
    rows, meta = paginate(qs, page=page, limit=limit)
    total_paid = qs.order_by().aggregate(total=Sum("price", default=0))["total"]
    return {"items": [transaction_row(i) for i in rows], **meta, "totals": {"totalPaid": total_paid}}


# --- the plain history (/alltransaction/old) ------------------------------------------------------

HISTORY_ORDER = {
    "purchaseDate": "created_at",
    "completedDate": "completed_at",
    "status": "status",
}


def history_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/history: every transaction with at least one item in
    scope matching the filters (status ``ALL`` by default here), newest first, each with its
    purchase items of the scope only (``label``/``name``, ``amount``/``price`` in VND) and
    ``totalPaid`` = their sum (never another organization's lines). Three queries."""
    from django.db.models import Prefetch

    from config.envelope import order_by_checked, paginate
    from marketplace.models import Transaction

    scoped = items(q, with_grade=True)
    term = search.strip()
    txs = Transaction.objects.filter(pk__in=scoped.values("transaction_id")).select_related("profile__user")
    if term:
        match = (
            Q(buyer_name__icontains=term)
            | Q(profile__user__name__icontains=term)
            | Q(profile__user__email__icontains=term)
            | Q(payment_id__icontains=term)
            | Q(pk__in=scoped.filter(name__icontains=term).values("transaction_id"))
        )
        if term.lstrip("#").isdigit():
            match |= Q(pk=int(term.lstrip("#")))
        txs = txs.filter(match)
    txs = txs.order_by(*order_by_checked(order_by, HISTORY_ORDER, "-purchaseDate")).prefetch_related(
        Prefetch("items", queryset=scoped.order_by("id"), to_attr="scoped_items")
    )
    rows, meta = paginate(txs, page=page, limit=limit)
    out = []
    for tx in rows:
        user = tx.profile.user
        lines = [
            {
                "label": f"{i.name} — {_addon_name(i.addon)}",
                "name": i.name,
                "amount": i.price,
                "price": i.price,
                "addon": i.addon,
                "grade": i.eff_grade,
            }
            for i in tx.scoped_items
        ]
        out.append(
            {
                "id": row_id(tx.pk, tx.payment_id, None),
                "transactionId": tx.pk,
                "studentName": student_name(tx.buyer_name, user.name, user.email),
                "status": tx.status,
                "statusName": tx.get_status_display(),
                "purchaseDate": tx.created_at,
                "completedDate": tx.completed_at,
                "paymentId": tx.payment_id,
                "totalPaid": sum(line["amount"] for line in lines),
                "purchaseItems": lines,
            }
        )
    return {"items": out, **meta}


# --- filter options ----------------------------------------------------------------------------


def filter_options(viewer: Viewer, *, organization_id: int | None = None) -> dict[str, Any]:
    """GET /api/v1/transaction/analytics/filters: what the dashboard's filters offer: grades
    1-12, the scope's subjects, the 34 provinces, the rounds of the organization (the
    educator's, or ``organization_id``'s for the SuperAdmin), the add-ons, and for the
    SuperAdmin every organization. At most four queries."""
    from django_tenants.utils import schema_context

    from accounts.selectors import provinces
    from assessments.models import Round
    from tenants.models import Organization

    org_id = viewer.organization_id if not viewer.is_superadmin else organization_id
    organizations = []
    if viewer.is_superadmin:
        organizations = [
            {"id": o.pk, "name": o.shown_name}
            for o in Organization.objects.exclude(schema_name="public").only("name", "display_name")
        ]
    rounds = []
    if org_id:
        schema = Organization.objects.filter(pk=org_id).values_list("schema_name", flat=True).first()
        if schema:
            with schema_context(schema):
                rounds = [
                    {"id": r.pk, "name": r.name}
                    for r in Round.objects.order_by("-starts_at", "-id").only("name", "starts_at")
                ]
    subjects = subject_names((org_id,) if org_id else None)
    return {
        "is_superadmin": viewer.is_superadmin,
        "grades": list(range(1, 13)),
        "subjects": sorted(
            ({"code": c, "name": n} for c, n in subjects.items()), key=lambda s: fold(s["name"])
        ),
        "provinces": sorted(provinces(), key=lambda p: fold(p["name"])),
        "rounds": rounds,
        "addons": [{"code": c, "name": _addon_name(c)} for c in ADDONS],
        "organizations": organizations,
    }
