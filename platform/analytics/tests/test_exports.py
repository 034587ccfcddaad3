"""Exports (issue 10, item 3): the .xlsx checked cell by cell, the dashboard PDF in both
languages, and the background job with its progress."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from openpyxl import load_workbook

from analytics import dashboard_pdf, exports
from analytics.filters import MarketQuery
from analytics.models import ExportJob
from analytics.tests.factories import PERIOD
from analytics.tests.test_api import BASE, post
from conftest import client_for

pytestmark = pytest.mark.django_db
EXPORT = f"{BASE}/markets/assessments/transactions/export"


def _workbook(content: bytes):
    return load_workbook(io.BytesIO(content))


def test_xlsx_cell_by_cell(market, educator_a):
    p1 = market.presets["p1"]
    res = post(client_for(educator_a), EXPORT, {**PERIOD, "test_preset_id": p1})
    assert res.status_code == 200
    assert res["Content-Type"] == exports.XLSX_TYPE
    assert res["Content-Disposition"] == f'attachment; filename="market-assessment-transactions-{p1}.xlsx"'
    wb = _workbook(b"".join(res.streaming_content))
    ws = wb.worksheets[0]
    assert ws.title == "Giao dịch"
    header = [c.value for c in ws[1]]
    assert header == [
        "Mã giao dịch",
        "Học sinh",
        "Bài đánh giá",
        "Khối lớp",
        "Gói mua",
        "Đã thanh toán (VND)",
        "Ngày mua (giờ Việt Nam)",
        "Ngày hoàn tất (giờ Việt Nam)",
        "Mã thanh toán",
        "Trạng thái",
    ]
    assert ws["A1"].font.b and ws["A1"].fill.fgColor.rgb.endswith("1D4ED8")
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:J3"
    t1, t3 = market.tx["T1"], market.tx["T3"]
    row2 = [c.value for c in ws[2]]
    assert row2 == [
        str(t3.pk),
        "b3@example.vn",
        "Đánh giá năng lực Toán 9",
        9,
        "Chỉ bài thi",
        100_000,
        datetime(2025, 3, 10, 23, 20),  # Vietnam time
        datetime(2025, 3, 10, 23, 30),
        "SIM-T3",
        "Hoàn tất",
    ]
    assert ws["F2"].number_format == exports.VND_FORMAT
    assert ws["G2"].number_format == exports.DATE_FORMAT
    row3 = [c.value for c in ws[3]]
    assert row3[:2] == [str(t1.pk), "Nguyễn Văn An"] and row3[5] == 180_000  # never B's 200,000 line
    assert ws.max_row == 3
    summary = wb.worksheets[1]
    values = {r[0].value: r[1].value if len(r) > 1 else None for r in summary.iter_rows()}
    assert values["Số dòng"] == 2 and values["Đã thanh toán (VND)"] == 280_000
    assert values["Khoảng thời gian"] == "01/03/2025 – 10/03/2025"


def test_xlsx_english_and_all(market, educator_a):
    res = client_for(educator_a).post(
        EXPORT, PERIOD, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert res["Content-Disposition"].endswith('filename="market-assessment-transactions-all.xlsx"')
    ws = _workbook(b"".join(res.streaming_content)).worksheets[0]
    assert ws["A1"].value == "Transaction ID" and ws["E2"].value in {
        "Test only",
        "Test + advanced report",
        "Survey report",
    }
    assert sum(ws.cell(row=r, column=6).value for r in range(2, ws.max_row + 1)) == 390_000


def test_superadmin_export_has_organization_column(market):
    from django.test import Client

    from accounts.tests.factories import UserFactory

    client = Client()
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    res = post(client, EXPORT, PERIOD)
    ws = _workbook(b"".join(res.streaming_content)).worksheets[0]
    assert ws["K1"].value == "Tổ chức" and ws.auto_filter.ref == "A1:K6"
    assert sorted(ws.cell(row=r, column=11).value for r in range(2, 7)) == ["Org A"] * 4 + ["Org B"]


def _pdf_lines(content: bytes) -> tuple[list[str], dict]:
    """The text lines of every page of a PDF (pypdf) and its metadata."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(content))
    lines = [ln.strip() for page in reader.pages for ln in page.extract_text().splitlines() if ln.strip()]
    return lines, reader.metadata


def _has_row(lines: list[str], row: list[str]) -> bool:
    """Whether the cells of a table row follow one another in the extracted text."""
    return any(lines[i : i + len(row)] == row for i in range(len(lines) - len(row) + 1))


PDF_TEXT = {
    "vi": {
        "title": "Bảng điều khiển giao dịch",
        "period": "Khoảng thời gian: 01/03/2025 – 10/03/2025",
        "only_completed": "Chỉ các giao dịch đã hoàn tất được tính vào doanh thu.",
        "kpi_header": ["Chỉ số", "Kỳ này", "Kỳ trước", "Thay đổi"],
        "revenue": ["Doanh thu", "390.000 ₫", "150.000 ₫", "+160,0 %"],
        "average": ["Trung bình mỗi giao dịch", "130.000 ₫", "150.000 ₫", "-13,3 %"],
        "not_counted_header": ["Không tính vào doanh thu", "Lượt mua", "Số tiền"],
        "not_counted": [
            ["Chờ thanh toán", "1", "80.000 ₫"],
            ["Đã hủy", "1", "100.000 ₫"],
            ["Hết hạn", "1", "180.000 ₫"],
            ["Thanh toán thất bại", "1", "100.000 ₫"],
        ],
        "headings": [
            "Doanh thu theo thời gian (VND)",
            "Theo gói mua — doanh thu (VND)",
            "Theo khối lớp — doanh thu (VND)",
            "Theo môn học — doanh thu (VND)",
            "Theo tỉnh/thành phố (15 nơi cao nhất) — doanh thu (VND)",
        ],
        "rows": [["9", "2", "280.000 ₫"], ["10", "2", "110.000 ₫"], ["Toán", "2", "280.000 ₫"]],
    },
    "en": {
        "title": "Transactions dashboard",
        "period": "Period: 1 Mar 2025 – 10 Mar 2025",
        "only_completed": "Only completed transactions count as revenue.",
        "kpi_header": ["Figure", "This period", "Previous period", "Change"],
        "revenue": ["Revenue", "390,000 ₫", "150,000 ₫", "+160.0 %"],
        "average": ["Average per transaction", "130,000 ₫", "150,000 ₫", "-13.3 %"],
        "not_counted_header": ["Not counted", "Purchases", "Amount"],
        "not_counted": [
            ["Pending payment", "1", "80,000 ₫"],
            ["Cancelled", "1", "100,000 ₫"],
            ["Expired", "1", "180,000 ₫"],
            ["Payment failed", "1", "100,000 ₫"],
        ],
        "headings": [
            "Revenue over time (VND)",
            "By add-on — revenue (VND)",
            "By grade — revenue (VND)",
            "By subject — revenue (VND)",
            "By province/city (top 15) — revenue (VND)",
        ],
        "rows": [["9", "2", "280,000 ₫"], ["10", "2", "110,000 ₫"], ["Mathematics", "2", "280,000 ₫"]],
    },
}


@pytest.mark.parametrize("language", ["vi", "en"])
def test_dashboard_pdf(market, educator_a, language):
    """The downloaded bytes themselves, read back with pypdf: title, period, the revenue card in
    the language's VND format, the line saying what counts, the not-counted table and every
    section heading in order."""
    res = client_for(educator_a).post(
        f"{BASE}/export-dashboard?from_date=2025-03-01&to_date=2025-03-10", HTTP_ACCEPT_LANGUAGE=language
    )
    assert res.status_code == 200
    assert res["Content-Type"] == dashboard_pdf.PDF_TYPE
    assert res["Content-Disposition"] == 'attachment; filename="transactions-dashboard.pdf"'
    content = b"".join(res.streaming_content)
    assert content.startswith(b"%PDF")
    lines, metadata = _pdf_lines(content)
    text = PDF_TEXT[language]
    assert metadata.title == text["title"]
    assert lines[:3] == [text["title"], "Org A", text["period"]]
    assert text["only_completed"] in lines
    assert _has_row(lines, text["kpi_header"])
    assert _has_row(lines, text["revenue"]) and _has_row(lines, text["average"])
    for row in [text["not_counted_header"], *text["not_counted"]]:
        assert _has_row(lines, row), row
    positions = [lines.index(h) for h in text["headings"]]
    assert positions == sorted(positions)  # every section, in the dashboard's order
    for row in text["rows"]:
        assert _has_row(lines, row), row
    # T4 (paid just after midnight on 11 March) is in no figure
    assert not any("620" in ln for ln in lines)


def test_progress_is_reported(market):
    q = MarketQuery(organization_ids=(market.org_a.pk,), status="ALL")
    seen: list[int] = []
    old = exports.CHUNK
    exports.CHUNK = 2
    try:
        done = exports.write_transactions_xlsx(q, io.BytesIO(), progress=seen.append)
    finally:
        exports.CHUNK = old
    assert done == 11 and seen == [2, 4, 6, 8, 10, 11]


def test_background_export_with_progress(market, educator_a, settings, django_capture_on_commit_callbacks):
    settings.ANALYTICS_EXPORT_SYNC_MAX_ROWS = 1
    client = client_for(educator_a)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        res = post(client, EXPORT, PERIOD)
    assert res.status_code == 202, res.content
    job = res.json()["data"]
    assert job["status"] == "queued" and job["progress"] == 0 and job["rows_total"] == 4
    assert job["file_name"] == "market-assessment-transactions-all.xlsx" and job["download_url"] is None
    waiting = client.get(f"{BASE}/exports/{job['id']}/download")
    assert waiting.status_code == 409 and waiting.json()["code"] == "export_not_ready"
    for callback in callbacks:  # huey runs the task at once in tests
        callback()
    polled = client.get(f"{BASE}/exports/{job['id']}").json()["data"]
    assert polled["status"] == "done" and polled["progress"] == 100 and polled["rows_done"] == 4
    download = client.get(polled["download_url"])
    assert download.status_code == 200
    assert download["Content-Disposition"] == 'attachment; filename="market-assessment-transactions-all.xlsx"'
    ws = _workbook(b"".join(download.streaming_content)).worksheets[0]
    assert ws.max_row == 5
    # someone else's job is not found
    other = client_for(market.buyers["b1"])
    assert other.get(f"{BASE}/exports/{job['id']}").status_code == 403  # learners are refused first
    from accounts.tests.factories import ProfileFactory

    colleague = client_for(ProfileFactory(educator=True, organization=market.org_a))
    assert colleague.get(f"{BASE}/exports/{job['id']}").status_code == 404
    assert client.get(f"{BASE}/exports/not-a-uuid").status_code == 404


def test_background_dashboard_pdf(
    market, educator_a, settings, django_capture_on_commit_callbacks, monkeypatch
):
    settings.ANALYTICS_PDF_SYNC_MAX_ROWS = 1
    client = client_for(educator_a)
    seen: list[int] = []  # the job's progress as a poller reads it, at each report of the writer
    write = dashboard_pdf.write_dashboard_pdf

    def watched(q, out, *, scope_name="", progress=None):
        def report(fraction: float) -> None:
            progress(fraction)
            seen.append(ExportJob.objects.get().progress)

        return write(q, out, scope_name=scope_name, progress=report)

    monkeypatch.setattr(dashboard_pdf, "write_dashboard_pdf", watched)
    with django_capture_on_commit_callbacks(execute=True):
        res = client.post(f"{BASE}/export-dashboard?from_date=2025-03-01&to_date=2025-03-10")
    assert res.status_code == 202
    job = ExportJob.objects.get(pk=res.json()["data"]["id"])
    assert job.status == "done" and job.progress == 100 and job.file_name == "transactions-dashboard.pdf"
    assert job.rows_total == 4 and job.rows_done == 4
    # intermediate progress, not 0 then 100: the figures read, then the layout
    assert seen[0] == 50 and seen == sorted(seen) and 0 < seen[0] < seen[-1] < 100
    download = client.get(f"{BASE}/exports/{job.pk}/download")
    lines, _meta = _pdf_lines(b"".join(download.streaming_content))
    assert _has_row(lines, PDF_TEXT["vi"]["revenue"])


def test_dashboard_pdf_reports_its_stages(market):
    q = MarketQuery(organization_ids=(market.org_a.pk,))
    seen: list[float] = []
    dashboard_pdf.write_dashboard_pdf(q, io.BytesIO(), progress=seen.append)
    assert seen[0] == dashboard_pdf.PDF_FIGURES_READ and len(seen) > 10
    assert seen == sorted(seen) and seen[-1] == pytest.approx(dashboard_pdf.PDF_LAYOUT_END)


def test_failed_job_is_reported(market, educator_a, monkeypatch):
    from analytics import services

    job = ExportJob.objects.create(
        kind="transactions_xlsx",
        user=educator_a.user,
        params={"query": MarketQuery(organization_ids=(market.org_a.pk,)).to_json()},
        rows_total=4,
        file_name="x.xlsx",
        content_type=exports.XLSX_TYPE,
    )

    def boom(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(exports, "write_transactions_xlsx", boom)
    services.export_job_run(job_id=str(job.pk))
    job.refresh_from_db()
    assert (job.status, job.error_code, job.error_message) == (
        "failed",
        "export_failed",
        "Xuất tệp thất bại. Vui lòng thử lại.",
    )  # the job's language (vi), never the exception's text
    assert client_for(educator_a).get(f"{BASE}/exports/{job.pk}").json()["data"]["error"] == job.error_message
    res = client_for(educator_a).get(f"{BASE}/exports/{job.pk}/download")
    assert res.status_code == 409 and res.json()["code"] == "export_failed"


def test_purge_old_jobs(market, educator_a):
    from datetime import timedelta

    from django.utils import timezone

    from analytics.services import export_jobs_purge

    job = ExportJob.objects.create(
        kind="dashboard_pdf",
        user=educator_a.user,
        params={},
        file_name="a.pdf",
        content_type=dashboard_pdf.PDF_TYPE,
    )
    ExportJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=25))
    assert export_jobs_purge() == 1 and not ExportJob.objects.exists()


def test_openpyxl_writes_with_lxml():
    """The write-only writer uses lxml when it is installed (pyproject): about 15 % less CPU per
    100,000-row export than its pure-Python fallback (bench/README.md)."""
    import openpyxl

    assert openpyxl.LXML is True
