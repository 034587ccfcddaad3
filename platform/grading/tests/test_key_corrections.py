"""Key correction after the exam (issue 39, item 2; decision 0058): the preview's exact figures,
the confirmation, the background re-scoring, the learners told (only those whose released score
changed, once each), the history, the rules of every auto-scored type, permissions, validation, and
a re-run or a killed consumer that doubles nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone, translation
from django_tenants.utils import schema_context

from accounts.models import Profile
from accounts.tests.factories import ProfileFactory
from assessments.models import Question, TestPreset
from assessments.services.common import Actor
from assignments.models import Assignment, Attempt, AttemptAnswer, KeyCorrection, KeyCorrectionAttempt
from assignments.scores import attempt_score
from config.errors import ApplicationError
from config.i18n import format_score
from conftest import client_for
from grading import corrections
from item_analysis.tests.item_data import build_scope, choice_question, essay_question
from jobs.services import stale_seconds
from notifications.messages import render
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
    level TH weigh 1.5 here, so the maximum is 7 points). The test reports out of 10 (the default
    scale, decision 0056: 7 points are 10, 5.5 are 7.86, 4 are 5.71) and its pass mark is 7 on that
    scale (4.9 points). The corrected question ``q`` is the first of weight 1.5. A answered all True (7), B all True but ``q`` False (5.5), C the four
    of weight 1 and ``q`` True (5.5), E only the four of weight 1 (4); D as B, submitted last, after
    the automatic release was turned off (5.5, not released)."""
    with schema_context(org_a.schema_name):
        Question.objects.filter(score_weight=2).update(score_weight=Decimal("1.5"))
    people = open_test(as_educator_a, bank, round_id, org_a, learners=5, passing_score=7)
    clients = [client_for(p) for p, _eid in people]
    tokens = [
        start(c, eid, no_camera=True).json()["data"]["device_token"]
        for c, (_p, eid) in zip(clients, people, strict=True)
    ]
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
    rows = dict(zip("ABCDE", zip(clients, tokens, people, strict=True), strict=True))
    for label in "ABCED":  # D last: the automatic release is off for it alone
        client, token, (profile, eid) = rows[label]
        if label == "D":
            with schema_context(org_a.schema_name):
                TestPreset.objects.update(auto_release_result=False)
        for seq, (qid, value) in enumerate(plans[label].items(), start=1):
            assert save(client, eid, qid, {"value": value}, seq, token).status_code == 200
        assert (
            client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token}).status_code
            == 200
        )
        names[label] = profile.user.name_or_email
    return {
        "q": q,
        "people": dict(zip("ABCDE", people, strict=True)),
        "names": names,
        "clients": dict(zip("ABCDE", clients, strict=True)),
    }


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
        on_ten = {7.0: 10.0, 5.5: 7.86, 4.0: 5.71}  # points of 7 on the scale of 10
        return {
            "learner_name": n[label],
            "preset_name": TEST_NAME,
            "points": 1.5,
            "old_answer_score": old_answer,
            "new_answer_score": new_answer,
            "old_score": old,
            "new_score": new,
            "max_score": 7.0,
            "old_scale_score": on_ten[old],
            "new_scale_score": on_ten[new],
            "scale_max": 10.0,
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
    done = as_educator_a.get(f"/api/v1/key-corrections/{made['id']}").json()[
        "data"
    ]  # the task ran at the commit
    assert (done["status"], done["attempts_total"], done["attempts_done"], done["attempts_changed"]) == (
        "done",
        5,
        5,
        4,
    )
    assert (done["learners_notified"], done["old_key"], done["new_key"]) == (
        3,
        {"value": True},
        {"value": False},
    )

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
    # the scores as the learner's result shows them: on the test's scale of 10, "7,86/10"
    expected = {
        "A": ("10,00/10", "7,86/10", "10.00/10", "7.86/10"),
        "B": ("7,86/10", "10,00/10", "7.86/10", "10.00/10"),
        "C": ("7,86/10", "5,71/10", "7.86/10", "5.71/10"),
    }
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
            f"{old_vi} thành {new_vi}."
        )
        assert item["actions"] == [
            {
                "url": f"/assignment/result/index?id={people[label][1]}",
                "target": "_self",
                "label": "Xem kết quả",
            }
        ]
        (en,) = [
            i
            for i in client.get("/api/v1/notification/list?limit=20", HTTP_ACCEPT_LANGUAGE="en").json()[
                "data"
            ]["items"]
            if i["notifiable_type"] == "ResultCorrected"
        ]
        assert en["body"] == (
            f"The answer key of a question in {TEST_NAME} was corrected after the exam. Your score "
            f"changed from {old_en} to {new_en}."
        )
        # the learner's result shows the new score and key
        result = client.get(f"/api/v1/take-test/{people[label][1]}/result").json()["data"]
        assert result["score"] == float(_attempts(org_a)[sitting["names"][label]][0])
        assert format_score(result["scale_score"], result["scale_max"], language="vi") == new_vi
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
    scores = ("old_score", "new_score", "max_score", "old_scale_score", "new_scale_score", "scale_max")
    assert [
        (r["learner_name"], *(r[k] for k in scores), r["notified"], r["done"]) for r in detail["rows"]
    ] == [
        (
            r["learner_name"],
            *(r[k] for k in scores),
            r["learner_name"] in {n["A"], n["B"], n["C"]},
            True,
        )
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
    assert (
        _post(other, base, {"answer_key": {"value": False}, "reason": "x", "digest": "x"}).status_code == 404
    )
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
    assert res.status_code == 422 and list(res.json()["errors"]) == [
        "answer_key.true_false.value"
    ]  # as the question form names it
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
    res = _post(
        as_educator_a,
        f"/api/v1/questions/{unused.pk}/key-corrections/preview",
        {"answer_key": {"value": False}},
    )
    assert (res.status_code, res.json()["code"]) == (409, "key_correction_not_used")
    assert (
        as_educator_a.get(f"/api/v1/questions/{unused.pk}/key-corrections").json()["data"]["blocked"]
        == "not_used"
    )
    res = _post(
        as_educator_a,
        f"/api/v1/questions/{essay.pk}/key-corrections/preview",
        {"answer_key": {"rubric": "x"}},
    )
    assert (res.status_code, res.json()["code"]) == (409, "key_correction_not_auto_scored")
    res = _post(
        as_educator_a,
        f"/api/v1/questions/{q}/key-corrections/preview",
        {"answer_key": {"value": False}},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert res.status_code == 200


# --- every auto-scored type, through the services -------------------------------------------------

STATEMENTS = [{"id": s, "vi": f"Mệnh đề {s}", "en": f"Statement {s}"} for s in "abcd"]


def _question(kind: str, key: dict, **content) -> dict:
    return {
        "type": kind,
        "content": {"stem": {"vi": "Câu hỏi", "en": "Question"}, "options": [], "explanation": {}, **content},
        "answer_key": key,
    }


# kind: (question, corrected key as sent, the key as stored, [(answer, score before, score after)])
CASES = {
    "single_choice": (
        choice_question("a"),
        {"option": "b"},
        {"option": "b"},
        [({"option": "a"}, 1, 0), ({"option": "b"}, 0, 1), ({"option": "c"}, 0, 0), (None, 0, 0)],
    ),
    "multiple_choice": (
        {
            **choice_question("a", ["a", "b", "c", "d"]),
            "type": "multiple_choice",
            "answer_key": {"options": ["a", "b"]},
        },
        {"options": ["c", "a", "b", "a"]},
        {"options": ["c", "a", "b"]},
        [({"options": ["b", "a"]}, 1, 0), ({"options": ["a", "b", "c"]}, 0, 1), ({"options": ["d"]}, 0, 0)],
    ),
    "true_false_set": (  # phần II: statement d was true, not false; the Ministry's table
        _question(
            "true_false_set",
            {
                "statements": {"a": True, "b": True, "c": False, "d": False},
                "scoring_table": ["0", "0.1", "0.25", "0.5", "1"],
            },
            statements=STATEMENTS,
        ),
        {"statements": {"a": True, "b": True, "c": False, "d": True}},
        {
            "statements": {"a": True, "b": True, "c": False, "d": True},
            "scoring_table": ["0", "0.1", "0.25", "0.5", "1"],
        },
        [
            ({"statements": {"a": True, "b": True, "c": False, "d": False}}, 1, 0.5),
            ({"statements": {"a": True, "b": True, "c": False, "d": True}}, 0.5, 1),
            ({"statements": {"a": True}}, 0.1, 0.1),
            ({"statements": {"d": True}}, 0, 0.1),
        ],
    ),
    "numeric": (  # phần III: the answer is -0,5, not 0,5
        _question("numeric", {"accepted": ["0,5"]}),
        {"accepted": ["-0.5", " ", "-,5"]},
        {"accepted": ["-0,5", "-,5"]},
        [
            ({"text": "0.5"}, 1, 0),
            ({"text": "-0,5"}, 0, 1),
            ({"text": "\u2212,50"}, 0, 1),
            ({"text": "1/2"}, 0, 0),
        ],
    ),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_every_auto_scored_type_is_rescored_by_its_rule(kind, org_a, django_capture_on_commit_callbacks):
    question, sent, stored, answers = CASES[kind]
    scope = build_scope(
        org_a, questions=[question], learners=[[(a, old)] for a, old, _new in answers], code=kind[:6]
    )
    (qid,) = scope.question_ids
    with schema_context(org_a.schema_name):
        preview = corrections.key_correction_preview(question_id=qid, answer_key=sent)
        assert preview["answer_key"] == corrections.key_out(stored, question["content"])
        if kind == "true_false_set":  # sent as a list in the statements' order (typed for the SPA)
            assert preview["answer_key"]["statements"] == [
                {"id": "a", "value": True},
                {"id": "b", "value": True},
                {"id": "c", "value": False},
                {"id": "d", "value": True},
            ]
        by_attempt = {r["attempt_id"]: r for r in preview["rows"]}
        expected = [(float(old), float(new)) for _a, old, new in answers]
        assert [
            (float(by_attempt[t]["old_score"]), float(by_attempt[t]["new_score"])) for t in scope.attempt_ids
        ] == expected
        with django_capture_on_commit_callbacks(execute=True):
            c = corrections.key_correction_create(
                actor=Actor(profile_id=1, name="Thầy Minh"),
                question_id=qid,
                answer_key=sent,
                reason="Đáp án sai",
                digest=preview["digest"],
            )
        c.refresh_from_db()
        assert (c.status, c.attempts_done, c.attempts_changed) == (
            "done",
            len(answers),
            sum(1 for _a, old, new in answers if old != new),
        )
        assert Question.objects.get(pk=qid).answer_key == stored
        scores = dict(Attempt.objects.filter(pk__in=scope.attempt_ids).values_list("pk", "score"))
        assert [scores[t] for t in scope.attempt_ids] == [
            Decimal(str(new)).quantize(Decimal("0.01")) for *_x, new in answers
        ]


def test_short_answers_hand_grading_kept_a_removed_text_scores_zero_a_waiting_one_matched(
    org_a, django_capture_on_commit_callbacks
):
    """A short text: "Huế" matched the old key and not the new one: 0 (the educator removed it);
    "ha noi" still matches: 1; "Ha Noi City" waited for an educator and matches now: 1, no longer
    waiting, the result decided; "Sài Gòn" waited and still matches nothing: it keeps waiting;
    "Ha Noi City" graded 0.5 by hand stays 0.5 though the new key matches it."""
    key = {"accepted": ["Hà Nội", "Huế"], "case_sensitive": False, "diacritic_sensitive": False}
    scope = build_scope(
        org_a,
        questions=[_question("short_text", key)],
        learners=[
            [({"text": "Huế"}, 1)],
            [({"text": "ha noi"}, 1)],
            [({"text": "Ha Noi City"}, None)],
            [({"text": "Sài Gòn"}, None)],
            [({"text": "Ha Noi City"}, 0.5)],
        ],
        code="ST",
    )
    (qid,) = scope.question_ids
    hue, hanoi, waiting, saigon, by_hand = scope.attempt_ids
    with schema_context(org_a.schema_name):
        AttemptAnswer.objects.filter(pk=scope.answer_ids[(by_hand, qid)]).update(
            needs_grading=True, graded_at=timezone.now(), graded_by_name="Cô Lan"
        )
        new_key = {"accepted": ["Hà Nội", "Ha Noi City"]}
        preview = corrections.key_correction_preview(question_id=qid, answer_key=new_key)
        rows = {r["attempt_id"]: r for r in preview["rows"]}
        assert [
            (
                rows[t]["old_answer_score"],
                rows[t]["new_answer_score"],
                rows[t]["old_score"],
                rows[t]["new_score"],
                rows[t]["outcome"],
            )
            for t in scope.attempt_ids
        ] == [
            (Decimal(1), Decimal(0), Decimal(1), Decimal(0), "rescored"),
            (Decimal(1), Decimal(1), Decimal(1), Decimal(1), "rescored"),
            (None, Decimal(1), None, Decimal(1), "rescored"),
            (None, None, None, None, "awaiting_grading"),
            (Decimal("0.5"), Decimal("0.5"), Decimal("0.5"), Decimal("0.5"), "hand_graded"),
        ]
        assert [r["attempt_id"] for r in preview["rows"]][:2] == sorted([hue, waiting])  # changed first
        with django_capture_on_commit_callbacks(execute=True):
            corrections.key_correction_create(
                actor=Actor(profile_id=1, name="Cô Lan"),
                question_id=qid,
                answer_key=new_key,
                reason="Huế không phải đáp án",
                digest=preview["digest"],
            )
        answers = {a.attempt_id: a for a in AttemptAnswer.objects.filter(question_id=qid)}
        assert [(answers[t].score, answers[t].needs_grading) for t in scope.attempt_ids] == [
            (Decimal(0), False),
            (Decimal(1), False),
            (Decimal(1), False),
            (None, True),
            (Decimal("0.5"), True),
        ]
        results = dict(Attempt.objects.filter(pk__in=scope.attempt_ids).values_list("pk", "result"))
        assert (results[waiting], results[saigon]) == ("passed", "pending")


def test_key_errors_of_the_national_formats(org_a):
    scope = build_scope(
        org_a,
        questions=[
            _question("true_false_set", CASES["true_false_set"][0]["answer_key"], statements=STATEMENTS),
            _question("numeric", {"accepted": ["0,5"]}),
            choice_question("a"),
        ],
        learners=[[(None, 0), (None, 0), (None, 0)]],
        code="NF",
    )
    tfs, numeric, single = scope.question_ids

    def errors(qid, key):
        with pytest.raises(ApplicationError) as caught:
            corrections.key_correction_preview(question_id=qid, answer_key=key)
        assert caught.value.code == "validation_error"
        return caught.value.errors

    with schema_context(org_a.schema_name), translation.override("vi"):
        full = {"a": True, "b": True, "c": False, "d": True}
        assert errors(tfs, {"statements": full, "scoring_table": ["0", "0.5", "0.25", "0.75", "1"]}) == {
            "answer_key.scoring_table": ["Tỉ lệ sau không được nhỏ hơn tỉ lệ trước."]
        }
        assert errors(tfs, {"statements": full, "scoring_table": ["0", "1"]}) == {
            "answer_key.scoring_table": ["Cần một tỉ lệ cho mỗi số ý đúng, từ 0 đến 4: tất cả 5 tỉ lệ."]
        }
        assert errors(tfs, {"statements": {"a": True, "b": True, "c": False}}) == {
            "answer_key.statements": ["Hãy đánh dấu Đúng hoặc Sai cho mọi ý."]
        }
        assert errors(tfs, {"statements": {**full, "e": True}}) == {
            "answer_key.statements": ["Hãy đánh dấu Đúng hoặc Sai cho các ý của câu hỏi."]
        }
        assert errors(numeric, {"accepted": ["12345", "1,5"]}) == {
            "answer_key.accepted.0": ["Tối đa 4 ký tự."]
        }
        assert errors(numeric, {"accepted": [" "]}) == {
            "answer_key.accepted": ["Nhập ít nhất một đáp án được chấp nhận."]
        }
        assert errors(single, {"option": "z"}) == {
            "answer_key.option": ["Phương án đúng phải là một trong các phương án."]
        }
        # a scoring table written with the decimal comma is stored with the point
        preview = corrections.key_correction_preview(
            question_id=tfs,
            answer_key={"statements": full, "scoring_table": ["0", "0,1", "0,25", "0,50", "1,0"]},
        )
        assert preview["answer_key"]["scoring_table"] == ["0", "0.1", "0.25", "0.5", "1"]


# --- attempts in progress, a consumer that dies ----------------------------------------------------


def test_an_attempt_in_progress_is_scored_with_the_new_key_at_submission(
    as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
):
    (submitted, going) = open_test(as_educator_a, bank, round_id, org_a, learners=2)
    first, second = client_for(submitted[0]), client_for(going[0])
    t1 = start(first, submitted[1], no_camera=True).json()["data"]["device_token"]
    t2 = start(second, going[1], no_camera=True).json()["data"]["device_token"]
    q = first.get(f"/api/v1/take-test/{submitted[1]}/attempt").json()["data"]["questions"][0]["id"]
    save(first, submitted[1], q, {"value": False}, 1, t1)
    save(second, going[1], q, {"value": False}, 1, t2)
    first.post(f"/api/v1/take-test/{submitted[1]}/submit", headers={"X-Device-Token": t1})
    base = f"/api/v1/questions/{q}/key-corrections"
    panel = as_educator_a.get(base).json()["data"]
    assert (panel["attempts_submitted"], panel["attempts_in_progress"]) == (1, 1)
    preview = _post(as_educator_a, f"{base}/preview", {"answer_key": {"value": False}}).json()["data"]
    assert (preview["attempts"], preview["attempts_in_progress"], preview["changed"]) == (1, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        res = _post(
            as_educator_a,
            base,
            {"answer_key": {"value": False}, "reason": "Sai", "digest": preview["digest"]},
        )
    detail = as_educator_a.get(f"/api/v1/key-corrections/{res.json()['data']['id']}").json()["data"]
    assert sorted(r["outcome"] for r in detail["rows"]) == ["in_progress", "rescored"]
    assert detail["attempts_total"] == 2 and detail["status"] == "done"
    second.post(f"/api/v1/take-test/{going[1]}/submit", headers={"X-Device-Token": t2})
    result = second.get(f"/api/v1/take-test/{going[1]}/result").json()["data"]
    assert next(a for a in result["answers"] if a["question"]["id"] == q)["score"] == 1  # the new key


def test_a_consumer_killed_midway_is_resumed_and_nothing_is_doubled(
    as_educator_a, sitting, org_a, django_capture_on_commit_callbacks
):
    q, people = sitting["q"], sitting["people"]
    with schema_context(org_a.schema_name):
        plan = corrections._plan(Question.objects.get(pk=q), {"value": False})
        c = corrections.key_correction_create(  # its task is lost: on_commit callbacks are not run here
            actor=Actor(profile_id=1, name="Cô Lan"),
            question_id=q,
            answer_key={"value": False},
            reason="Sai",
            digest=plan.digest,
        )
        # a consumer claims it, re-scores two attempts and is killed: running, its beat going stale
        KeyCorrection.objects.filter(pk=c.pk).update(status="running", runs=1)
        assert corrections._rescore_next(c) and corrections._rescore_next(c)
        long_ago = timezone.now() - timedelta(seconds=stale_seconds() + 5)
        KeyCorrection.objects.filter(pk=c.pk).update(heartbeat_at=long_ago)
        assert KeyCorrectionAttempt.objects.filter(correction=c, done_at__isnull=False).count() == 2
        told_before = sum(len(_corrected_notes(p)) for p, _e in people.values())

        assert corrections.key_correction_run(correction_id=c.pk) is False  # running: not claimed again
        with django_capture_on_commit_callbacks(execute=True):
            assert corrections.key_corrections_resume() == 1
        c.refresh_from_db()
        assert (c.status, c.runs, c.attempts_done, c.attempts_changed, c.learners_notified) == (
            "done",
            2,
            5,
            4,
            3,
        )
        assert corrections.key_corrections_resume() == 0  # done: left alone
    assert [len(_corrected_notes(people[label][0])) for label in "ABCDE"] == [1, 1, 1, 0, 0]
    assert told_before <= 3


def test_a_correction_claimed_too_often_is_given_up(sitting, org_a):
    q = sitting["q"]
    with schema_context(org_a.schema_name):
        plan = corrections._plan(Question.objects.get(pk=q), {"value": False})
        c = corrections.key_correction_create(
            actor=Actor(profile_id=1, name="Cô Lan"),
            question_id=q,
            answer_key={"value": False},
            reason="Sai",
            digest=plan.digest,
        )
        long_ago = timezone.now() - timedelta(seconds=stale_seconds() + 5)
        KeyCorrection.objects.filter(pk=c.pk).update(
            status="running", runs=corrections.MAX_RUNS, heartbeat_at=long_ago
        )
        assert corrections.key_corrections_resume() == 0
        c.refresh_from_db()
        assert (c.status, c.error, c.attempts_done) == ("failed", "key_correction_lost", 0)


def test_the_preview_reads_the_same_number_of_queries_whatever_the_attempts(org_a):
    one = build_scope(org_a, questions=[choice_question("a")], learners=[[({"option": "a"}, 1)]], code="Q1")
    many = build_scope(
        org_a, questions=[choice_question("a")], learners=[[({"option": o}, 0)] for o in "bcbcbc"], code="Q6"
    )
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    with schema_context(org_a.schema_name):
        corrections.key_correction_preview(
            question_id=one.question_ids[0], answer_key={"option": "b"}
        )  # warm
        for scope in (one, many):
            with CaptureQueriesContext(connection) as captured:
                corrections.key_correction_preview(
                    question_id=scope.question_ids[0], answer_key={"option": "b"}
                )
            counts.append(len(captured))
    assert counts[0] == counts[1] == 5  # the question, the usage check, the answers, the totals, in progress


# --- the reporting scale (decision 0056): the same number as the learner's result ------------------

EIGHT = [choice_question("a") for _ in range(8)]
SEVEN_OF_EIGHT = [({"option": "a"}, 1)] * 7 + [({"option": "b"}, 0)]


def _released_to(org, scope, *, score_scale: str, scale_max: int | None = None) -> Profile:
    """The scope's attempts released to one real learner, the preset reporting on ``score_scale``."""
    profile = ProfileFactory(organization=org)
    with schema_context(org.schema_name):
        TestPreset.objects.filter(pk=scope.preset_id).update(score_scale=score_scale, scale_max=scale_max)
        Assignment.objects.filter(preset_id=scope.preset_id).update(learner_profile_id=profile.pk)
        Attempt.objects.filter(pk__in=scope.attempt_ids).update(released_at=timezone.now())
    return profile


@pytest.mark.parametrize(
    ("score_scale", "scale_max", "on_scale", "vi", "en"),
    [
        ("ten", None, (8.75, 7.5, 10.0), "từ 8,75/10 thành 7,50/10.", "from 8.75/10 to 7.50/10."),
        (
            "custom",
            150,
            (131.25, 112.5, 150.0),
            "từ 131,25/150 thành 112,50/150.",
            "from 131.25/150 to 112.50/150.",
        ),
        ("raw", None, (7.0, 6.0, 8.0), "từ 7,00/8 thành 6,00/8.", "from 7.00/8 to 6.00/8."),
    ],
)
def test_the_totals_are_shown_and_told_on_the_tests_reporting_scale(
    score_scale, scale_max, on_scale, vi, en, org_a, django_capture_on_commit_callbacks
):
    """Raw 7 of 8 points, corrected to 6: on a scale of 10 the result shows 8,75/10, then 7,50/10;
    on a scale of 150 131,25/150, then 112,50/150; a preset in raw points keeps points (7,00/8)."""
    scope = build_scope(org_a, questions=EIGHT, learners=[SEVEN_OF_EIGHT], code=f"S{score_scale[:4]}")
    profile = _released_to(org_a, scope, score_scale=score_scale, scale_max=scale_max)
    first = scope.question_ids[0]
    figures = ("old_score", "new_score", "max_score", "old_scale_score", "new_scale_score", "scale_max")
    with schema_context(org_a.schema_name):
        preview = corrections.key_correction_preview(question_id=first, answer_key={"option": "b"})
        (row,) = preview["rows"]
        assert (float(row["old_score"]), float(row["new_score"]), float(row["max_score"])) == (7.0, 6.0, 8.0)
        assert (row["old_scale_score"], row["new_scale_score"], row["scale_max"]) == on_scale
        with django_capture_on_commit_callbacks(execute=True):
            c = corrections.key_correction_create(
                actor=Actor(profile_id=1, name="Cô Lan"),
                question_id=first,
                answer_key={"option": "b"},
                reason="Đáp án in nhầm",
                digest=preview["digest"],
            )
        (done,) = corrections.key_correction_detail(correction_id=c.pk)["rows"]
        assert tuple(float(done[k]) for k in figures) == (7.0, 6.0, 8.0, *on_scale)
        assert (done["changed"], done["notified"]) == (True, True)
        # the learner's result shows the same number
        attempt = Attempt.objects.select_related("assignment__preset").get(pk=scope.attempt_ids[0])
        shown = attempt_score(attempt, attempt.assignment.preset)
        assert (shown["scale_score"], shown["scale_max"]) == on_scale[1:]
    (note,) = _corrected_notes(profile)
    assert render(note.body_key, note.body_args, language="vi") == (
        f"Đáp án một câu hỏi trong bài Bài S{score_scale[:4]} đã được sửa sau khi thi. Điểm của bạn đổi {vi}"
    )
    assert render(note.body_key, note.body_args, language="en").endswith(f"Your score changed {en}")


def test_a_change_of_points_the_scale_does_not_show_tells_nobody(org_a, django_capture_on_commit_callbacks):
    """100.01 points of 100.01 are 10,00/10, and so are 100 of 100.01 (9.999 rounded): the
    attempt changed, the learner's result did not, so the learner is not told."""
    heavy, light = (
        {**choice_question("a"), "score_weight": 100},
        {**choice_question("a"), "score_weight": Decimal("0.01")},
    )
    scope = build_scope(
        org_a,
        questions=[heavy, light],
        learners=[[({"option": "a"}, 100), ({"option": "a"}, 0.01)]],
        code="TINY",
    )
    profile = _released_to(org_a, scope, score_scale="ten")
    with schema_context(org_a.schema_name):
        preview = corrections.key_correction_preview(
            question_id=scope.question_ids[1], answer_key={"option": "b"}
        )
        (row,) = preview["rows"]
        assert (row["old_score"], row["new_score"], row["changed"]) == (
            Decimal("100.01"),
            Decimal("100.00"),
            True,
        )
        assert (row["old_scale_score"], row["new_scale_score"], row["scale_max"]) == (10.0, 10.0, 10.0)
        with django_capture_on_commit_callbacks(execute=True):
            c = corrections.key_correction_create(
                actor=Actor(profile_id=1, name="Cô Lan"),
                question_id=scope.question_ids[1],
                answer_key={"option": "b"},
                reason="Sai",
                digest=preview["digest"],
            )
        c.refresh_from_db()
        assert (c.attempts_changed, c.learners_notified) == (1, 0)
    assert _corrected_notes(profile) == []


def test_the_detail_reads_the_same_number_of_queries_whatever_the_attempts(
    org_a, django_capture_on_commit_callbacks
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    with schema_context(org_a.schema_name):
        for code, learners in (
            ("D1", [[({"option": "a"}, 1)]]),
            ("D6", [[({"option": o}, 0)] for o in "bcbcbc"]),
        ):
            scope = build_scope(org_a, questions=[choice_question("a")], learners=learners, code=code)
            qid = scope.question_ids[0]
            preview = corrections.key_correction_preview(question_id=qid, answer_key={"option": "b"})
            with django_capture_on_commit_callbacks(execute=True):
                c = corrections.key_correction_create(
                    actor=Actor(profile_id=1, name="Cô Lan"),
                    question_id=qid,
                    answer_key={"option": "b"},
                    reason="Sai",
                    digest=preview["digest"],
                )
            corrections.key_correction_detail(correction_id=c.pk)  # warm: the schema's search path
            with CaptureQueriesContext(connection) as captured:
                rows = corrections.key_correction_detail(correction_id=c.pk)["rows"]
            assert len(rows) == len(learners) and all(r["scale_max"] == 10.0 for r in rows)
            counts.append(len(captured))
    assert counts[0] == counts[1] == 3  # the correction, its question's content, the rows with their presets
