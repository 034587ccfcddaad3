"""Market analytics endpoints against the hand-computed market of ``factories.build_market``
(issue 10): every figure, filters, paging, the row fallbacks and organization scoping."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.tests.factories import ProfileFactory, UserFactory
from analytics.tests.factories import PERIOD
from conftest import client_for

pytestmark = pytest.mark.django_db
J = "application/json"
BASE = "/api/v1/transaction/analytics"


@pytest.fixture
def superadmin_client():
    from django.test import Client

    user = UserFactory(is_superuser=True, is_staff=True)  # no profile at all
    client = Client()
    client.force_login(user)
    return client


def post(client, path, body, **query):
    from urllib.parse import urlencode

    qs = urlencode(query)
    return client.post(f"{path}{'?' + qs if qs else ''}", body, content_type=J)


def figures(client, analytic_type="dashboard", **filters):
    res = post(client, BASE, {"analytic_type": analytic_type, **PERIOD, **filters})
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def test_summary_cards_and_previous_period(market, educator_a):
    data = figures(client_for(educator_a), "summary")
    s = data["summary"]
    assert s["revenue"] == {"value": 390_000, "previous": 150_000, "change": 160.0}
    assert s["purchases"] == {"value": 4, "previous": 2, "change": 100.0}
    assert s["transactions"] == {"value": 3, "previous": 1, "change": 200.0}
    assert s["buyers"] == {"value": 3, "previous": 1, "change": 200.0}
    assert s["average_order"] == {"value": 130_000, "previous": 150_000, "change": -13.3}
    assert s["not_counted"] == {
        "pending": {"purchases": 1, "transactions": 1, "amount": 80_000},
        "cancelled": {"purchases": 1, "transactions": 1, "amount": 100_000},
        "expired": {"purchases": 1, "transactions": 1, "amount": 180_000},
        "failed": {"purchases": 1, "transactions": 1, "amount": 100_000},
    }
    assert data["period"] == {
        "from_date": "2025-03-01",
        "to_date": "2025-03-10",
        "previous_from_date": "2025-02-19",
        "previous_to_date": "2025-02-28",
    }
    assert data["by_addon"] is None  # only what was asked for


def test_dashboard_breakdowns(market, educator_a):
    data = figures(client_for(educator_a))
    assert [(r["addon"], r["purchases"], r["revenue"]) for r in data["by_addon"]] == [
        ("test_only", 2, 180_000),
        ("test_advanced", 1, 180_000),
        ("survey_report", 1, 30_000),
    ]
    assert data["by_grade"] == [
        {"grade": 9, "purchases": 2, "revenue": 280_000},
        {"grade": 10, "purchases": 2, "revenue": 110_000},  # the survey report counts in its buyer's grade
    ]
    assert [(r["subject"], r["name"], r["purchases"], r["revenue"]) for r in data["by_subject"]] == [
        ("toan", "Toán", 2, 280_000),
        ("tieng-anh", "Tiếng Anh", 1, 80_000),
        ("", "Không có môn học", 1, 30_000),
    ]
    assert [(r["province_code"], r["purchases"], r["revenue"]) for r in data["by_province"]] == [
        ("79", 1, 180_000),
        ("1", 2, 110_000),
        ("", 1, 100_000),
    ]
    assert "Hồ Chí Minh" in data["by_province"][0]["name"]
    points = data["revenue_over_time"]["points"]
    assert data["revenue_over_time"]["unit"] == "day" and len(points) == 10
    by_day = {p["period"]: (p["revenue"], p["purchases"]) for p in points if p["purchases"]}
    # T3 paid at 23:30 on 10 March (Vietnam) counts on the 10th; T4 at 00:10 on the 11th not at all
    assert by_day == {"2025-03-02": (180_000, 1), "2025-03-05": (110_000, 2), "2025-03-10": (100_000, 1)}
    assert sum(p["revenue"] for p in points) == 390_000


def test_english_names(market, educator_a):
    res = post(client_for(educator_a), BASE, {"analytic_type": "by_subject", **PERIOD})
    assert res.status_code == 200
    res = client_for(educator_a).post(
        BASE, {"analytic_type": "by_subject", **PERIOD}, content_type=J, HTTP_ACCEPT_LANGUAGE="en"
    )
    names = [r["name"] for r in res.json()["data"]["by_subject"]]
    assert names == ["Mathematics", "English", "No subject"]


def test_heatmaps(market, educator_a):
    data = figures(client_for(educator_a), "heatmap")
    cells = {(c["weekday"], c["hour"]): c["purchases"] for c in data["heatmap_weekday_hour"]["cells"]}
    # 2 March 2025 is a Sunday (7), 5 March a Wednesday (3), 10 March a Monday (1): Vietnam hours
    assert cells == {(7, 9): 1, (3, 20): 2, (1, 23): 1}
    assert data["heatmap_weekday_hour"]["max_purchases"] == 2
    pg = data["heatmap_province_grade"]
    assert {(c["province_code"], c["grade"]): (c["purchases"], c["revenue"]) for c in pg["cells"]} == {
        ("79", 9): (1, 180_000),
        ("1", 10): (2, 110_000),
        ("", 9): (1, 100_000),
    }
    assert [p["province_code"] for p in pg["provinces"]] == ["1", "", "79"]
    assert pg["grades"] == [9, 10]


def test_filters(market, educator_a):
    client = client_for(educator_a)
    assert figures(client, "summary", grade=9)["summary"]["revenue"]["value"] == 280_000
    assert figures(client, "summary", grade=10)["summary"]["revenue"]["value"] == 110_000
    assert figures(client, "summary", subject="toan")["summary"]["revenue"]["value"] == 280_000
    assert figures(client, "summary", province_code="1")["summary"]["revenue"]["value"] == 110_000
    by_round = figures(client, "summary", round_id=market.round_id)["summary"]
    assert by_round["revenue"]["value"] == 280_000  # tests of the round only; the survey is in none
    assert by_round["revenue"]["previous"] == 150_000
    # empty values are dropped
    assert figures(client, "summary", grade="", subject="")["summary"]["revenue"]["value"] == 390_000
    # one day: 10 March, with the previous day as the previous period
    one = figures(client, "summary", from_date="2025-03-10", to_date="2025-03-10")["summary"]
    assert one["revenue"] == {"value": 100_000, "previous": 0, "change": None}
    # all time: no previous period
    res = post(client, BASE, {"analytic_type": "summary"})
    assert res.json()["data"]["summary"]["revenue"] == {"value": 620_000, "previous": None, "change": None}
    bad = post(client, BASE, {"analytic_type": "summary", "from_date": "2025-03-10", "to_date": "2025-03-01"})
    assert bad.status_code == 400 and "to_date" in bad.json()["errors"]
    unknown = post(client, BASE, {"analytic_type": "nope"})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_analytic_type"


def test_markets_rows(market, educator_a):
    client = client_for(educator_a)
    res = client.get(f"{BASE}/markets", PERIOD)
    assert res.status_code == 200 and res.json()["success"] is True
    assert res.json()["data"] == [
        {
            "grade": 9,
            "assessmentsPublished": 2,
            "testOnlyPurchases": 1,
            "testAdvancedReportPurchases": 1,
            "surveyReportPurchases": 0,
            "totalPurchases": 2,
            "totalRevenue": 280_000,
        },
        {
            "grade": 10,
            "assessmentsPublished": 1,  # the grade-10 listing published in April is not counted
            "testOnlyPurchases": 1,
            "testAdvancedReportPurchases": 0,
            "surveyReportPurchases": 1,
            "totalPurchases": 2,
            "totalRevenue": 110_000,
        },
    ]
    only = client.get(f"{BASE}/markets", {**PERIOD, "province_code": "79"}).json()["data"]
    assert [(r["grade"], r["totalRevenue"]) for r in only] == [(9, 180_000), (10, 0)]


def test_assessment_rows(market, educator_a):
    client = client_for(educator_a)
    p = market.presets
    res = post(client, f"{BASE}/markets/assessments", PERIOD)
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["total"] == 4 and data["totals"] == {"totalPurchases": 4, "totalRevenue": 390_000}
    rows = [
        (
            r["testPresetId"],
            r["kind"],
            r["grade"],
            r["assessmentName"],
            r["testOnlyPurchases"],
            r["testAdvancedReportPurchases"],
            r["surveyReportPurchases"],
            r["totalRevenue"],
        )
        for r in data["items"]
    ]
    assert rows == [
        (p["p1"], "test", 9, "Đánh giá năng lực Toán 9", 1, 1, 0, 280_000),
        (p["p2"], "test", 10, "Tiếng Anh 10 giữa kỳ", 1, 0, 0, 80_000),
        (p["p1"], "survey", None, "Khảo sát hướng nghiệp", 0, 0, 1, 30_000),
        (p["p3"], "test", 9, "Toán và Văn 9", 0, 0, 0, 0),  # listed, not sold in the period
    ]
    grade9 = post(client, f"{BASE}/markets/assessments", {**PERIOD, "grade": 9}).json()["data"]
    assert [(r["testPresetId"], r["totalRevenue"]) for r in grade9["items"]] == [
        (p["p1"], 280_000),
        (p["p3"], 0),
    ]
    grade10 = post(client, f"{BASE}/markets/assessments", {**PERIOD, "grade": 10}).json()["data"]
    assert [(r["kind"], r["grade"], r["totalRevenue"]) for r in grade10["items"]] == [
        ("test", 10, 80_000),
        ("survey", 10, 30_000),
    ]
    # paging, search without diacritics, order
    page2 = post(client, f"{BASE}/markets/assessments", PERIOD, page=2, limit=3).json()["data"]
    assert page2["page"] == 2 and page2["total"] == 4 and len(page2["items"]) == 1
    found = post(client, f"{BASE}/markets/assessments", PERIOD, search="tieng anh").json()["data"]
    assert [r["testPresetId"] for r in found["items"]] == [p["p2"]]
    by_name = post(client, f"{BASE}/markets/assessments", PERIOD, order_by="assessmentName").json()["data"]
    assert by_name["items"][0]["assessmentName"] == "Đánh giá năng lực Toán 9"
    bad = post(client, f"{BASE}/markets/assessments", PERIOD, order_by="secret")
    assert bad.status_code == 400 and bad.json()["code"] == "validation_error"


def test_transaction_rows_and_fallbacks(market, educator_a):
    client = client_for(educator_a)
    p1 = market.presets["p1"]
    res = post(client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "test_preset_id": p1})
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["total"] == 2 and data["totals"] == {"totalPaid": 280_000}
    t1, t3 = market.tx["T1"], market.tx["T3"]
    first, second = data["items"]
    assert first == {
        "id": str(t3.pk),
        "itemId": first["itemId"],
        "transactionId": t3.pk,
        "studentName": "b3@example.vn",  # no name at checkout, no learner name: the e-mail
        "assessmentName": "Đánh giá năng lực Toán 9",
        "testPresetId": p1,
        "kind": "test",
        "grade": 9,
        "purchase": first["purchase"],
        "purchaseCode": "test_only",
        "totalPaid": 100_000,
        "purchaseDate": "2025-03-10T16:20:00Z",
        "completedDate": "2025-03-10T16:30:00Z",
        "paymentId": "SIM-T3",
        "status": "COMPLETED",
        "statusName": first["statusName"],
        "organizationId": market.org_a.pk,
        "organizationName": "Org A",
    }
    # T1 also holds organization B's 200,000 line: only A's 180,000 line shows
    assert (second["transactionId"], second["totalPaid"], second["purchaseCode"]) == (
        t1.pk,
        180_000,
        "test_advanced",
    )
    assert second["studentName"] == "Nguyễn Văn An"
    # the survey of the same id is a different assessment
    survey = post(
        client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "test_preset_id": p1, "kind": "survey"}
    ).json()["data"]
    assert [(r["kind"], r["totalPaid"], r["grade"]) for r in survey["items"]] == [("survey", 30_000, 10)]
    # the learner's name when none was given at checkout
    assert survey["items"][0]["studentName"] == "Trần Thị Bình"
    # paging and search
    page2 = post(
        client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "test_preset_id": p1}, page=2, limit=1
    ).json()["data"]
    assert [r["transactionId"] for r in page2["items"]] == [t1.pk] and page2["total"] == 2
    found = post(client, f"{BASE}/markets/assessments/transactions", PERIOD, search="nguyễn").json()["data"]
    assert [r["transactionId"] for r in found["items"]] == [t1.pk]
    by_id = post(client, f"{BASE}/markets/assessments/transactions", PERIOD, search=f"#{t3.pk}").json()[
        "data"
    ]
    assert [r["transactionId"] for r in by_id["items"]] == [t3.pk]
    # other statuses on request; cancelled lines never in the default list
    everything = post(client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "status": "ALL"}).json()
    assert everything["data"]["total"] == 8  # 4 paid + T5, T6, T7, T9 (T4 was checked out on the 11th)
    pending = post(client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "status": "PENDING"}).json()
    assert [r["completedDate"] for r in pending["data"]["items"]] == [None]


def test_row_id_fallbacks():
    from analytics.selectors.rows import row_id, student_name

    assert row_id(12, "SIM-1", 5) == "12"
    assert row_id(None, "SIM-1", 5) == "SIM-1"
    assert row_id(None, "", 5) == "gen-5"
    assert row_id(None, "", None).startswith("gen-")
    assert student_name("", "Lê Nam", "x@y.vn") == "Lê Nam"
    assert student_name(" ", "", "x@y.vn") == "x@y.vn"


def test_history_shows_own_lines_only(market, educator_a):
    res = post(client_for(educator_a), f"{BASE}/history", PERIOD)
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    ids = [r["transactionId"] for r in data["items"]]
    t = market.tx
    assert ids == [t["T3"].pk, t["T7"].pk, t["T9"].pk, t["T2"].pk, t["T6"].pk, t["T5"].pk, t["T1"].pk]
    t1 = next(r for r in data["items"] if r["transactionId"] == t["T1"].pk)
    assert t1["totalPaid"] == 180_000 and len(t1["purchaseItems"]) == 1
    line = t1["purchaseItems"][0]
    assert line["amount"] == line["price"] == 180_000 and line["name"] in line["label"]
    paid = post(client_for(educator_a), f"{BASE}/history", {**PERIOD, "status": "COMPLETED"}).json()["data"]
    assert paid["total"] == 3


def test_scoping(market, educator_a, educator_b, superadmin_client):
    b = figures(client_for(educator_b), "summary")["summary"]
    assert b["revenue"]["value"] == 200_000 and b["purchases"]["value"] == 1
    rows_b = post(client_for(educator_b), f"{BASE}/markets/assessments/transactions", PERIOD).json()["data"]
    assert [r["totalPaid"] for r in rows_b["items"]] == [200_000]
    # an educator's organization filter is ignored: their scope is always their organization
    a = figures(client_for(educator_a), "summary", organization_id=market.org_b.pk)["summary"]
    assert a["revenue"]["value"] == 390_000
    history_b = post(client_for(educator_b), f"{BASE}/history", PERIOD).json()["data"]
    assert [r["totalPaid"] for r in history_b["items"]] == [200_000]
    # the SuperAdmin (no profile) sees every organization and can narrow to one
    all_orgs = figures(superadmin_client, "summary")["summary"]
    assert all_orgs["revenue"]["value"] == 590_000 and all_orgs["transactions"]["value"] == 3
    only_a = figures(superadmin_client, "summary", organization_id=market.org_a.pk)["summary"]
    assert only_a["revenue"]["value"] == 390_000
    rows = post(superadmin_client, f"{BASE}/markets/assessments", PERIOD).json()["data"]
    assert {r["organizationName"] for r in rows["items"]} == {"Org A", "Org B"}
    assert rows["totals"]["totalRevenue"] == 590_000
    no_org = post(superadmin_client, BASE, {"analytic_type": "summary", "round_id": market.round_id})
    assert no_org.status_code == 400 and no_org.json()["code"] == "organization_required"
    options = superadmin_client.get(f"{BASE}/filters", {"organization_id": market.org_a.pk}).json()["data"]
    assert options["is_superadmin"] and {o["name"] for o in options["organizations"]} >= {"Org A", "Org B"}
    assert [r["name"] for r in options["rounds"]] == ["Vòng 1"]


def test_learners_and_anonymous_refused(market, learner):
    client = client_for(learner)
    for res in (
        post(client, BASE, {"analytic_type": "summary"}),
        client.get(f"{BASE}/markets"),
        post(client, f"{BASE}/markets/assessments", {}),
        post(client, f"{BASE}/markets/assessments/transactions", {}),
        post(client, f"{BASE}/markets/assessments/transactions/export", {}),
        post(client, f"{BASE}/export-dashboard", {}),
    ):
        assert res.status_code == 403 and res.json()["code"] == "forbidden_role"
    from django.test import Client

    assert Client().get(f"{BASE}/markets").status_code == 401


def test_filter_options_for_an_educator(market, educator_a):
    data = client_for(educator_a).get(f"{BASE}/filters").json()["data"]
    assert data["is_superadmin"] is False and data["organizations"] == []
    assert [s["code"] for s in data["subjects"]] == ["van", "tieng-anh", "toan"]
    assert len(data["provinces"]) == 34 and data["grades"] == list(range(1, 13))
    assert [r["id"] for r in data["rounds"]] == [market.round_id]


def _count(client, path, body, **query):
    with CaptureQueriesContext(connection) as ctx:
        res = post(client, path, body, **query)
        if res.streaming:  # the file is written before the response; read it all the same
            b"".join(res.streaming_content)
    assert res.status_code == 200, res.json()
    return len(ctx.captured_queries)


def _count_get(client, path, query):
    with CaptureQueriesContext(connection) as ctx:
        res = client.get(path, query)
    assert res.status_code == 200, res.json()
    return len(ctx.captured_queries)


def test_constant_query_counts(market, educator_a):
    from analytics.tests.factories import _tx

    client = client_for(educator_a)
    paths = [
        f"{BASE}/markets/assessments",
        f"{BASE}/markets/assessments/transactions",
        f"{BASE}/history",
    ]

    def counts() -> dict[str, int]:
        found = {p: _count(client, p, {"status": "ALL"} if "history" in p else {}, limit=50) for p in paths}
        found["dashboard"] = _count(client, BASE, {"analytic_type": "dashboard", **PERIOD})
        found["heatmap"] = _count(client, BASE, {"analytic_type": "heatmap", **PERIOD})
        found["markets"] = _count_get(client, f"{BASE}/markets", PERIOD)
        # the synchronous .xlsx (under ANALYTICS_EXPORT_SYNC_MAX_ROWS), every status
        found["export"] = _count(client, f"{BASE}/markets/assessments/transactions/export", {"status": "ALL"})
        return found

    before = counts()
    for i in range(12):
        buyer = ProfileFactory(grade=9, province_code=str(10 + i))
        _tx(buyer, "COMPLETED", f"2025-03-0{1 + i % 9} 10:00", f"2025-03-0{1 + i % 9} 10:05",
            [(market.listings["la1"], "test_only", 100_000), (market.listings["la2"], "test_only", 80_000)])  # fmt: skip
    after = counts()
    assert before == after
    # the rows added are really read (the counts are not constant because nothing changed)
    grade9 = client.get(f"{BASE}/markets", PERIOD).json()["data"][0]
    assert grade9["grade"] == 9 and grade9["totalRevenue"] == 280_000 + 12 * 100_000


def test_status_change_after_the_fact(market, educator_a):
    """A paid transaction later moved out of COMPLETED (an admin correction; a refund would do the
    same, decision 0010) leaves every figure at once: nothing is cached or summarized."""
    from marketplace.models import Transaction

    client = client_for(educator_a)
    p1 = market.presets["p1"]

    def read():
        summary = figures(client, "summary")["summary"]
        markets = {r["grade"]: r for r in client.get(f"{BASE}/markets", PERIOD).json()["data"]}
        rows = post(client, f"{BASE}/markets/assessments", PERIOD).json()["data"]
        p1_row = next(r for r in rows["items"] if (r["testPresetId"], r["kind"]) == (p1, "test"))
        return summary, markets, rows["totals"], p1_row

    summary, markets, totals, p1_row = read()
    assert summary["revenue"]["value"] == 390_000 and summary["purchases"]["value"] == 4
    assert summary["not_counted"]["cancelled"] == {"purchases": 1, "transactions": 1, "amount": 100_000}
    assert (markets[9]["totalRevenue"], markets[9]["testOnlyPurchases"], markets[9]["totalPurchases"]) == (
        280_000,
        1,
        2,
    )
    assert totals == {"totalPurchases": 4, "totalRevenue": 390_000}
    assert (p1_row["totalRevenue"], p1_row["testOnlyPurchases"]) == (280_000, 1)

    t3 = market.tx["T3"]  # paid 100,000 for p1 (test only, grade 9) on 10 March, checked out the same day
    Transaction.objects.filter(pk=t3.pk).update(status=Transaction.Status.CANCELLED)

    summary, markets, totals, p1_row = read()
    assert summary["revenue"] == {"value": 290_000, "previous": 150_000, "change": 93.3}
    assert summary["purchases"]["value"] == 3 and summary["transactions"]["value"] == 2
    assert summary["buyers"]["value"] == 2  # b3 bought nothing else
    assert summary["not_counted"]["cancelled"] == {"purchases": 2, "transactions": 2, "amount": 200_000}
    assert summary["not_counted"]["pending"]["amount"] == 80_000  # the other statuses are untouched
    assert (markets[9]["totalRevenue"], markets[9]["testOnlyPurchases"], markets[9]["totalPurchases"]) == (
        180_000,
        0,
        1,
    )
    assert markets[10]["totalRevenue"] == 110_000
    assert totals == {"totalPurchases": 3, "totalRevenue": 290_000}
    assert (p1_row["totalRevenue"], p1_row["testOnlyPurchases"], p1_row["testAdvancedReportPurchases"]) == (
        180_000,
        0,
        1,
    )
    # the one-pass dashboard agrees with the single figure
    assert figures(client)["summary"] == summary
    # and the transaction rows: the cancelled line is gone from the default (COMPLETED) list
    rows = post(client, f"{BASE}/markets/assessments/transactions", {**PERIOD, "test_preset_id": p1}).json()
    assert [r["transactionId"] for r in rows["data"]["items"]] == [market.tx["T1"].pk]
    assert rows["data"]["totals"] == {"totalPaid": 180_000}
