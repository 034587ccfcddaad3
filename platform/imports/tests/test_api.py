"""Large imports run as huey jobs the SPA polls (issue 16, item 8): both import endpoints answer
202 with the job above IMPORT_SYNC_MAX_ROWS data rows, and GET /api/v1/import-jobs/{id} shows
the caller's own job only."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections

from accounts.models import Invitation
from accounts.tests.factories import ProfileFactory
from assessments.tests.test_authoring_api import make_bank
from assessments.tests.test_spreadsheets import GOOD, upload, xlsx
from conftest import client_for
from imports.models import ImportJob

pytestmark = pytest.mark.django_db

LEARNERS = "/api/v1/organization/invitations/import"
JOBS = "/api/v1/import-jobs"
QUEUED_EN = "The import is running in the background."
QUEUED_VI = "Đang nhập dữ liệu ở chế độ nền."


def _emails(n: int, start: int = 0) -> SimpleUploadedFile:
    body = "email\n" + "".join(f"hs{i}@example.vn\n" for i in range(start, start + n))
    return SimpleUploadedFile("learners.csv", body.encode())


def _job_shape(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("id", "created_at", "finished_at")}


def test_question_import_above_the_threshold_answers_202_then_the_job_holds_the_report(
    as_educator_a, org_a, settings, django_capture_on_commit_callbacks
):
    settings.IMPORT_SYNC_MAX_ROWS = 5
    bank = make_bank(as_educator_a)
    rows = [*GOOD, GOOD[0]]  # 6 data rows: one over the threshold
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        res = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=False)
    assert res.status_code == 202, res.json()
    body = res.json()
    assert body["message"] == QUEUED_VI  # Vietnamese by default
    assert _job_shape(body["data"]) == {
        "kind": "questions",
        "status": "queued",
        "dry_run": False,
        "progress": 0,
        "rows_done": 0,
        "rows_total": 6,
        "file_name": "q.xlsx",
        "result": None,
        "error_code": "",
        "error_message": "",
    }
    assert body["data"]["finished_at"] is None and len(callbacks) == 1
    job = ImportJob.objects.get(pk=body["data"]["id"])
    assert job.schema_name == org_a.schema_name and job.params == {"bank_id": bank["id"]}
    stored = job.file
    assert stored.startswith(f"{org_a.schema_name}/imports/") and stored.endswith(".xlsx")
    assert default_storage.exists(stored)
    assert as_educator_a.get(f"/media/{stored}").status_code == 404  # private: never served by URL
    # Nothing written before the task runs.
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 0

    callbacks[0]()  # huey is immediate in tests: the task runs now
    polled = as_educator_a.get(f"{JOBS}/{job.pk}").json()["data"]
    assert _job_shape(polled) == {
        "kind": "questions",
        "status": "done",
        "dry_run": False,
        "progress": 100,
        "rows_done": 6,
        "rows_total": 6,
        "file_name": "q.xlsx",
        "result": {"rows": 6, "valid": 6, "errors": [], "imported": 6},
        "error_code": "",
        "error_message": "",
    }
    assert polled["finished_at"] is not None
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 6
    assert not default_storage.exists(stored) and ImportJob.objects.get(pk=job.pk).file == ""


def test_question_dry_run_and_bad_file_jobs(as_educator_a, settings, django_capture_on_commit_callbacks):
    settings.IMPORT_SYNC_MAX_ROWS = 2
    bank = make_bank(as_educator_a)
    rows = [GOOD[0], {**GOOD[0], "grade": "x"}, GOOD[1]]
    with django_capture_on_commit_callbacks(execute=True):
        dry = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=True)
    assert dry.status_code == 202
    job = as_educator_a.get(f"{JOBS}/{dry.json()['data']['id']}").json()["data"]
    assert (job["status"], job["dry_run"], job["progress"], job["error_code"]) == ("done", True, 100, "")
    assert job["result"] == {
        "rows": 3,
        "valid": 2,
        "errors": [
            {"row": 3, "column": "grade", "message": "Vui lòng nhập số nguyên."},
            {"row": 3, "column": "grade", "message": "Chọn khối lớp."},
        ],
        "imported": 0,
    }

    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(
            f"/api/v1/question-banks/{bank['id']}/import?dry_run=false",
            {"file": xlsx(rows)},
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert res.status_code == 202 and res.json()["message"] == QUEUED_EN
    failed = ImportJob.objects.get(pk=res.json()["data"]["id"])
    assert (failed.status, failed.error_code, failed.language) == ("failed", "import_invalid", "en")
    assert failed.error_message == "Nothing was imported: correct the rows listed and upload again."
    assert failed.result == {
        "rows": 3,
        "valid": 2,
        "errors": [
            {"row": 3, "column": "grade", "message": "Enter a whole number."},
            {"row": 3, "column": "grade", "message": "Choose the grade."},
        ],
        "imported": 0,
    }
    assert failed.file == "" and failed.finished_at is not None
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 0


def test_at_the_threshold_the_import_stays_in_the_request(as_educator_a, settings):
    settings.IMPORT_SYNC_MAX_ROWS = 5
    bank = make_bank(as_educator_a)
    res = upload(as_educator_a, bank["id"], xlsx(GOOD), dry_run=False)
    assert res.status_code == 200
    assert res.json()["data"] == {"rows": 5, "valid": 5, "errors": [], "imported": 5}
    res = as_educator_a.post(f"{LEARNERS}?dry_run=true", {"file": _emails(5)})
    assert res.status_code == 200 and res.json()["data"]["rows"] == 5
    assert not ImportJob.objects.exists()


def test_learner_import_above_the_threshold_runs_as_a_job(
    as_educator_a, org_a, settings, django_capture_on_commit_callbacks
):
    settings.IMPORT_SYNC_MAX_ROWS = 3
    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(f"{LEARNERS}?dry_run=false", {"file": _emails(4)})
    assert res.status_code == 202, res.json()
    data = res.json()["data"]
    assert (data["kind"], data["status"], data["rows_total"], data["file_name"]) == (
        "learners",
        "queued",
        4,
        "learners.csv",
    )
    job = ImportJob.objects.get(pk=data["id"])
    polled = as_educator_a.get(f"{JOBS}/{job.pk}").json()["data"]
    assert (polled["status"], polled["progress"], polled["rows_done"]) == ("done", 100, 4)
    assert polled["result"] == {"rows": 4, "valid": 4, "errors": [], "invited": 4}
    assert sorted(Invitation.objects.filter(organization=org_a).values_list("email", flat=True)) == [
        f"hs{i}@example.vn" for i in range(4)
    ]
    assert (job.schema_name, job.organization_id, job.file) == (org_a.schema_name, org_a.pk, "")


def test_a_job_is_only_its_starters(
    as_educator_a, educator_a, org_a, org_b, settings, django_capture_on_commit_callbacks
):
    settings.IMPORT_SYNC_MAX_ROWS = 1
    with django_capture_on_commit_callbacks(execute=False):
        res = as_educator_a.post(f"{LEARNERS}?dry_run=true", {"file": _emails(2)})
    job_id = res.json()["data"]["id"]
    assert as_educator_a.get(f"{JOBS}/{job_id}").status_code == 200
    colleague = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=True))
    other_org = client_for(ProfileFactory(educator=True, organization=org_b, is_admin=True))
    same_user_other_org = client_for(
        ProfileFactory(educator=True, organization=org_b, user=educator_a.user, is_admin=True)
    )
    for client in (colleague, other_org, same_user_other_org):
        res = client.get(f"{JOBS}/{job_id}", HTTP_ACCEPT_LANGUAGE="en")
        assert (res.status_code, res.json()["code"], res.json()["message"]) == (
            404,
            "not_found",
            "Import not found.",
        )
    res = other_org.get(f"{JOBS}/{job_id}", HTTP_ACCEPT_LANGUAGE="vi")
    assert res.json()["message"] == "Không tìm thấy lượt nhập."
    assert as_educator_a.get(f"{JOBS}/{uuid.uuid4()}").status_code == 404
    assert as_educator_a.get(f"{JOBS}/not-a-uuid").status_code == 404
    learner = client_for(ProfileFactory())
    assert learner.get(f"{JOBS}/{job_id}").json()["code"] == "forbidden_role"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("idle_thread", [False, True])
def test_a_poller_sees_the_progress_while_the_import_transaction_is_open(
    org_a, settings, monkeypatch, idle_thread
):
    """On real connections: each invitation is written inside the import's one transaction, yet
    a GET from another thread (its own connection) sees ``progress`` move after each row; also
    when the work runs in its own SCHED_IDLE thread, as outside the test suite."""
    settings.IMPORT_SYNC_MAX_ROWS = 3
    settings.BACKGROUND_IDLE_PRIORITY = idle_thread
    educator = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    client = client_for(educator)
    from people import services as people_services

    invite = people_services.invitation_create
    seen: list[tuple[str, int, int]] = []

    def poll() -> None:
        try:
            job = ImportJob.objects.get()
            data = client.get(f"{JOBS}/{job.pk}").json()["data"]
            seen.append((data["status"], data["rows_done"], data["progress"]))
        finally:
            connections.close_all()

    def invite_then_poll(**kwargs):
        result = invite(**kwargs)
        thread = threading.Thread(target=poll)
        thread.start()
        thread.join()
        return result

    monkeypatch.setattr(people_services, "invitation_create", invite_then_poll)
    res = client.post(f"{LEARNERS}?dry_run=false", {"file": _emails(10, start=100)})
    assert res.status_code == 202
    # The answer comes after the immediate task ran (on_commit runs at once on real connections).
    data = res.json()["data"]
    assert (data["status"], data["progress"], data["rows_done"]) == ("done", 100, 10)
    assert data["result"] == {"rows": 10, "valid": 10, "errors": [], "invited": 10}
    # After each invitation (before its own progress call) the poller saw the rows before it,
    # though no invitation was committed until the last.
    assert seen == [("running", n, n * 10) for n in range(10)]
    assert Invitation.objects.filter(email__startswith="hs1").count() == 10
