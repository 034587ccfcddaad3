"""The figures the API answers (``POST /api/v1/transaction/analytics``): one figure with the ORM
(``analytics.rules``) or a group in one SQL pass (``analytics.statements``), the twins side by
side (issue 35, item 2)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from analytics import rules, statements
from analytics.error_codes import AnalyticsErrorCode
from analytics.filters import MarketQuery
from config.errors import ApplicationError

ANALYTIC_TYPES = {
    "summary": rules.summary,
    "revenue_over_time": rules.revenue_over_time,
    "by_addon": rules.by_addon,
    "by_grade": rules.by_grade,
    "by_subject": rules.by_subject,
    "by_province": rules.by_province,
    "heatmap_weekday_hour": rules.heatmap_weekday_hour,
    "heatmap_province_grade": rules.heatmap_province_grade,
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
        data.update(statements.dashboard(q) if analytic_type == "dashboard" else statements.heatmap(q))
        return data
    for name in names:
        data[name] = ANALYTIC_TYPES[name](q)
    return data


def _all_types() -> list[str]:
    return [*GROUPS, *ANALYTIC_TYPES]
