"""A test in parts, taken (issue 39 item 2; decision 0056): the points of each part at start, a
fully right sitting of the THPT 2025 Mathematics template scoring exactly 10 and a fixed answer set
scoring 7,35 through the real submit path, and one score shown the same on every screen: the
result, the learner's list, the gradebook and its export, the results pages, a learner's activity,
the advanced report and its PDF, and the item analysis.

The saves of true/false sets go through the sitting's save service (``answer_save_run``, the
route's own call): the route's request schema and the result's question shapes learn the two
types of decision 0055 with the test page that writes them."""

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context
from openpyxl import load_workbook

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import Batch, Question
from assessments.tests.fixtures import NOW
from assessments.tests.test_parts import TF_KEY, national_questions, template_preset
from assessments.tests.test_presets_api import post
from assignments.models import Assignment, Attempt
from conftest import client_for
from sitting import attempts, services
from sitting.tests.test_taking import save, start

pytestmark = pytest.mark.django_db


def sitting_of(client, org, preset_id: int, *, learners: int = 1) -> list[tuple]:
    """Generate, add a batch open now, approve and assign ``preset_id`` to new learners of
    ``org``; returns [(learner profile, enrollment id)]."""
    assert post(client, f"/api/v1/test-presets/{preset_id}/generate", {"seed": 19}).status_code == 200
    batch = post(
        client,
        f"/api/v1/test-presets/{preset_id}/batches",
        {
            "starts_at": (NOW - timedelta(hours=1)).isoformat(),
            "expires_at": (NOW + timedelta(hours=3)).isoformat(),
            "slots": 10,
        },
    ).json()["data"]
    res = post(client, f"/api/v1/test-presets/{preset_id}/approve")
    assert res.status_code == 200, res.json()
    people = [ProfileFactory(organization=org) for _ in range(learners)]
    res = post(
        client,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch["id"], "learner_profile_ids": [p.pk for p in people]},
    )
    assert res.status_code == 201, res.json()
    return [(p, Enrollment.objects.get(profile=p).pk) for p in people]


def started(learner, eid: int, org) -> tuple[str, Attempt, dict[int, Question]]:
    res = start(client_for(learner), eid, no_camera=True)
    assert res.status_code == 200, res.json()
    with schema_context(org.schema_name):
        attempt = Attempt.objects.get(pk=res.json()["data"]["attempt_id"])
        questions = Question.objects.in_bulk(attempt.question_ids)
    return res.json()["data"]["device_token"], attempt, questions


def answer(learner, eid: int, token: str, qid: int, value: dict, seq: int = 1) -> None:
    """The learner's save, through the save service the route calls."""
    facts = attempts.answer_save_run(
        profile_id=learner.pk,
        enrollment_id=eid,
        device_token=token,
        question_id=qid,
        answer=value,
        flagged=False,
        seq=seq,
    )
    assert facts is not None and facts.applied and facts.fits, qid


def submit(learner, eid: int, token: str) -> None:
    res = client_for(learner).post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["released"] is True


def by_part(attempt: Attempt, questions: dict[int, Question]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for qid in attempt.question_ids:
        out.setdefault(questions[qid].type, []).append(qid)
    return out


@pytest.fixture
def mathematics(as_educator_a, round_id, org_a):
    """The THPT 2025 Mathematics template made into a preset (out of 10, auto release, pass mark
    5) and taken by two learners."""
    national = national_questions(org_a)
    preset = template_preset(
        as_educator_a,
        round_id,
        national["subject"],
        auto_release_result=True,
        allow_no_camera=True,
        passing_score=5,
    )
    return preset, sitting_of(as_educator_a, org_a, preset["id"], learners=2)


def test_the_attempt_keeps_the_parts_points(mathematics, org_a):
    _preset, ((learner, eid), _other) = mathematics
    _token, attempt, questions = started(learner, eid, org_a)
    groups = by_part(attempt, questions)
    assert [len(groups[k]) for k in ("single_choice", "true_false_set", "numeric")] == [12, 4, 6]
    assert attempt.question_ids == groups["single_choice"] + groups["true_false_set"] + groups["numeric"]
    assert {attempt.points[str(q)] for q in groups["single_choice"]} == {"0.25"}
    assert {attempt.points[str(q)] for q in groups["true_false_set"]} == {"1.00"}
    assert {attempt.points[str(q)] for q in groups["numeric"]} == {"0.50"}
    assert attempt.max_score == Decimal(10)
    assert [(p["name_vi"], p["question_type"], p["points"], p["question_ids"]) for p in attempt.parts] == [
        ("Phần I. Trắc nghiệm nhiều phương án lựa chọn", "single_choice", "0.25", groups["single_choice"]),
        ("Phần II. Trắc nghiệm đúng sai", "true_false_set", "1.00", groups["true_false_set"]),
        ("Phần III. Trắc nghiệm trả lời ngắn", "numeric", "0.50", groups["numeric"]),
    ]


def test_a_fully_right_sitting_of_the_mathematics_template_scores_exactly_10(mathematics, org_a):
    _preset, ((learner, eid), _other) = mathematics
    token, attempt, questions = started(learner, eid, org_a)
    groups = by_part(attempt, questions)
    for qid in groups["single_choice"]:
        answer(learner, eid, token, qid, {"option": "a"})
    for qid in groups["true_false_set"]:
        answer(learner, eid, token, qid, {"statements": TF_KEY})
    for qid in groups["numeric"]:
        answer(learner, eid, token, qid, {"text": "0,5"})
    submit(learner, eid, token)
    result = services.result_view(profile=learner, enrollment_id=eid)
    assert (result["score"], result["max_score"]) == (10.0, 10.0)
    assert (result["scale_score"], result["scale_max"], result["result"]) == (10.0, 10.0, "passed")
    assert [(p["name"], p["question_count"], p["scale_score"], p["scale_max"]) for p in result["parts"]] == [
        ("Phần I. Trắc nghiệm nhiều phương án lựa chọn", 12, 3.0, 3.0),
        ("Phần II. Trắc nghiệm đúng sai", 4, 4.0, 4.0),
        ("Phần III. Trắc nghiệm trả lời ngắn", 6, 3.0, 3.0),
    ]


def test_a_fixed_answer_set_scores_7_35(mathematics, org_a, as_educator_a):
    """Phần I: 9 of 12 right, 9 x 0,25 = 2,25. Phần II: all four statements, all four, three
    (0,5) and one (0,1): 2,6. Phần III: 5 of 6 right ("0,5", "0.5" and ",5" are the same number),
    5 x 0,5 = 2,5. Total 2,25 + 2,6 + 2,5 = 7,35 out of 10."""
    _preset, (_first, (learner, eid)) = mathematics
    token, attempt, questions = started(learner, eid, org_a)
    groups = by_part(attempt, questions)
    for i, qid in enumerate(groups["single_choice"]):
        answer(learner, eid, token, qid, {"option": "a" if i < 9 else "b"})
    tf = groups["true_false_set"]
    answer(learner, eid, token, tf[0], {"statements": TF_KEY})
    answer(learner, eid, token, tf[1], {"statements": TF_KEY})
    answer(learner, eid, token, tf[2], {"statements": {**TF_KEY, "d": True}})  # three right: 0,5
    answer(learner, eid, token, tf[3], {"statements": {"a": True}})  # one right: 0,1
    for i, qid in enumerate(groups["numeric"]):
        answer(learner, eid, token, qid, {"text": ["0,5", "0.5", ",5", "0,50", "0,5", "0,6"][i]})
    submit(learner, eid, token)
    result = services.result_view(profile=learner, enrollment_id=eid)
    assert (result["score"], result["scale_score"], result["scale_max"]) == (7.35, 7.35, 10.0)
    assert result["result"] == "passed" and result["passing_score"] == 5.0
    assert [(p["score"], p["max_score"]) for p in result["parts"]] == [(2.25, 3.0), (2.6, 4.0), (2.5, 3.0)]
    # The gradebook shows the same subtotals.
    book = as_educator_a.get(f"/api/v1/test-presets/{_preset['id']}/gradebook").json()["data"]
    assert [p["name"] for p in book["scope"]["parts"]] == [
        "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
        "Phần II. Trắc nghiệm đúng sai",
        "Phần III. Trắc nghiệm trả lời ngắn",
    ]
    (row,) = [r for r in book["items"] if r["attempt_id"] == attempt.pk]
    assert row["scale_score"] == 7.35 and [p["scale_score"] for p in row["parts"]] == [2.25, 2.6, 2.5]


def test_per_learner_draws_take_the_parts_points(as_educator_a, round_id, org_a):
    national = national_questions(org_a)
    preset = template_preset(
        as_educator_a, round_id, national["subject"], form_mode="per_learner", allow_no_camera=True
    )
    assert preset["max_score"] == 10.0
    ((learner, eid),) = sitting_of(as_educator_a, org_a, preset["id"])
    _token, attempt, questions = started(learner, eid, org_a)
    groups = by_part(attempt, questions)
    assert [len(groups[k]) for k in ("single_choice", "true_false_set", "numeric")] == [12, 4, 6]
    assert {attempt.points[str(q)] for q in groups["numeric"]} == {"0.50"}
    assert attempt.max_score == Decimal(10) and [len(p["question_ids"]) for p in attempt.parts] == [12, 4, 6]


# --- one number on every screen --------------------------------------------------------------------


def _pdf_text(content: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_one_score_is_shown_the_same_on_every_screen(
    as_educator_a, educator_a, round_id, org_a, settings, tmp_path, django_capture_on_commit_callbacks
):
    """A test out of 10 whose raw maximum is 8 (Phần I: 12 single-choice questions at 0,5; Phần
    II: 4 true/false questions at 0,5): 8 right in Phần I (4) and 2 in Phần II (1) make 5 of 8
    points, 6,25 out of 10; the parts read 5,00/7,50 and 1,25/2,50. Every screen says 6,25."""
    settings.MEDIA_ROOT = tmp_path
    national = national_questions(org_a)
    with schema_context(org_a.schema_name):
        g = Question.objects.filter(type="single_choice").first()
        Question.objects.bulk_create(
            Question(
                bank_id=g.bank_id,
                type="true_false",
                grade=12,
                subject_id=national["subject"],
                difficulty="easy",
                content={"stem": {"vi": f"Đúng hay sai {i}", "en": ""}, "options": [], "explanation": {}},
                answer_key={"value": True},
                topic_id=national["g"],
                complexity_level_id=national["nb"],
                status="published",
                created_by_profile_id=1,
            )
            for i in range(4)
        )
    s, g_id, h_id = national["subject"], national["g"], national["h"]
    body = {
        "name": "Kiểm tra Toán 12",
        "grade": 12,
        "duration_minutes": 45,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "round_id": round_id,
        "auto_release_result": True,
        "allow_no_camera": True,
        "passing_score": 5,
        "subjects": [{"subject_id": s, "items": []}],
        "parts": [
            {
                "question_type": "single_choice",
                "points_per_question": 0.5,
                "items": [{"cluster_id": g_id, "count": 8}, {"cluster_id": h_id, "count": 4}],
            },
            {
                "question_type": "true_false",
                "points_per_question": 0.5,
                "items": [{"cluster_id": g_id, "count": 4}],
            },
        ],
    }
    preset = post(as_educator_a, "/api/v1/test-presets", body).json()["data"]
    assert (preset["max_score"], preset["score_scale"]) == (8.0, "ten")
    ((learner, eid),) = sitting_of(as_educator_a, org_a, preset["id"])
    client = client_for(learner)
    token, attempt, questions = started(learner, eid, org_a)
    groups = by_part(attempt, questions)
    for i, qid in enumerate(groups["single_choice"]):
        assert save(client, eid, qid, {"option": "a" if i < 8 else "c"}, 1, token).status_code == 200
    for i, qid in enumerate(groups["true_false"]):
        assert save(client, eid, qid, {"value": i < 2}, 1, token).status_code == 200
    submit(learner, eid, token)

    # The result.
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert (result["score"], result["max_score"]) == (5.0, 8.0)
    assert (result["scale_score"], result["scale_max"], result["result"]) == (6.25, 10.0, "passed")
    assert [(p["name"], p["scale_score"], p["scale_max"]) for p in result["parts"]] == [
        ("Phần I", 5.0, 7.5),
        ("Phần II", 1.25, 2.5),
    ]
    english = client.get(f"/api/v1/take-test/{eid}/result", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert [p["name"] for p in english["parts"]] == ["Part I", "Part II"]
    # The learner's list.
    (mine,) = client.get("/api/v1/assignment-users/my-list").json()["data"]["items"]
    assert (mine["scale_score"], mine["scale_max"]) == (6.25, 10.0)
    # The gradebook, and its export.
    book = as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/gradebook").json()["data"]
    (row,) = book["items"]
    assert (row["scale_score"], row["scale_max"]) == (6.25, 10.0)
    assert [(p["scale_score"], p["scale_max"]) for p in row["parts"]] == [(5.0, 7.5), (1.25, 2.5)]
    res = as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/gradebook/export")
    sheet = load_workbook(io.BytesIO(b"".join(res.streaming_content)), read_only=True).worksheets[0]
    header, line = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert header[5:11] == ["Điểm", "Thang điểm", "Phần I", "Phần II", "Điểm thô", "Điểm thô tối đa"]
    assert line[5:11] == [6.25, 10, 5, 1.25, 5, 8]
    # The results pages and a learner's activity.
    (listed,) = as_educator_a.get("/api/v1/attempts", {"preset_id": preset["id"]}).json()["data"]["items"]
    assert (listed["scale_score"], listed["scale_max"]) == (6.25, 10.0)
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}").json()["data"]
    assert detail["scale_score"] == 6.25 and [p["scale_score"] for p in detail["parts"]] == [5.0, 1.25]
    activity = as_educator_a.get(f"/api/v1/organization/members/{learner.pk}/activity").json()["data"]
    assert activity["assignments"][0]["attempt"]["scale_score"] == 6.25
    # The advanced report, and its PDF in both languages.
    with schema_context(org_a.schema_name):
        Assignment.objects.update(advanced_report=True)
        Batch.objects.update(expires_at=timezone.now())
    report = client.post(f"/api/v1/take-test/{eid}/report").json()["data"]["report"]
    assert (report["scale_score"], report["scale_max"], report["scale_cohort_mean"]) == (6.25, 10.0, 6.25)
    pdf = _pdf_text(b"".join(client.get(f"/api/v1/take-test/{eid}/report/pdf").streaming_content))
    assert "Điểm\n6,25/10 (62,5 %)\nPhần I\n5,00/7,5\nPhần II\n1,25/2,5" in pdf
    assert "Điểm trung bình của nhóm\n6,25/10" in pdf
    # The item analysis: one attempt, so its mean is that score.
    with django_capture_on_commit_callbacks(execute=True):
        as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/item-analysis")
    analysis = as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/item-analysis").json()["data"]
    assert analysis["summary"]["mean"] == 5.0 and analysis["summary"]["max_score"] == 8.0
    assert analysis["scale"] | {"histogram": None} == {
        "score_scale": "ten",
        "scale_max": 10.0,
        "mean": 6.25,
        "median": 6.25,
        "sd": None,
        "histogram": None,
    }
    # Market analytics shows no score (purchases and revenue only): nothing to convert there.


def test_the_test_page_gets_the_parts_with_their_numbers_in_the_readers_language(mathematics, org_a):
    """The attempt's GET heads its form's parts (the test page's "Phần II. Trắc nghiệm đúng sai ·
    1 điểm/câu" and the grid's groups): names in the reader's language, points per question and
    the numbers each part holds."""
    _preset, ((learner, eid), _other) = mathematics
    _token, attempt, _questions = started(learner, eid, org_a)
    client = client_for(learner)
    vi = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    assert vi["parts"] == [
        {
            "position": 1,
            "name": "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
            "place": "Phần I",
            "question_type": "single_choice",
            "points": 0.25,
            "first": 1,
            "count": 12,
        },
        {
            "position": 2,
            "name": "Phần II. Trắc nghiệm đúng sai",
            "place": "Phần II",
            "question_type": "true_false_set",
            "points": 1.0,
            "first": 13,
            "count": 4,
        },
        {
            "position": 3,
            "name": "Phần III. Trắc nghiệm trả lời ngắn",
            "place": "Phần III",
            "question_type": "numeric",
            "points": 0.5,
            "first": 17,
            "count": 6,
        },
    ]
    assert [q["type"] for q in vi["questions"][12:17]] == ["true_false_set"] * 4 + ["numeric"]
    en = client.get(f"/api/v1/take-test/{eid}/attempt", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert [(p["name"], p["place"]) for p in en["parts"]] == [
        ("Part I. Four-option multiple choice", "Part I"),
        ("Part II. True/false questions", "Part II"),
        ("Part III. Short answers", "Part III"),
    ]


def test_a_part_without_a_name_is_headed_by_its_place():
    """``form_parts``: a part saved without names reads "Phần II" / "Part II"; its numbers follow
    the form's order."""
    from assessments.parts import form_parts

    parts = [
        {
            "name_vi": "",
            "name_en": "",
            "question_type": "single_choice",
            "points": "0.25",
            "question_ids": [7, 3],
        },
        {"name_vi": " ", "name_en": "", "question_type": "numeric", "points": "0.50", "question_ids": [9]},
    ]
    assert form_parts(parts, [7, 3, 9], language="vi") == [
        {
            "position": 1,
            "name": "Phần I",
            "place": "Phần I",
            "question_type": "single_choice",
            "points": 0.25,
            "first": 1,
            "count": 2,
        },
        {
            "position": 2,
            "name": "Phần II",
            "place": "Phần II",
            "question_type": "numeric",
            "points": 0.5,
            "first": 3,
            "count": 1,
        },
    ]
    assert [p["name"] for p in form_parts(parts, [7, 3, 9], language="en")] == ["Part I", "Part II"]
    assert form_parts([], [7, 3, 9]) == []
