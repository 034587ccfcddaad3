"""The copy of a person's data (issue 24, item 5: "Download my data" builds, in a task with
progress, a zip of the learner's profile, consents, purchases, answers, results, survey answers
and files, with a README in both languages)."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.utils import timezone

from accounts.tests.factories import ProfileFactory
from config import dates
from conftest import client_for
from data_requests import export as export_module
from data_requests.models import DataRequest
from data_requests.services import export_request, exports_expire, exports_recover

pytestmark = pytest.mark.django_db
J = "application/json"


def _zip_of(request: DataRequest) -> zipfile.ZipFile:
    with default_storage.open(request.file, "rb") as handle:
        return zipfile.ZipFile(io.BytesIO(handle.read()))


def _exported(seeded, django_capture_on_commit_callbacks) -> DataRequest:
    with django_capture_on_commit_callbacks(execute=True):
        request = export_request(user=seeded.profile.user)
    request.refresh_from_db()
    return request


def test_the_zip_holds_the_learners_profile_purchases_answers_survey_answers_and_files(
    seeded, django_capture_on_commit_callbacks
):
    request = _exported(seeded, django_capture_on_commit_callbacks)
    assert request.status == "ready"
    archive = _zip_of(request)
    a, t, r, p = seeded.assignment_id, seeded.attempt_id, request, seeded.profile.pk
    assert archive.namelist() == [
        "profile.json",
        f"files/profile-photo-{p}.jpg",
        "notifications.json",
        "organizations/org-a/tests.json",
        f"organizations/org-a/assignment-{a}-surroundings.webm",
        f"organizations/org-a/attempt-{t}-video.webm",
        f"organizations/org-a/report-{_report_id(seeded)}.pdf",
        "consents.json",
        "purchases.json",
        "organizations/org-b/surveys.json",
        "README.txt",
    ]
    del r
    profile = json.loads(archive.read("profile.json"))
    assert profile["user"]["email"] == "lan.nguyen@example.vn"
    assert profile["user"]["name"] == "Nguyễn Thị Lan"
    assert profile["profiles"][0]["phone"] == "0912345678"
    assert profile["profiles"][0]["date_of_birth"] == "2009-03-14"
    assert profile["profiles"][0]["photo"] == f"files/profile-photo-{p}.jpg"

    (consent,) = json.loads(archive.read("consents.json"))["consents"]
    assert (consent["subject"], consent["withdrawn_at"]) == ("learner", None)

    purchases = json.loads(archive.read("purchases.json"))
    (tx,) = purchases["transactions"]
    assert (tx["id"], tx["status"], tx["amount_vnd"], tx["buyer_name"]) == (
        seeded.transaction_id,
        "COMPLETED",
        120_000,
        "Nguyễn Thị Lan",
    )
    assert tx["items"] == [
        {
            "name": "Đánh giá năng lực Toán 9",
            "organization": "Org A",
            "addon": "test_only",
            "batch": "Ca sáng",
            "price_vnd": 120_000,
        }
    ]

    tests = json.loads(archive.read("organizations/org-a/tests.json"))
    (assignment,) = tests["assignments"]
    assert (assignment["test"], assignment["source"], assignment["status"]) == (
        "Đánh giá năng lực Toán 9",
        "purchase",
        "graded",
    )
    (attempt,) = assignment["attempts"]
    assert (attempt["status"], attempt["score"], attempt["max_score"], attempt["result"]) == (
        "submitted",
        1.0,
        8.0,
        "failed",
    )
    assert attempt["video"] == f"organizations/org-a/attempt-{t}-video.webm"
    answered = [x for x in attempt["answers"] if x["answer"] is not None]
    assert [(x["question"]["id"], x["answer"], x["score"]) for x in answered] == [
        (seeded.question_id, {"value": True}, 1.0)
    ]

    surveys = json.loads(archive.read("organizations/org-b/surveys.json"))
    (submission,) = surveys["surveys"]
    assert submission["status"] == "in_progress"
    (answer,) = submission["answers"]
    assert answer["value"] == 4 and answer["label"] == {"vi": "Đồng ý", "en": "Agree"}

    assert archive.read(f"files/profile-photo-{p}.jpg") == b"\xff\xd8\xff photo"
    assert archive.read(f"organizations/org-a/attempt-{t}-video.webm") == b"webm video bytes"
    readme = archive.read("README.txt").decode()
    assert "BẢN SAO DỮ LIỆU CÁ NHÂN" in readme and "COPY OF YOUR PERSONAL DATA" in readme
    assert "- purchases.json: Your purchases (amounts in VND), each item bought, and your cart." in readme
    assert (
        "- purchases.json: Các giao dịch mua của bạn (số tiền bằng đồng), từng mục đã mua và giỏ hàng."
        in readme
    )


def _report_id(seeded) -> int:
    from django_tenants.utils import schema_context

    from assignments.models import AdvancedReport
    from tenants.models import Organization

    with schema_context(Organization.objects.get(slug="org-a").schema_name):
        return AdvancedReport.objects.get(attempt_id=seeded.attempt_id).pk


def test_a_file_deleted_by_retention_is_listed_in_the_readme(seeded, django_capture_on_commit_callbacks):
    default_storage.delete(seeded.video)
    archive = _zip_of(_exported(seeded, django_capture_on_commit_callbacks))
    path = f"organizations/org-a/attempt-{seeded.attempt_id}-video.webm"
    assert path not in archive.namelist()
    readme = archive.read("README.txt").decode()
    assert f"No longer stored (deleted under the retention policy):\n- {path}" in readme


def test_progress_queued_running_then_ready_with_its_expiry(
    media, as_learner, learner, monkeypatch, django_capture_on_commit_callbacks
):
    seen: list[tuple[str, int]] = []
    store = export_module.export_store

    def spying_store(person, parts, *, made_at, progress):
        def spy(done):
            progress(done)
            row = DataRequest.objects.get(user=learner.user, kind="export")
            seen.append((row.status, row.progress))

        return store(person, parts, made_at=made_at, progress=spy)

    monkeypatch.setattr(export_module, "export_store", spying_store)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        res = as_learner.post("/api/v1/data-requests/export")
        assert res.status_code == 202, res.json()
        state = as_learner.get("/api/v1/data-requests").json()["data"]["export"]
        assert (state["status"], state["progress"], state["download_url"]) == ("queued", 0, None)
    for callback in queued:
        callback()
    # a learner with nothing but a profile: profile, notifications, consents and purchases
    assert seen == [("running", 25), ("running", 50), ("running", 75), ("running", 99)]
    state = as_learner.get("/api/v1/data-requests").json()["data"]
    export = state["export"]
    assert (export["status"], export["progress"], export["steps_done"], export["steps_total"]) == (
        "ready",
        100,
        4,
        4,
    )
    assert export["download_url"] == f"/api/v1/data-requests/export/{export['id']}/download"
    row = DataRequest.objects.get(pk=export["id"])
    assert row.expires_at == row.finished_at + timedelta(days=7)
    assert state["export_keep_days"] == 7 and state["grace_days"] == 7


def test_a_failing_source_ends_failed_with_a_localized_message(
    media, as_learner, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(person):
        raise RuntimeError("storage unreachable")

    monkeypatch.setattr(export_module, "parts_for", broken)
    with django_capture_on_commit_callbacks(execute=True):
        as_learner.post("/api/v1/data-requests/export", headers={"Accept-Language": "en"})
    export = as_learner.get("/api/v1/data-requests").json()["data"]["export"]
    assert (export["status"], export["error_code"], export["error_message"]) == (
        "failed",
        "export_failed",
        "The copy of your data could not be made. Please try again.",
    )


def test_only_the_owner_downloads_until_it_expires(
    media, as_learner, learner, org_a, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        export_id = as_learner.post("/api/v1/data-requests/export").json()["data"]["id"]
    url = f"/api/v1/data-requests/export/{export_id}/download"
    res = as_learner.get(url)
    assert res.status_code == 200
    assert res["Content-Type"] == "application/zip" and res["Cache-Control"] == "no-store"
    day = timezone.localdate().isoformat()
    assert res["Content-Disposition"] == f'attachment; filename="du-lieu-cua-toi-{day}.zip"'
    assert zipfile.ZipFile(io.BytesIO(b"".join(res.streaming_content))).namelist()[0] == "profile.json"
    english = as_learner.get(url, headers={"Accept-Language": "en"})
    assert english["Content-Disposition"] == f'attachment; filename="my-data-{day}.zip"'

    for someone in (ProfileFactory(), ProfileFactory(educator=True, organization=org_a, is_admin=True)):
        other = client_for(someone).get(url)
        assert other.status_code == 404 and other.json()["code"] == "not_found"
    assert as_learner.get("/api/v1/data-requests/export/not-a-uuid/download").status_code == 404

    row = DataRequest.objects.get(pk=export_id)
    DataRequest.objects.filter(pk=export_id).update(expires_at=timezone.now() - timedelta(seconds=1))
    gone = as_learner.get(url)
    assert gone.status_code == 410 and gone.json()["code"] == "export_expired"
    assert exports_expire() == 1
    assert not default_storage.exists(row.file)
    assert as_learner.get("/api/v1/data-requests").json()["data"]["export"]["status"] == "expired"


def test_one_copy_at_a_time_and_educators_too(as_educator_a, educator_a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        first = as_educator_a.post("/api/v1/data-requests/export").json()["data"]
        second = as_educator_a.post("/api/v1/data-requests/export").json()["data"]
    assert first["id"] == second["id"] and first["status"] == "queued"
    assert DataRequest.objects.filter(user=educator_a.user, kind="export").count() == 1


def test_an_export_its_consumer_lost_is_queued_again_and_finished(settings):
    """Issue 21, item 4 (the cluster rehearsal): huey takes a task off the queue before running
    it, so a consumer SIGKILLed while writing a copy left the request ``running`` for ever, and
    ``export_request`` handed that stuck request to every later "Download my data"."""
    stale = timezone.now() - timedelta(seconds=settings.DATA_EXPORT_STALE_SECONDS + 5)
    running, queued, alive = (ProfileFactory().user for _ in range(3))
    due = dates.today()  # the answer's due day plays no part here
    lost = DataRequest.objects.create(
        kind="export",
        status="running",
        user=running,
        requested_by="learner",
        started_at=stale,
        steps_done=2,
        answer_due_on=due,
    )
    never_claimed = DataRequest.objects.create(
        kind="export", status="queued", user=queued, requested_by="learner", answer_due_on=due
    )
    DataRequest.objects.filter(pk=never_claimed.pk).update(created_at=stale)
    busy = DataRequest.objects.create(
        kind="export",
        status="running",
        user=alive,
        requested_by="learner",
        started_at=timezone.now(),
        answer_due_on=due,
    )
    assert exports_recover() == 2  # huey is immediate in tests: the new tasks run at once
    for request in (lost, never_claimed):
        request.refresh_from_db()
        assert request.status == "ready"
        assert default_storage.exists(request.file)
    busy.refresh_from_db()
    assert busy.status == "running"
    assert export_request(user=running).status == "queued"  # a new copy can be asked for again
    assert exports_recover() == 0


def test_an_export_that_keeps_losing_its_consumer_ends_failed(settings, as_learner, learner):
    """Issue 38, item 2: a copy whose consumer dies every time (too large for it) was queued again
    every 15 minutes for ever, and the profile page polled it for ever. Past
    DATA_EXPORT_GIVE_UP_SECONDS after the request it ends failed with its message."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.DATA_EXPORT_STALE_SECONDS + 5)
    lost = DataRequest.objects.create(
        kind="export",
        status="running",
        user=learner.user,
        requested_by="learner",
        started_at=stale,
        language="en",
        answer_due_on=dates.today(),
    )
    DataRequest.objects.filter(pk=lost.pk).update(
        created_at=now - timedelta(seconds=settings.DATA_EXPORT_GIVE_UP_SECONDS + 1)
    )
    assert exports_recover() == 1
    lost.refresh_from_db()
    assert (lost.status, lost.error_code, lost.file) == ("failed", "export_failed", "")
    copy = as_learner.get("/api/v1/data-requests").json()["data"]["export"]
    assert (copy["status"], copy["error_message"]) == (
        "failed",
        "The copy of your data could not be made. Please try again.",
    )
    assert exports_recover() == 0
