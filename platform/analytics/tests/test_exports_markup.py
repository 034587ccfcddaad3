"""The dashboard PDF draws users' text as text, never as ReportLab markup (issue 16, item 7):
an organization named with ``<img src="/etc/passwd">`` and an open ``<b`` got a 500 for every
dashboard PDF of that organization."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from analytics import dashboard_pdf
from analytics.tests.factories import build_market
from analytics.tests.test_api import BASE
from analytics.tests.test_exports import _pdf_lines
from conftest import client_for

pytestmark = pytest.mark.django_db

HOSTILE = 'Trường <img src="/etc/passwd"> & <b'


@pytest.mark.parametrize("language", ["vi", "en"])
def test_dashboard_pdf_draws_hostile_names_as_text(org_a, org_b, educator_a, language):
    build_market(org_a, org_b)
    org_a.display_name = HOSTILE
    org_a.save(update_fields=["display_name"])
    query = urlencode({"from_date": "2025-03-01", "to_date": "2025-03-10"})
    res = client_for(educator_a).post(f"{BASE}/export-dashboard?{query}", HTTP_ACCEPT_LANGUAGE=language)
    assert res.status_code == 200
    assert res["Content-Type"] == dashboard_pdf.PDF_TYPE
    lines, _ = _pdf_lines(b"".join(res.streaming_content))
    title = {"vi": "Bảng điều khiển giao dịch", "en": "Transactions dashboard"}[language]
    period = {"vi": "Khoảng thời gian: 01/03/2025 – 10/03/2025", "en": "Period: 1 Mar 2025 – 10 Mar 2025"}[
        language
    ]
    assert lines[:3] == [title, HOSTILE, period]
