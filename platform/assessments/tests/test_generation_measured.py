"""Generation that prefers questions with a measured facility, and the expected mean score of a
generated form beside the form it replaced (issue 19, section 2; decision 0019).

The ``bank`` fixture has six NB questions under T1 (weight 1) and three TH questions under its
subtopic T1a (weight 2). Facilities are stored as the item analysis stores them
(``ItemAnalysisQuestion`` rows of computed preset-overall analyses)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Max
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import Question, QuestionBank, Subject, TestPreset
from assessments.tests.fixtures import NOW
from assignments.models import ItemAnalysis, ItemAnalysisQuestion
from conftest import client_for

pytestmark = pytest.mark.django_db
J = "application/json"


def body(bank, round_id, *, nb: int = 2, th: int = 1, **extra) -> dict:
    return {
        "name": "Đề ưu tiên câu đã đo",
        "grade": 9,
        "duration_minutes": 45,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "round_id": round_id,
        "prefer_measured": True,
        "subjects": [
            {
                "subject_id": bank["subject"],
                "items": [
                    {"cluster_id": bank["t1"], "complexity_level_id": bank["nb"], "count": nb},
                    {"cluster_id": bank["s1"], "complexity_level_id": bank["th"], "count": th},
                ],
            }
        ],
        **extra,
    }


def questions(org, bank) -> tuple[list[int], list[int]]:
    """(the six NB question ids, the three TH ones), in id order."""
    with schema_context(org.schema_name):
        qs = Question.objects.filter(topic_id=bank["t1"]).order_by("pk")
        return (
            list(qs.filter(complexity_level_id=bank["nb"]).values_list("pk", flat=True)),
            list(qs.filter(complexity_level_id=bank["th"]).values_list("pk", flat=True)),
        )


class Measure:
    """Stores facilities as item analysis does: one computed analysis per source test (``batch``
    null: the test overall) or per batch, one row per question."""

    def __init__(self, org):
        self.org = org
        self.analyses: dict[tuple[str, bool, bool], int] = {}

    def __call__(self, question_id: int, facility: float, n: int, *, source: str = "S1", **scope) -> None:
        batch, computed = scope.get("batch", False), scope.get("computed", True)
        with schema_context(self.org.schema_name):
            key = (source, batch, computed)
            if key not in self.analyses:
                preset = TestPreset.objects.create(
                    name=f"Nguồn {source}", created_by_profile_id=1, status="published"
                )
                batch_row = None
                if batch:
                    batch_row = preset.batches.create(
                        starts_at=NOW, expires_at=NOW + timedelta(hours=1), slots=1, available=1
                    )
                now = timezone.now()
                self.analyses[key] = ItemAnalysis.objects.create(
                    preset=preset,
                    batch=batch_row,
                    status="ready" if computed else "queued",
                    requested_at=now,
                    computed_at=now if computed else None,
                ).pk
            ItemAnalysisQuestion.objects.create(
                analysis_id=self.analyses[key], question_id=question_id, position=1, n=n, facility=facility
            )


def form_ids(client, pid: int) -> list[int]:
    return [r["question"]["id"] for r in client.get(f"/api/v1/test-presets/{pid}/form").json()["data"]]


def generate(client, pid: int, seed: int | None = None) -> dict:
    res = client.post(
        f"/api/v1/test-presets/{pid}/generate", {} if seed is None else {"seed": seed}, content_type=J
    )
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def test_measured_questions_are_drawn_first_within_a_blueprint_item(as_educator_a, org_a, bank, round_id):
    """Two of the six NB questions are measured (n2 only in a batch's analysis and n3 only in an
    analysis not yet computed, which do not count): every draw of two NB questions takes those
    two. Without the preference the draws vary over the six. Three NB questions from two
    measured ones take both and one more; the TH item (nothing measured) still draws its
    count."""
    nb, th = questions(org_a, bank)
    measure = Measure(org_a)
    measure(nb[0], 0.6, 10)
    measure(nb[1], 0.5, 4, source="S2")
    measure(nb[2], 0.9, 30, batch=True)
    measure(nb[3], 0.7, 12, computed=False)
    created = as_educator_a.post("/api/v1/test-presets", body(bank, round_id), content_type=J)
    preset = created.json()["data"]
    assert created.status_code == 201 and preset["prefer_measured"] is True
    pid = preset["id"]
    for seed in range(1, 9):
        generate(as_educator_a, pid, seed)
        form = form_ids(as_educator_a, pid)
        assert sorted(form[:2]) == [nb[0], nb[1]] and form[2] in th, (seed, form)

    off = as_educator_a.put(
        f"/api/v1/test-presets/{pid}", body(bank, round_id, prefer_measured=False), content_type=J
    )
    assert off.status_code == 200 and off.json()["data"]["prefer_measured"] is False
    drawn = set()
    for seed in range(1, 9):
        generate(as_educator_a, pid, seed)
        drawn.add(tuple(sorted(form_ids(as_educator_a, pid)[:2])))
    assert drawn != {(nb[0], nb[1])} and len(drawn) > 1

    wider = as_educator_a.post("/api/v1/test-presets", body(bank, round_id, nb=3), content_type=J).json()[
        "data"
    ]
    for seed in range(1, 6):
        generate(as_educator_a, wider["id"], seed)
        form = form_ids(as_educator_a, wider["id"])
        assert {nb[0], nb[1]} < set(form[:3]) and len(set(form)) == 4, (seed, form)


def test_a_swap_prefers_a_measured_question(as_educator_a, org_a, bank, round_id):
    nb, _th = questions(org_a, bank)
    measure = Measure(org_a)
    for pk in nb[:3]:
        measure(pk, 0.5, 10)
    pid = as_educator_a.post("/api/v1/test-presets", body(bank, round_id), content_type=J).json()["data"][
        "id"
    ]
    generate(as_educator_a, pid, 3)
    rows = as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]
    first = {r["question"]["id"] for r in rows[:2]}
    assert first < set(nb[:3])
    res = as_educator_a.post(f"/api/v1/test-presets/{pid}/form/{rows[0]['id']}/swap", content_type=J)
    assert res.status_code == 200 and res.json()["data"]["question"]["id"] == (set(nb[:3]) - first).pop()


def test_expected_means_of_the_form_and_of_the_one_it_replaced(as_educator_a, org_a, bank, round_id):
    """Hand-computed. First form: NB n0 (facility 0.6 over 10 attempts in one test and 0.8 over
    30 in another: (6 + 24) / 40 = 0.75; a batch's 0.1 is not a test's overall figure), NB n1
    (0.5) and TH t0 (0.45, 2 points): 0.75 x 1 + 0.5 x 1 + 0.45 x 2 = 2.15 of 4, every question
    measured. Then n0, n1 and t0 are superseded and n2 (0.25) and t1 (0.7) measured: the second
    form is n2, one unmeasured NB question and t1: 0.25 + 0.7 x 2 = 1.65 out of the measured
    3 points (3 of its 4), 2 of 3 questions measured. As per-learner draws every question
    counts 1: 0.25 + 0.7 = 0.95 of 2 measured (max 3) and 0.75 + 0.5 + 0.45 = 1.7 of 3."""
    nb, th = questions(org_a, bank)
    measure = Measure(org_a)
    measure(nb[0], 0.6, 10)
    measure(nb[0], 0.8, 30, source="S2")
    measure(nb[0], 0.1, 50, batch=True)
    measure(nb[1], 0.5, 4)
    measure(th[0], 0.45, 20)
    created = as_educator_a.post("/api/v1/test-presets", body(bank, round_id), content_type=J).json()["data"]
    assert created["form_expectations"] == []  # nothing generated yet
    pid = created["id"]
    first = generate(as_educator_a, pid)
    assert first["form_expectations"] == [
        {
            "form": "current",
            "generated_at": first["generated_at"],
            "question_count": 3,
            "measured_count": 3,
            "max_score": 4.0,
            "measured_max": 4.0,
            "expected_mean": 2.15,
        }
    ]
    with schema_context(org_a.schema_name):
        Question.objects.filter(pk__in=[nb[0], nb[1], th[0]]).update(status="superseded")
    measure(nb[2], 0.25, 8)
    measure(th[1], 0.7, 10)
    second = generate(as_educator_a, pid)
    form = form_ids(as_educator_a, pid)
    assert form[0] == nb[2] or form[1] == nb[2]
    assert form[2] == th[1]
    current, previous = second["form_expectations"]
    assert current == {
        "form": "current",
        "generated_at": second["generated_at"],
        "question_count": 3,
        "measured_count": 2,
        "max_score": 4.0,
        "measured_max": 3.0,
        "expected_mean": 1.65,
    }
    assert previous == {**first["form_expectations"][0], "form": "previous"}
    per_learner = as_educator_a.put(
        f"/api/v1/test-presets/{pid}", body(bank, round_id, form_mode="per_learner"), content_type=J
    ).json()["data"]
    assert [
        (e["form"], e["measured_count"], e["max_score"], e["measured_max"], e["expected_mean"])
        for e in per_learner["form_expectations"]
    ] == [("current", 2, 3.0, 2.0, 0.95), ("previous", 3, 3.0, 3.0, 1.7)]
    # a changed blueprint drops both forms: they were drawn from another blueprint
    changed = as_educator_a.put(f"/api/v1/test-presets/{pid}", body(bank, round_id, nb=1), content_type=J)
    assert changed.status_code == 200 and changed.json()["data"]["form_expectations"] == []
    assert generate(as_educator_a, pid)["form_expectations"][1:] == []  # nothing to compare with


def test_no_measured_question_gives_no_expected_mean(as_educator_a, bank, round_id):
    pid = as_educator_a.post("/api/v1/test-presets", body(bank, round_id), content_type=J).json()["data"][
        "id"
    ]
    (only,) = generate(as_educator_a, pid)["form_expectations"]
    assert (only["measured_count"], only["measured_max"], only["expected_mean"], only["max_score"]) == (
        0,
        0.0,
        None,
        4.0,
    )


def test_another_organizations_figures_never_count(as_educator_a, org_a, org_b, educator_b, bank, round_id):
    """Organization B has a question with the same id as A's first NB question, measured: A's
    generation and expected mean do not see it; B cannot read A's preset (404)."""
    nb, _th = questions(org_a, bank)
    with schema_context(org_b.schema_name):
        folder = QuestionBank.objects.create(name="B", created_by_profile_id=1)
        Question.objects.create(
            pk=nb[0],
            bank=folder,
            type="true_false",
            grade=9,
            subject=Subject.objects.get(code="toan"),
            content={"stem": {"vi": "Câu của B", "en": ""}, "options": [], "explanation": {}},
            answer_key={"value": True},
            status="published",
            created_by_profile_id=1,
        )
    Measure(org_b)(nb[0], 0.99, 100)
    # A's next preset id is one B does not hold: Measure(org_b) just made B's "Nguồn S1", and with
    # both sequences fresh A's preset got the same id 1, which B rightly answered with its own
    # preset (200; met in a clean-clone CI run). The 404 must be for an id only A has.
    with schema_context(org_b.schema_name):
        b_max = TestPreset.objects.aggregate(m=Max("id"))["m"] or 0
    with schema_context(org_a.schema_name), connection.cursor() as cursor:
        a_max = TestPreset.objects.aggregate(m=Max("id"))["m"] or 0
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('assessments_testpreset', 'id'), %s)",
            [max(a_max, b_max) + 1],
        )
    pid = as_educator_a.post("/api/v1/test-presets", body(bank, round_id), content_type=J).json()["data"][
        "id"
    ]
    with schema_context(org_b.schema_name):
        assert not TestPreset.objects.filter(pk=pid).exists()
    (only,) = generate(as_educator_a, pid)["form_expectations"]
    assert (only["measured_count"], only["expected_mean"]) == (0, None)
    other = client_for(educator_b)
    assert other.get(f"/api/v1/test-presets/{pid}").status_code == 404
    res = other.post(f"/api/v1/test-presets/{pid}/generate", {}, content_type=J)
    assert res.status_code == 404 and res.json()["code"] == "not_found"
