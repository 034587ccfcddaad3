"""Educators see only their organization's lines of a transaction and those lines' amount
(issue 16, item 6): a cart may mix organizations, and GET /api/v1/transaction used to return the
whole transaction (the other organization's lines and the full amount) to each of them."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from analytics.tests.factories import PERIOD, build_market
from analytics.tests.test_api import BASE
from analytics.tests.test_api import post as analytics_post
from conftest import client_for
from marketplace.models import Transaction

pytestmark = pytest.mark.django_db

A_LINE = "Đánh giá năng lực Toán 9"
B_LINE = "Toán 9 trường B"


@pytest.fixture
def market(org_a, org_b):
    market = build_market(org_a, org_b)
    # T1 mixes both organizations: 180,000 VND of A's test + 200,000 VND of B's; its remark, as
    # checkout writes it, names every line.
    Transaction.objects.filter(pk=market.tx["T1"].pk).update(remark=f"{A_LINE}, {B_LINE}")
    return market


def _lines(tx: dict) -> list[tuple[str, str, int]]:
    return [(i["name"], i["organization"], i["price"]) for i in tx["items"]]


def test_educator_of_b_sees_only_b_line_and_its_amount(market, educator_b):
    t1 = market.tx["T1"]
    client = client_for(educator_b)
    page = client.get("/api/v1/transaction?status=COMPLETED").json()["data"]
    assert page["total"] == 1
    (row,) = page["items"]
    assert row["id"] == t1.pk
    assert _lines(row) == [(B_LINE, "Org B", 200_000)]
    assert row["amount"] == 200_000
    assert row["name"] == B_LINE and row["remark"] == B_LINE
    assert row["payment_id"] == "SIM-T1" and row["buyer_name"] == "Nguyễn Văn An"

    detail = client.get(f"/api/v1/transaction/{t1.pk}")
    assert detail.status_code == 200
    assert detail.json()["data"] == row

    # A's test name matches nothing for B; B's own line name does.
    assert client.get("/api/v1/transaction", {"search": "năng lực"}).json()["data"]["total"] == 0
    assert client.get("/api/v1/transaction", {"search": "trường B"}).json()["data"]["total"] == 1
    # Every other transaction holds no line of B: absent from the list, 404 by id.
    assert client.get("/api/v1/transaction?status=ALL").json()["data"]["total"] <= 1
    for key in ("T2", "T3", "T8"):
        res = client.get(f"/api/v1/transaction/{market.tx[key].pk}")
        assert res.status_code == 404 and res.json()["code"] == "not_found"


def test_educator_of_a_sees_only_a_line_and_orders_by_their_amount(market, educator_a):
    t1 = market.tx["T1"]
    client = client_for(educator_a)
    page = client.get("/api/v1/transaction?status=COMPLETED&limit=50&order_by=-amount").json()["data"]
    rows = {r["id"]: r for r in page["items"]}
    assert _lines(rows[t1.pk]) == [(A_LINE, "Org A", 180_000)]
    assert rows[t1.pk]["amount"] == 180_000
    assert rows[t1.pk]["name"] == A_LINE and rows[t1.pk]["remark"] == A_LINE
    # ordered by the amounts shown (A's lines), never by the whole transaction's
    amounts = [r["amount"] for r in page["items"]]
    assert amounts == sorted(amounts, reverse=True)
    # T1 (A's line only), T8, T2 (a test and a survey report, both A's), T3, T4
    assert amounts == [180_000, 150_000, 110_000, 100_000, 80_000]
    detail = client.get(f"/api/v1/transaction/{t1.pk}").json()["data"]
    assert detail["amount"] == 180_000 and _lines(detail) == [(A_LINE, "Org A", 180_000)]
    assert client.get("/api/v1/transaction", {"search": "trường B"}).json()["data"]["total"] == 0


def test_the_buyer_still_sees_the_whole_transaction(market):
    t1 = market.tx["T1"]
    client = client_for(market.buyers["b1"])
    rows = {r["id"]: r for r in client.get("/api/v1/transaction?limit=50").json()["data"]["items"]}
    row = rows[t1.pk]
    assert _lines(row) == [(A_LINE, "Org A", 180_000), (B_LINE, "Org B", 200_000)]
    assert row["amount"] == 380_000 and row["remark"] == f"{A_LINE}, {B_LINE}"
    assert client.get("/api/v1/transaction", {"search": "trường B"}).json()["data"]["total"] == 1


def test_the_analytics_exports_of_b_hold_only_b_line(market, educator_b):
    client = client_for(educator_b)
    history = analytics_post(client, f"{BASE}/history", {**PERIOD, "status": "ALL"}).json()["data"]
    assert [
        (r["totalPaid"], [(x["name"], x["price"]) for x in r["purchaseItems"]]) for r in history["items"]
    ] == [(200_000, [(B_LINE, 200_000)])]
    res = analytics_post(client, f"{BASE}/markets/assessments/transactions/export", PERIOD)
    assert res.status_code == 200
    ws = load_workbook(io.BytesIO(b"".join(res.streaming_content))).worksheets[0]
    rows = [[c.value for c in row] for row in ws.iter_rows(min_row=2)]
    assert [(r[2], r[5]) for r in rows] == [(B_LINE, 200_000)]
