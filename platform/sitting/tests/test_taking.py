"""Taking a test (issue 7): window and single attempt, take-over, ordered idempotent answers,
deadline with grace, auto-submit, tab-switch voiding, scoring and release, the video check."""

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import av
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import Question
from assessments.tests.test_presets_api import NOW, post, preset_body
from assignments.models import Attempt
from conftest import client_for
from sitting import attempts

pytestmark = pytest.mark.django_db
J = "application/json"


def open_test(client, bank, round_id, org, *, learners=1, starts=NOW - timedelta(hours=1), **extra):
    """An approved preset (auto release, no-camera allowed) with a batch open now, assigned
    directly to new learners of ``org``; returns [(learner profile, enrollment id)]."""
    body = preset_body(bank, round_id, auto_release_result=True, allow_no_camera=True, **extra)
    preset = post(client, "/api/v1/test-presets", body).json()["data"]
    post(client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 11})
    batch = post(
        client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {"starts_at": starts.isoformat(), "expires_at": (NOW + timedelta(hours=3)).isoformat(), "slots": 10},
    ).json()["data"]
    assert post(client, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200
    people = [ProfileFactory(organization=org) for _ in range(learners)]
    res = post(
        client,
        "/api/v1/assignments",
        {"preset_id": preset["id"], "batch_id": batch["id"], "learner_profile_ids": [p.pk for p in people]},
    )
    assert res.status_code == 201, res.json()
    return [(p, Enrollment.objects.get(profile=p).pk) for p in people]


def start(client, eid, **body):
    return client.post(f"/api/v1/take-test/{eid}/start", body, content_type=J)


def save(client, eid, qid, answer, seq, token, flagged=False):
    return client.put(
        f"/api/v1/take-test/{eid}/answers/{qid}",
        {"answer": answer, "seq": seq, "flagged": flagged},
        content_type=J,
        headers={"X-Device-Token": token},
    )


def test_start_takeover_and_ordered_answers(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    prep = client.get(f"/api/v1/take-test/{eid}").json()["data"]
    assert prep["can_start_now"] and prep["camera_proctoring"] and prep["question_count"] == 6
    assert start(client, eid).json()["code"] == "camera_required"
    first = start(client, eid, no_camera=True).json()["data"]
    second = start(client, eid, no_camera=True).json()["data"]  # another tab: same attempt, new token
    assert first["attempt_id"] == second["attempt_id"] and first["device_token"] != second["device_token"]
    attempt = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    qid = attempt["questions"][0]["id"]
    assert "answer_key" not in attempt["questions"][0] and len(attempt["questions"]) == 6
    assert attempt["parts"] == []  # a test without parts (issue 39)
    res = save(client, eid, qid, {"value": True}, 1, first["device_token"])
    assert res.status_code == 409 and res.json()["code"] == "attempt_taken_over"
    token = second["device_token"]
    assert save(client, eid, qid, {"value": True}, 2, token).json()["data"]["applied"] is True
    assert (
        save(client, eid, qid, {"value": False}, 1, token).json()["data"]["applied"] is False
    )  # a late retry
    assert save(client, eid, qid, {"value": True}, 2, token).json()["data"]["applied"] is False  # idempotent
    assert save(client, eid, qid, {"option": "a"}, 3, token).json()["code"] == "invalid_answer"
    assert save(client, eid, 999_999, {"value": True}, 4, token).status_code == 404
    save(client, eid, attempt["questions"][1]["id"], {"value": False}, 1, token, flagged=True)
    resumed = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    assert {a["question_id"]: (a["answer"], a["seq"], a["flagged"]) for a in resumed["answers"]} == {
        qid: ({"value": True}, 2, False),
        attempt["questions"][1]["id"]: ({"value": False}, 1, True),
    }
    assert client_for(ProfileFactory()).get(f"/api/v1/take-test/{eid}/attempt").status_code == 404


def test_submit_scores_releases_and_one_attempt(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    for q in questions[:5]:
        save(client, eid, q["id"], {"value": True}, 1, token)  # every bank question's key is True
    assert client.get(f"/api/v1/take-test/{eid}/result").json()["data"]["released"] is False
    res = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.status_code == 200 and res.json()["data"]["released"] is True
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    missed = questions[5]["points"]
    assert result["max_score"] == 8 and result["score"] == 8 - missed
    assert result["result"] == ("passed" if 8 - missed >= 5 else "failed")
    assert len(result["answers"]) == 6 and result["answers"][0]["key"] == {"value": True}
    again = start(client, eid, no_camera=True)
    assert again.status_code == 409 and again.json()["code"] == "already_submitted"
    assert (
        save(client, eid, questions[5]["id"], {"value": True}, 9, token).json()["code"]
        == "attempt_not_in_progress"
    )


def test_deadline_grace_and_auto_submit(as_educator_a, bank, round_id, org_a, settings):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    data = start(client, eid, no_camera=True).json()["data"]
    token, attempt_id = data["device_token"], data["attempt_id"]
    qid = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][0]["id"]
    with schema_context(org_a.schema_name):
        Attempt.objects.filter(pk=attempt_id).update(deadline_at=timezone.now() - timedelta(seconds=5))
    assert save(client, eid, qid, {"value": True}, 1, token).json()["data"]["applied"]  # within the grace
    with schema_context(org_a.schema_name):
        assert not attempts.attempt_auto_submit_now(attempt_id=attempt_id)  # grace not over yet
        Attempt.objects.filter(pk=attempt_id).update(
            deadline_at=timezone.now() - timedelta(seconds=settings.ANSWER_GRACE_SECONDS + 1)
        )
    assert save(client, eid, qid, {"value": False}, 2, token).json()["code"] == "deadline_passed"
    with schema_context(org_a.schema_name):
        # the sweep waits for the offline grace (600 s by default; issue 38 item 3, decision 0046)
        assert attempts.overdue_attempt_ids() == []
        assert not attempts.attempt_auto_submit_now(attempt_id=attempt_id)
        Attempt.objects.filter(pk=attempt_id).update(deadline_at=timezone.now() - timedelta(seconds=601))
        assert attempts.overdue_attempt_ids() == [attempt_id]
        assert attempts.attempt_auto_submit_now(attempt_id=attempt_id)
        attempt = Attempt.objects.get(pk=attempt_id)
        assert attempt.submit_reason == "deadline" and attempt.answers.get(question_id=qid).answer == {
            "value": True
        }


def test_window_and_sixth_switch_voids(as_educator_a, bank, round_id, org_a):
    ((early, eid_early),) = open_test(as_educator_a, bank, round_id, org_a, starts=NOW + timedelta(hours=1))
    res = start(client_for(early), eid_early, no_camera=True)
    assert res.status_code == 409 and res.json()["code"] == "outside_window"
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    for n in range(1, 6):
        res = client.post(
            f"/api/v1/take-test/{eid}/events",
            {"kind": "tab_hidden"},
            content_type=J,
            headers={"X-Device-Token": token},
        )
        assert res.json()["data"] == {"tab_switches": n, "tab_switches_allowed": 5, "voided": False}
    client.post(
        f"/api/v1/take-test/{eid}/events", {"kind": "copy"}, content_type=J, headers={"X-Device-Token": token}
    )
    res = client.post(
        f"/api/v1/take-test/{eid}/events", {"kind": "blur"}, content_type=J, headers={"X-Device-Token": token}
    )
    assert res.json()["data"]["voided"] is True
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert result["status"] == "submitted" and result["voided"] and result["result"] == "failed"
    with schema_context(org_a.schema_name):
        kinds = list(
            Attempt.objects.get(assignment__learner_profile_id=learner.pk).events.values_list(
                "kind", flat=True
            )
        )
    assert kinds == ["tab_hidden"] * 5 + ["copy", "blur", "voided"]


def test_score_every_question_type():
    def q(kind, key):
        return Question(type=kind, answer_key=key, content={})

    two = Decimal(2)
    assert attempts.score_answer(q("single_choice", {"option": "b"}), {"option": "b"}, two) == (two, False)
    assert attempts.score_answer(q("single_choice", {"option": "b"}), {"option": "a"}, two) == (0, False)
    assert attempts.score_answer(
        q("multiple_choice", {"options": ["a", "c"]}), {"options": ["c", "a"]}, two
    ) == (two, False)
    assert attempts.score_answer(q("multiple_choice", {"options": ["a", "c"]}), {"options": ["a"]}, two) == (
        0,
        False,
    )
    assert attempts.score_answer(q("true_false", {"value": False}), {"value": False}, two) == (two, False)
    short = q("short_text", {"accepted": ["Hà Nội"], "case_sensitive": False, "diacritic_sensitive": False})
    assert attempts.score_answer(short, {"text": "ha noi"}, two) == (two, False)
    assert attempts.score_answer(short, {"text": "Huế"}, two) == (None, True)
    assert attempts.score_answer(q("essay", {"max_score": 2}), {"text": "Bài viết"}, two) == (None, True)
    assert attempts.score_answer(q("essay", {}), None, two) == (0, False)


def webm(seconds: int) -> bytes:
    buf = io.BytesIO()
    out = av.open(buf, mode="w", format="webm")
    stream = out.add_stream("libvpx", rate=2)
    stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
    for i in range(seconds * 2):
        frame = av.VideoFrame(64, 48, "yuv420p")
        for plane in frame.planes:
            plane.update(bytes([i * 7 % 256]) * plane.buffer_size)
        frame.pts, frame.time_base = i, Fraction(1, 2)
        for packet in stream.encode(frame):
            out.mux(packet)
    for packet in stream.encode():
        out.mux(packet)
    out.close()
    return buf.getvalue()


def test_video_checked_by_content_length_and_size(
    as_educator_a, educator_b, bank, round_id, org_a, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    url = f"/api/v1/take-test/{eid}/video"

    def upload(data, name="v.webm", kind="video/webm"):
        return client.post(url, {"file": SimpleUploadedFile(name, data, content_type=kind)})

    assert client.post(f"/api/v1/take-test/{eid}/camera-consent").status_code == 200  # issue 24, item 2
    res = upload(b"not a video at all" * 100)
    assert res.status_code == 400 and res.json()["code"] == "unsupported_video"
    res = upload(webm(10))
    assert res.status_code == 400 and "10.0" in res.json()["message"]
    res = upload(webm(40))  # more than 30 s + the tolerance
    assert res.status_code == 400 and "40.0" in res.json()["message"]
    settings.PREP_VIDEO_MAX_BYTES = 100
    assert upload(webm(30)).json()["code"] == "unsupported_video"
    settings.PREP_VIDEO_MAX_BYTES = 40 * 1024 * 1024
    res = upload(webm(30))
    assert res.status_code == 200, res.json()
    assert client.get(f"/api/v1/take-test/{eid}").json()["data"]["video_uploaded"] is True
    res = start(client, eid)
    assert res.status_code == 200 and res.json()["data"]["attempt_id"]

    # Stored under the organization's prefix, never at a public URL; streamed to its educators.
    attempt_id = res.json()["data"]["attempt_id"]
    with schema_context(org_a.schema_name):
        path = Attempt.objects.get(pk=attempt_id).video
    assert path.startswith(f"{org_a.schema_name}/prep-videos/")
    assert Client().get(f"/media/{path}").status_code == 404
    assert client.get(f"/media/{path}").status_code == 404
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt_id}").json()["data"]
    assert detail["video_url"] == f"/api/v1/attempts/{attempt_id}/video"
    video = as_educator_a.get(detail["video_url"])
    assert video.status_code == 200 and video["Content-Type"] == "video/webm"
    assert b"".join(video.streaming_content)[:4] == b"\x1a\x45\xdf\xa3"  # EBML: a WebM file
    assert client.get(detail["video_url"]).status_code == 403  # a learner
    assert client_for(educator_b).get(detail["video_url"]).status_code == 404  # another organization


def test_a_test_assigned_with_requires_purchase_is_paid_once_then_started(
    as_educator_a, bank, round_id, org_a
):
    from assignments.models import Assignment
    from marketplace.models import Transaction

    ((free_learner, free_eid),) = open_test(as_educator_a, bank, round_id, org_a)
    with schema_context(org_a.schema_name):
        first = Assignment.objects.get(learner_profile_id=free_learner.pk)
    learner = ProfileFactory(organization=org_a)
    res = as_educator_a.post(
        "/api/v1/assignments",
        {
            "preset_id": first.preset_id,
            "batch_id": first.batch_id,
            "learner_profile_ids": [learner.pk],
            "requires_purchase": True,
            "purchase_cost": 50_000,
        },
        content_type=J,
    )
    assert res.status_code == 201, res.json()
    eid = Enrollment.objects.get(profile=learner).pk
    client = client_for(learner)
    assert client.get(f"/api/v1/take-test/{eid}").json()["data"]["requires_payment"] is True
    assert start(client, eid, no_camera=True).json()["code"] == "payment_required"

    url = f"/api/v1/take-test/{eid}/pay"
    res = client.post(url, {"method": "decline"}, content_type=J)
    assert res.status_code == 402 and res.json()["code"] == "payment_declined"
    assert Transaction.objects.get(profile=learner).status == "FAILED"
    paid = client.post(url, {"idempotency_key": "k1"}, content_type=J).json()["data"]
    again = client.post(url, {"idempotency_key": "k2"}, content_type=J).json()["data"]  # a double click
    assert paid["status"] == "COMPLETED" and paid["amount"] == 50_000 and paid == again
    assert Transaction.objects.filter(profile=learner, status="COMPLETED").count() == 1
    assert client.get(f"/api/v1/transaction/{paid['transaction_id']}").json()["data"]["status"] == "COMPLETED"
    assert client.get(f"/api/v1/take-test/{eid}").json()["data"]["requires_payment"] is False
    assert start(client, eid, no_camera=True).status_code == 200
    # Nothing to pay for a test assigned without a purchase; nobody pays for another's test.
    res = client_for(free_learner).post(f"/api/v1/take-test/{free_eid}/pay", {}, content_type=J)
    assert res.status_code == 409 and res.json()["code"] == "nothing_to_pay"
    assert client_for(free_learner).post(url, {}, content_type=J).status_code == 404
