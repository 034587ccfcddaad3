"""manage.py item_analysis_sample: a test of the national exam's format of 2025 with graded
attempts, to look at its item analysis (issue 39, item 3; decision 0059). For development and
screenshots; ``seed_demo`` does not call it.

In the organization ``--organization`` (default the demo's ``trung-tam``), a published test
"Đề mẫu định dạng 2025" of eight questions with the Ministry's points: four single choice (phần I,
0.25 each), two true/false sets of four statements (phần II, 1 each) and two numeric answers
(phần III, 0.5 each), and two batches: "Ca đủ bài" with ``--attempts`` (40) graded attempts
drawn from a logistic model (a seeded generator: the same data every time) and "Ca ít bài" with
``--few`` (3), below ``stats.MIN_ATTEMPTS``. Two keys are wrong on purpose: statement c) of the
first set (the strong judge it Sai, keyed Đúng) and the second numeric answer (the strong write
1,5, keyed 0,5), so the analysis has likely key errors to show. Scores are the sitting's
(``sitting.attempts.score_answer``). Run again, it does nothing when the test exists."""

from __future__ import annotations

import math
import random
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from assessments.models import Batch, PresetQuestion, Question, QuestionBank, Subject, TestPreset
from assignments.models import Assignment, Attempt, AttemptAnswer
from sitting.attempts import score_answer
from tenants.models import Organization
from tenants.scope import organization_schema

NAME = "Đề mẫu định dạng 2025"
STATEMENTS = ("a", "b", "c", "d")


def _choice(i: int) -> dict[str, Any]:
    return {
        "type": Question.Type.SINGLE_CHOICE,
        "score_weight": Decimal("0.25"),
        "content": {
            "stem": {
                "vi": f"<p>Câu {i}: chọn đáp án đúng.</p>",
                "en": f"<p>Question {i}: pick the right answer.</p>",
            },
            "options": [
                {"id": o, "vi": f"Phương án {o.upper()}", "en": f"Option {o.upper()}"} for o in "abcd"
            ],
            "explanation": {},
        },
        "answer_key": {"option": "a"},
    }


def _set(i: int, texts: list[str]) -> dict[str, Any]:
    return {
        "type": Question.Type.TRUE_FALSE_SET,
        "score_weight": Decimal(1),
        "content": {
            "stem": {"vi": f"<p>Câu {i}: cho hàm số $y = x^2 - 2x$. Xét các ý sau.</p>", "en": ""},
            "options": [],
            "statements": [
                {"id": s, "vi": text, "en": ""} for s, text in zip(STATEMENTS, texts, strict=True)
            ],
            "explanation": {},
        },
        "answer_key": {
            "statements": {"a": True, "b": False, "c": True, "d": False},
            "scoring_table": ["0", "0.1", "0.25", "0.5", "1"],
        },
    }


def _numeric(i: int) -> dict[str, Any]:
    return {
        "type": Question.Type.NUMERIC,
        "score_weight": Decimal("0.5"),
        "content": {
            "stem": {"vi": f"<p>Câu {i}: tính xác suất cần tìm.</p>", "en": ""},
            "options": [],
            "rounding": {"vi": "Làm tròn đến hàng phần mười.", "en": "Round to one decimal place."},
            "explanation": {},
        },
        "answer_key": {"accepted": ["0,5"]},
    }


QUESTIONS = [
    _choice(1),
    _choice(2),
    _choice(3),
    _choice(4),
    _set(
        5,
        [
            "Hàm số có đạo hàm $y' = 2x - 2$.",
            "Hàm số đồng biến trên $\\mathbb{R}$.",
            "Đồ thị đi qua $(0; 1)$.",
            "Giá trị nhỏ nhất là $-2$.",
        ],
    ),
    _set(
        6, ["$y(1) = -1$.", "$y(0) = 2$.", "Đồ thị cắt trục hoành tại hai điểm.", "Đỉnh parabol là $(1; 1)$."]
    ),
    _numeric(7),
    _numeric(8),
]
MISKEYED_STATEMENT = (4, "c")  # question index, statement: the strong judge it Sai, keyed Đúng
MISKEYED_NUMERIC = 7  # the strong write 1,5, keyed 0,5
WRONG_NUMBERS = ["0,25", "0.25", "2", "-0,5", "1/4", "5"]


def _answers(rng: random.Random, ability: float) -> list[dict[str, Any] | None]:
    """One learner's answers: each right with the logistic chance of ``ability`` minus a
    difficulty, 3 % left empty."""

    def right(difficulty: float) -> bool:
        return rng.random() < 1 / (1 + math.exp(-(ability - difficulty)))

    answers: list[dict[str, Any] | None] = []
    for j, q in enumerate(QUESTIONS):
        if rng.random() < 0.03:
            answers.append(None)
        elif q["type"] == Question.Type.SINGLE_CHOICE:
            answers.append({"option": "a" if right(j * 0.4 - 0.8) else rng.choice("bcd")})
        elif q["type"] == Question.Type.TRUE_FALSE_SET:
            judged = {}
            for s, key in q["answer_key"]["statements"].items():
                if (j, s) == MISKEYED_STATEMENT:
                    judged[s] = not right(0.0)  # the strong see that c) is Sai
                elif rng.random() < 0.05:
                    continue  # left unanswered
                else:
                    judged[s] = key if right(STATEMENTS.index(s) * 0.5 - 0.5) else not key
            answers.append({"statements": judged})
        elif j == MISKEYED_NUMERIC:
            answers.append({"text": "1,5" if right(0.3) else rng.choice(WRONG_NUMBERS)})
        else:
            answers.append({"text": rng.choice(["0,5", "0.5"]) if right(0.5) else rng.choice(WRONG_NUMBERS)})
    return answers


class Command(BaseCommand):
    help = "A test of the 2025 exam format with graded attempts, to look at its item analysis."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--organization", default="trung-tam", help="the organization's slug")
        parser.add_argument("--attempts", type=int, default=40, help="attempts of the batch 'Ca đủ bài'")
        parser.add_argument("--few", type=int, default=3, help="attempts of the batch 'Ca ít bài'")

    def handle(self, *args: Any, **options: Any) -> None:
        org = Organization.objects.get(slug=options["organization"])
        with organization_schema(org.schema_name), transaction.atomic():
            if TestPreset.objects.filter(name=NAME).exists():
                self.stdout.write(f"{NAME!r} exists already")
                return
            preset = self._preset()
            rng = random.Random(2025)
            for name, count in (("Ca đủ bài", options["attempts"]), ("Ca ít bài", options["few"])):
                batch = self._batch(preset, name, count)
                for i in range(count):
                    self._attempt(preset, batch, rng, i)
        self.stdout.write(f"{NAME!r}: test {preset.pk}, batches 'Ca đủ bài' and 'Ca ít bài'")

    def _preset(self) -> TestPreset:
        subject = Subject.objects.get(code="toan")
        bank = QuestionBank.objects.create(name=NAME, created_by_profile_id=1)
        made = [
            Question.objects.create(
                bank=bank,
                type=q["type"],
                grade=12,
                subject=subject,
                difficulty="medium",
                score_weight=q["score_weight"],
                content=q["content"],
                answer_key=q["answer_key"],
                status="published",
                created_by_profile_id=1,
            )
            for q in QUESTIONS
        ]
        preset = TestPreset.objects.create(
            name=NAME, grade=12, status="published", created_by_profile_id=1, duration_minutes=90
        )
        PresetQuestion.objects.bulk_create(
            PresetQuestion(preset=preset, question=q, position=i) for i, q in enumerate(made, start=1)
        )
        self.questions = made
        return preset

    def _batch(self, preset: TestPreset, name: str, count: int) -> Batch:
        now = timezone.now()
        return Batch.objects.create(
            preset=preset,
            name=name,
            starts_at=now - timedelta(days=1, hours=2),
            expires_at=now - timedelta(days=1),
            slots=max(count, 1),
            available=0,
            taken=count,
        )

    def _attempt(self, preset: TestPreset, batch: Batch, rng: random.Random, i: int) -> None:
        now = timezone.now()
        answers = _answers(rng, rng.gauss(0, 1))
        points = {str(q.pk): q.score_weight for q in self.questions}
        scores = [
            score_answer(q, a, q.score_weight)[0] or Decimal(0)
            for q, a in zip(self.questions, answers, strict=True)
        ]
        number = Assignment.objects.count() + 1
        assignment = Assignment.objects.create(
            preset=preset,
            batch=batch,
            learner_profile_id=900_000 + number,
            learner_user_id=900_000 + number,
            learner_name=f"Học sinh mẫu {number}",
            source=Assignment.Source.DIRECT,
            status=Assignment.Status.GRADED,
        )
        attempt = Attempt.objects.create(
            assignment=assignment,
            status=Attempt.Status.SUBMITTED,
            question_ids=[q.pk for q in self.questions],
            points={k: str(v) for k, v in points.items()},
            max_score=sum(points.values(), Decimal(0)),
            started_at=now - timedelta(days=1, hours=2),
            deadline_at=now - timedelta(days=1),
            submitted_at=now - timedelta(days=1, hours=1),
            submit_reason="learner",
            device_token="sample",
            score=sum(scores, Decimal(0)),
            result=Attempt.Result.PASSED,
            graded_at=now - timedelta(days=1),
        )
        AttemptAnswer.objects.bulk_create(
            AttemptAnswer(attempt=attempt, question_id=q.pk, answer=a, score=s, needs_grading=False)
            for q, a, s in zip(self.questions, answers, scores, strict=True)
        )
