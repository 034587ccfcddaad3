"""The twins of the analytics figures (issue 35, item 2): the dashboard and heatmap groups in one
SQL pass (``analytics.statements``) against the single figures with the ORM
(``analytics.rules``), through the API, to the đồng."""

from __future__ import annotations

import pytest

from analytics.tests.factories import PERIOD
from analytics.tests.test_api import BASE, post
from conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "filters",
    [
        PERIOD,
        {},
        {**PERIOD, "grade": 10},
        {**PERIOD, "subject": "toan", "province_code": "79"},
        {"from_date": "2025-02-01", "to_date": "2025-06-30"},
        {"from_date": "2024-01-01", "to_date": "2025-03-10"},
    ],
)
def test_one_pass_figures_equal_the_single_ones(market, educator_a, filters):
    """The dashboard and heatmap groups (one SQL pass) give exactly the figures of the single
    analytic types."""
    client = client_for(educator_a)
    for group, names in (
        ("dashboard", ("summary", "revenue_over_time", "by_addon", "by_grade", "by_subject", "by_province")),
        ("heatmap", ("heatmap_weekday_hour", "heatmap_province_grade")),
    ):
        together = post(client, BASE, {"analytic_type": group, **filters}).json()["data"]
        for name in names:
            alone = post(client, BASE, {"analytic_type": name, **filters}).json()["data"][name]
            if name == "heatmap_province_grade":
                key = lambda c: (c["province_code"], c["grade"] or 0)  # noqa: E731
                alone["cells"].sort(key=key)
                together[name]["cells"].sort(key=key)
            assert together[name] == alone, (group, name, filters)
