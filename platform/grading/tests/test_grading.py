"""Grading, release, reinstatement, accommodations and batch progress (issue 7, items 4-8)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from assessments.models import MatrixCluster, Question, QuestionBank
from conftest import client_for
from sitting.tests.test_taking import J, open_test, save, start

pytestmark = pytest.mark.django_db


def add_open_questions(org, bank):
    """An essay and a short-text question in topic T2 (level NB) of the fixture bank."""
    with schema_context(org.schema_name):
        folder = QuestionBank.objects.first()
        t2 = MatrixCluster.objects.get(pk=bank["t2"])
        nb = MatrixCluster.objects.get(pk=bank["nb"])
        common = {
            "bank": folder,
            "grade": 9,
            "subject_id": bank["subject"],
            "topic": t2,
            "complexity_level": nb,
        }
        common |= {"status": "published", "created_by_profile_id": 1, "difficulty": "easy"}
        Question.objects.create(
            type="essay",
            content={"stem": {"vi": "Trình bày cách giải.", "en": ""}, "options": [], "explanation": {}},
            answer_key={"rubric": "Đúng phương pháp: 1 điểm"},
            **common,
        )
        Question.objects.create(
            type="short_text",
            content={"stem": {"vi": "Thủ đô?", "en": ""}, "options": [], "explanation": {}},
            answer_key={"accepted": ["Hà Nội"]},
            **common,
        )


def blueprint(bank):
    return [
        {
            "subject_id": bank["subject"],
            "items": [
                {"cluster_id": bank["t1"], "complexity_level_id": bank["nb"], "count": 4},
                {"cluster_id": bank["t2"], "complexity_level_id": bank["nb"], "count": 4},
            ],
        }
    ]


def test_grading_then_release(as_educator_a, educator_b, bank, round_id, org_a):
    add_open_questions(org_a, bank)
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a, subjects=blueprint(bank))
    with schema_context(org_a.schema_name):
        from assessments.models import TestPreset

        TestPreset.objects.update(auto_release_result=False)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    for q in questions:
        answer = {"essay": {"text": "Dùng hằng đẳng thức."}, "short_text": {"text": "Huế"}}.get(
            q["type"], {"value": True}
        )
        save(client, eid, q["id"], answer, 1, token)
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert client.get(f"/api/v1/take-test/{eid}/result").json()["data"]["released"] is False

    pending = as_educator_a.get("/api/v1/grading").json()["data"]
    assert pending["total"] == 2 and {r["question_type"] for r in pending["items"]} == {"essay", "short_text"}
    essay = next(r for r in pending["items"] if r["question_type"] == "essay")
    assert essay["rubric"].startswith("Đúng") and essay["answer"] == {"text": "Dùng hằng đẳng thức."}
    res = as_educator_a.put(f"/api/v1/grading/{essay['id']}", {"score": 2}, content_type=J)
    assert res.status_code == 400 and "score" in res.json()["errors"]
    assert (
        client_for(educator_b).put(f"/api/v1/grading/{essay['id']}", {"score": 1}, content_type=J).status_code
        == 404
    )
    for row in pending["items"]:
        res = as_educator_a.put(
            f"/api/v1/grading/{row['id']}",
            {"score": 1 if row is essay else 0, "comment": "Tốt"},
            content_type=J,
        )
        assert res.status_code == 200, res.json()
    attempts = as_educator_a.get("/api/v1/attempts").json()["data"]["items"]
    (row,) = attempts
    assert row["result"] in ("passed", "failed") and row["released_at"] is None and row["score"] == 7
    detail = as_educator_a.get(f"/api/v1/attempts/{row['id']}").json()["data"]
    assert len(detail["answers"]) == 8 and detail["events"] == []
    assert client_for(educator_b).get(f"/api/v1/attempts/{row['id']}").status_code == 404
    released = as_educator_a.post(f"/api/v1/batches/{row['batch_id']}/release").json()["data"]["released"]
    assert released == 1
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert result["released"] and result["score"] == 7
    essay_row = next(a for a in result["answers"] if a["question"]["type"] == "essay")
    assert essay_row["comment"] == "Tốt" and essay_row["key"] == {}


def test_reinstate_voided_with_reason(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    for _ in range(6):
        client.post(
            f"/api/v1/take-test/{eid}/events",
            {"kind": "tab_hidden"},
            content_type=J,
            headers={"X-Device-Token": token},
        )
    (row,) = as_educator_a.get("/api/v1/attempts").json()["data"]["items"]
    assert row["voided"] and row["result"] == "failed"
    url = f"/api/v1/attempts/{row['id']}/reinstate"
    assert as_educator_a.post(url, {"reason": " "}, content_type=J).status_code == 400
    res = as_educator_a.post(url, {"reason": "Mất điện, học sinh phải đổi máy"}, content_type=J)
    assert res.status_code == 200 and res.json()["data"]["voided"] is False
    events = as_educator_a.get(f"/api/v1/attempts/{row['id']}").json()["data"]["events"]
    assert events[-1]["kind"] == "reinstated" and "Mất điện" in events[-1]["note"]
    assert as_educator_a.post(url, {"reason": "x"}, content_type=J).status_code == 409


def test_accommodation_stretches_time_and_progress(as_educator_a, bank, round_id, org_a):
    (a, eid_a), (b, eid_b) = open_test(as_educator_a, bank, round_id, org_a, learners=2)
    res = as_educator_a.post(
        "/api/v1/accommodations", {"learner_profile_id": a.pk, "factor": 5}, content_type=J
    )
    assert res.status_code == 400 and "factor" in res.json()["errors"]
    res = as_educator_a.post(
        "/api/v1/accommodations",
        {"learner_profile_id": a.pk, "factor": "1.5", "reason": "Khuyết tật vận động"},
        content_type=J,
    )
    assert res.status_code == 200, res.json()
    slow = start(client_for(a), eid_a, no_camera=True).json()["data"]
    normal = start(client_for(b), eid_b, no_camera=True).json()["data"]
    from datetime import datetime

    def minutes(d):
        return (
            datetime.fromisoformat(d["deadline_at"]) - datetime.fromisoformat(d["server_now"])
        ).total_seconds() / 60

    assert 67 <= minutes(slow) <= 68 and 44 <= minutes(normal) <= 45
    qid = client_for(b).get(f"/api/v1/take-test/{eid_b}/attempt").json()["data"]["questions"][0]["id"]
    save(client_for(b), eid_b, qid, {"value": True}, 1, normal["device_token"])
    batch_id = as_educator_a.get("/api/v1/attempts").json()["data"]["items"][0]["batch_id"]
    progress = {
        r["learner_name"]: r for r in as_educator_a.get(f"/api/v1/batches/{batch_id}/progress").json()["data"]
    }
    assert progress[b.user.name_or_email]["answered"] == 1 and progress[a.user.name_or_email]["answered"] == 0
    assert progress[a.user.name_or_email]["status"] == "in_progress"


def test_organization_wide_extra_minutes_stretch_the_window_shown_and_enforced(
    as_educator_a, bank, round_id, org_a
):
    from datetime import datetime, timedelta

    from django.utils import timezone
    from django_tenants.utils import schema_context

    from assessments.models import Batch

    (a, eid_a), (b, eid_b) = open_test(as_educator_a, bank, round_id, org_a, learners=2)
    res = as_educator_a.post(
        "/api/v1/accommodations",
        {"learner_profile_id": a.pk, "extra_minutes": 30, "reason": "Thị lực kém"},
        content_type=J,
    )
    assert res.status_code == 200, res.json()
    expired = timezone.now() - timedelta(minutes=10)  # the batch closed ten minutes ago
    with schema_context(org_a.schema_name):
        Batch.objects.update(expires_at=expired)

    prep_a = client_for(a).get(f"/api/v1/take-test/{eid_a}").json()["data"]
    prep_b = client_for(b).get(f"/api/v1/take-test/{eid_b}").json()["data"]
    assert prep_a["time_limit_minutes"] == 75 and prep_b["time_limit_minutes"] == 45
    stretched = datetime.fromisoformat(prep_a["window_expires_at"]) - expired
    assert abs(stretched.total_seconds() - 30 * 60) < 1
    assert prep_a["can_start_now"] is True and prep_b["can_start_now"] is False

    res = start(client_for(b), eid_b, no_camera=True)
    assert res.status_code == 409 and res.json()["code"] == "outside_window"
    started = start(client_for(a), eid_a, no_camera=True).json()["data"]
    left = datetime.fromisoformat(started["deadline_at"]) - datetime.fromisoformat(started["server_now"])
    assert 19 <= left.total_seconds() / 60 <= 20.1  # capped by the stretched window, not 75 minutes


def test_advanced_report_availability_wait_and_pdf(as_educator_a, bank, round_id, org_a, settings, tmp_path):
    from django.utils import timezone

    from assessments.models import Batch
    from assignments.models import Assignment

    settings.MEDIA_ROOT = tmp_path
    people = open_test(as_educator_a, bank, round_id, org_a, learners=3)
    for n, (learner, eid) in enumerate(people):
        client = client_for(learner)
        token = start(client, eid, no_camera=True).json()["data"]["device_token"]
        for q in client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][: 2 + 2 * n]:
            save(client, eid, q["id"], {"value": True}, 1, token)
        client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    learner, eid = people[1]
    client = client_for(learner)
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert result["breakdown"]["topic"] and result["breakdown"]["subject"][0]["max"] == 8
    state = client.get(f"/api/v1/take-test/{eid}/report").json()["data"]
    assert state == {**state, "available": False, "reason": "report_not_purchased"}
    with schema_context(org_a.schema_name):
        Assignment.objects.update(advanced_report=True)
    assert client.get(f"/api/v1/take-test/{eid}/report").json()["data"]["reason"] == "test_not_ended"
    with schema_context(org_a.schema_name):
        Batch.objects.update(expires_at=timezone.now())
    assert client.get(f"/api/v1/take-test/{eid}/report").json()["data"]["available"] is True
    res = client.post(f"/api/v1/take-test/{eid}/report")
    assert res.status_code == 200, res.json()
    report = res.json()["data"]["report"]
    assert report["takers"] == 3 and report["percentile"] == 50.0 and sum(report["histogram"]) == 3
    assert report["breakdown"]["topic"][0]["cohort_percent"] >= 0
    again = client.post(f"/api/v1/take-test/{eid}/report")
    assert again.status_code == 409 and again.json()["code"] == "report_wait" and again.json()["retry_at"]
    pdf = client.get(f"/api/v1/take-test/{eid}/report/pdf")
    assert pdf.status_code == 200 and b"".join(pdf.streaming_content).startswith(b"%PDF")
    assert client_for(people[0][0]).get(f"/api/v1/take-test/{eid}/report").status_code == 404
