"""Delete my account (issue 24, item 5: "asks for the password, waits a grace period (7 days,
cancellable), then deletes or anonymizes: photos, videos, answers and survey answers are
deleted; transactions are kept anonymized for accounting; the e-mail is freed ... Educators see
anonymized rows where a deleted learner used to be")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.core.files.storage import default_storage
from django.test import Client
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Profile, User
from accounts.tests.factories import PASSWORD
from assignments.models import AdvancedReport, Assignment, Attempt, AttemptAnswer
from conftest import client_for
from data_requests.models import DataRequest
from data_requests.services import account_deletions_run
from marketplace.models import Transaction
from privacy.models import DeletionRecord
from surveys.models import Submission, SubmissionAnswer

pytestmark = pytest.mark.django_db
J = "application/json"


def _schedule(client: Client, password: str = PASSWORD, **headers):
    return client.post(
        "/api/v1/data-requests/deletion", {"password": password}, content_type=J, headers=headers
    )


def test_a_wrong_password_is_refused_and_throttled_like_the_login(as_learner, learner):
    res = _schedule(as_learner, "not-my-password", **{"Accept-Language": "en"})
    assert res.status_code == 400
    body = res.json()
    assert (body["code"], body["message"], body["errors"]) == (
        "wrong_password",
        "The password is not correct.",
        {"password": ["The password is not correct."]},
    )
    empty = _schedule(as_learner, "")
    assert empty.status_code == 400 and empty.json()["errors"]["password"]
    for _ in range(4):
        assert _schedule(as_learner, "still-wrong").json()["code"] == "wrong_password"
    limited = _schedule(as_learner)  # the right one, after 5 failures from this address
    assert limited.status_code == 429 and limited.json()["code"] == "login_rate_limited"
    assert not DataRequest.objects.filter(user=learner.user).exists()


def test_scheduled_then_cancelled_within_the_grace_period(
    as_learner, learner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        res = _schedule(as_learner)
    assert res.status_code == 201, res.json()
    deletion = res.json()["data"]
    assert (deletion["status"], deletion["requested_by"], deletion["can_cancel"]) == (
        "scheduled",
        "learner",
        True,
    )
    state = as_learner.get("/api/v1/data-requests").json()["data"]
    assert state["deletion"]["id"] == deletion["id"]
    assert mail.outbox[-1].subject == "Tài khoản của bạn sẽ bị xóa"

    six_days = timezone.now() + timedelta(days=6, hours=23)
    assert account_deletions_run(now=six_days) == 0  # still within the grace period
    with django_capture_on_commit_callbacks(execute=True):
        cancelled = as_learner.post("/api/v1/data-requests/deletion/cancel")
    assert cancelled.status_code == 200 and cancelled.json()["data"]["status"] == "cancelled"
    assert mail.outbox[-1].subject == "Đã hủy việc xóa tài khoản của bạn"
    assert as_learner.get("/api/v1/data-requests").json()["data"]["deletion"] is None
    assert account_deletions_run(now=timezone.now() + timedelta(days=8)) == 0
    learner.user.refresh_from_db()
    assert learner.user.is_active and learner.user.check_password(PASSWORD)
    again = as_learner.post("/api/v1/data-requests/deletion/cancel")
    assert again.status_code == 404 and again.json()["code"] == "no_deletion_scheduled"


def test_an_educator_cannot_delete_their_account_here(as_educator_a):
    res = _schedule(as_educator_a)
    assert res.status_code == 409 and res.json()["code"] == "educator_account"


def test_deleted_after_the_grace_period_in_both_organizations(
    seeded, org_a, org_b, as_educator_a, educator_b, django_capture_on_commit_callbacks
):
    profile, user = seeded.profile, seeded.profile.user
    user_id, email = user.pk, user.email
    client = client_for(profile)
    with django_capture_on_commit_callbacks(execute=True):
        assert _schedule(client).status_code == 201
        client.post("/api/v1/data-requests/export")  # a copy made before: deleted with the rest
    export = DataRequest.objects.get(user=user, kind="export")
    assert export.status == "ready" and default_storage.exists(export.file)
    assert all(default_storage.exists(name) for name in seeded.files)

    assert account_deletions_run(now=timezone.now() + timedelta(days=7, minutes=1)) == 1

    deletion = DataRequest.objects.get(user=user, kind="deletion")
    assert deletion.status == "done"
    assert deletion.summary["assignments"] == {
        "answers": 6,
        "videos": 2,
        "reports": 1,
        "events": 0,
        "accommodations": 0,
        "assignments": 1,
    }
    assert deletion.summary["surveys"] == {"survey_answers": 1, "submissions": 1}
    assert deletion.summary["files"] == 5  # photo, two videos, the report's PDF, the copy
    # files gone from storage
    assert not any(default_storage.exists(name) for name in [*seeded.files, export.file])
    # the account: address freed, no name, login refused, sessions ended
    user = User.objects.get(pk=user_id)
    assert (user.email, user.name, user.is_active, user.has_usable_password()) == (
        f"deleted-{user_id}@deleted.invalid",
        f"Người học đã xóa tài khoản #{user_id}",
        False,
        False,
    )
    assert not User.objects.filter(email=email).exists()
    profile = Profile.objects.get(pk=profile.pk)
    assert (profile.phone, profile.photo, profile.school_name, profile.date_of_birth, profile.status) == (
        "",
        "",
        "",
        None,
        "inactive",
    )
    assert client.get("/api/v1/data-requests").status_code == 401
    login = Client().post("/public/api/auth/login", {"email": email, "password": PASSWORD}, content_type=J)
    assert login.status_code == 400 and login.json()["code"] == "invalid_credentials"
    # transactions kept for accounting, with nothing personal
    tx = Transaction.objects.get(pk=seeded.transaction_id)
    assert (tx.amount, tx.status, tx.buyer_name, tx.items.get().price) == (120_000, "COMPLETED", "", 120_000)
    assert tx.profile.user.email == f"deleted-{user_id}@deleted.invalid"
    # organization A: answers, videos and reports gone; the row stays, anonymized
    with schema_context(org_a.schema_name):
        assignment = Assignment.objects.get(pk=seeded.assignment_id)
        attempt = Attempt.objects.get(pk=seeded.attempt_id)
        assert (assignment.learner_name, assignment.learner_email, assignment.prep_video) == (
            f"Người học đã xóa tài khoản #{user_id}",
            "",
            "",
        )
        assert attempt.video == "" and attempt.video_deleted_at is not None and attempt.score == 1
        assert not AttemptAnswer.objects.filter(attempt=attempt).exists()
        assert not AdvancedReport.objects.filter(attempt=attempt).exists()
    # each deleted video leaves the organization's deletion record, as the retention sweep's do
    records = DeletionRecord.objects.filter(organization=org_a).order_by("object_type")
    assert [
        (r.kind, r.object_type, r.object_id, r.reason, r.learner_profile_id, r.file_name in seeded.files)
        for r in records
    ] == [
        ("proctoring_video", "assignment", str(seeded.assignment_id), "request", profile.pk, True),
        ("proctoring_video", "attempt", str(seeded.attempt_id), "request", profile.pk, True),
    ]
    rows = as_educator_a.get("/api/v1/assignments?page=1&limit=10").json()["data"]["items"]
    assert [(r["learner_name"], r["learner_email"]) for r in rows] == [
        (f"Người học đã xóa tài khoản #{user_id}", "")
    ]
    # organization B: the survey answers gone, the submission anonymized
    with schema_context(org_b.schema_name):
        submission = Submission.objects.get(pk=seeded.submission_id)
        assert (submission.learner_name, submission.learner_email, submission.scores) == (
            f"Người học đã xóa tài khoản #{user_id}",
            "",
            {},
        )
        assert not SubmissionAnswer.objects.filter(submission=submission).exists()


def test_the_freed_address_signs_up_again(seeded, django_capture_on_commit_callbacks):
    from accounts.tests.test_api import SIGNUP

    user = seeded.profile.user
    from data_requests.services import schedule_account_deletion

    schedule_account_deletion(user=user, requested_by="learner")
    account_deletions_run(now=timezone.now() + timedelta(days=8))
    res = Client().post("/public/api/users/register", {**SIGNUP, "email": user.email}, content_type=J)
    assert res.status_code == 201, res.json()
    assert User.objects.get(email="lan.nguyen@example.vn").pk != user.pk


def test_a_withdrawn_consent_is_the_recorded_reason(seeded, org_a):
    from data_requests.services import schedule_account_deletion

    schedule_account_deletion(user=seeded.profile.user, requested_by="consent_withdrawn")
    assert account_deletions_run(now=timezone.now() + timedelta(days=8)) == 1
    assert set(DeletionRecord.objects.filter(organization=org_a).values_list("reason", flat=True)) == {
        "consent_withdrawn"
    }
