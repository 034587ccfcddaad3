"""The demo market (issue 10, item 6): idempotent, and the dashboard reads it."""

from __future__ import annotations

import pytest

from analytics import demo
from analytics.tests.factories import ANH, TOAN, _listing
from conftest import client_for
from marketplace.models import Transaction, TransactionItem

pytestmark = pytest.mark.django_db


def test_seed_demo_market(org_a, educator_a):
    _listing(org_a, "test", 1, "Toán 9", 9, [TOAN], 120_000, 200_000)
    _listing(org_a, "test", 2, "Tiếng Anh 12", 12, [ANH], 150_000)
    _listing(org_a, "survey", 1, "Khảo sát", None, [], 0, None, 50_000)
    line = demo.seed_demo_market(organization=org_a)
    assert "3200" in line
    paid = Transaction.objects.filter(payment_provider=demo.PROVIDER, status="COMPLETED")
    assert paid.count() == demo.PAID
    assert (
        Transaction.objects.filter(payment_provider=demo.PROVIDER).exclude(status="COMPLETED").count() == 340
    )
    addons = set(TransactionItem.objects.values_list("addon", flat=True))
    assert addons == {"test_only", "test_advanced", "survey_report"}
    assert demo.seed_demo_market(organization=org_a).endswith("already there")
    assert Transaction.objects.filter(payment_provider=demo.PROVIDER).count() == demo.PAID + 340
    res = client_for(educator_a).post(
        "/api/v1/transaction/analytics", {"analytic_type": "dashboard"}, content_type="application/json"
    )
    data = res.json()["data"]
    revenue = sum(t.amount for t in paid)
    assert data["summary"]["revenue"]["value"] == revenue
    assert len(data["by_province"]) > 5 and {g["grade"] for g in data["by_grade"]} >= {9, 12}
