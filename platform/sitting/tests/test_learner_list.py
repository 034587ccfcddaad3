"""The learner's list and detail of assignments (issue 7, item 1): the latest attempt's number,
score, maximum score, result and release flag, withheld until release, across organizations at a
constant number of queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import Batch, MatrixCluster, Question, QuestionBank, Subject, TestPreset
from assessments.tests.test_presets_api import NOW, post, preset_body
from assignments.services import assignment_create
from conftest import client_for
from sitting.tests.test_taking import save, start

pytestmark = pytest.mark.django_db

ATTEMPT_FIELDS = ("attempt_no", "attempt_status", "max_score", "score", "result", "released")


def small_bank(org) -> dict[str, int]:
    """True/false grade-9 maths questions in ``org`` for ``preset_body``: 4 of a topic at NB (1
    point), 2 of its subtopic at TH (2 points); every key is True."""
    with schema_context(org.schema_name):
        subject = Subject.objects.get(code="toan")
        t1 = MatrixCluster.objects.create(type="topic", code="L1", description="Đại số")
        s1 = MatrixCluster.objects.create(type="subtopic", code="L1a", description="Căn", parent=t1)
        nb = MatrixCluster.objects.get(type="complexity_level", code="NB")
        th = MatrixCluster.objects.get(type="complexity_level", code="TH")
        folder = QuestionBank.objects.create(name="L", created_by_profile_id=1)
        for topic, level, n, weight in ((t1, nb, 4, 1), (s1, th, 2, 2)):
            for i in range(n):
                Question.objects.create(
                    bank=folder,
                    type="true_false",
                    grade=9,
                    subject=subject,
                    difficulty="easy",
                    score_weight=weight,
                    content={
                        "stem": {"vi": f"Câu {topic.code}-{i}", "en": ""},
                        "options": [],
                        "explanation": {},
                    },
                    answer_key={"value": True},
                    topic=t1,
                    subtopic=s1 if topic is s1 else None,
                    complexity_level=level,
                    status="published",
                    created_by_profile_id=1,
                )
        return {"subject": subject.pk, "t1": t1.pk, "s1": s1.pk, "nb": nb.pk, "th": th.pk}


def open_preset(client, bank, round_id, *, name: str, auto_release: bool) -> tuple[int, int]:
    """An approved preset with a batch open now; returns (preset id, batch id)."""
    body = preset_body(bank, round_id, name=name, auto_release_result=auto_release, allow_no_camera=True)
    preset = post(client, "/api/v1/test-presets", body).json()["data"]
    assert post(client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 5}).status_code == 200
    batch = post(
        client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "starts_at": (NOW - timedelta(hours=1)).isoformat(),
            "expires_at": (NOW + timedelta(hours=3)).isoformat(),
            "slots": 10,
        },
    ).json()["data"]
    assert post(client, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200
    return preset["id"], batch["id"]


def give(org, learner, preset_id: int, batch_id: int, *, source: str) -> int:
    """Assign ``preset_id`` of ``org`` to ``learner`` (as a purchase does for a learner of any
    organization); returns the enrollment id."""
    with schema_context(org.schema_name):
        (row,) = assignment_create(
            preset=TestPreset.objects.get(pk=preset_id),
            batch=Batch.objects.get(pk=batch_id),
            learners=[learner],
            source=source,
            paid=source == "purchase",
            purchase_cost=90_000 if source == "purchase" else 0,
        )
    return Enrollment.objects.get(organization=org, object_id=row.pk).pk


def take(client, eid: int, correct: int) -> float:
    """Start (no camera), answer the first ``correct`` questions right and submit; returns the
    points earned."""
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    answered = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][:correct]
    for q in answered:
        assert save(client, eid, q["id"], {"value": True}, 1, token).status_code == 200
    assert (
        client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token}).status_code == 200
    )
    return float(sum(q["points"] for q in answered))


def listed(client) -> tuple[dict[int, dict], int]:
    """The learner's list by enrollment id and the number of queries it ran."""
    with CaptureQueriesContext(connection) as queries:
        res = client.get("/api/v1/assignment-users/my-list?limit=20")
    assert res.status_code == 200, res.json()
    return {row["enrollment_id"]: row for row in res.json()["data"]["items"]}, len(queries)


def test_latest_attempt_withheld_until_release_across_organizations(
    as_educator_a, educator_b, bank, round_id, org_a, org_b, django_assert_max_num_queries
):
    as_educator_b = client_for(educator_b)
    round_b = post(
        as_educator_b,
        "/api/v1/rounds",
        {
            "name": "Vòng B",
            "starts_at": NOW.isoformat(),
            "expires_at": (NOW + timedelta(days=30)).isoformat(),
        },
    ).json()["data"]["id"]
    bank_b = small_bank(org_b)
    learner = ProfileFactory(organization=org_a)
    client = client_for(learner)

    held_preset, held_batch = open_preset(
        as_educator_a, bank, round_id, name="Giữ kết quả", auto_release=False
    )
    held = give(org_a, learner, held_preset, held_batch, source="direct")
    rows, one_org_queries = listed(client)
    assert rows[held] == {**rows[held], **dict.fromkeys(ATTEMPT_FIELDS), "released": False}

    untouched = give(
        org_a,
        learner,
        *open_preset(as_educator_a, bank, round_id, name="Chưa làm", auto_release=True),
        source="direct",
    )
    auto_b = give(
        org_b,
        learner,
        *open_preset(as_educator_b, bank_b, round_b, name="Tự công bố", auto_release=True),
        source="purchase",
    )
    other_b = give(
        org_b,
        learner,
        *open_preset(as_educator_b, bank_b, round_b, name="Khác", auto_release=True),
        source="purchase",
    )

    take(client, held, correct=6)  # 8 points: 4 x 1 + 2 x 2, passing score 5
    earned = take(client, auto_b, correct=2)  # 2 to 4 points of 8: failed
    rows, queries = listed(client)
    assert len(rows) == 4 and queries == one_org_queries  # one UNION whatever the organizations
    assert rows[held] == {
        **rows[held],
        "attempt_no": 1,
        "attempt_status": "submitted",
        "max_score": 8.0,
        "score": None,  # graded, but not released
        "result": None,
        "released": False,
        "status": "graded",
    }
    assert rows[auto_b] == {
        **rows[auto_b],
        "attempt_no": 1,
        "max_score": 8.0,
        "score": earned,
        "result": "failed",
        "released": True,
        "organization": org_b.shown_name,
    }
    assert rows[untouched] == {**rows[untouched], **dict.fromkeys(ATTEMPT_FIELDS), "released": False}
    assert rows[other_b]["attempt_no"] is None and rows[other_b]["source"] == "purchase"
    detail = client.get(f"/api/v1/assignment-users/{held}").json()["data"]
    assert detail["score"] is None and detail["result"] is None and detail["max_score"] == 8.0

    assert as_educator_a.post(f"/api/v1/batches/{held_batch}/release").json()["data"]["released"] == 1
    with django_assert_max_num_queries(one_org_queries):
        rows, _ = listed(client)
    assert rows[held] == {**rows[held], "score": 8.0, "max_score": 8.0, "result": "passed", "released": True}
    detail = client.get(f"/api/v1/assignment-users/{held}").json()["data"]
    assert (detail["score"], detail["result"], detail["released"]) == (8.0, "passed", True)
    # another learner sees none of it
    assert client_for(ProfileFactory()).get(f"/api/v1/assignment-users/{held}").status_code == 404
