"""Demo authoring data for ``manage.py seed_demo`` (issue 4, item 8): in the centre's
organization, a "Lớp 9 - Ngân hàng mẫu" bank of 60 published grade-9 questions and a "Lớp 12 - Ngân
hàng mẫu" bank of 40 published grade-12 questions (Toán and Tiếng Anh, every type) with matrix
clusters, loaded from ``fixtures/demo_grade9.json`` and ``fixtures/demo_grade12.json``; and (issue
39, item 5) a "Lớp 12 - Thi thử tốt nghiệp THPT 2025" bank of 27 published grade-12 Mathematics
questions of the national exam's three parts (12 single choice, 5 true/false sets of four
statements, 10 numeric answers) over derivatives, integrals, probability and statistics, space
geometry and logarithms, from ``fixtures/demo_thpt2025_math.json``; two of its numeric answers
hang from a shared stimulus, the graph of a cubic (``fixtures/thpt2025_graph.png``, stored as a
question image), written, vetted and published through the stimulus services (decision 0054).
Idempotent per bank.

Every fixture question is checked and normalized by the question form's rules
(``question_data_clean``): a key that does not fit its question stops the seed. A fixture
question may carry ``demo_wrong`` (numeric answers only: wrong answers learners commonly give,
the most frequent first), which the bank does not keep: the demo's simulated takers of the mock
exam write them (``demo_wrong_answers``, ``assignments.demo``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
from assessments.services.common import Actor
from assessments.services.questions import (
    LANGS,
    _clean_html,
    _plain,
    question_attach_matrix,
    question_create,
    question_data_clean,
    question_image_save,
)
from assessments.services.stimuli import stimulus_create
from assessments.services.stimulus_vetting import stimulus_approve, stimulus_publish, stimulus_submit
from tenants.scope import organization_schema

FIXTURES = Path(__file__).parent / "fixtures"
THPT_BANK = "Lớp 12 - Thi thử tốt nghiệp THPT 2025"
THPT_FIXTURE = FIXTURES / "demo_thpt2025_math.json"
BANKS = [
    ("Lớp 9 - Ngân hàng mẫu", FIXTURES / "demo_grade9.json"),
    ("Lớp 12 - Ngân hàng mẫu", FIXTURES / "demo_grade12.json"),
    (THPT_BANK, THPT_FIXTURE),
]


@transaction.atomic
def seed_demo_questions(*, schema_name: str, author, reviewer) -> int:
    """Create each demo bank in ``schema_name`` unless it exists; returns how many questions the
    demo banks have in all. ``author`` and ``reviewer`` are educator profiles of that
    organization."""
    with organization_schema(schema_name):
        return sum(_seed_bank(name, fixture, author, reviewer) for name, fixture in BANKS)


def demo_wrong_answers() -> dict[str, list[str]]:
    """``{Vietnamese stem as stored: wrong answers}`` of the demo's numeric questions that list
    some (``demo_wrong`` in a fixture, the most frequent first). The stem is the key: it is what
    the bank keeps of the fixture (``question_data_clean`` sanitizes it as ``_clean_html``)."""
    found = {}
    for _name, fixture in BANKS:
        for item in json.loads(fixture.read_text(encoding="utf-8"))["questions"]:
            if item.get("demo_wrong"):
                found[_clean_html(item["stem"]["vi"])] = list(item["demo_wrong"])
    return found


def _data(item: dict[str, Any], subjects: dict[str, int]) -> dict[str, Any]:
    """The question form's fields of a fixture question (``question_create``'s ``data``)."""
    content = {
        "stem": item["stem"],
        "options": item.get("options", []),
        "explanation": item.get("explanation", {}),
    }
    for field in ("statements", "rounding"):  # a true/false set's, a numeric answer's (decision 0055)
        if field in item:
            content[field] = item[field]
    return {
        "type": item["type"],
        "grade": item["grade"],
        "subject_id": subjects[item["subject_code"]],
        "difficulty": item["difficulty"],
        "score_weight": item.get("score_weight", 1),
        "content": content,
        "answer_key": item["answer_key"],
    }


def _matrix(item: dict[str, Any], clusters: dict[tuple[str, str], int]) -> dict[str, int]:
    """The four matrix clusters of a fixture question, by id."""
    return {
        "topic_id": clusters[("topic", item["topic_code"])],
        "subtopic_id": clusters[("subtopic", item["subtopic_code"])],
        "complexity_level_id": clusters[("complexity_level", item["complexity_code"])],
        "cognitive_domain_id": clusters[("cognitive_domain", item["cognitive_code"])],
    }


def _seed_bank(bank_name: str, fixture: Path, author, reviewer) -> int:
    """Create the bank ``bank_name`` from ``fixture`` unless it exists (with the fixture's topics
    and subtopics, numbered after the topics already there, and its shared stimuli); returns how
    many questions it has."""
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
        if item.get("stimulus"):
            continue  # written with its stimulus, below
        clean = question_data_clean(data=_data(item, subjects))
        questions.append(
            Question(
                bank=bank,
                type=clean["type"],
                grade=clean["grade"],
                subject_id=clean["subject_id"],
                difficulty=clean["difficulty"],
                score_weight=item.get("score_weight", 1),
                content=clean["content"],
                answer_key=clean["answer_key"],
                search_text=" ".join(_plain(clean["content"]["stem"][lang]) for lang in LANGS).lower(),
                **_matrix(item, clusters),
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
    for spec in data.get("stimuli", []):
        members = [item for item in data["questions"] if item.get("stimulus") == spec["key"]]
        _seed_stimulus(bank, spec, members, subjects, clusters, author, reviewer)
    return bank.questions.count()


def _seed_stimulus(
    bank: QuestionBank,
    spec: dict[str, Any],
    members: list[dict[str, Any]],
    subjects: dict[str, int],
    clusters: dict[tuple[str, str], int],
    author,
    reviewer,
) -> None:
    """A shared stimulus of ``bank`` as an educator makes one (decision 0054): its figure uploaded
    as a question image (``question_image_save``: stored as WebP under ``question-images/``) and
    put where the fixture's body says ``{figure}``, the stimulus and its ``members`` written by
    ``author`` (each with its matrix), the group submitted, approved by ``reviewer`` and published
    by ``author``."""
    writer, vetter = Actor.of(author), Actor.of(reviewer)
    with (FIXTURES / spec["figure"]).open("rb") as figure:
        url = question_image_save(figure)["url"]
    stimulus = stimulus_create(
        actor=writer,
        bank_id=bank.pk,
        data={
            "grade": spec["grade"],
            "subject_id": subjects[spec["subject_code"]],
            "content": {
                "title": spec["title"],
                "body": {lang: spec["body"][lang].replace("{figure}", url) for lang in LANGS},
            },
        },
    )
    for item in members:
        question = question_create(
            actor=writer, bank_id=bank.pk, data={**_data(item, subjects), "stimulus_id": stimulus.pk}
        )
        question_attach_matrix(actor=writer, question_id=question.pk, **_matrix(item, clusters))
    stimulus_submit(actor=writer, stimulus_id=stimulus.pk)
    stimulus_approve(actor=vetter, stimulus_id=stimulus.pk, comment="Hình và đáp án đã kiểm tra.")
    stimulus_publish(actor=writer, stimulus_id=stimulus.pk)
