"""The dashboard and heatmap figures in one pass over the transaction items (issue 10,
performance): the figures of ``analytics.rules`` (summary, revenue over time, by add-on, grade,
subject and province; the two heatmaps) computed by one SQL query with GROUPING SETS instead
of one query each. The results are the same, to the đồng: ``analytics/tests/test_twins.py``
compares both ways (issue 35, item 2: each fast rule beside its twin). ``market_sales`` has no
twin (the market rows read it only).

The query reads each item of the scope once: the paid ones of the period and of the previous
period (by ``completed_at``), and the others checked out in the period (by ``created_at``),
then aggregates them per add-on, grade, subject list, province, time bucket and status, plus a
grand total, with FILTER clauses separating this period, the previous one and the unpaid rows.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _

from analytics import rules
from analytics.filters import MarketQuery
from config.dates import VN

# Vietnam time in SQL (``AT TIME ZONE %(tz)s``): the zone is named once, in ``config.dates``.
TZ = VN.key

_BASE = """
    FROM marketplace_transactionitem i
    JOIN marketplace_transaction t ON t.id = i.transaction_id
    JOIN accounts_profile p ON p.id = t.profile_id
"""


def _where(q: MarketQuery, params: dict[str, Any]) -> list[str]:
    """The scope and filter conditions of ``q`` (never the dates)."""
    where = []
    if q.organization_ids is not None:
        where.append("i.organization_id = ANY(%(orgs)s)")
        params["orgs"] = list(q.organization_ids)
    if q.grade is not None:
        where.append("COALESCE(i.grade, p.grade) = %(grade)s")
        params["grade"] = q.grade
    if q.subject:
        where.append("i.subject_codes @> %(subject)s::jsonb")
        params["subject"] = json.dumps([q.subject])
    if q.province_code:
        where.append("p.province_code = %(province)s")
        params["province"] = q.province_code
    if q.preset_ids is not None:
        where.append("i.preset_id = ANY(%(presets)s) AND i.addon <> 'survey_report'")
        params["presets"] = list(q.preset_ids)
    if q.test_preset_id is not None:
        where.append("i.preset_id = %(preset)s")
        where.append("i.addon = 'survey_report'" if q.kind == "survey" else "i.addon <> 'survey_report'")
        params["preset"] = q.test_preset_id
    return where


def _bounds(q: MarketQuery) -> tuple[datetime | None, datetime | None, datetime]:
    """(start of the previous period, start of the period, end of the period): aware instants;
    None for an unbounded start."""
    lo, hi = q.bounds()
    prev = q.previous()
    prev_lo = prev.bounds()[0] if prev else None
    return prev_lo, lo, hi


def _rows(sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        names = [c.name for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def dashboard(q: MarketQuery) -> dict[str, Any]:
    """``summary``, ``revenue_over_time``, ``by_addon``, ``by_grade``, ``by_subject`` and
    ``by_province`` of ``q`` (shapes of ``analytics.rules``). Two queries (the figures and
    the subject names)."""
    start, end = q.period()
    unit = rules.granularity(start, end) if start else "month"
    prev_lo, lo, hi = _bounds(q)
    params: dict[str, Any] = {"hi": hi, "lo": lo, "plo": prev_lo or lo, "unit": unit, "tz": TZ}
    where = _where(q, params)
    paid_from = "t.completed_at >= %(plo)s AND " if (prev_lo or lo) else ""
    other_from = "t.created_at >= %(lo)s AND " if lo else ""
    current = "(t.status = 'COMPLETED' AND t.completed_at >= %(lo)s)" if lo else "(t.status = 'COMPLETED')"
    # Only constant fragments are formatted in; every value is a query parameter.
    sql = f"""
    WITH s AS (
        SELECT i.price, i.addon, i.subject_codes, COALESCE(i.grade, p.grade) AS grade,
               p.province_code AS province, t.status, i.transaction_id AS tx, t.profile_id AS buyer,
               {current} AS cur,
               (t.status = 'COMPLETED' AND NOT {current}) AS prev,
               CASE WHEN t.status = 'COMPLETED'
                    THEN date_trunc(%(unit)s, t.completed_at AT TIME ZONE %(tz)s)::date END AS bucket
        {_BASE}
        WHERE ((t.status = 'COMPLETED' AND {paid_from}t.completed_at < %(hi)s)
               OR (t.status <> 'COMPLETED' AND {other_from}t.created_at < %(hi)s))
          {"AND " + " AND ".join(where) if where else ""}
    )
    SELECT GROUPING(addon) AS g_addon, GROUPING(grade) AS g_grade, GROUPING(subject_codes) AS g_subject,
           GROUPING(province) AS g_province, GROUPING(bucket) AS g_bucket, GROUPING(status) AS g_status,
           addon, grade, subject_codes, province, bucket, status,
           count(*) FILTER (WHERE cur) AS purchases,
           coalesce(sum(price) FILTER (WHERE cur), 0)::bigint AS revenue,
           count(DISTINCT tx) FILTER (WHERE cur) AS transactions,
           count(DISTINCT buyer) FILTER (WHERE cur) AS buyers,
           count(*) FILTER (WHERE prev) AS p_purchases,
           coalesce(sum(price) FILTER (WHERE prev), 0)::bigint AS p_revenue,
           count(DISTINCT tx) FILTER (WHERE prev) AS p_transactions,
           count(DISTINCT buyer) FILTER (WHERE prev) AS p_buyers,
           count(*) FILTER (WHERE status <> 'COMPLETED') AS o_purchases,
           count(DISTINCT tx) FILTER (WHERE status <> 'COMPLETED') AS o_transactions,
           coalesce(sum(price) FILTER (WHERE status <> 'COMPLETED'), 0)::bigint AS o_amount
    FROM s
    GROUP BY GROUPING SETS ((addon), (grade), (subject_codes), (province), (bucket), (status), ())
    """  # noqa: S608
    rows = _rows(sql, params)
    flags = ("g_addon", "g_grade", "g_subject", "g_province", "g_bucket", "g_status")
    total = next(r for r in rows if all(r[f] for f in flags))
    prev_q = q.previous()

    def card(value: int, before: int | None) -> dict[str, Any]:
        return {"value": value, "previous": before, "change": rules.change(value, before)}

    def average(revenue: int, transactions: int) -> int:
        return (2 * revenue + transactions) // (2 * transactions) if transactions else 0

    has_prev = prev_q is not None
    summary: dict[str, Any] = {
        "revenue": card(total["revenue"], total["p_revenue"] if has_prev else None),
        "purchases": card(total["purchases"], total["p_purchases"] if has_prev else None),
        "transactions": card(total["transactions"], total["p_transactions"] if has_prev else None),
        "buyers": card(total["buyers"], total["p_buyers"] if has_prev else None),
        "average_order": card(
            average(total["revenue"], total["transactions"]),
            average(total["p_revenue"], total["p_transactions"]) if has_prev else None,
        ),
    }
    statuses = {r["status"]: r for r in rows if not r["g_status"] and r["status"] != "COMPLETED"}
    summary["not_counted"] = {
        s.lower(): {
            "purchases": statuses.get(s, {}).get("o_purchases", 0),
            "transactions": statuses.get(s, {}).get("o_transactions", 0),
            "amount": statuses.get(s, {}).get("o_amount", 0),
        }
        for s in ("PENDING", "CANCELLED", "EXPIRED", "FAILED")
    }

    def sets(flag: str) -> list[dict[str, Any]]:
        return [r for r in rows if not r[flag] and r["purchases"]]

    # revenue over time: every bucket of the period
    found = {r["bucket"]: r for r in sets("g_bucket") if r["bucket"] is not None}
    first = start or (min(found) if found else None)
    points = []
    if first is not None:
        cursor = rules.bucket_start(first, unit)
        while cursor <= end:
            r = found.get(cursor)
            points.append(
                {
                    "period": cursor,
                    "revenue": r["revenue"] if r else 0,
                    "purchases": r["purchases"] if r else 0,
                }
            )
            cursor = rules.next_bucket(cursor, unit)
    addons = {r["addon"]: r for r in sets("g_addon")}
    by_addon = [
        {
            "addon": code,
            "name": rules.addon_name(code),
            "purchases": addons[code]["purchases"] if code in addons else 0,
            "revenue": addons[code]["revenue"] if code in addons else 0,
        }
        for code in rules.ADDONS
    ]
    by_grade = sorted(
        (
            {"grade": r["grade"], "purchases": r["purchases"], "revenue": r["revenue"]}
            for r in sets("g_grade")
        ),
        key=lambda r: (r["grade"] is None, r["grade"] or 0),
    )
    subjects: dict[str, dict[str, int]] = defaultdict(lambda: {"purchases": 0, "revenue": 0})
    for r in sets("g_subject"):
        codes = r["subject_codes"]
        if isinstance(codes, str):
            codes = json.loads(codes)
        for code in codes or [""]:
            subjects[code]["purchases"] += r["purchases"]
            subjects[code]["revenue"] += r["revenue"]
    names = rules.subject_names(q.organization_ids) if subjects else {}
    by_subject = sorted(
        (
            {"subject": code, "name": names.get(code, code) if code else _("No subject"), **totals}
            for code, totals in subjects.items()
        ),
        key=lambda r: (-r["revenue"], r["name"]),
    )
    provinces = rules.province_names()
    by_province = sorted(
        (
            {
                "province_code": r["province"] or "",
                "name": provinces.get(r["province"] or "", "") or _("Not given"),
                "purchases": r["purchases"],
                "revenue": r["revenue"],
            }
            for r in sets("g_province")
        ),
        key=lambda r: (-r["revenue"], r["name"]),
    )
    return {
        "summary": summary,
        "revenue_over_time": {"unit": unit, "points": points},
        "by_addon": by_addon,
        "by_grade": by_grade,
        "by_subject": by_subject,
        "by_province": by_province,
    }


def heatmap(q: MarketQuery) -> dict[str, Any]:
    """``heatmap_weekday_hour`` and ``heatmap_province_grade`` of ``q`` in one query."""
    lo, hi = _bounds(q)[1:]
    params: dict[str, Any] = {"hi": hi, "lo": lo, "tz": TZ}
    where = _where(q, params)
    # Only constant fragments are formatted in; every value is a query parameter.
    sql = f"""
    WITH s AS (
        SELECT i.price, COALESCE(i.grade, p.grade) AS grade, p.province_code AS province,
               extract(isodow FROM t.completed_at AT TIME ZONE %(tz)s)::int AS weekday,
               extract(hour FROM t.completed_at AT TIME ZONE %(tz)s)::int AS hour
        {_BASE}
        WHERE t.status = 'COMPLETED' AND {"t.completed_at >= %(lo)s AND " if lo else ""}t.completed_at < %(hi)s
          {"AND " + " AND ".join(where) if where else ""}
    )
    SELECT GROUPING(weekday, hour) AS g_week, weekday, hour, province, grade,
           count(*) AS purchases, coalesce(sum(price), 0)::bigint AS revenue
    FROM s GROUP BY GROUPING SETS ((weekday, hour), (province, grade))
    """  # noqa: S608
    rows = _rows(sql, params)
    week = [r for r in rows if not r["g_week"]]
    cells = sorted(
        (
            {"weekday": r["weekday"], "hour": r["hour"], "purchases": r["purchases"], "revenue": r["revenue"]}
            for r in week
        ),
        key=lambda c: (c["weekday"], c["hour"]),
    )
    names = rules.province_names()
    pg_cells, per_province, grades = [], defaultdict(int), set()
    for r in rows:
        if r["g_week"]:
            code = r["province"] or ""
            pg_cells.append(
                {
                    "province_code": code,
                    "grade": r["grade"],
                    "purchases": r["purchases"],
                    "revenue": r["revenue"],
                }
            )
            per_province[code] += r["purchases"]
            if r["grade"] is not None:
                grades.add(r["grade"])
    return {
        "heatmap_weekday_hour": {
            "cells": cells,
            "max_purchases": max((c["purchases"] for c in cells), default=0),
        },
        "heatmap_province_grade": {
            "cells": pg_cells,
            "provinces": [
                {"province_code": code, "name": names.get(code, "") or _("Not given"), "purchases": n}
                for code, n in sorted(per_province.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "grades": sorted(grades),
            "max_purchases": max((c["purchases"] for c in pg_cells), default=0),
        },
    }


def market_sales(q: MarketQuery) -> dict[int | None, dict[str, int]]:
    """Paid purchases of the period per grade: ``{grade: {test_only, test_advanced,
    survey_report, revenue}}`` (the sales half of ``selectors.rows.market_rows``). One query."""
    lo, hi = _bounds(q)[1:]
    params: dict[str, Any] = {"hi": hi, "lo": lo}
    where = _where(q, params)
    # Only constant fragments are formatted in; every value is a query parameter.
    sql = f"""
    SELECT COALESCE(i.grade, p.grade) AS grade,
           count(*) FILTER (WHERE i.addon = 'test_only') AS test_only,
           count(*) FILTER (WHERE i.addon = 'test_advanced') AS test_advanced,
           count(*) FILTER (WHERE i.addon = 'survey_report') AS survey_report,
           coalesce(sum(i.price), 0)::bigint AS revenue
    {_BASE}
    WHERE t.status = 'COMPLETED' AND {"t.completed_at >= %(lo)s AND " if lo else ""}t.completed_at < %(hi)s
      {"AND " + " AND ".join(where) if where else ""}
    GROUP BY 1
    """  # noqa: S608
    return {r["grade"]: r for r in _rows(sql, params)}
