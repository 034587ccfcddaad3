"""Reading the item analysis input from attempts (``item_analysis.selectors``; issue 19): the
counted attempt per learner, voided and ungraded attempts left out and counted, omitted answers,
chosen options, per-learner forms by position, the statements of true/false sets and the typed
numeric answers (issue 39, item 3), a constant number of queries."""

from __future__ import annotations

import numpy as np
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context

from assignments.models import Assignment, Attempt, AttemptAnswer
from item_analysis import selectors
from item_analysis.tests.item_data import (
    HAND_LEARNERS,
    HAND_QUESTIONS,
    build_scope,
    choice_question,
    exam_2025_scope,
)

pytestmark = pytest.mark.django_db


def test_hand_example_read_from_attempts(org_a):
    scope = build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS)
    with schema_context(org_a.schema_name):
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
    assert [i.question_id for i in data.items] == scope.question_ids and data.positions == [1, 2, 3]
    assert [i.max_points for i in data.items] == [1, 1, 2] and data.max_total == 4
    assert data.scores.tolist() == [[1, 1, 2], [1, 0, 2], [0, 1, 1], [1, 0, 0], [0, 0, 0]]
    assert data.omitted.tolist() == [[False, False, False]] * 4 + [[False, False, True]]
    assert data.items[0].option_ids == ["a", "b", "c"] and data.items[0].correct == {"a"}
    assert data.items[1].option_ids == ["true", "false"] and data.items[1].correct == {"true"}
    assert data.choices[0].astype(int).tolist() == [[1, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]]
    assert data.choices[1].astype(int).tolist() == [[1, 0], [0, 1], [1, 0], [0, 1], [0, 1]]
    assert 2 not in data.choices  # the essay
    assert data.slot_scores.tolist() == data.scores.tolist()
    assert (data.voided, data.pending) == (0, 0)


def test_voided_and_ungraded_left_out_and_counted(org_a):
    learners = [
        [({"option": "a"}, 1)],
        [({"option": "b"}, 0)],
        [({"option": "a"}, 1)],
        [({"option": "a"}, 1)],
    ]
    scope = build_scope(org_a, questions=[choice_question()], learners=learners, voided={2}, pending={3})
    with schema_context(org_a.schema_name):
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
        assert (data.voided, data.pending, data.scores.shape) == (1, 1, (2, 1))
        assert data.attempt_ids == scope.attempt_ids[:2]
        # a revoked assignment is not counted at all; an attempt in progress neither
        Assignment.objects.filter(attempts__pk=scope.attempt_ids[1]).update(status="revoked")
        Attempt.objects.filter(pk=scope.attempt_ids[3]).update(status="in_progress")
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
        assert (data.voided, data.pending, data.attempt_ids) == (1, 0, scope.attempt_ids[:1])


def test_the_latest_submitted_attempt_counts(org_a):
    """A learner allowed two attempts: the second counts once submitted, the first until then."""
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "b"}, 0)]])
    with schema_context(org_a.schema_name):
        first = Attempt.objects.get(pk=scope.attempt_ids[0])
        second = Attempt.objects.create(
            assignment=first.assignment,
            number=2,
            status="in_progress",
            question_ids=first.question_ids,
            points=first.points,
            max_score=first.max_score,
            started_at=first.started_at,
            deadline_at=first.deadline_at,
            device_token="t2",
        )
        AttemptAnswer.objects.create(
            attempt=second, question_id=scope.question_ids[0], answer={"option": "a"}, score=1
        )
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=None)
        assert data.attempt_ids == [first.pk] and data.scores.tolist() == [[0.0]]
        Attempt.objects.filter(pk=second.pk).update(
            status="submitted", score=1, result="passed", graded_at=first.graded_at
        )
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=None)
        assert data.attempt_ids == [second.pk] and data.scores.tolist() == [[1.0]]


def test_per_learner_forms_by_position(org_a):
    """Two learners with different forms of two questions each: the columns are the union of
    the questions in order of first position, absent ones ``nan``; positions make the slots."""
    questions = [choice_question(stem=f"Câu {i}") for i in range(3)]
    scope = build_scope(
        org_a,
        questions=questions,
        learners=[[({"option": "a"}, 1), ({"option": "b"}, 0), (None, 0)]] * 2,
    )
    q1, q2, q3 = scope.question_ids
    with schema_context(org_a.schema_name):
        t1, t2 = Attempt.objects.filter(pk__in=scope.attempt_ids).order_by("pk")
        Attempt.objects.filter(pk=t1.pk).update(question_ids=[q1, q2], points={str(q1): "1", str(q2): "1"})
        Attempt.objects.filter(pk=t2.pk).update(question_ids=[q3, q1], points={str(q3): "1", str(q1): "1"})
        AttemptAnswer.objects.filter(attempt=t1, question_id=q3).delete()
        AttemptAnswer.objects.filter(attempt=t2, question_id=q2).delete()
        AttemptAnswer.objects.filter(attempt=t2, question_id=q3).update(answer={"option": "a"}, score=1)
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
    assert [i.question_id for i in data.items] == [q1, q3, q2] and data.positions == [1, 1, 2]
    assert np.array_equal(data.scores, np.array([[1, np.nan, 0], [1, 1, np.nan]]), equal_nan=True)
    assert data.slot_scores.tolist() == [[1, 0], [1, 1]]


def test_a_constant_number_of_queries(org_a):
    small = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2, code="S")
    big = build_scope(
        org_a,
        questions=[choice_question(stem=str(i)) for i in range(6)],
        learners=[[({"option": "a"}, 1)] * 6] * 12,
        code="B",
    )
    counts = []
    with schema_context(org_a.schema_name):
        selectors.analysis_input(preset_id=small.preset_id, batch_id=None)  # sets the search path
        for scope in (small, big):
            with CaptureQueriesContext(connection) as ctx:
                selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
            counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] == 4  # attempts, questions, scores, chosen options
    exam = exam_2025_scope(org_a)
    more = build_scope(
        org_a,
        questions=[choice_question(stem="x")] * 3,
        learners=[[({"option": "a"}, 1)] * 3] * 9,
        preset=exam.preset_id,
    )
    with schema_context(org_a.schema_name):
        selectors.analysis_input(preset_id=exam.preset_id, batch_id=None)  # sets the search path
        sizes = []
        for batch_id in (exam.batch_id, None):  # 5 attempts, then 14
            with CaptureQueriesContext(connection) as ctx:
                data = selectors.analysis_input(preset_id=exam.preset_id, batch_id=batch_id)
            sizes.append((data.scores.shape[0], len(ctx.captured_queries)))
    # ... and the judged statements and the typed numeric answers
    assert sizes == [(5, 6), (14, 6)] and more.preset_id == exam.preset_id


def test_statements_and_typed_answers_read_from_attempts(org_a):
    """The learners of ``exam_2025_scope``: judgements 1 (Đúng), 0 (Sai), -1 (unanswered), and
    the typed texts (``None`` where empty); a set with no statement judged is omitted."""
    scope = exam_2025_scope(org_a)
    with schema_context(org_a.schema_name):
        data = selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id)
    tf, num = data.items[1], data.items[2]
    assert (tf.statement_ids, tf.statement_key) == (["s1", "s2", "s3", "s4"], [True, False, True, False])
    assert num.accepted == ["0,5"] and set(data.judgements) == {1} and set(data.typed) == {2}
    assert data.judgements[1].tolist() == [
        [1, 0, 1, 0],
        [1, 0, 1, 1],
        [1, 0, -1, -1],
        [0, 1, 0, 1],
        [-1, -1, -1, -1],
    ]
    assert data.typed[2].tolist() == ["0,5", "0.25", "0,25", "2", None]
    assert data.scores[:, 1].tolist() == [1, 0.5, 0.25, 0, 0]
    assert data.omitted[:, 1].tolist() == data.omitted[:, 2].tolist() == [False] * 4 + [True]


def test_progress_reported_as_the_chunks_are_read(org_a, monkeypatch):
    """Chunks of 4 rows: the 15 answers of the hand example (5 learners x 3 questions) take the
    progress to 0.6 by 4/15, 8/15, 12/15 and 15/15 of it (0.16, 0.32, 0.48, 0.6); its 10 chosen
    options (5 learners x 2 choice questions) to 0.9 by 4/10, 8/10 and 10/10 of 0.3 more."""
    scope = build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS)
    monkeypatch.setattr(selectors, "CHUNK", 4)
    seen: list[float] = []
    with schema_context(org_a.schema_name):
        selectors.analysis_input(preset_id=scope.preset_id, batch_id=scope.batch_id, progress=seen.append)
    assert [round(v, 4) for v in seen] == [0.16, 0.32, 0.48, 0.6, 0.72, 0.84, 0.9]
