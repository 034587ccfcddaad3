"""Demo authoring data for ``manage.py seed_demo`` (issue 4, item 8): in the centre's
organization, a "Lớp 9 - Ngân hàng mẫu" bank of 60 published grade-9 questions and a "Lớp 12 - Ngân
hàng mẫu" bank of 40 published grade-12 questions (Toán and Tiếng Anh, every type) with matrix
clusters, loaded from ``fixtures/demo_grade9.json`` and ``fixtures/demo_grade12.json``. Idempotent
per bank."""

from __future__ import annotations

import json
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from assessments.models import (
    MatrixCluster,
    Question,
    QuestionBank,
    QuestionTransition,
    Subject,
    bank_name_key,
)
from assessments.services.questions import _clean_html, _plain
from tenants.scope import organization_schema

FIXTURES = Path(__file__).parent / "fixtures"
BANKS = [
    ("Lớp 9 - Ngân hàng mẫu", FIXTURES / "demo_grade9.json"),
    ("Lớp 12 - Ngân hàng mẫu", FIXTURES / "demo_grade12.json"),
]


@transaction.atomic
def seed_demo_questions(*, schema_name: str, author, reviewer) -> int:
    """Create each demo bank in ``schema_name`` unless it exists; returns how many questions the
    demo banks have in all. ``author`` and ``reviewer`` are educator profiles of that
    organization."""
    with organization_schema(schema_name):
        return sum(_seed_bank(name, fixture, author, reviewer) for name, fixture in BANKS)


def _seed_bank(bank_name: str, fixture: Path, author, reviewer) -> int:
    """Create the bank ``bank_name`` from ``fixture`` unless it exists (with the fixture's topics
    and subtopics, numbered after the topics already there); returns how many questions it has."""
    bank = QuestionBank.objects.filter(name_key=bank_name_key(bank_name), parent=None).first()
    if bank is not None:
        return bank.questions.count()
    data = json.loads(fixture.read_text(encoding="utf-8"))
    subjects = dict(Subject.objects.values_list("code", "pk"))
    clusters: dict[tuple[str, str], int] = dict(
        ((t, c), pk) for t, c, pk in MatrixCluster.objects.values_list("type", "code", "pk")
    )
    first_position = MatrixCluster.objects.filter(type="topic").count()
    for position, topic in enumerate(data["topics"], start=first_position):
        parent, _ = MatrixCluster.objects.get_or_create(
            type="topic",
            code=topic["code"],
            defaults={
                "description": topic["description"],
                "subject_id": subjects.get(topic["subject_code"]),
                "position": position,
            },
        )
        clusters[("topic", parent.code)] = parent.pk
        for sub_position, sub in enumerate(topic["subtopics"]):
            child, _ = MatrixCluster.objects.get_or_create(
                type="subtopic",
                code=sub["code"],
                defaults={
                    "description": sub["description"],
                    "parent": parent,
                    "subject_id": parent.subject_id,
                    "position": sub_position,
                },
            )
            clusters[("subtopic", child.code)] = child.pk
    bank = QuestionBank.objects.create(
        name=bank_name, created_by_profile_id=author.id, created_by_name=author.user.name_or_email
    )
    now = timezone.now()
    questions = []
    for item in data["questions"]:
        content = {
            "stem": {lang: _clean_html(item["stem"].get(lang, "")) for lang in ("vi", "en")},
            "options": [
                {"id": o["id"], "vi": _clean_html(o.get("vi")), "en": _clean_html(o.get("en"))}
                for o in item.get("options", [])
            ],
            "explanation": {
                lang: _clean_html(item.get("explanation", {}).get(lang, "")) for lang in ("vi", "en")
            },
        }
        questions.append(
            Question(
                bank=bank,
                type=item["type"],
                grade=item["grade"],
                subject_id=subjects[item["subject_code"]],
                difficulty=item["difficulty"],
                score_weight=item.get("score_weight", 1),
                content=content,
                answer_key=item["answer_key"],
                search_text=" ".join(_plain(content["stem"][lang]) for lang in ("vi", "en")).lower(),
                topic_id=clusters[("topic", item["topic_code"])],
                subtopic_id=clusters[("subtopic", item["subtopic_code"])],
                complexity_level_id=clusters[("complexity_level", item["complexity_code"])],
                cognitive_domain_id=clusters[("cognitive_domain", item["cognitive_code"])],
                status=Question.Status.PUBLISHED,
                created_by_profile_id=author.id,
                created_by_name=author.user.name_or_email,
                submitted_at=now,
                reviewed_by_profile_id=reviewer.id,
                published_at=now,
            )
        )
    created = Question.objects.bulk_create(questions)
    steps = [
        ("", "draft", author),
        ("draft", "submitted", author),
        ("submitted", "approved", reviewer),
        ("approved", "published", author),
    ]
    QuestionTransition.objects.bulk_create(
        QuestionTransition(
            question=q,
            from_status=a,
            to_status=b,
            actor_profile_id=who.id,
            actor_name=who.user.name_or_email,
        )
        for q in created
        for a, b, who in steps
    )
    return len(created)
