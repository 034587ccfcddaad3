"""Taking the national exam's two new types (issue 39, item 1; decision 0055): the test page's
payload (a true/false set's statements in their written order, never shuffled; the rounding
instruction), saving each type through the API, the exact score once submitted, the learner's
result and the educator's view of the attempt, and the backup preview's text."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import MatrixCluster, Question, QuestionBank, Subject
from assessments.tests.test_presets_api import NOW, post
from assignments.models import Attempt
from conftest import client_for
from sitting.backup import answer_shown
from sitting.tests.test_taking import save, start

pytestmark = pytest.mark.django_db

STATEMENTS = [
    {"id": "a", "vi": "Ý a", "en": "Statement a"},
    {"id": "b", "vi": "Ý b", "en": "Statement b"},
    {"id": "c", "vi": "Ý c", "en": "Statement c"},
    {"id": "d", "vi": "Ý d", "en": "Statement d"},
]
ROUNDING = {"vi": "Làm tròn kết quả đến hàng phần mười", "en": "Round to one decimal place"}


@pytest.fixture
def national(org_a):
    """Published grade-12 questions of topic N1 at level NB: a true/false set (key a Đúng, b Sai,
    c Đúng, d Sai, the Ministry's table), a numeric answer (1,5 with a rounding instruction) and
    a single choice of four options, each worth 1 point."""
    with schema_context(org_a.schema_name):
        subject = Subject.objects.get(code="toan")
        topic = MatrixCluster.objects.create(type="topic", code="N1", description="Giải tích")
        nb = MatrixCluster.objects.get(type="complexity_level", code="NB")
        rem = MatrixCluster.objects.get(type="cognitive_domain", code="REM")
        folder = QuestionBank.objects.create(name="Đề 2025", created_by_profile_id=1)
        common = {
            "bank": folder,
            "grade": 12,
            "subject": subject,
            "difficulty": "medium",
            "topic": topic,
            "complexity_level": nb,
            "cognitive_domain": rem,
            "status": "published",
            "created_by_profile_id": 1,
        }
        tfs = Question.objects.create(
            type="true_false_set",
            content={
                "stem": {"vi": "Cho hàm số $y=x^3$.", "en": "Let $y=x^3$."},
                "options": [],
                "explanation": {},
                "statements": STATEMENTS,
            },
            answer_key={
                "statements": {"a": True, "b": False, "c": True, "d": False},
                "scoring_table": ["0", "0.1", "0.25", "0.5", "1"],
            },
            **common,
        )
        numeric = Question.objects.create(
            type="numeric",
            content={
                "stem": {"vi": "Tính $3/2$.", "en": "Compute $3/2$."},
                "options": [],
                "explanation": {},
                "rounding": ROUNDING,
            },
            answer_key={"accepted": ["1,5"]},
            **common,
        )
        choice = Question.objects.create(
            type="single_choice",
            content={
                "stem": {"vi": "Chọn một.", "en": "Pick one."},
                "options": [{"id": c, "vi": c.upper(), "en": c.upper()} for c in "abcd"],
                "explanation": {},
            },
            answer_key={"option": "a"},
            **common,
        )
        return {"subject": subject.pk, "topic": topic.pk, "nb": nb.pk, "ids": (tfs.pk, numeric.pk, choice.pk)}


def _open(client, national, round_id, org, form_mode: str):
    body = {
        "name": "Thi thử tốt nghiệp 2025",
        "grade": 12,
        "duration_minutes": 90,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "passing_score": 1,
        "round_id": round_id,
        "form_mode": form_mode,
        "auto_release_result": True,
        "allow_no_camera": True,
        "subjects": [
            {
                "subject_id": national["subject"],
                "items": [
                    {"cluster_id": national["topic"], "complexity_level_id": national["nb"], "count": 3}
                ],
            }
        ],
    }
    preset = post(client, "/api/v1/test-presets", body).json()["data"]
    post(client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 3})
    batch = post(
        client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "starts_at": (NOW - timedelta(hours=1)).isoformat(),
            "expires_at": (NOW + timedelta(hours=3)).isoformat(),
            "slots": 5,
        },
    ).json()["data"]
    assert post(client, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200, preset
    learner = ProfileFactory(organization=org)
    res = post(
        client,
        "/api/v1/assignments",
        {"preset_id": preset["id"], "batch_id": batch["id"], "learner_profile_ids": [learner.pk]},
    )
    assert res.status_code == 201, res.json()
    return learner, Enrollment.objects.get(profile=learner).pk


@pytest.mark.parametrize("form_mode", ["shared", "per_learner"])
def test_the_test_page_gets_statements_in_order_and_the_rounding(
    as_educator_a, national, round_id, org_a, form_mode
):
    learner, eid = _open(as_educator_a, national, round_id, org_a, form_mode)
    client = client_for(learner)
    start(client, eid, no_camera=True)
    questions = {
        q["type"]: q for q in client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    }
    tfs, numeric = questions["true_false_set"], questions["numeric"]
    assert (
        tfs["statements"] == STATEMENTS and tfs["options"] == [] and tfs["rounding"] == {"vi": "", "en": ""}
    )
    assert "answer_key" not in tfs and "key" not in tfs
    assert numeric["rounding"] == ROUNDING and numeric["statements"] == []
    assert sorted(o["id"] for o in questions["single_choice"]["options"]) == ["a", "b", "c", "d"]
    if form_mode == "per_learner":  # the options get an order of their own, the statements never
        with schema_context(org_a.schema_name):
            orders = Attempt.objects.get(assignment__learner_profile_id=learner.pk).option_orders
        tfs_id, numeric_id, choice_id = national["ids"]
        assert set(orders) == {str(choice_id)}


def test_each_new_type_is_saved_and_scored_as_the_ministry_scores(as_educator_a, national, round_id, org_a):
    learner, eid = _open(as_educator_a, national, round_id, org_a, "shared")
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    tfs_id, numeric_id, choice_id = national["ids"]
    # three of four statements right (d judged Đúng, the key says Sai): the table's 0.5
    three_right = {"statements": {"a": True, "b": False, "c": True, "d": True}}
    assert save(client, eid, tfs_id, three_right, 1, token).json()["data"]["applied"] is True
    assert save(client, eid, numeric_id, {"text": "1.50"}, 1, token).json()["data"]["applied"] is True
    # shapes the save refuses: an unknown statement, a non-boolean, a fifth cell, two fields
    refused = [
        (tfs_id, {"statements": {"e": True}}, 400),
        (tfs_id, {"statements": {"a": "yes"}}, 422),
        (tfs_id, {"statements": {f"s{n}": True for n in range(7)}}, 422),
        (tfs_id, {"statements": {"abcdefghi": True}}, 422),
        (numeric_id, {"text": "12345"}, 400),
        (numeric_id, {"statements": {"a": True}}, 400),
        (tfs_id, {"statements": {"a": True}, "text": "1"}, 400),
    ]
    for qid, answer, status in refused:
        res = save(client, eid, qid, answer, 5, token)
        assert res.status_code == status, (answer, res.json())
        if status == 400:
            assert res.json()["code"] == "invalid_answer"
    res = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.status_code == 200 and res.json()["data"]["released"] is True
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    rows = {row["question"]["id"]: row for row in result["answers"]}
    assert rows[tfs_id]["score"] == 0.5 and rows[tfs_id]["statements_right"] == 3
    assert rows[tfs_id]["answer"] == three_right
    assert rows[tfs_id]["key"] == {
        "statements": {"a": True, "b": False, "c": True, "d": False},
        "scoring_table": ["0", "0.1", "0.25", "0.5", "1"],
    }
    assert rows[numeric_id]["score"] == 1 and rows[numeric_id]["statements_right"] is None
    assert rows[numeric_id]["answer"] == {"text": "1.50"} and rows[numeric_id]["key"] == {"accepted": ["1,5"]}
    assert rows[choice_id]["score"] is None or rows[choice_id]["score"] == 0
    assert result["score"] == 1.5 and result["max_score"] == 3

    attempt_id = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["attempt_id"]
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt_id}").json()["data"]
    shown = {a["question_id"]: a for a in detail["answers"]}
    assert shown[tfs_id]["statements"] == STATEMENTS and shown[tfs_id]["statements_right"] == 3
    assert shown[tfs_id]["score"] == 0.5 and shown[numeric_id]["rounding"] == ROUNDING


def test_a_true_false_set_left_blank_scores_nothing(as_educator_a, national, round_id, org_a):
    learner, eid = _open(as_educator_a, national, round_id, org_a, "shared")
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    tfs_id, numeric_id, _choice = national["ids"]
    save(client, eid, tfs_id, {"statements": {"a": False}}, 1, token)
    save(client, eid, numeric_id, {"text": "1,6"}, 1, token)
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    rows = {
        row["question"]["id"]: row
        for row in client.get(f"/api/v1/take-test/{eid}/result").json()["data"]["answers"]
    }
    assert (rows[tfs_id]["score"], rows[tfs_id]["statements_right"]) == (0, 0)
    assert rows[numeric_id]["score"] == 0


def test_the_backup_preview_writes_a_judged_set_in_the_readers_language():
    from django.utils import translation

    answer = {"statements": {"c": True, "a": False}}
    with translation.override("vi"):
        assert answer_shown(answer, ["a", "b", "c", "d"]) == "a) Sai; c) Đúng"
    with translation.override("en"):
        assert answer_shown(answer, ["a", "b", "c", "d"]) == "a) False; c) True"
        assert answer_shown({"text": "-1,5"}, []) == "-1,5"
