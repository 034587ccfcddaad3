"""The record of processing (issue 37, item 7; decision 0050): its rows are the registry's, with
the organization's own facts (name, contact, schema, retention periods) and the processors the
settings name; both languages, dated in Vietnam time; PDF and .xlsx; organization admins only,
one organization's record naming nothing of another; the SuperAdmin's page in the Django admin."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
import time_machine
from openpyxl import load_workbook
from pypdf import PdfReader

from accounts.tests.factories import ProfileFactory, UserFactory
from conftest import client_for
from privacy import registry
from privacy.models import RetentionPolicy
from privacy.record import record_tables

pytestmark = pytest.mark.django_db
URL = "/api/v1/privacy/record-of-processing"
AT = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)  # 08:00 28/11/2026 Vietnam time


@pytest.fixture
def org_a_policy(org_a, org_b):
    org_a.display_name, org_a.contact_email = "Trung tâm Học tập Quận 3", "lienhe@q3.edu.vn"
    org_a.save(update_fields=["display_name", "contact_email"])
    org_b.display_name, org_b.contact_email = "Trường THCS Bình Minh", "bgh@binhminh.edu.vn"
    org_b.save(update_fields=["display_name", "contact_email"])
    RetentionPolicy.objects.create(organization=org_a, video_keep_days=45, file_keep_hours=12)
    RetentionPolicy.objects.create(organization=org_b, video_keep_days=400, file_keep_hours=300)
    return org_a


def sheets(content: bytes) -> dict[str, list[list[str]]]:
    wb = load_workbook(io.BytesIO(content), read_only=True)
    return {
        ws.title: [["" if v is None else str(v) for v in row] for row in ws.iter_rows(values_only=True)]
        for ws in wb.worksheets
    }


def pdf_text(content: bytes) -> str:
    return " ".join(
        " ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(content)).pages
    )


def test_the_spreadsheet_holds_the_registry_with_the_organizations_facts_in_english(
    org_a_policy, educator_a, settings
):
    settings.REDIS_URL = ""  # the embedded defaults (CI sets REDIS_URL; the Redis row is the next test's)
    with time_machine.travel(AT, tick=False):
        res = client_for(educator_a).get(URL, {"file_format": "xlsx", "language": "en"})
    assert res.status_code == 200
    assert res["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert res["Content-Disposition"] == 'attachment; filename="record-of-processing-org-a-2026-11-28.xlsx"'
    assert res["Cache-Control"] == "no-store"
    book = sheets(res.content)
    assert list(book) == ["Record", "Categories", "Columns"]
    record = book["Record"]
    assert record[:7] == [
        ["Record of personal data processing", ""],
        ["Controller", "Trung tâm Học tập Quận 3"],
        ["Contact", "lienhe@q3.edu.vn"],
        ["Database schema", org_a_policy.schema_name],
        ["Made on", "28 Nov 2026, 08:00 (Vietnam time)"],
        [
            "Legal framework",
            "Law on Personal Data Protection No. 91/2025/QH15 and Decree 356/2025/ND-CP guiding it",
        ],
        [
            "Retention policy",
            "Proctoring videos: 45 days after the result's release; exports and imports: 12 hours",
        ],
    ]
    assert record[7:] == [
        ["", ""],
        ["Processor", "Who or where"],
        ["Database", record[9][1]],
        ["File storage", "The server's own file system (no outside provider)"],
        ["Mail", "No mail provider: mails are written to files on the server"],
        ["Sessions and cache", "The database (sessions table)"],
        ["Payments", "Payment provider “simulated”: the amount and the order's reference"],
        ["Error reports", "Not configured: no error reports leave the server"],
    ]
    categories = book["Categories"]
    assert categories[0] == [
        "Category",
        "Data",
        "Data subjects",
        "Purposes",
        "Legal basis",
        "Sensitive",
        "Retention",
        "Recipients and processors",
        "Where stored",
        "Protection measures",
    ]
    shown = [c for c in registry.categories() if c.for_organizations]
    assert [row[0] for row in categories[1:]] == [c.name.en for c in shown]
    assert "Administration history" not in [row[0] for row in categories[1:]]  # the platform's own
    video = next(row for row in categories if row[0] == "Proctoring video")
    assert video == [
        "Proctoring video",
        "The 30-second video (picture and sound) of the learner and the room, the consent to camera "
        "proctoring of that test (when, from which IP address) and when it was deleted.",
        "Learners; Learners under 16 (children)",
        "Proctoring the test and reviewing it when the learner appeals.",
        "Consent of the data subject (a parent's too, under 16)",
        "Biometric data (the face and voice of learners, mostly children): sensitive personal data under "
        "the Law on Personal Data Protection No. 91/2025/QH15; a consent of its own for each test (and a "
        "parent's under 16).",
        "45 days after the result's release (the organization's policy; never under the 30-day appeal "
        "window), then deleted by the daily sweep; a surroundings video no attempt used: 45 days after "
        "the test's window closed; at once when the account is deleted.",
        "The educators and admins of Trung tâm Học tập Quận 3, by role; The learner's parent or guardian "
        "(through the consent link); File storage: The server's own file system (no outside provider)",
        f"PostgreSQL, schema “{org_a_policy.schema_name}” (this organization's only); Files: The "
        "server's own file system (no outside provider)",
        "Private files have random names and are streamed only to those allowed, never by a public "
        "address; Every view or download by staff is logged: who, what, when, from where; Deleted "
        "automatically when the period ends; Nothing is processed without the consents in force (a "
        "parent's under 16); Access by role (learner, educator, organization admin, SuperAdmin) on "
        "every request; Deleted or anonymized when the account is deleted",
    ]
    jobs = next(row for row in categories if row[0] == "Exports and imports")
    assert (
        jobs[6] == "Deleted with its file 12 hours after it was made (the organization's retention policy)."
    )
    cccd = next(row for row in categories if row[0] == "Citizen identity card number (CCCD)")
    assert cccd[5] == "No" and cccd[8] == "PostgreSQL, schema “public” (shared by the platform)"
    columns = book["Columns"]
    assert columns[0] == ["Category", "Schema", "Table", "Column"]
    assert ["Proctoring video", org_a_policy.schema_name, "assignments_attempt", "video"] in columns
    assert ["Citizen identity card number (CCCD)", "public", "accounts_profile", "cccd"] in columns
    described = sum(len(c.fields) for c in shown)
    assert len(columns) == 1 + described


def test_the_record_is_in_vietnamese_by_default_and_names_nothing_of_another_organization(
    org_a_policy, educator_a, org_b
):
    with time_machine.travel(AT, tick=False):
        res = client_for(educator_a).get(URL, {"file_format": "xlsx"}, HTTP_ACCEPT_LANGUAGE="vi")
    assert res["Content-Disposition"] == (
        'attachment; filename="ho-so-xu-ly-du-lieu-ca-nhan-org-a-2026-11-28.xlsx"'
    )
    book = sheets(res.content)
    assert list(book) == ["Hồ sơ", "Danh mục", "Cột dữ liệu"]
    assert book["Hồ sơ"][0][0] == "Hồ sơ ghi nhận hoạt động xử lý dữ liệu cá nhân"
    assert book["Hồ sơ"][4] == ["Lập lúc", "08:00 28/11/2026 (giờ Việt Nam)"]
    assert book["Hồ sơ"][6] == [
        "Chính sách lưu giữ",
        "Video giám sát: 45 ngày sau khi công bố kết quả; tệp xuất và nhập: 12 giờ",
    ]
    video = next(row for row in book["Danh mục"] if row[0] == "Video giám sát")
    assert video[6].startswith("45 ngày sau khi công bố kết quả (chính sách của tổ chức;")
    assert video[4] == "Sự đồng ý của chủ thể dữ liệu (và của cha mẹ với người dưới 16 tuổi)"
    cells = " ".join(" ".join(row) for rows in book.values() for row in rows)
    for fact in ("Trường THCS Bình Minh", "bgh@binhminh.edu.vn", org_b.schema_name, "400 ngày", "300 giờ"):
        assert fact not in cells


def test_the_pdf_reads_as_the_registry_in_both_languages(org_a_policy, educator_a):
    client = client_for(educator_a)
    with time_machine.travel(AT, tick=False):
        en = client.get(URL, {"language": "en"})
        vi = client.get(URL, {"file_format": "pdf", "language": "vi"})
    assert en["Content-Type"] == "application/pdf"
    assert en["Content-Disposition"] == 'attachment; filename="record-of-processing-org-a-2026-11-28.pdf"'
    text = pdf_text(en.content)
    assert "Record of personal data processing" in text
    assert "Trung tâm Học tập Quận 3" in text and "28 Nov 2026, 08:00 (Vietnam time)" in text
    assert "Proctoring video — sensitive personal data" in text
    assert "Accommodations — sensitive personal data" in text
    assert "45 days after the result's release" in text
    for category in registry.categories():
        if category.for_organizations:
            assert category.name.en in text
    assert vi["Content-Disposition"] == (
        'attachment; filename="ho-so-xu-ly-du-lieu-ca-nhan-org-a-2026-11-28.pdf"'
    )
    text = pdf_text(vi.content)
    assert "Hồ sơ ghi nhận hoạt động xử lý dữ liệu cá nhân" in text
    assert "Video giám sát — dữ liệu cá nhân nhạy cảm" in text
    assert "08:00 28/11/2026 (giờ Việt Nam)" in text


def test_the_processors_are_read_from_the_settings(settings, org_a_policy):
    settings.AWS_STORAGE_BUCKET_NAME = "hoc-tap-files"
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {"endpoint_url": "https://s3.hcm.example.vn", "region_name": "hcm-1"},
        },
    }
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "smtp.example.vn", 587, True
    settings.REDIS_URL = "redis://cache.internal:6379/0"
    settings.SENTRY_ENABLED = True
    settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS = True, 31536000
    tables = record_tables(organization=org_a_policy, language="en")
    assert tables.processors[2:] == [
        [
            "File storage",
            "S3-compatible object storage: bucket hoc-tap-files at s3.hcm.example.vn, region hcm-1",
        ],
        ["Mail", "SMTP server smtp.example.vn, port 587 (TLS)"],
        ["Sessions and cache", "Redis at cache.internal (sessions and the shared cache)"],
        ["Payments", "Payment provider “simulated”: the amount and the order's reference"],
        ["Error reports", "Sentry at sentry.io: error reports, without personal data"],
    ]
    account = next(row for row in tables.categories if row[0] == "Account")
    assert account[9].startswith("HTTPS only, with HSTS for 31536000 seconds and secure cookies; ")
    sessions = next(row for row in tables.categories if row[0] == "Sign-in sessions and invitations")
    assert sessions[8] == (
        "PostgreSQL, schema “public” (shared by the platform); Redis at cache.internal (sessions and the shared cache)"
    )


def test_only_an_organization_admin_downloads_it(org_a, educator_a, learner):
    teacher = ProfileFactory(educator=True, organization=org_a, is_admin=False)
    res = client_for(teacher).get(URL, HTTP_ACCEPT_LANGUAGE="vi")
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    assert res.json()["message"] == "Chỉ quản trị viên tổ chức mới tải được hồ sơ xử lý dữ liệu."
    assert client_for(learner).get(URL).json()["code"] == "forbidden_role"
    res = client_for(educator_a).get(URL, {"file_format": "docx"})
    assert res.status_code == 422 and "file_format" in res.json()["errors"]


def test_the_superadmin_downloads_the_public_schema_and_each_organization_in_the_admin(org_a_policy):
    admin = UserFactory(is_staff=True, is_superuser=True)
    from django.test import Client

    client = Client()
    client.force_login(admin)
    page = client.get("/admin/privacy/retentionpolicy/record-of-processing/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "scope=public&amp;file_format=pdf&amp;language=vi" in html
    assert f"scope={org_a_policy.pk}&amp;file_format=xlsx&amp;language=en" in html
    with time_machine.travel(AT, tick=False):
        res = client.get(
            "/admin/privacy/retentionpolicy/record-of-processing/",
            {"scope": "public", "file_format": "xlsx", "language": "en"},
        )
    assert res["Content-Disposition"] == 'attachment; filename="record-of-processing-public-2026-11-28.xlsx"'
    book = sheets(res.content)
    assert book["Record"][1:4] == [
        ["Controller", "The platform (public schema)"],
        ["Contact", "—"],
        ["Database schema", "public"],
    ]
    names = [row[0] for row in book["Categories"][1:]]
    assert "Administration history" in names and "Account" in names
    assert "Attempts, scores and reports" not in names  # kept in the organizations' schemas only
    assert "Educators' names on their work" in names  # partly public (listings, retention policy)
    jobs = next(row for row in book["Categories"] if row[0] == "Exports and imports")
    assert jobs[6] == (
        "Deleted with its file 24 hours after it was made (the default; each organization sets 1 to 720 hours)."
    )
    org = client.get(
        "/admin/privacy/retentionpolicy/record-of-processing/",
        {"scope": str(org_a_policy.pk), "file_format": "pdf", "language": "vi"},
    )
    assert org.status_code == 200 and "Trung tâm Học tập Quận 3" in pdf_text(org.content)
    staff = UserFactory(is_staff=True, is_superuser=False)
    client.force_login(staff)
    assert client.get("/admin/privacy/retentionpolicy/record-of-processing/").status_code == 404
