"""A withdrawal of consent during a sitting stops it at once (issue 37, item 6; decision 0049): what
was saved is kept, the attempt is submitted with the reason ``consent_withdrawn``, every further
save (through the lean route), event and submit answers the consent refusal, the educator reads
why, and the proctoring video goes with the account's deletion that the withdrawal scheduled."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.core import mail
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.test import Client
from django.utils import timezone
from django_tenants.utils import schema_context

from assignments.models import Assignment, Attempt, AttemptAnswer
from config import dates
from conftest import client_for
from consent.services import NOTICE_VERSION
from privacy.models import DeletionRecord
from sitting.tests.test_taking import open_test, save, start

pytestmark = pytest.mark.django_db
J = "application/json"


def child_born() -> date:
    today = dates.today()
    return date(today.year - 14, 3, 1)


def sitting_of_a_child_with_a_parents_consent(as_educator_a, bank, round_id, org_a, captured):
    """A 14-year-old of org A whose parent consented through the mailed link, in a test started
    without camera with one answer saved; returns (learner, client, eid, token, questions, link)."""
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    learner.date_of_birth = child_born()
    learner.save(update_fields=["date_of_birth"])
    client = client_for(learner)
    with captured(execute=True):
        client.put("/api/v1/consent/parent", {"parent_email": "me.minh@example.vn"}, content_type=J)
    token_link = re.search(r"/parental-consent/([\w-]+)\?lang=", mail.outbox[-1].body).group(1)
    body = {
        "token": token_link,
        "accept_terms": True,
        "terms_version": NOTICE_VERSION,
        "privacy_version": NOTICE_VERSION,
        "relationship": "parent",
        "child_birth_date": child_born().strftime("%d/%m/%Y"),
    }
    assert Client().post("/public/api/consent/parent/consent", body, content_type=J).status_code == 200
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    assert save(client, eid, questions[0]["id"], {"value": True}, 1, token).status_code == 200
    return learner, client, eid, token, questions, token_link


def test_a_parents_withdrawal_ends_the_sitting_and_saves_answer_the_consent_refusal(
    as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
):
    learner, client, eid, token, questions, link = sitting_of_a_child_with_a_parents_consent(
        as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
    )
    res = Client().post("/public/api/consent/parent/withdraw", {"token": link}, content_type=J)
    assert res.status_code == 200, res.json()

    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
        assert (attempt.status, attempt.submit_reason) == ("submitted", "consent_withdrawn")
        saved = AttemptAnswer.objects.get(attempt=attempt, question_id=questions[0]["id"])
        assert (saved.answer, saved.seq) == ({"value": True}, 1)  # what was saved is kept
        assert Assignment.objects.get(pk=attempt.assignment_id).status in ("submitted", "graded")

    # further saves: the consent refusal, the gate's own code and message in the reader's language
    # (what checkout answers now), through the lean route
    for seq, language in enumerate(("en", "vi"), start=2):
        gate = client.post("/api/v1/transaction/checkout", {}, content_type=J, HTTP_ACCEPT_LANGUAGE=language)
        assert gate.status_code == 403 and gate.json()["code"] == "parental_consent_required"
        res = client.put(
            f"/api/v1/take-test/{eid}/answers/{questions[1]['id']}",
            {"answer": {"value": False}, "seq": seq, "flagged": False},
            content_type=J,
            headers={"X-Device-Token": token, "Accept-Language": language},
        )
        assert res.status_code == 403, res.json()
        assert (res.json()["code"], res.json()["message"]) == (
            "parental_consent_required",
            gate.json()["message"],
        )
    with schema_context(org_a.schema_name):
        # the submission scored the unanswered question as blank; the refused saves wrote nothing
        assert AttemptAnswer.objects.get(attempt=attempt, question_id=questions[1]["id"]).answer is None
    # integrity events and the submit say the same
    event = client.post(
        f"/api/v1/take-test/{eid}/events", {"kind": "blur"}, content_type=J, headers={"X-Device-Token": token}
    )
    submit = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert [event.status_code, event.json()["code"], submit.status_code, submit.json()["code"]] == [
        403,
        "parental_consent_required",
        403,
        "parental_consent_required",
    ]

    # the educator reads why
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}").json()["data"]
    assert detail["submit_reason"] == "consent_withdrawn"
    rows = as_educator_a.get("/api/v1/attempts", {"limit": 50}).json()["data"]["items"]
    assert next(r for r in rows if r["id"] == attempt.pk)["submit_reason"] == "consent_withdrawn"
    with schema_context(org_a.schema_name):
        batch_id = Assignment.objects.get(pk=attempt.assignment_id).batch_id
    progress = as_educator_a.get(f"/api/v1/batches/{batch_id}/progress").json()["data"]
    assert [r["submit_reason"] for r in progress if r["attempt_id"] == attempt.pk] == ["consent_withdrawn"]
    book = as_educator_a.get(f"/api/v1/batches/{batch_id}/gradebook").json()["data"]["items"]
    assert [r["submit_reason"] for r in book if r["attempt_id"] == attempt.pk] == ["consent_withdrawn"]


def test_once_consent_is_given_again_the_ended_test_says_why(
    as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
):
    learner, client, eid, token, questions, link = sitting_of_a_child_with_a_parents_consent(
        as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
    )
    Client().post("/public/api/consent/parent/withdraw", {"token": link}, content_type=J)
    paper = as_educator_a.post(f"/api/v1/organization/members/{learner.pk}/consent/paper", {}, content_type=J)
    assert paper.status_code == 200, paper.json()
    res = save(client, eid, questions[1]["id"], {"value": False}, 5, token)
    assert res.status_code == 409 and res.json()["code"] == "attempt_not_in_progress"
    assert res.json()["message"] == "Bài thi đã kết thúc khi sự đồng ý xử lý dữ liệu của bạn bị rút lại."


def test_the_learners_own_withdrawal_ends_the_sitting_too(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)  # 16 or over: no parent
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    save(client, eid, questions[0]["id"], {"value": True}, 1, token)
    assert client.post("/api/v1/consent/withdraw", HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    res = save(client, eid, questions[0]["id"], {"value": False}, 2, token)
    assert res.status_code == 403 and res.json()["code"] == "consent_required"
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
    assert attempt.submit_reason == "consent_withdrawn"
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert (result["status"], result["submit_reason"]) == ("submitted", "consent_withdrawn")


def test_a_parents_withdrawal_for_a_learner_of_16_stops_nothing(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)  # 17: no parent needed
    paper = as_educator_a.post(f"/api/v1/organization/members/{learner.pk}/consent/paper", {}, content_type=J)
    assert paper.status_code == 200
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    as_educator_a.delete(f"/api/v1/organization/members/{learner.pk}/consent/paper")
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    assert save(client, eid, questions[0]["id"], {"value": True}, 1, token).status_code == 200


def test_the_video_goes_with_the_deletion_the_withdrawal_scheduled(
    as_educator_a, bank, round_id, org_a, settings, tmp_path, django_capture_on_commit_callbacks
):
    from data_requests.services import account_deletions_run

    settings.MEDIA_ROOT = tmp_path
    learner, client, eid, token, questions, link = sitting_of_a_child_with_a_parents_consent(
        as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
    )
    with schema_context(org_a.schema_name):
        name = default_storage.save(
            f"{org_a.schema_name}/prep-videos/room.webm", ContentFile(b"\x1a\x45\xdf\xa3")
        )
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
        Attempt.objects.filter(pk=attempt.pk).update(video=name)
        Assignment.objects.filter(pk=attempt.assignment_id).update(prep_video=name)
    with django_capture_on_commit_callbacks(execute=True):
        Client().post("/public/api/consent/parent/withdraw", {"token": link}, content_type=J)
    assert (tmp_path / name).exists()  # kept through the grace period (consenting again cancels)
    assert account_deletions_run(now=timezone.now() + timedelta(days=8)) == 1
    assert not (tmp_path / name).exists()
    record = DeletionRecord.objects.get(file_name=name)
    # one record for the surroundings video the attempt reused (decision 0022)
    assert (record.kind, record.reason, record.object_type, record.object_id) == (
        "proctoring_video",
        "consent_withdrawn",
        "assignment",
        str(attempt.assignment_id),
    )


def test_a_backup_file_of_a_sitting_a_withdrawal_ended_is_not_applied(as_educator_a, bank, round_id, org_a):
    """Issue 37, item 6 against issue 38, item 3: the invigilator's upload of the backup answers
    of a test that a withdrawal ended is refused, preview and apply, and writes nothing."""
    from sitting.tests.test_offline import S, batch_of, refusal, sealed, started, typed, upload

    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)  # 17
    qid = view["questions"][0]["id"]
    assert client.post("/api/v1/consent/withdraw", HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    data = sealed(view, [typed(qid, {"value": True}, 1, timezone.now() - 5 * S)])
    batch_id = batch_of(org_a, attempt_id)
    message = (
        "This test was ended when consent to process the learner's data was withdrawn, so its backup "
        "answers are not applied."
    )
    assert refusal(upload(as_educator_a, batch_id, data)) == (409, "backup_consent_withdrawn", message)
    assert refusal(upload(as_educator_a, batch_id, data, apply=True, lang="vi")) == (
        409,
        "backup_consent_withdrawn",
        "Bài thi này đã kết thúc khi sự đồng ý xử lý dữ liệu của người học bị rút lại, nên bài làm dự "
        "phòng của bài thi không được áp dụng.",
    )
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=attempt_id)
        assert attempt.submit_reason == "consent_withdrawn"
        assert not AttemptAnswer.objects.filter(attempt=attempt).exclude(answer=None).exists()
