"""Test data for item analysis (issue 19): a published preset with a batch whose learners have
submitted, graded (or voided, or pending) attempts, written straight into an organization's
schema (no API round trips per answer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import (
    Batch,
    BlueprintItem,
    MatrixCluster,
    PresetPart,
    PresetQuestion,
    PresetSubject,
    Question,
    QuestionBank,
    Subject,
    TestPreset,
)
from assignments.models import Assignment, Attempt, AttemptAnswer

NOW = timezone.now().replace(microsecond=0)
ABC = ["a", "b", "c"]


def choice_question(key: str = "a", options: list[str] = ABC, stem: str = "Chọn đáp án") -> dict[str, Any]:
    return {
        "type": "single_choice",
        "content": {
            "stem": {"vi": f"<p>{stem}</p>", "en": f"<p>Pick ({stem})</p>"},
            "options": [{"id": o, "vi": f"Phương án {o}", "en": f"Option {o}"} for o in options],
            "explanation": {},
        },
        "answer_key": {"option": key},
    }


def true_false_question(value: bool = True) -> dict[str, Any]:
    return {
        "type": "true_false",
        "content": {
            "stem": {"vi": "Đúng hay sai?", "en": "True or false?"},
            "options": [],
            "explanation": {},
        },
        "answer_key": {"value": value},
    }


def essay_question(max_score: float = 2) -> dict[str, Any]:
    return {
        "type": "essay",
        "score_weight": max_score,
        "content": {"stem": {"vi": "Trình bày.", "en": "Explain."}, "options": [], "explanation": {}},
        "answer_key": {"rubric": "Đủ ý", "max_score": max_score},
    }


@dataclass
class Scope:
    preset_id: int
    batch_id: int
    question_ids: list[int]
    attempt_ids: list[int] = field(default_factory=list)
    answer_ids: dict[tuple[int, int], int] = field(default_factory=dict)
    clusters: dict[str, int] = field(default_factory=dict)


def build_scope(
    org,
    *,
    questions: list[dict[str, Any]],
    learners: list[list[tuple[Any, float | None]]],
    voided: set[int] = frozenset(),
    pending: set[int] = frozenset(),
    code: str = "IA",
    batch: int | None = None,
    preset: int | None = None,
) -> Scope:
    """A published shared-form preset of ``questions`` (weights from ``score_weight``, default 1)
    with a batch, and per learner one submitted attempt: ``learners[i][j]`` = (answer JSON or
    ``None`` for an empty answer, score; a score ``None`` leaves the answer waiting for a grade).
    Learners in ``voided`` have their attempt voided (result failed); those in ``pending`` keep
    their result pending. ``preset``/``batch``: add to an existing preset (a new batch) or batch."""
    with schema_context(org.schema_name):
        clusters: dict[str, int] = {}
        if preset is None:
            subject = Subject.objects.get(code="toan")
            topic = MatrixCluster.objects.create(type="topic", code=code, description=f"Chủ đề {code}")
            sub = MatrixCluster.objects.create(
                type="subtopic", code=f"{code}a", description="Nhánh", parent=topic
            )
            level = MatrixCluster.objects.get(type="complexity_level", code="NB")
            domain = MatrixCluster.objects.get(type="cognitive_domain", code="REM")
            clusters = {"topic": topic.pk, "subtopic": sub.pk, "level": level.pk, "domain": domain.pk}
            folder = QuestionBank.objects.create(name=code, created_by_profile_id=1)
            made = [
                Question.objects.create(
                    bank=folder,
                    type=q["type"],
                    grade=9,
                    subject=subject,
                    difficulty="easy",
                    score_weight=q.get("score_weight", 1),
                    content=q["content"],
                    answer_key=q["answer_key"],
                    topic=topic,
                    subtopic=sub,
                    complexity_level=level,
                    cognitive_domain=domain,
                    status="published",
                    created_by_profile_id=1,
                )
                for q in questions
            ]
            p = TestPreset.objects.create(
                name=f"Bài {code}", grade=9, status="published", created_by_profile_id=1, duration_minutes=30
            )
            PresetQuestion.objects.bulk_create(
                PresetQuestion(preset=p, question=q, position=i) for i, q in enumerate(made, start=1)
            )
        else:
            p = TestPreset.objects.get(pk=preset)
            made = [r.question for r in PresetQuestion.objects.filter(preset=p).select_related("question")]
        n = len(learners)
        if batch is None:
            b = Batch.objects.create(
                preset=p,
                name=f"Ca {code}",
                starts_at=NOW - timedelta(hours=2),
                expires_at=NOW - timedelta(hours=1),
                slots=n,
                available=0,
                taken=n,
            )
        else:
            b = Batch.objects.get(pk=batch)
        ids = [q.pk for q in made]
        points = {str(q.pk): str(q.score_weight) for q in made}
        maximum = sum((q.score_weight for q in made), Decimal(0))
        scope = Scope(preset_id=p.pk, batch_id=b.pk, question_ids=ids, clusters=clusters)
        for i, answers in enumerate(learners):
            a = Assignment.objects.create(
                preset=p,
                batch=b,
                learner_profile_id=10_000 + Assignment.objects.count(),
                learner_user_id=1,
                learner_name=f"Học sinh {i}",
                source="direct",
                status="graded" if i not in pending else "submitted",
            )
            waiting = i in pending or any(score is None for _a, score in answers)
            total = sum((Decimal(str(s)) for _a, s in answers if s is not None), Decimal(0))
            t = Attempt.objects.create(
                assignment=a,
                status="submitted",
                question_ids=ids,
                points=points,
                max_score=maximum,
                started_at=NOW - timedelta(hours=2),
                deadline_at=NOW - timedelta(hours=1),
                submitted_at=NOW - timedelta(hours=1),
                submit_reason="voided" if i in voided else "learner",
                device_token="t",
                voided=i in voided,
                score=None if waiting else total,
                result="pending" if waiting else ("failed" if i in voided else "passed"),
                graded_at=None if waiting else NOW,
            )
            scope.attempt_ids.append(t.pk)
            for qid, (answer, score) in zip(ids, answers, strict=True):
                row = AttemptAnswer.objects.create(
                    attempt=t,
                    question_id=qid,
                    answer=answer,
                    score=None if score is None else Decimal(str(score)),
                    needs_grading=score is None,
                )
                scope.answer_ids[(t.pk, qid)] = row.pk
        return scope


# The hand-computed example of test_item_stats.HAND (module docstring there): three questions
# (single choice key a, true/false key true, essay of 2 points), five learners A..E.
HAND_QUESTIONS = [choice_question("a"), true_false_question(True), essay_question(2)]
HAND_LEARNERS = [
    [({"option": "a"}, 1), ({"value": True}, 1), ({"text": "Đủ ý"}, 2)],  # A: 4
    [({"option": "a"}, 1), ({"value": False}, 0), ({"text": "Đủ ý"}, 2)],  # B: 3
    [({"option": "b"}, 0), ({"value": True}, 1), ({"text": "Một ý"}, 1)],  # C: 2
    [({"option": "a"}, 1), ({"value": False}, 0), ({"text": "Sai"}, 0)],  # D: 1
    [({"option": "c"}, 0), ({"value": False}, 0), (None, 0)],  # E: 0, left the essay empty
]


def true_false_set_question(key: dict[str, bool] | None = None, stem: str = "Xét các ý") -> dict[str, Any]:
    """A true/false set (phần II) of four statements a) to d), keyed ``key`` (default Đ, S, Đ, S)
    with the Ministry's table."""
    key = key or {"s1": True, "s2": False, "s3": True, "s4": False}
    return {
        "type": "true_false_set",
        "content": {
            "stem": {"vi": f"<p>{stem}</p>", "en": f"<p>Consider ({stem})</p>"},
            "options": [],
            "statements": [{"id": sid, "vi": f"Ý {sid}", "en": f"Statement {sid}"} for sid in key],
            "explanation": {},
        },
        "answer_key": {"statements": key, "scoring_table": ["0", "0.1", "0.25", "0.5", "1"]},
    }


def numeric_question(accepted: list[str] | None = None, stem: str = "Tính") -> dict[str, Any]:
    """A numeric answer (phần III, trả lời ngắn), accepting ``accepted`` (default "0,5")."""
    return {
        "type": "numeric",
        "content": {
            "stem": {"vi": f"<p>{stem}</p>", "en": f"<p>Compute ({stem})</p>"},
            "options": [],
            "explanation": {},
        },
        "answer_key": {"accepted": accepted or ["0,5"]},
    }


def scored(question: dict[str, Any], answer: dict[str, Any] | None, points: Decimal = Decimal(1)) -> tuple:
    """(answer, score) as the sitting scores it (``sitting.attempts.score_answer``)."""
    from sitting.attempts import score_answer

    score, _waiting = score_answer(
        Question(type=question["type"], answer_key=question["answer_key"]), answer, points
    )
    return answer, float(score)


def exam_2025_scope(org):
    """A single choice, a true/false set (key Đ, S, Đ, S) and a numeric answer (key 0,5), five
    learners, scored as the sitting scores them:

      learner  choice  set judged (right, score)   numeric           total
      0        a  1    Đ S Đ S  (4, 1)             "0,5"  right 1    3
      1        a  1    Đ S Đ Đ  (3, 0.5)           "0.25" wrong 0    1.5
      2        b  0    Đ S - -  (2, 0.25)          "0,25" wrong 0    0.25
      3        b  0    S Đ S Đ  (0, 0)             "2"    wrong 0    0
      4        b  0    (none judged) (0, 0)        (empty)           0

    Groups of round(0.27 x 5) = 1: lower learner 3 (the first 0 by a stable sort), upper 0.
    Statements (of 5): a) right 0, 1, 2 (0.6), other way 3, blank 4; b) the same; c) right 0, 1
    (0.4), other way 3, blank 2, 4; d) right 0 (0.2), other way 1, 3, blank 2, 4. Upper 1.0 on
    each, lower 0.0. Statements right: 4, 3, 2, 0, 0 -> [2, 0, 1, 1, 1]. The set's facility
    (1 + 0.5 + 0.25) / 5 = 0.35. Wrong numeric answers: "0.25" and "0,25" are one "0,25" (2 of 5,
    in neither group), "2" (1, the lower group's one: 1.0). No flag but the too-hard numeric
    (facility 1 / 5 = 0.2 is not under 0.2: none)."""
    tf, num, choice = true_false_set_question(), numeric_question(), choice_question()
    rows = [
        ("a", {"s1": True, "s2": False, "s3": True, "s4": False}, "0,5"),
        ("a", {"s1": True, "s2": False, "s3": True, "s4": True}, "0.25"),
        ("b", {"s1": True, "s2": False}, "0,25"),
        ("b", {"s1": False, "s2": True, "s3": False, "s4": True}, "2"),
        ("b", {}, None),  # nothing judged: {"statements": {}}, an empty answer
    ]
    learners = [
        [
            ({"option": option}, 1 if option == "a" else 0),
            scored(tf, {"statements": judged} if judged is not None else None),
            scored(num, {"text": text} if text else None),
        ]
        for option, judged, text in rows
    ]
    return build_scope(org, questions=[choice, tf, num], learners=learners, code="TN")


def with_parts(org, scope: Scope, parts: list[tuple[str, str, str, str, int]]) -> Scope:
    """Put the scope's shared form in parts (decision 0056): ``parts`` lists (name_vi, name_en,
    question type, points per question, count) in order; each part takes the next ``count``
    questions of the form through one blueprint row of the scope's topic."""
    with schema_context(org.schema_name):
        preset = TestPreset.objects.get(pk=scope.preset_id)
        subject = PresetSubject.objects.create(preset=preset, subject=Subject.objects.get(code="toan"))
        form = list(PresetQuestion.objects.filter(preset=preset).order_by("position"))
        topic = form[0].question.topic_id
        for position, (name_vi, name_en, kind, points, count) in enumerate(parts):
            part = PresetPart.objects.create(
                preset=preset,
                position=position,
                name_vi=name_vi,
                name_en=name_en,
                question_type=kind,
                points_per_question=Decimal(points),
            )
            item = BlueprintItem.objects.create(
                preset_subject=subject, part=part, cluster_id=topic, count=count
            )
            taken, form = form[:count], form[count:]
            PresetQuestion.objects.filter(pk__in=[r.pk for r in taken]).update(blueprint_item=item)
    return scope


def exam_parts_scope(org) -> Scope:
    """The national exam's three parts on a small shared form (issue 39; decision 0056), four
    learners scored as the sitting scores them:

      learner  Phần I (2 x 0.25)   Phần II (1 set x 1)        Phần III (1 x 0.5)   total
      0        a a  0.5            Đ S Đ S (4 right) 1        "0,5" 0.5            2
      1        a b  0.25           Đ S Đ Đ (3 right) 0.5      "2"   0              0.75
      2        b a  0.25           Đ S - - (2 right) 0.25     "0,5" 0.5            1
      3        b b  0              S Đ S Đ (0 right) 0        (empty) 0            0

    Part means over the 4 attempts: I (0.5 + 0.25 + 0.25 + 0) / 4 = 0.25 of 0.5 (facility 0.5),
    II (1 + 0.5 + 0.25 + 0) / 4 = 0.4375 of 1 (0.4375), III (0.5 + 0.5) / 4 = 0.25 of 0.5 (0.5);
    they add up to the test's mean 3.75 / 4 = 0.9375 of 2."""
    choice = {**choice_question(), "score_weight": Decimal("0.25")}
    other = {**choice_question(stem="Chọn tiếp"), "score_weight": Decimal("0.25")}
    tf = true_false_set_question()
    num = {**numeric_question(), "score_weight": Decimal("0.5")}
    rows = [
        ("a", "a", {"s1": True, "s2": False, "s3": True, "s4": False}, "0,5"),
        ("a", "b", {"s1": True, "s2": False, "s3": True, "s4": True}, "2"),
        ("b", "a", {"s1": True, "s2": False}, "0,5"),
        ("b", "b", {"s1": False, "s2": True, "s3": False, "s4": True}, None),
    ]
    learners = [
        [
            ({"option": first}, 0.25 if first == "a" else 0),
            ({"option": second}, 0.25 if second == "a" else 0),
            scored(tf, {"statements": judged}),
            scored(num, {"text": text} if text else None, Decimal("0.5")),
        ]
        for first, second, judged, text in rows
    ]
    scope = build_scope(org, questions=[choice, other, tf, num], learners=learners, code="PT")
    return with_parts(
        org,
        scope,
        [
            ("Trắc nghiệm nhiều phương án", "Multiple choice", "single_choice", "0.25", 2),
            ("Trắc nghiệm đúng sai", "True/false", "true_false_set", "1", 1),
            ("", "", "numeric", "0.5", 1),
        ],
    )
