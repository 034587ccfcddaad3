"""Issue 17 in the market analytics, pinned with exact values: Vietnam days for the period
filters and the series (item 1), dates and numbers in the reader's format in the exports
(items 1 and 2), bilingual subject names with fallback to the other language (item 2)."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.utils import translation

from accounts.tests.factories import ProfileFactory, UserFactory
from analytics import dashboard_pdf, rules, statements
from analytics.exports import filters_text, format_change, format_number, format_vnd
from analytics.filters import MarketQuery
from analytics.tests.factories import _listing, _tx, vn
from analytics.tests.test_api import BASE, J
from analytics.tests.test_exports import _pdf_lines
from conftest import client_for
from marketplace.models import Listing

pytestmark = pytest.mark.django_db
HOA = {"code": "hoa", "name_vi": "Hóa học", "name_en": ""}  # no English name
LY = {"code": "ly", "name_vi": "", "name_en": "Physics"}  # no Vietnamese name
NOVEMBER = {"from_date": "2026-11-01", "to_date": "2026-11-27"}


@pytest.fixture
def late_sales(org_a):
    """Two paid purchases in Org A: 23:30 on 27/11/2026 Vietnam time (16:30 UTC, a Friday) and
    00:10 on 28/11/2026 Vietnam time (17:10 UTC on the 27th)."""
    listing = _listing(
        org_a, Listing.Kind.TEST, 501, "Hóa 11", 11, [HOA], 120_000, published="2026-11-01 08:00"
    )
    buyer = ProfileFactory(grade=11, province_code="79", user=UserFactory(name="Lê Văn Cường"))
    late = _tx(buyer, "COMPLETED", "2026-11-27 23:25", "2026-11-27 23:30", [(listing, "test_only", 120_000)])
    after = _tx(buyer, "COMPLETED", "2026-11-28 00:05", "2026-11-28 00:10", [(listing, "test_only", 120_000)])
    return {"listing": listing, "late": late, "after": after}


def _query(org, **kwargs) -> MarketQuery:
    return MarketQuery(organization_ids=(org.pk,), **kwargs)


def test_a_sale_at_2330_vietnam_time_counts_on_its_vietnam_day(org_a, late_sales):
    assert late_sales["late"].completed_at.isoformat() == "2026-11-27T16:30:00+00:00"
    q = _query(org_a, from_date=date(2026, 11, 1), to_date=date(2026, 11, 27))
    series = rules.revenue_over_time(q)
    assert series["unit"] == "day" and len(series["points"]) == 27
    assert series["points"][-1] == {"period": date(2026, 11, 27), "revenue": 120_000, "purchases": 1}
    assert sum(p["revenue"] for p in series["points"]) == 120_000  # 00:10 on the 28th is not in November
    # the one-pass dashboard (SQL with the zone as a parameter) agrees, and so does the heatmap
    dashboard = statements.dashboard(q)
    assert dashboard["revenue_over_time"]["points"][-1]["revenue"] == 120_000
    assert dashboard["summary"]["revenue"]["value"] == 120_000
    cells = statements.heatmap(q)["heatmap_weekday_hour"]["cells"]
    assert [(c["weekday"], c["hour"], c["purchases"]) for c in cells] == [(5, 23, 1)]
    # the next day holds the other sale only
    assert (
        rules.summary(_query(org_a, from_date=date(2026, 11, 28), to_date=date(2026, 11, 28)))["revenue"][
            "value"
        ]
        == 120_000
    )


def test_to_date_filter_is_a_vietnam_day(org_a, educator_a, late_sales):
    res = client_for(educator_a).post(BASE, {"analytic_type": "summary", **NOVEMBER}, content_type=J)
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["summary"]["revenue"]["value"] == 120_000
    assert res.json()["data"]["summary"]["purchases"]["value"] == 1


def test_no_to_date_means_today_in_vietnam(org_a, late_sales, monkeypatch):
    """At 23:45 on 27/11/2026 Vietnam time (16:45 UTC) "today" is the 27th: the 23:30 sale is in
    it, the period ends that day."""
    monkeypatch.setattr("config.dates.now", lambda: vn("2026-11-27 23:45"))
    q = _query(org_a, from_date=date(2026, 11, 27))
    assert q.period() == (date(2026, 11, 27), date(2026, 11, 27))
    assert rules.summary(q)["revenue"]["value"] == 120_000


@pytest.mark.parametrize(
    ("language", "period", "since_ever"),
    [
        ("vi", ("Khoảng thời gian", "01/11/2026 – 27/11/2026"), "ban đầu – 27/11/2026"),
        ("en", ("Period", "1 Nov 2026 – 27 Nov 2026"), "the beginning – 27 Nov 2026"),
    ],
)
def test_export_period_line_in_the_readers_format(org_a, language, period, since_ever):
    with translation.override(language):
        assert (
            filters_text(_query(org_a, from_date=date(2026, 11, 1), to_date=date(2026, 11, 27)))[0] == period
        )
        assert filters_text(_query(org_a, to_date=date(2026, 11, 27)))[0][1] == since_ever


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("vi", ["1.234.567", "1.234.567 ₫", "+160,0 %", "-13,3 %", "—"]),
        ("en", ["1,234,567", "1,234,567 ₫", "+160.0 %", "-13.3 %", "—"]),
    ],
)
def test_numbers_in_the_readers_format(language, expected):
    with translation.override(language):
        assert [
            format_number(1_234_567),
            format_vnd(1_234_567),
            format_change(160.0),
            format_change(-13.3),
            format_change(None),
        ] == expected


@pytest.mark.parametrize(
    ("language", "period", "generated", "axis"),
    [
        (
            "vi",
            "Khoảng thời gian: 01/11/2026 – 27/11/2026",
            "Tạo lúc 08:00 28/11/2026 (giờ Việt Nam).",
            "27/11",
        ),
        (
            "en",
            "Period: 1 Nov 2026 – 27 Nov 2026",
            "Generated at 28 Nov 2026, 08:00 (Vietnam time).",
            "27 Nov",
        ),
    ],
)
def test_dashboard_pdf_dates_in_the_readers_format(
    org_a, late_sales, monkeypatch, language, period, generated, axis
):
    """The PDF made at 08:00 on 28/11/2026 Vietnam time (01:00 UTC): its period, the time it was
    made and the day labels of the revenue chart, as the reader reads them."""
    monkeypatch.setattr("config.dates.now", lambda: vn("2026-11-28 08:00"))
    out = io.BytesIO()
    with translation.override(language):
        dashboard_pdf.write_dashboard_pdf(
            _query(org_a, from_date=date(2026, 11, 1), to_date=date(2026, 11, 27)), out, scope_name="Org A"
        )
    lines, _meta = _pdf_lines(out.getvalue())
    assert lines[2:4] == [period, generated]
    assert axis in " ".join(lines)


@pytest.mark.parametrize(
    ("language", "names"),
    [
        # a Vietnamese reader of a subject with no Vietnamese name sees the English one (it saw the
        # code "ly" before issue 17), an English reader of one with no English name the Vietnamese
        ("vi", ["Hóa học", "Physics"]),
        ("en", ["Hóa học", "Physics"]),
    ],
)
def test_subject_names_fall_back_to_the_other_language(org_a, educator_a, language, names):
    chem = _listing(org_a, Listing.Kind.TEST, 601, "Hóa 10", 10, [HOA], 100_000, published="2026-11-01 08:00")
    phys = _listing(org_a, Listing.Kind.TEST, 602, "Lý 10", 10, [LY], 90_000, published="2026-11-01 08:00")
    buyer = ProfileFactory(grade=10, province_code="1")
    _tx(buyer, "COMPLETED", "2026-11-20 10:00", "2026-11-20 10:05", [(chem, "test_only", 100_000)])
    _tx(buyer, "COMPLETED", "2026-11-21 10:00", "2026-11-21 10:05", [(phys, "test_only", 90_000)])
    client = client_for(educator_a)
    res = client.post(
        BASE, {"analytic_type": "by_subject", **NOVEMBER}, content_type=J, HTTP_ACCEPT_LANGUAGE=language
    )
    assert [r["name"] for r in res.json()["data"]["by_subject"]] == names
    dashboard = client.post(
        BASE, {"analytic_type": "dashboard", **NOVEMBER}, content_type=J, HTTP_ACCEPT_LANGUAGE=language
    )
    assert [r["name"] for r in dashboard.json()["data"]["by_subject"]] == names
    options = client.get(f"{BASE}/filters", HTTP_ACCEPT_LANGUAGE=language).json()["data"]
    assert {s["code"]: s["name"] for s in options["subjects"]} == {"hoa": "Hóa học", "ly": "Physics"}
