"""Shared authoring fixtures (registered in the root conftest): a small published question bank
and a round in organization A."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import MatrixCluster, Question, QuestionBank, Subject

NOW = timezone.now().replace(microsecond=0)
J = "application/json"


@pytest.fixture
def bank(org_a):
    """Published grade-9 maths questions: topic T1 with 6 at level NB and 3 at TH; topic T2 with 2."""
    with schema_context(org_a.schema_name):
        subject = Subject.objects.get(code="toan")
        t1 = MatrixCluster.objects.create(type="topic", code="T1", description="Đại số")
        s1 = MatrixCluster.objects.create(type="subtopic", code="T1a", description="Căn", parent=t1)
        t2 = MatrixCluster.objects.create(type="topic", code="T2", description="Hình học")
        s2 = MatrixCluster.objects.create(type="subtopic", code="T2a", description="Đường tròn", parent=t2)
        nb = MatrixCluster.objects.get(type="complexity_level", code="NB")
        th = MatrixCluster.objects.get(type="complexity_level", code="TH")
        rem = MatrixCluster.objects.get(type="cognitive_domain", code="REM")
        folder = QuestionBank.objects.create(name="B", created_by_profile_id=1)

        def make(topic, sub, level, n, weight=1):
            for i in range(n):
                Question.objects.create(
                    bank=folder,
                    type="true_false",
                    grade=9,
                    subject=subject,
                    difficulty="easy",
                    score_weight=weight,
                    content={
                        "stem": {"vi": f"Câu {topic.code}-{level.code}-{i}", "en": ""},
                        "options": [],
                        "explanation": {},
                    },
                    answer_key={"value": True},
                    topic=topic,
                    subtopic=sub,
                    complexity_level=level,
                    cognitive_domain=rem,
                    status="published",
                    created_by_profile_id=1,
                )

        make(t1, s1, nb, 6)
        make(t1, s1, th, 3, weight=2)
        make(t2, s2, nb, 2)
        return {"subject": subject.pk, "t1": t1.pk, "s1": s1.pk, "t2": t2.pk, "nb": nb.pk, "th": th.pk}


@pytest.fixture
def round_id(as_educator_a):
    body = {
        "name": "Vòng 1",
        "starts_at": NOW.isoformat(),
        "expires_at": (NOW + timedelta(days=30)).isoformat(),
    }
    res = as_educator_a.post("/api/v1/rounds", body, content_type=J)
    assert res.status_code == 201, res.json()
    return res.json()["data"]["id"]


def approved_preset(org, educator, *, code: str, starts_at, slots: int, questions: int = 3, **preset):
    """For tests on real connections (``transaction=True``) in an organization of their own: an
    approved preset of ``questions`` true/false grade-9 maths questions (key True) with one batch
    of ``slots`` slots starting at ``starts_at`` (two hours long). Returns (preset, batch)."""
    from datetime import timedelta

    from assessments.services import batches, generation, presets, review, rounds
    from assessments.services.common import Actor

    now = timezone.now()
    with schema_context(org.schema_name):
        subject = Subject.objects.get(code="toan")
        topic = MatrixCluster.objects.create(type="topic", code=code, description=code)
        level = MatrixCluster.objects.get(type="complexity_level", code="NB")
        domain = MatrixCluster.objects.get(type="cognitive_domain", code="REM")
        folder = QuestionBank.objects.create(name=code, created_by_profile_id=educator.pk)
        Question.objects.bulk_create(
            Question(
                bank=folder,
                type="true_false",
                grade=9,
                subject=subject,
                difficulty="easy",
                content={"stem": {"vi": f"Câu {i}", "en": ""}, "options": [], "explanation": {}},
                answer_key={"value": True},
                topic=topic,
                complexity_level=level,
                cognitive_domain=domain,
                status="published",
                created_by_profile_id=educator.pk,
            )
            for i in range(questions)
        )
        rnd = rounds.round_create(data={"name": "R", "starts_at": now, "expires_at": now + timedelta(days=9)})
        actor = Actor.of(educator)
        created = presets.preset_create(
            actor=actor,
            data={
                "name": code,
                "grade": 9,
                "duration_minutes": 30,
                "starts_at": min(now, starts_at),
                "ends_at": now + timedelta(days=9),
                "passing_score": 1,
                "round_id": rnd.pk,
                "subjects": [
                    {"subject_id": subject.pk, "items": [{"cluster_id": topic.pk, "count": questions}]}
                ],
                **preset,
            },
        )
        generation.preset_generate(actor=actor, preset_id=created.pk)
        batch = batches.batch_create(
            preset_id=created.pk,
            data={
                "name": "Ca",
                "starts_at": starts_at,
                "expires_at": starts_at + timedelta(hours=2),
                "slots": slots,
            },
        )
        review.preset_approve(actor_profile=educator, preset_id=created.pk)
    return created, batch
