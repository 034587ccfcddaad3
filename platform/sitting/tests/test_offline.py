"""A sitting that survives a dead network (issue 38, item 3; decision 0046): answers typed offline
before the deadline count when they arrive within the test's offline grace, never over a newer
answer; the deadline sweep waits for that grace; a backup answers file sealed for the server is
checked and applied by an invigilator on the batch page."""

from __future__ import annotations

import base64
import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.tests.test_presets_api import post, preset_body
from assignments.models import Assignment, Attempt, AttemptAnswer, BackupUpload, IntegrityEvent
from conftest import client_for
from sitting import attempts, backup, rules
from sitting.tests.test_taking import J, open_test, save, start

pytestmark = pytest.mark.django_db

D = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
S = timedelta(seconds=1)
U = timedelta(microseconds=1)


# --- the rule at its edges (rules.refusal with rules.late_accepted) --------------------------------


@pytest.mark.parametrize(
    ("now", "typed", "late", "expected"),
    [
        (D - S, None, 600, None),  # before the deadline: any answer
        (D + 20 * S, None, 600, None),  # the network's grace, to the microsecond: no time needed
        (D + 20 * S + U, None, 600, "deadline_passed"),  # past it: an answer without a time is late
        (D + 20 * S + U, D, 600, None),  # typed exactly at the deadline counts
        (D + 20 * S + U, D + U, 600, "deadline_passed"),  # typed a microsecond after it does not
        (D + 600 * S, D - S, 600, None),  # arriving exactly when the offline grace ends
        (D + 600 * S + U, D - S, 600, "deadline_passed"),  # a microsecond later
        (D + 20 * S + U, D - S, 0, "deadline_passed"),  # a test without offline grace
        (D + 20 * S, D + 5 * S, 0, None),  # ... still has the network's grace
        (D + 15 * S, None, 10, None),  # an offline grace shorter than the network's changes nothing
        (D + 3600 * S, D - S, 3600, None),  # the longest offline grace
    ],
)
def test_the_late_save_rule_at_the_deadline_and_the_grace(settings, now, typed, late, expected):
    settings.ANSWER_GRACE_SECONDS = 20
    assert (
        rules.refusal(
            attempt_status=Attempt.Status.IN_PROGRESS,
            token_matches=True,
            deadline_at=D,
            now=now,
            late_grace=timedelta(seconds=late),
            typed_at=typed,
        )
        == expected
    )


def test_the_device_clock_is_corrected_by_the_measured_offset_and_never_in_the_future():
    # a device whose clock runs an hour behind typed at 07:59:30 on its clock: 08:59:30 on ours
    assert rules.on_server_clock(D - timedelta(hours=1) - 30 * S, 3_600_000, D + 300 * S) == D - 30 * S
    assert rules.on_server_clock(D + timedelta(hours=1), -3_600_000, D + 300 * S) == D  # one ahead
    assert rules.on_server_clock(D + timedelta(hours=2), 0, D) == D  # capped at now
    assert rules.on_server_clock(D - S, None, D) == D - S  # no offset: the device's clock as is
    assert rules.on_server_clock(None, 1000, D) is None
    assert rules.closes_at(D, timedelta(seconds=600)) == D + 600 * S
    assert rules.closes_at(D, timedelta(0)) == D + rules.grace()


# --- through the API ------------------------------------------------------------------------------


def started(as_educator_a, bank, round_id, org_a, **preset):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a, **preset)
    client = client_for(learner)
    data = start(client, eid, no_camera=True).json()["data"]
    view = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    return learner, eid, client, data["device_token"], data["attempt_id"], view


def late_save(client, eid, qid, answer, seq, token, *, typed_at, offset_ms=0, lang="en"):
    return client.put(
        f"/api/v1/take-test/{eid}/answers/{qid}",
        {
            "answer": answer,
            "seq": seq,
            "flagged": False,
            "typed_at": typed_at.isoformat(),
            "clock_offset_ms": offset_ms,
        },
        content_type=J,
        headers={"X-Device-Token": token, "Accept-Language": lang},
    )


def deadline_to(org, attempt_id, deadline):
    with schema_context(org.schema_name):
        Attempt.objects.filter(pk=attempt_id).update(deadline_at=deadline)


def test_answers_typed_offline_before_the_deadline_count_when_they_arrive_late(
    as_educator_a, bank, round_id, org_a
):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    assert view["offline_grace_seconds"] == 600 and view["grace_seconds"] == 20
    q1, q2, q3 = (q["id"] for q in view["questions"][:3])
    assert save(client, eid, q1, {"value": True}, 2, token).json()["data"]["applied"]  # online, seq 2
    deadline = timezone.now() - 120 * S  # the network came back two minutes after the deadline
    deadline_to(org_a, attempt_id, deadline)
    # typed 30 s before the deadline on a clock an hour behind (the page measured +3,600,000 ms)
    behind = deadline - 30 * S - timedelta(hours=1)
    res = late_save(client, eid, q2, {"value": False}, 1, token, typed_at=behind, offset_ms=3_600_000)
    assert res.status_code == 200 and res.json()["data"]["applied"] is True
    # the same clock, without the offset, would have typed it an hour before: still counts; the
    # offset matters the other way: typed 10 s after the deadline by the server's clock
    res = late_save(
        client,
        eid,
        q3,
        {"value": True},
        1,
        token,
        typed_at=deadline + 10 * S - timedelta(hours=1),
        offset_ms=3_600_000,
    )
    assert res.status_code == 409 and res.json() == {
        "success": False,
        "code": "deadline_passed",
        "message": "Time is up: answers are no longer accepted.",
        "errors": {},
    }
    # an older answer typed offline never overwrites the newer one the server holds
    res = late_save(client, eid, q1, {"value": False}, 1, token, typed_at=deadline - 60 * S)
    assert res.status_code == 200 and res.json()["data"]["applied"] is False
    # a tab switch that happened offline before the deadline still counts
    res = client.post(
        f"/api/v1/take-test/{eid}/events",
        {"kind": "tab_hidden", "occurred_at": (deadline - 20 * S).isoformat(), "clock_offset_ms": 0},
        content_type=J,
        headers={"X-Device-Token": token},
    )
    assert res.status_code == 200 and res.json()["data"]["tab_switches"] == 1
    with schema_context(org_a.schema_name):
        assert attempts.overdue_attempt_ids() == []  # the sweep waits for the offline grace
        event = IntegrityEvent.objects.get(attempt_id=attempt_id, kind="tab_hidden")
        assert event.occurred_at == deadline - 20 * S
    # the page hands in once its answers are through: recorded as time up
    res = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.status_code == 200 and res.json()["data"]["status"] == "submitted"
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=attempt_id)
        assert attempt.submit_reason == "deadline"
        assert dict(
            AttemptAnswer.objects.filter(attempt=attempt)
            .exclude(answer=None)
            .values_list("question_id", "answer")
        ) == {
            q1: {"value": True},
            q2: {"value": False},
        }
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    shown = {a["question"]["id"]: a["answer"] for a in result["answers"]}
    assert shown[q1] == {"value": True} and shown[q2] == {"value": False} and shown[q3] is None


def test_after_the_offline_grace_nothing_is_accepted_and_the_sweep_submits(
    as_educator_a, bank, round_id, org_a
):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    qid = view["questions"][0]["id"]
    deadline = timezone.now() - 601 * S
    deadline_to(org_a, attempt_id, deadline)
    res = late_save(client, eid, qid, {"value": True}, 1, token, typed_at=deadline - 60 * S, lang="vi")
    assert res.status_code == 409 and res.json()["message"] == "Đã hết giờ: không nhận thêm câu trả lời."
    res = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.json()["code"] == "deadline_passed"
    with schema_context(org_a.schema_name):
        assert attempts.overdue_attempt_ids() == [attempt_id]
        assert attempts.attempts_overdue_submit() == 1
        assert Attempt.objects.get(pk=attempt_id).submit_reason == "deadline"


def test_the_preset_sets_the_offline_grace_and_the_attempt_keeps_it(as_educator_a, bank, round_id, org_a):
    body = preset_body(bank, round_id, offline_grace_seconds=3601)
    res = post(as_educator_a, "/api/v1/test-presets", body)
    assert res.status_code == 400 and res.json()["errors"] == {
        "offline_grace_seconds": ["Nhập số giây từ 0 đến 3600."]
    }
    res = as_educator_a.post(
        "/api/v1/test-presets",
        body | {"offline_grace_seconds": -1},
        content_type=J,
        headers={"Accept-Language": "en"},
    )
    assert res.json()["errors"] == {"offline_grace_seconds": ["Enter a number of seconds from 0 to 3600."]}
    default = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    assert default["offline_grace_seconds"] == 600
    learner, eid, client, token, attempt_id, view = started(
        as_educator_a, bank, round_id, org_a, offline_grace_seconds=0
    )
    assert view["offline_grace_seconds"] == 0
    deadline = timezone.now() - 21 * S
    deadline_to(org_a, attempt_id, deadline)
    res = late_save(client, eid, view["questions"][0]["id"], {"value": True}, 1, token, typed_at=deadline - S)
    assert res.json()["code"] == "deadline_passed"  # no offline grace: the network's 20 s only
    with schema_context(org_a.schema_name):
        assert attempts.overdue_attempt_ids() == [attempt_id]


# --- the backup answers file ----------------------------------------------------------------------


def _key(view) -> bytes:
    text = view["backup"]["key"]
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sealed(view, answers, **kw) -> bytes:
    """A file as the test page saves it, from what the page got with the attempt."""
    return backup.seal(bound=view["backup"]["binding"], key=_key(view), answers=answers, **kw)


def typed(q, answer, seq, at):
    return {"question_id": q, "answer": answer, "flagged": False, "seq": seq, "typed_at": at.isoformat()}


def upload(client, batch_id, data: bytes, *, apply=False, lang="en", name="bai-lam-du-phong.json"):
    path = f"/api/v1/batches/{batch_id}/backup-answers" + ("" if apply else "/preview")
    return client.post(
        path,
        {"file": SimpleUploadedFile(name, data, content_type="application/json")},
        headers={"Accept-Language": lang},
    )


def batch_of(org, attempt_id) -> int:
    with schema_context(org.schema_name):
        return Assignment.objects.get(attempts__pk=attempt_id).batch_id


def refusal(res) -> tuple[int, str, str]:
    body = res.json()
    return res.status_code, body["code"], body["message"]


def test_the_backup_offer_is_the_learners_own_while_the_attempt_runs(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    assert (
        view["backup"]["binding"] == f"pandai.backup-answers/1|{org_a.schema_name}|{attempt_id}|{learner.pk}"
    )
    assert len(_key(view)) == 32 and _key(view) == backup.attempt_key(view["backup"]["binding"])
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    with schema_context(org_a.schema_name):
        assert (
            backup.backup_offer(
                Attempt.objects.select_related("assignment").get(pk=attempt_id), org_a.schema_name
            )
            is None
        )


def test_a_backup_file_is_previewed_then_applied_once_and_ends_the_attempt(
    as_educator_a, educator_a, bank, round_id, org_a
):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    q1, q2, q3, q4 = (q["id"] for q in view["questions"][:4])
    save(client, eid, q1, {"value": True}, 3, token)  # the server holds seq 3 of question 1
    deadline = timezone.now() - 30 * 60 * S  # long past: the network never came back
    deadline_to(org_a, attempt_id, deadline)
    data = sealed(
        view,
        [
            typed(q1, {"value": False}, 2, deadline - 300 * S),  # older than the server's
            typed(q2, {"value": True}, 1, deadline - 200 * S),  # new
            typed(q3, {"value": False}, 1, deadline - 100 * S),  # new
            typed(q4, {"value": True}, 1, deadline + 10 * S),  # after the deadline
            typed(999_999, {"value": True}, 1, deadline - 10 * S),  # not in the test
        ],
        clock_offset_ms=0,
        created_at=(deadline + 60 * S).isoformat(),
    )
    batch_id = batch_of(org_a, attempt_id)
    res = upload(as_educator_a, batch_id, data)
    assert res.status_code == 200, res.json()
    out = res.json()["data"]
    assert out["applied"] is False and out["changed"] == 2 and out["status"] == "in_progress"
    assert [(r["number"], r["old"], r["new"], r["outcome"]) for r in out["rows"]] == [
        (1, "True", "False", "older"),
        (2, "", "True", "changed"),
        (3, "", "False", "changed"),
        (4, "", "True", "after_deadline"),
        (0, "", "True", "not_in_test"),
    ]
    assert out["rows"][1]["stem"]["vi"].startswith("Câu T") and out["rows"][1]["stem"]["en"] == ""
    vi = upload(as_educator_a, batch_id, data, lang="vi").json()["data"]
    assert [r["new"] for r in vi["rows"]] == ["Sai", "Đúng", "Sai", "Đúng", "Đúng"]
    with schema_context(org_a.schema_name):  # a preview writes nothing
        assert not BackupUpload.objects.exists()
        assert AttemptAnswer.objects.filter(attempt_id=attempt_id).count() == 1

    res = upload(as_educator_a, batch_id, data, apply=True)
    assert res.status_code == 200 and res.json()["message"] == "Backup applied: 2 answers changed."
    out = res.json()["data"]
    assert out["applied"] is True and out["status"] == "submitted"
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=attempt_id)
        assert attempt.submit_reason == "backup" and attempt.result in ("passed", "failed")
        answers = {a.question_id: (a.answer, a.seq) for a in attempt.answers.exclude(answer=None)}
        assert answers == {q1: ({"value": True}, 3), q2: ({"value": True}, 1), q3: ({"value": False}, 1)}
        audit = BackupUpload.objects.get(attempt=attempt)
        assert audit.uploaded_by_profile_id == educator_a.pk
        assert audit.uploaded_by_name == educator_a.user.name_or_email
        assert audit.changes == [
            {"question_id": q2, "old": None, "new": {"value": True}},
            {"question_id": q3, "old": None, "new": {"value": False}},
        ]
        assert IntegrityEvent.objects.filter(attempt=attempt, kind="backup").count() == 1
    assert out["score"] == float(attempt.score)
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]  # released automatically
    assert {a["question"]["id"]: a["answer"] for a in result["answers"]}[q2] == {"value": True}

    # the same file again: refused, naming when and by whom; nothing changes
    status, code, message = refusal(upload(as_educator_a, batch_id, data, apply=True))
    assert (status, code) == (409, "backup_replayed")
    assert message.startswith("This file was already uploaded at ") and message.endswith(
        f"by {educator_a.user.name_or_email}. A file is applied once."
    )
    assert refusal(upload(as_educator_a, batch_id, data))[1] == "backup_replayed"  # the preview too


def test_a_backup_file_rescores_an_attempt_the_sweep_submitted(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    qid = view["questions"][0]["id"]
    deadline = timezone.now() - 700 * S
    deadline_to(org_a, attempt_id, deadline)
    with schema_context(org_a.schema_name):
        assert attempts.attempts_overdue_submit() == 1
        before = Attempt.objects.get(pk=attempt_id).score
    data = sealed(view, [typed(qid, {"value": True}, 1, deadline - 5 * S)])  # every key is True
    out = upload(as_educator_a, batch_of(org_a, attempt_id), data, apply=True).json()["data"]
    points = view["questions"][0]["points"]
    assert out["changed"] == 1 and out["score"] == float(before) + points
    with schema_context(org_a.schema_name):
        assert Attempt.objects.get(pk=attempt_id).submit_reason == "deadline"  # already ended: kept


def test_an_edited_file_a_file_of_another_attempt_and_a_wrong_file_are_refused(
    as_educator_a, bank, round_id, org_a, settings
):
    (mine, theirs) = open_test(as_educator_a, bank, round_id, org_a, learners=2)
    views = []
    for learner, eid in (mine, theirs):
        client = client_for(learner)
        start(client, eid, no_camera=True)
        views.append(client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"])
    view, other = views
    qid = view["questions"][0]["id"]
    batch_id = batch_of(org_a, view["attempt_id"])
    good = sealed(view, [typed(qid, {"value": True}, 1, timezone.now() - S)])
    assert upload(as_educator_a, batch_id, good).status_code == 200

    edited = json.loads(good)
    sealed_part = bytearray(base64.urlsafe_b64decode(edited["sealed"] + "=" * (-len(edited["sealed"]) % 4)))
    sealed_part[5] ^= 1  # one bit of one byte
    edited["sealed"] = base64.urlsafe_b64encode(bytes(sealed_part)).decode().rstrip("=")
    assert refusal(upload(as_educator_a, batch_id, json.dumps(edited).encode())) == (
        400,
        "backup_edited",
        "The file was changed after the test page saved it, so its answers cannot be trusted.",
    )
    assert refusal(upload(as_educator_a, batch_id, json.dumps(edited).encode(), lang="vi")) == (
        400,
        "backup_edited",
        "Tệp đã bị sửa sau khi trang làm bài lưu nó, nên không thể tin các câu trả lời trong đó.",
    )
    renamed = json.loads(good) | {"file_id": str(uuid.uuid4())}  # a new id to pass as a new file
    assert refusal(upload(as_educator_a, batch_id, json.dumps(renamed).encode()))[1] == "backup_edited"

    # the other learner's attempt named in this file: its binding is not this file's
    moved = json.loads(good) | {"attempt_id": other["attempt_id"]}
    other_attempt = (
        409,
        "backup_other_attempt",
        "This file belongs to another attempt (another learner, batch or sitting), not to a current "
        "attempt of this batch. Upload it on the page of its own batch.",
    )
    assert refusal(upload(as_educator_a, batch_id, json.dumps(moved).encode())) == other_attempt
    # ... and with the other's binding too, the seal (made for this attempt) does not open
    forged = moved | {"binding": other["backup"]["binding"]}
    assert refusal(upload(as_educator_a, batch_id, json.dumps(forged).encode()))[1] == "backup_edited"
    # a file of this batch uploaded on another batch of the organization
    ((stranger, stranger_eid),) = open_test(as_educator_a, bank, round_id, org_a)
    other_batch = batch_of_enrollment(org_a, stranger_eid)
    assert refusal(upload(as_educator_a, other_batch, good)) == other_attempt

    invalid = (
        400,
        "backup_invalid",
        "This is not a backup answers file of this site. Choose the file the test page saved.",
    )
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    assert refusal(upload(as_educator_a, batch_id, png, name="bai-lam.json")) == invalid
    assert refusal(upload(as_educator_a, batch_id, b'{"format": "something else"}')) == invalid
    assert (
        refusal(upload(as_educator_a, batch_id, json.dumps(json.loads(good) | {"version": 2}).encode()))
        == invalid
    )
    settings.BACKUP_ANSWERS_MAX_BYTES = 2048
    assert refusal(upload(as_educator_a, batch_id, good + b" " * 2048)) == (
        413,
        "backup_too_large",
        "The file is larger than 2 KB: it is not a backup answers file.",
    )
    with schema_context(org_a.schema_name):
        assert not BackupUpload.objects.exists() and not AttemptAnswer.objects.exists()


def batch_of_enrollment(org, eid) -> int:
    from accounts.models import Enrollment

    with schema_context(org.schema_name):
        return Assignment.objects.get(pk=Enrollment.objects.get(pk=eid).object_id).batch_id


def test_another_organizations_educator_gets_404_and_a_learner_403(
    as_educator_a, educator_b, bank, round_id, org_a
):
    learner, eid, client, token, attempt_id, view = started(as_educator_a, bank, round_id, org_a)
    data = sealed(view, [typed(view["questions"][0]["id"], {"value": True}, 1, timezone.now() - S)])
    batch_id = batch_of(org_a, attempt_id)
    for apply in (False, True):
        res = upload(client_for(educator_b), batch_id, data, apply=apply)
        assert (res.status_code, res.json()["code"]) == (404, "not_found")
    assert upload(client, batch_id, data).json()["code"] == "forbidden_role"
    stranger_learner = client_for(ProfileFactory(organization=org_a))
    assert upload(stranger_learner, batch_id, data, apply=True).status_code == 403
    with schema_context(org_a.schema_name):
        assert not BackupUpload.objects.exists() and not AttemptAnswer.objects.exists()
