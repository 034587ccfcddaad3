"""The access log (issue 24, item 4; decision 0020): every endpoint that answers a private file is
logged (the list of them is read from both APIs, so a new one without the decorator fails), what
an entry holds, the organization admin's list (filters, both languages, tenant isolation,
permissions) and the learner's "who viewed my video"."""

from __future__ import annotations

import inspect
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.utils import timezone
from ninja.constants import NOT_SET

from accounts.tests.factories import ProfileFactory
from analytics.tests.factories import PERIOD, build_market
from analytics.tests.test_api import BASE, post
from config.api import api, public_api
from conftest import client_for
from privacy.access import MARK
from privacy.models import AccessLogEntry
from privacy.tests.helpers import taken_test

pytestmark = pytest.mark.django_db
LOG = "/api/v1/privacy/access-log"
UA = "Mozilla/5.0 (X11; Linux x86_64) " + "AppleWebKit/537.36 " * 20

NOT_PRIVATE = {
    ("GET", "/api/v1/question-banks/import-template"): "a blank template: nobody's data",
    ("GET", "/api/v1/question-files/sample"): "a sample Word exam, the same for all: nobody's data",
    ("GET", "/api/v1/question-files/{question_file_id}/candidates/{candidate_id}/images/{name}"): (
        "a picture of a question file the educator uploaded, shown to that uploader only in its"
        " preview (issue 36): the educator's own material, a question image once imported (a public kind)"
    ),
    ("GET", "/api/v1/data-requests/export/{request_id}/download"): (
        "the learner's own personal-data export (issue 24, item 5), downloaded by its owner only:"
        " the log records others' access (decision 0020)"
    ),
    ("POST", "/public/api/data-requests/parent/export/{request_id}/download"): (
        "the same copy, downloaded by the child's parent through the consent link (decision 0022):"
        " the data subject's representative using the right of access, recorded as the export's"
        " DataRequest (requested_by parent); the log records the organizations' staff (decision 0020)"
    ),
    ("GET", "/api/v1/privacy/record-of-processing"): (
        "the record of processing (issue 37, item 7): categories of data, purposes, periods and"
        " processors, printed from the registry; it names no person, so nobody's data is opened"
    ),
}
"""Endpoints that answer a file without being private (with the reason)."""


def file_endpoints() -> dict[tuple[str, str], object]:
    """Every operation of both APIs that answers a file rather than the JSON envelope: its 200
    answer has no schema (``{200: None}``, also beside a 202 job, or none declared at all)."""
    found = {}
    for prefix, instance in (("/api/v1", api), ("/public/api", public_api)):
        for bound in instance._get_bound_routers():
            for path, view in bound.path_operations.items():
                for op in view.operations:
                    codes = op.response_models or {}
                    model = codes.get(200, NOT_SET)
                    if not codes or (200 in codes and model in (None, NOT_SET)):
                        for method in op.methods:
                            found[(method, re.sub("/+", "/", f"{prefix}/{bound.prefix}/{path}"))] = op
    return found


def test_every_endpoint_that_answers_a_private_file_is_logged():
    endpoints = file_endpoints()
    assert len(endpoints) >= 11  # video, 2 PDFs, 4 gradebook/item-analysis, 3 analytics, bank export
    unlogged = sorted(
        f"{method} {path} ({inspect.getsourcefile(op.view_func)})"
        for (method, path), op in endpoints.items()
        if not hasattr(op.view_func, MARK) and (method, path) not in NOT_PRIVATE
    )
    assert unlogged == [], "decorate with privacy.access.private_file"
    for key in NOT_PRIVATE:
        assert key in endpoints


def test_api_modules_that_build_file_answers_are_all_marked():
    """A file built in an API module (``FileResponse``/``HttpResponse``) belongs to a marked
    endpoint, whatever schema it declares."""
    for instance in (api, public_api):
        for bound in instance._get_bound_routers():
            for route, view in bound.path_operations.items():
                for op in view.operations:
                    source = inspect.getsource(op.view_func)
                    if "FileResponse(" in source or "HttpResponse(" in source or "_xlsx(" in source:
                        path = re.sub("/+", "/", f"/api/v1/{bound.prefix}/{route}")
                        assert hasattr(op.view_func, MARK) or ("GET", path) in NOT_PRIVATE, path


@pytest.fixture
def viewed(settings, tmp_path, educator_a, org_a):
    """A learner's released test in organization A with a stored video."""
    settings.MEDIA_ROOT = tmp_path
    learner = ProfileFactory(user__name="Phạm Minh Châu")
    _a, attempt, eid = taken_test(
        org_a, educator_a, learner, code="Toán 9 - Ca 1", released_at=timezone.now()
    )
    return learner, attempt, eid


def test_a_video_view_is_logged_once_per_five_minutes_with_who_what_and_from_where(
    viewed, educator_a, educator_b, org_a
):
    learner, attempt, eid = viewed
    teacher = ProfileFactory(educator=True, organization=org_a, is_admin=False, user__name="Trần Văn Minh")
    client = client_for(teacher)
    url = f"/api/v1/attempts/{attempt.pk}/video"
    at = timezone.now().replace(microsecond=0) + timedelta(hours=1)  # sessions last 14 days
    with time_machine.travel(at, tick=False):
        res = client.get(url, headers={"User-Agent": UA}, REMOTE_ADDR="203.0.113.9")
        assert res.status_code == 200 and b"".join(res.streaming_content)[:4] == b"\x1a\x45\xdf\xa3"
        client.get(url)  # the player asks again
    entry = AccessLogEntry.objects.get()
    assert (
        entry.organization_id,
        entry.actor_user_id,
        entry.actor_profile_id,
        entry.actor_name,
        entry.actor_role,
        entry.kind,
        entry.object_type,
        entry.object_id,
        entry.object_label,
        entry.learner_profile_id,
        entry.learner_name,
        entry.ip,
        entry.user_agent,
        entry.created_at,
    ) == (
        org_a.pk,
        teacher.user_id,
        teacher.pk,
        "Trần Văn Minh",
        "educator",
        "proctoring_video",
        "attempt",
        str(attempt.pk),
        "Toán 9 - Ca 1",
        learner.pk,
        "Phạm Minh Châu",
        "203.0.113.9",
        UA[:200],
        at,
    )
    with time_machine.travel(at + timedelta(minutes=6)):
        client_for(educator_a).get(url)  # the admin: another person
        client.get(url)  # the same educator, later: a new view
    assert list(AccessLogEntry.objects.order_by("id").values_list("actor_role", flat=True)) == [
        "educator",
        "admin",
        "educator",
    ]
    # Refusals are not views: another organization (404), a learner (403), after deletion (410).
    assert client_for(educator_b).get(url).status_code == 404
    assert client_for(learner).get(url).status_code == 403
    assert AccessLogEntry.objects.count() == 3

    # The learner sees who viewed their video, newest first.
    views = client_for(learner).get(f"/api/v1/take-test/{eid}/video-views").json()["data"]["views"]
    assert [(v["viewer_name"], v["viewer_role"]) for v in views] == [
        ("Trần Văn Minh", "educator"),
        (educator_a.user.name, "admin"),
        ("Trần Văn Minh", "educator"),
    ]
    assert views[-1]["viewed_at"] == at.isoformat().replace("+00:00", "Z")
    assert client_for(ProfileFactory()).get(f"/api/v1/take-test/{eid}/video-views").status_code == 404


def test_the_admin_reads_the_log_with_filters_and_no_one_else_does(viewed, educator_a, educator_b, org_a):
    _learner, attempt, _eid = viewed
    admin = client_for(educator_a)
    day = timezone.now().date() + timedelta(days=1)
    late = datetime(day.year, day.month, day.day, 16, 59, tzinfo=UTC)  # 23:59 in Vietnam
    with time_machine.travel(late):
        admin.get(f"/api/v1/attempts/{attempt.pk}/video")
    with time_machine.travel(late + timedelta(minutes=2)):  # 00:01 the next day
        admin.get(f"/api/v1/test-presets/{attempt.assignment.preset_id}/gradebook/export")
    page = admin.get(LOG).json()["data"]
    assert (page["total"], page["page"], page["limit"]) == (2, 1, 20)
    assert [(r["kind"], r["object_label"], r["learner_name"]) for r in page["items"]] == [
        ("gradebook_export", "Toán 9 - Ca 1", ""),
        ("proctoring_video", "Toán 9 - Ca 1", "Phạm Minh Châu"),
    ]
    row = page["items"][1]
    assert set(row) == {
        "id",
        "created_at",
        "actor_name",
        "actor_role",
        "kind",
        "object_type",
        "object_id",
        "object_label",
        "learner_name",
        "ip",
        "user_agent",
    }
    assert row["ip"] == "127.0.0.1" and row["actor_role"] == "admin"
    only = admin.get(LOG, {"kind": "proctoring_video"}).json()["data"]["items"]
    assert [r["kind"] for r in only] == ["proctoring_video"]
    that_day = admin.get(LOG, {"from_date": str(day), "to_date": str(day)}).json()["data"]["items"]
    assert [r["kind"] for r in that_day] == ["proctoring_video"]  # Vietnam days
    assert admin.get(LOG, {"from_date": str(day + timedelta(days=1))}).json()["data"]["total"] == 1
    res = admin.get(LOG, {"kind": "photos"}, headers={"Accept-Language": "en"})
    assert res.status_code == 422 and res.json()["errors"] == {"kind": ["Choose one of the allowed values."]}

    # Organization B's admin sees none of A's entries; a teacher and a learner are refused.
    assert client_for(educator_b).get(LOG).json()["data"] == {"items": [], "page": 1, "limit": 20, "total": 0}
    teacher = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=False))
    res = teacher.get(LOG)
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    assert res.json()["message"] == "Chỉ quản trị viên tổ chức mới xem được nhật ký truy cập."
    res = teacher.get(LOG, headers={"Accept-Language": "en"})
    assert res.json()["message"] == "Only an organization admin can read the access log."
    assert client_for(ProfileFactory()).get(LOG).json()["code"] == "forbidden_role"


def test_exports_and_report_pdfs_are_logged_but_not_a_learners_own_download(org_a, org_b, educator_a):
    market = build_market(org_a, org_b)
    admin = client_for(educator_a)
    p1 = market.presets["p1"]
    res = post(admin, f"{BASE}/markets/assessments/transactions/export", {**PERIOD, "test_preset_id": p1})
    assert res.status_code == 200
    res = admin.post(f"{BASE}/export-dashboard")
    assert res.status_code == 200
    entries = list(
        AccessLogEntry.objects.order_by("id").values_list("kind", "object_label", "organization_id")
    )
    assert entries == [
        ("analytics_export", f"market-assessment-transactions-{p1}.xlsx", org_a.pk),
        ("analytics_export", "transactions-dashboard.pdf", org_a.pk),
    ]


def test_a_career_report_opened_by_an_educator_names_the_learner(org_a, as_educator_a):
    from surveys.tests.helpers import allow, listed, published_survey
    from surveys.tests.test_purchase import finished

    allow(org_a)
    listing_id = listed(as_educator_a, published_survey(as_educator_a), price=0)
    profile, client, usid = finished(listing_id)
    from surveys.tests.helpers import post as survey_post

    survey_post(client, f"/api/v1/survey-users/{usid}/checkout-analytic")
    assert client.get(f"/api/v1/survey-users/{usid}/report/pdf").status_code == 200  # the learner's own
    assert not AccessLogEntry.objects.exists()
    assert as_educator_a.get(f"/api/v1/survey-users/{usid}/report/pdf").status_code == 200
    entry = AccessLogEntry.objects.get()
    assert (entry.kind, entry.learner_profile_id, entry.learner_name, entry.object_type) == (
        "survey_report_pdf",
        profile.pk,
        profile.user.name,
        "survey_submission",
    )


def test_the_kinds_the_api_names_are_the_models():
    from privacy.schemas import ACCESS_KINDS

    assert set(ACCESS_KINDS) == set(AccessLogEntry.Kind.values)


def test_the_log_reads_two_queries_whatever_the_page_holds(org_a, django_assert_num_queries):
    from privacy.schemas import AccessLogRowOut
    from privacy.selectors import access_log_list

    now = timezone.now()
    AccessLogEntry.objects.bulk_create(
        AccessLogEntry(
            organization=org_a,
            actor_user_id=1,
            actor_name="Trần Văn Minh",
            actor_role="educator",
            kind="proctoring_video",
            object_id=str(i),
            created_at=now - timedelta(minutes=i),
        )
        for i in range(30)
    )
    with django_assert_num_queries(2):
        rows, meta = access_log_list(organization_id=org_a.pk, page=2, limit=20, kind="proctoring_video")
        assert [AccessLogRowOut.from_orm(r).object_id for r in rows] == [str(i) for i in range(20, 30)]
    assert meta == {"page": 2, "limit": 20, "total": 30}
