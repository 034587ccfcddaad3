"""Key correction after the exam (issue 39, item 2; decision 0058): the preview's exact figures,
the confirmation, the background re-scoring, the learners told (only those whose released score
changed, once each), the history, the rules of every auto-scored type, permissions, validation, and
a re-run or a killed consumer that doubles nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Profile
from assessments.models import Question
from assessments.services.common import Actor
from assignments.models import Attempt, AttemptAnswer, KeyCorrection, KeyCorrectionAttempt
from conftest import client_for
from grading import corrections
from item_analysis.tests.item_data import build_scope, choice_question, essay_question
from jobs.services import stale_seconds
from notifications.models import Notification
from sitting.tests.test_taking import J, open_test, save, start

pytestmark = pytest.mark.django_db

TEST_NAME = "Đánh giá năng lực Toán 9"


def _post(client, url, body, **headers):
    return client.post(url, body, content_type=J, **headers)


def _corrected(client, qid, key):
    return f"/api/v1/questions/{qid}/key-corrections", {"answer_key": key}


# --- the whole path through the API ---------------------------------------------------------------


@pytest.fixture
def sitting(as_educator_a, bank, round_id, org_a):
    """Five learners of one batch took the bank's six true/false questions (key True; the two of
    level TH weigh 1.5 here, so the maximum is 7 and the pass mark 5). The corrected question ``q``
    is the first of weight 1.5. A answered all True (7), B all True but ``q`` False (5.5), C the four
    of weight 1 and ``q`` True (5.5), E only the four of weight 1 (4); D as B, submitted last, after
    the automatic release was turned off (5.5, not released)."""
    with schema_context(org_a.schema_name):
        Question.objects.filter(score_weight=2).update(score_weight=Decimal("1.5"))
    people = open_test(as_educator_a, bank, round_id, org_a, learners=5)
    clients = [client_for(p) for p, _eid in people]
    tokens = [start(c, eid, no_camera=True).json()["data"]["device_token"] for c, (_p, eid) in zip(clients, people)]
    questions = clients[0].get(f"/api/v1/take-test/{people[0][1]}/attempt").json()["data"]["questions"]
    heavy = [q["id"] for q in questions if q["points"] == 1.5]
    light = [q["id"] for q in questions if q["points"] == 1]
    q = heavy[0]
    plans = {
        "A": {qid: True for qid in heavy + light},
        "B": {**{qid: True for qid in heavy + light}, q: False},
        "C": {**{qid: True for qid in light}, q: True},
        "D": {**{qid: True for qid in heavy + light}, q: False},
        "E": {qid: True for qid in light},
    }
    names = {}
    rows = dict(zip("ABCDE", zip(clients, tokens, people)))
    for label in "ABCED":  # D last: the automatic release is off for it alone
        client, token, (profile, eid) = rows[label]
        if label == "D":
            with schema_context(org_a.schema_name):
                from assessments.models import TestPreset

                TestPreset.objects.update(auto_release_result=False)
        for seq, (qid, value) in enumerate(plans[label].items(), start=1):
            assert save(client, eid, qid, {"value": value}, seq, token).status_code == 200
        assert client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token}).status_code == 200
        names[label] = profile.user.name_or_email
    return {"q": q, "people": dict(zip("ABCDE", people)), "names": names, "clients": dict(zip("ABCDE", clients))}


def _answers(org) -> dict[tuple[int, int], tuple]:
    with schema_context(org.schema_name):
        return {
            (a.attempt_id, a.question_id): (a.score, a.needs_grading, a.graded_at)
            for a in AttemptAnswer.objects.all()
        }


def _attempts(org) -> dict[str, tuple]:
    with schema_context(org.schema_name):
        return {
            t.assignment.learner_name: (t.score, t.result, t.released_at is not None)
            for t in Attempt.objects.select_related("assignment")
        }


def _corrected_notes(profile: Profile) -> list[Notification]:
    return list(Notification.objects.filter(recipient=profile, notifiable_type="ResultCorrected"))


def test_preview_confirm_rescore_and_tell_the_learners_whose_released_score_changed(
    as_educator_a, sitting, org_a, django_capture_on_commit_callbacks
):
    q, n = sitting["q"], sitting["names"]
    base = f"/api/v1/questions/{q}/key-corrections"
    panel = as_educator_a.get(base).json()["data"]
    assert (panel["can_correct"], panel["blocked"], panel["type"], panel["answer_key"]) == (
        True,
        None,
        "true_false",
        {"value": True},
    )
    assert (panel["attempts_submitted"], panel["attempts_in_progress"], panel["corrections"]) == (5, 0, [])

    answers_before, attempts_before = _answers(org_a), _attempts(org_a)
    assert attempts_before == {
        n["A"]: (Decimal("7.00"), "passed", True),
        n["B"]: (Decimal("5.50"), "passed", True),
        n["C"]: (Decimal("5.50"), "passed", True),
        n["D"]: (Decimal("5.50"), "passed", False),
        n["E"]: (Decimal("4.00"), "failed", True),
    }
    preview = _post(as_educator_a, f"{base}/preview", {"answer_key": {"value": False}}).json()["data"]
    assert (preview["answer_key"], preview["attempts"], preview["changed"], preview["released_changed"]) == (
        {"value": False},
        5,
        4,
        3,
    )

    def row(label, old_answer, new_answer, old, new, released, changed=True):
        return {
            "learner_name": n[label],
            "preset_name": TEST_NAME,
            "points": 1.5,
            "old_answer_score": old_answer,
            "new_answer_score": new_answer,
            "old_score": old,
            "new_score": new,
            "max_score": 7.0,
            "released": released,
            "changed": changed,
            "outcome": "rescored",
        }

    changed = sorted(
        [
            row("A", 1.5, 0.0, 7.0, 5.5, True),
            row("B", 0.0, 1.5, 5.5, 7.0, True),
            row("C", 1.5, 0.0, 5.5, 4.0, True),
            row("D", 0.0, 1.5, 5.5, 7.0, False),
        ],
        key=lambda r: r["learner_name"].casefold(),
    )
    unchanged = [row("E", 0.0, 0.0, 4.0, 4.0, True, changed=False)]
    got = [{k: v for k, v in r.items() if k not in ("attempt_id", "batch_name")} for r in preview["rows"]]
    assert got == changed + unchanged
    # the preview wrote nothing
    assert (_answers(org_a), _attempts(org_a)) == (answers_before, attempts_before)
    with schema_context(org_a.schema_name):
        assert Question.objects.get(pk=q).answer_key == {"value": True} and not KeyCorrection.objects.exists()

    body = {"answer_key": {"value": False}, "digest": preview["digest"]}
    res = _post(as_educator_a, base, {**body, "reason": "  "})
    assert res.status_code == 400 and list(res.json()["errors"]) == ["reason"]
    stale = _post(as_educator_a, base, {**body, "digest": "0" * 32, "reason": "Đáp án in nhầm"})
    assert (stale.status_code, stale.json()["code"]) == (409, "key_correction_stale")

    with django_capture_on_commit_callbacks(execute=True):
        res = _post(as_educator_a, base, {**body, "reason": "Đáp án in nhầm: mệnh đề sai"})
    assert res.status_code == 202, res.json()
    made = res.json()["data"]
    assert (made["status"], made["attempts_total"], made["attempts_done"]) == ("queued", 5, 0)
    assert res.json()["message"] == "Đã sửa đáp án. Các bài làm đang được chấm lại."
    done = as_educator_a.get(f"/api/v1/key-corrections/{made['id']}").json()["data"]  # the task ran at the commit
    assert (done["status"], done["attempts_total"], done["attempts_done"], done["attempts_changed"]) == (
        "done",
        5,
        5,
        4,
    )
    assert (done["learners_notified"], done["old_key"], done["new_key"]) == (3, {"value": True}, {"value": False})

    # the scores after, exactly; pass and fail decided again (C fails now); D still not released
    assert _attempts(org_a) == {
        n["A"]: (Decimal("5.50"), "passed", True),
        n["B"]: (Decimal("7.00"), "passed", True),
        n["C"]: (Decimal("4.00"), "failed", True),
        n["D"]: (Decimal("7.00"), "passed", False),
        n["E"]: (Decimal("4.00"), "failed", True),
    }
    after = _answers(org_a)
    assert {k: v for k, v in after.items() if k[1] != q} == {
        k: v for k, v in answers_before.items() if k[1] != q
    }  # the other questions' answers untouched

    # exactly one notification to each learner whose released score changed, in their language
    people = sitting["people"]
    for label in "DE":
        assert _corrected_notes(people[label][0]) == []
    expected = {"A": ("7", "5,5", "7", "5.5"), "B": ("5,5", "7", "5.5", "7"), "C": ("5,5", "4", "5.5", "4")}
    for label, (old_vi, new_vi, old_en, new_en) in expected.items():
        (note,) = _corrected_notes(people[label][0])
        client = sitting["clients"][label]
        (item,) = [
            i
            for i in client.get("/api/v1/notification/list?limit=20").json()["data"]["items"]
            if i["notifiable_type"] == "ResultCorrected"
        ]
        assert item["title"] == f"Điểm bài {TEST_NAME} của bạn đã được sửa"
        assert item["body"] == (
            f"Đáp án một câu hỏi trong bài {TEST_NAME} đã được sửa sau khi thi. Điểm của bạn đổi từ "
            f"{old_vi} thành {new_vi} (trên 7)."
        )
        assert item["actions"] == [
            {"url": f"/assignment/result/index?id={people[label][1]}", "target": "_self", "label": "Xem kết quả"}
        ]
        (en,) = [
            i
            for i in client.get("/api/v1/notification/list?limit=20", HTTP_ACCEPT_LANGUAGE="en")
            .json()["data"]["items"]
            if i["notifiable_type"] == "ResultCorrected"
        ]
        assert en["body"] == (
            f"The answer key of a question in {TEST_NAME} was corrected after the exam. Your score "
            f"changed from {old_en} to {new_en} out of 7."
        )
        # the learner's result shows the new score and key
        result = client.get(f"/api/v1/take-test/{people[label][1]}/result").json()["data"]
        assert result["score"] == float(_attempts(org_a)[sitting["names"][label]][0])
        assert next(a for a in result["answers"] if a["question"]["id"] == q)["key"] == {"value": False}

    # the history on the question page, and the correction's rows
    panel = as_educator_a.get(base).json()["data"]
    (history,) = panel["corrections"]
    assert (history["reason"], history["status"], history["attempts_changed"]) == (
        "Đáp án in nhầm: mệnh đề sai",
        "done",
        4,
    )
    assert panel["answer_key"] == {"value": False}
    detail = as_educator_a.get(f"/api/v1/key-corrections/{history['id']}").json()["data"]
    assert [(r["learner_name"], r["old_score"], r["new_score"], r["notified"], r["done"]) for r in detail["rows"]] == [
        (r["learner_name"], r["old_score"], r["new_score"], r["learner_name"] in {n["A"], n["B"], n["C"]}, True)
        for r in changed + unchanged
    ]

    # a second run of the task (a duplicate, or after a crash) doubles nothing
    with schema_context(org_a.schema_name):
        assert corrections.key_correction_run(correction_id=history["id"]) is False  # not queued
        KeyCorrection.objects.filter(pk=history["id"]).update(status="queued")
        assert corrections.key_correction_run(correction_id=history["id"]) is True
        again = KeyCorrection.objects.get(pk=history["id"])
        assert (again.status, again.attempts_done, again.attempts_changed, again.learners_notified) == (
            "done",
            5,
            4,
            3,
        )
    assert _answers(org_a) == after
    assert [len(_corrected_notes(people[label][0])) for label in "ABCDE"] == [1, 1, 1, 0, 0]

    # while a correction is recorded, another of the same version is refused only while it runs
    res = _post(as_educator_a, f"{base}/preview", {"answer_key": {"value": False}})
    assert res.status_code == 400 and res.json()["errors"] == {
        "answer_key": ["Đây vẫn là đáp án hiện tại của câu hỏi: hãy sửa đáp án trước."]
    }


def test_permissions_and_other_organizations(as_educator_a, educator_b, learner, sitting, org_a):
    q = sitting["q"]
    base = f"/api/v1/questions/{q}/key-corrections"
    learner_client = client_for(learner)
    assert learner_client.get(base).status_code == 403
    assert _post(learner_client, f"{base}/preview", {"answer_key": {"value": False}}).status_code == 403
    assert _post(learner_client, base, {"answer_key": {"value": False}, "reason": "x"}).status_code == 403
    other = client_for(educator_b)  # another organization: the ids do not exist there
    assert other.get(base).status_code == 404
    assert _post(other, f"{base}/preview", {"answer_key": {"value": False}}).status_code == 404
    assert _post(other, base, {"answer_key": {"value": False}, "reason": "x", "digest": "x"}).status_code == 404
    with schema_context(org_a.schema_name):
        c = corrections.key_correction_create(
            actor=Actor(profile_id=1, name="Cô Lan"),
            question_id=q,
            answer_key={"value": False},
            reason="Sai đáp án",
            digest=corrections._plan(Question.objects.get(pk=q), {"value": False}).digest,
        )
    assert other.get(f"/api/v1/key-corrections/{c.pk}").status_code == 404
    assert learner_client.get(f"/api/v1/key-corrections/{c.pk}").status_code == 403
    assert as_educator_a.get(f"/api/v1/key-corrections/{c.pk}").json()["data"]["status"] == "queued"
    # one correction of a version at a time: the queued one blocks another
    with schema_context(org_a.schema_name):
        Question.objects.filter(pk=q).update(answer_key={"value": True})
    res = _post(as_educator_a, base, {"answer_key": {"value": False}, "reason": "x", "digest": "x"})
    assert (res.status_code, res.json()["code"]) == (409, "key_correction_running")
    assert as_educator_a.get("/api/v1/key-corrections/999999").status_code == 404


def test_validation_of_the_key_and_the_reason(as_educator_a, sitting, org_a, bank):
    q = sitting["q"]
    base = f"/api/v1/questions/{q}/key-corrections"
    res = _post(as_educator_a, f"{base}/preview", {"answer_key": {"value": "peut-être"}})
    assert res.status_code == 422 and list(res.json()["errors"]) == ["answer_key.value"]
    res = _post(as_educator_a, f"{base}/preview", {"answer_key": {}})
    assert res.status_code == 422 and res.json()["errors"] == {"answer_key.value": ["Bắt buộc"]}
    res = _post(as_educator_a, f"{base}/preview", {"answer_key": "False"})
    assert res.status_code == 422
    long = _post(as_educator_a, base, {"answer_key": {"value": False}, "reason": "x" * 2001, "digest": ""})
    assert long.status_code == 422 and list(long.json()["errors"]) == ["reason"]
    with schema_context(org_a.schema_name):
        unused = Question.objects.exclude(pk__in=AttemptAnswer.objects.values("question_id")).first()
        shape = essay_question(2)
        essay = Question.objects.create(
            bank=unused.bank,
            type="essay",
            content=shape["content"],
            answer_key=shape["answer_key"],
            created_by_profile_id=1,
            status="published",
        )
    res = _post(as_educator_a, f"/api/v1/questions/{unused.pk}/key-corrections/preview", {"answer_key": {"value": False}})
    assert (res.status_code, res.json()["code"]) == (409, "key_correction_not_used")
    assert as_educator_a.get(f"/api/v1/questions/{unused.pk}/key-corrections").json()["data"]["blocked"] == "not_used"
    res = _post(as_educator_a, f"/api/v1/questions/{essay.pk}/key-corrections/preview", {"answer_key": {"rubric": "x"}})
    assert (res.status_code, res.json()["code"]) == (409, "key_correction_not_auto_scored")
    res = _post(
        as_educator_a,
        f"/api/v1/questions/{q}/key-corrections/preview",
        {"answer_key": {"value": False}},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert res.status_code == 200
