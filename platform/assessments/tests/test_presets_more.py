"""Test presets (issue 5): per-learner forms, approval rights, round isolation, the passing score
checked on save, linked surveys (issue 8, item 2) and constant query counts of the preset and
marketplace lists."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import MatrixCluster, Question, QuestionBank, Round, Subject
from assessments.tests.test_presets_api import NOW, post, preset_body, put
from assessments.tests.test_presets_api import preset_body as shared_body
from assignments.models import Assignment
from conftest import client_for
from marketplace.models import Listing
from sitting.attempts import _form
from surveys.models import Survey
from surveys.tests.helpers import allow, published_survey

pytestmark = pytest.mark.django_db

POOL = 20  # single-choice questions of the per-learner pool
DRAW = 5  # drawn per learner


@pytest.fixture
def choice_bank(org_a):
    """``POOL`` published grade-9 maths single-choice questions with four options each, in one
    topic (at level NB)."""
    with schema_context(org_a.schema_name):
        subject = Subject.objects.get(code="toan")
        topic = MatrixCluster.objects.create(type="topic", code="P1", description="Số học")
        nb = MatrixCluster.objects.get(type="complexity_level", code="NB")
        folder = QuestionBank.objects.create(name="Choices", created_by_profile_id=1)
        for i in range(POOL):
            Question.objects.create(
                bank=folder,
                type="single_choice",
                grade=9,
                subject=subject,
                difficulty="easy",
                score_weight=2,
                content={
                    "stem": {"vi": f"Câu {i}", "en": f"Question {i}"},
                    "options": [{"id": o, "vi": o, "en": o} for o in ("a", "b", "c", "d")],
                    "explanation": {"vi": "", "en": ""},
                },
                answer_key={"option": "a"},
                topic=topic,
                complexity_level=nb,
                status="published",
                created_by_profile_id=1,
            )
        return {"subject": subject.pk, "topic": topic.pk, "nb": nb.pk}


def per_learner_body(choice_bank, round_id, **extra):
    return {
        "name": "Toán 9 (đề riêng)",
        "grade": 9,
        "duration_minutes": 30,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "round_id": round_id,
        "form_mode": "per_learner",
        "passing_score": 3,
        "subjects": [
            {
                "subject_id": choice_bank["subject"],
                "items": [
                    {
                        "cluster_id": choice_bank["topic"],
                        "complexity_level_id": choice_bank["nb"],
                        "count": DRAW,
                    }
                ],
            }
        ],
        **extra,
    }


def test_per_learner_forms_differ_and_reproduce(as_educator_a, choice_bank, round_id, org_a):
    res = post(as_educator_a, "/api/v1/test-presets", per_learner_body(choice_bank, round_id))
    assert res.status_code == 201, res.json()
    preset = res.json()["data"]
    assert preset["form_mode"] == "per_learner" and preset["max_score"] == DRAW
    start = NOW + timedelta(days=2)
    batch = post(
        as_educator_a,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {"starts_at": start.isoformat(), "expires_at": (start + timedelta(hours=2)).isoformat(), "slots": 5},
    ).json()["data"]
    # the preview draw stores the seed from which every learner's own draw is derived
    res = post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 11})
    assert res.status_code == 200 and res.json()["data"]["generation_seed"] == 11
    assert post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200
    learners = [ProfileFactory(organization=org_a) for _ in range(2)]
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {
            "preset_id": preset["id"],
            "batch_id": batch["id"],
            "learner_profile_ids": [p.pk for p in learners],
        },
    )
    assert res.status_code == 201, res.json()
    with schema_context(org_a.schema_name):
        pool = set(Question.objects.filter(topic_id=choice_bank["topic"]).values_list("pk", flat=True))
        one, two = Assignment.objects.filter(preset_id=preset["id"]).select_related("preset").order_by("pk")
        forms = [_form(one), _form(two)]
        # reproducible: drawing again for the same assignment gives the same form
        assert [_form(one), _form(two)] == forms
        # a fresh load of the rows changes nothing either
        again = Assignment.objects.select_related("preset").get(pk=one.pk)
        assert _form(again) == forms[0]
    for ids, orders, points, parts in forms:
        assert parts == []  # a preset without parts (decision 0056)
        assert len(ids) == DRAW and len(set(ids)) == DRAW and set(ids) <= pool
        assert set(orders) == {str(i) for i in ids}
        assert all(sorted(order) == ["a", "b", "c", "d"] for order in orders.values())
        assert points == {str(i): "1" for i in ids}  # every question counts 1 point
    (ids_1, orders_1, _, _), (ids_2, orders_2, _, _) = forms
    # different learners, different forms (questions or their order, and the option orders)
    assert ids_1 != ids_2
    assert [orders_1[str(i)] for i in ids_1] != [orders_2[str(i)] for i in ids_2]


def test_passing_score_checked_on_save_when_the_maximum_is_known(as_educator_a, bank, choice_bank, round_id):
    # Raw points (decision 0056: a pass mark out of 10 is checked against 10, see test_parts.py).
    def preset_body(*args, **extra):
        return shared_body(*args, score_scale="raw", **extra)

    # per learner: the maximum is the blueprint's count, known at once
    res = post(
        as_educator_a,
        "/api/v1/test-presets",
        per_learner_body(choice_bank, round_id, passing_score=6, score_scale="raw"),
    )
    assert res.status_code == 400 and set(res.json()["errors"]) == {"passing_score"}
    assert as_educator_a.get("/api/v1/test-presets").json()["data"]["total"] == 0  # nothing saved
    # shared: unknown before the form is generated, so the save is accepted...
    res = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, passing_score=50))
    assert res.status_code == 201, res.json()
    pid = res.json()["data"]["id"]
    generated = post(as_educator_a, f"/api/v1/test-presets/{pid}/generate", {"seed": 42}).json()["data"]
    assert generated["max_score"] == 8.0
    # ...and refused once the generated form gives the maximum (8), nothing changed
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id, passing_score=9))
    assert res.status_code == 400 and res.json()["code"] == "validation_error"
    assert set(res.json()["errors"]) == {"passing_score"}
    detail = as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]
    assert detail["passing_score"] == 50 and detail["question_count"] == 6
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id, passing_score=8))
    assert res.status_code == 200 and res.json()["data"]["passing_score"] == 8
    # a changed blueprint drops the form: the maximum is unknown again, the save is accepted
    changed = preset_body(bank, round_id, passing_score=50)
    changed["subjects"][0]["items"][0]["count"] = 3
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}", changed)
    assert res.status_code == 200 and res.json()["data"]["question_count"] == 0


def test_only_an_admin_rejects(as_educator_a, bank, round_id, org_a):
    pid = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]["id"]
    plain = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=False))
    res = post(plain, f"/api/v1/test-presets/{pid}/reject", {"comment": "Chưa đạt"})
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    assert as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]["status"] == "draft"
    res = post(as_educator_a, f"/api/v1/test-presets/{pid}/reject", {"comment": "Chưa đạt"})
    assert res.status_code == 200 and res.json()["data"]["status"] == "rejected"


def test_round_of_another_organization_is_not_found(as_educator_a, educator_b, org_a):
    other = client_for(educator_b)
    body = {
        "name": "Vòng B",
        "starts_at": NOW.isoformat(),
        "expires_at": (NOW + timedelta(days=3)).isoformat(),
    }
    res = post(other, "/api/v1/rounds", body)
    assert res.status_code == 201, res.json()
    rid = res.json()["data"]["id"]
    assert other.get(f"/api/v1/rounds/{rid}").json()["data"]["name"] == "Vòng B"
    with schema_context(org_a.schema_name):
        assert not Round.objects.filter(pk=rid).exists()
    assert as_educator_a.get(f"/api/v1/rounds/{rid}").status_code == 404
    assert put(as_educator_a, f"/api/v1/rounds/{rid}", {**body, "name": "X"}).status_code == 404
    assert as_educator_a.delete(f"/api/v1/rounds/{rid}").status_code == 404
    assert other.get(f"/api/v1/rounds/{rid}").json()["data"]["name"] == "Vòng B"  # untouched


def test_linked_surveys_are_checked(as_educator_a, bank, round_id, org_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    with schema_context(org_a.schema_name):
        unknown = max(Survey.objects.values_list("pk", flat=True)) + 1000
    res = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, survey_ids=[unknown]))
    assert res.status_code == 400 and set(res.json()["errors"]) == {"survey_ids"}
    assert str(unknown) in res.json()["errors"]["survey_ids"][0]
    res = post(
        as_educator_a,
        "/api/v1/test-presets",
        preset_body(bank, round_id, survey_ids=[survey_id, survey_id]),
    )
    assert res.status_code == 201, res.json()
    pid = res.json()["data"]["id"]
    assert as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]["survey_ids"] == [survey_id]
    res = put(
        as_educator_a,
        f"/api/v1/test-presets/{pid}",
        preset_body(bank, round_id, survey_ids=[survey_id, unknown]),
    )
    assert res.status_code == 400 and "survey_ids" in res.json()["errors"]
    assert as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]["survey_ids"] == [survey_id]
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id, survey_ids=[]))
    assert res.status_code == 200 and res.json()["data"]["survey_ids"] == []


def test_only_published_surveys_are_newly_linked(as_educator_a, bank, round_id, org_a):
    """The picker offers published surveys only; the server holds the same rule for a survey
    newly linked, and keeps a link whose survey has ended since."""
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    draft = post(as_educator_a, "/api/v1/surveys", {}).json()["data"]["id"]
    res = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, survey_ids=[draft]))
    assert res.status_code == 400 and set(res.json()["errors"]) == {"survey_ids"}
    assert str(draft) in res.json()["errors"]["survey_ids"][0]
    res = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, survey_ids=[survey_id]))
    assert res.status_code == 201, res.json()
    pid = res.json()["data"]["id"]
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(status=Survey.Status.ENDED)
    res = put(
        as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id, survey_ids=[survey_id])
    )
    assert res.status_code == 200 and res.json()["data"]["survey_ids"] == [survey_id]
    res = put(
        as_educator_a,
        f"/api/v1/test-presets/{pid}",
        preset_body(bank, round_id, survey_ids=[survey_id, draft]),
    )
    assert res.status_code == 400 and "survey_ids" in res.json()["errors"]
    assert as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]["survey_ids"] == [survey_id]


def _queries(client, url) -> tuple[int, dict]:
    with CaptureQueriesContext(connection) as ctx:
        res = client.get(url)
    assert res.status_code == 200, res.json()
    return len(ctx.captured_queries), res.json()["data"]


def test_preset_list_query_count_is_constant(as_educator_a, bank, round_id):
    def grow_to(n):
        while as_educator_a.get("/api/v1/test-presets").json()["data"]["total"] < n:
            pid = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"][
                "id"
            ]
            post(as_educator_a, f"/api/v1/test-presets/{pid}/generate")
            start = NOW + timedelta(days=2)
            post(
                as_educator_a,
                f"/api/v1/test-presets/{pid}/batches",
                {
                    "starts_at": start.isoformat(),
                    "expires_at": (start + timedelta(hours=1)).isoformat(),
                    "slots": 3,
                },
            )

    grow_to(2)
    small, data = _queries(as_educator_a, "/api/v1/test-presets?limit=50")
    assert data["total"] == 2
    grow_to(8)
    large, data = _queries(as_educator_a, "/api/v1/test-presets?limit=50")
    assert data["total"] == 8 and all(
        r["question_count"] == 6 and r["batch_count"] == 1 for r in data["items"]
    )
    assert small == large


def test_marketplace_list_query_count_is_constant(org_a, org_b, as_learner):
    def listing(org, n):
        return Listing.objects.create(
            organization=org,
            preset_id=10_000 + n,
            name=f"Đề {n}",
            grade=9,
            subjects=[{"code": "toan", "name_vi": "Toán", "name_en": "Maths"}],
            batches=[
                {
                    "id": n,
                    "name": "Ca",
                    "starts_at": NOW.isoformat(),
                    "expires_at": NOW.isoformat(),
                    "slots": 5,
                    "available": 5,
                }
            ],
            price_test_only=100_000,
        )

    for n in range(2):
        listing(org_a if n % 2 else org_b, n)
    small, data = _queries(as_learner, "/api/v1/marketplace?limit=50")
    assert data["total"] == 2
    for n in range(2, 8):
        listing(org_a if n % 2 else org_b, n)
    large, data = _queries(as_learner, "/api/v1/marketplace?limit=50")
    assert data["total"] == 8
    assert small == large
