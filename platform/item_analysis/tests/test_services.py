"""Storing and recomputing item analyses (``item_analysis.services``; issue 19, decision 0017):
recomputation after a grade, a regrade, a voiding reinstated and a release; requests folded
while one is queued; a change during a run; a failed run."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from assignments.models import ItemAnalysis, ItemAnalysisQuestion
from grading import services as grading
from item_analysis import services, stats
from item_analysis.tests.item_data import (
    HAND_LEARNERS,
    HAND_QUESTIONS,
    build_scope,
    choice_question,
    essay_question,
)

pytestmark = pytest.mark.django_db
S = ItemAnalysis.Status


def analyses(scope) -> dict[int | None, ItemAnalysis]:
    return {a.batch_id: a for a in ItemAnalysis.objects.filter(preset_id=scope.preset_id)}


def test_recomputed_after_a_grade_and_a_regrade(org_a, educator_a, django_capture_on_commit_callbacks):
    """The essay of the last learner waits for a grade: the analysis leaves that attempt out
    (pending); grading it queues the batch's and the preset's analyses, which then count it;
    a regrade changes the figures again."""
    learners = [row[:] for row in HAND_LEARNERS]
    learners[0] = [learners[0][0], learners[0][1], ({"text": "Đủ ý"}, None)]
    scope = build_scope(org_a, questions=HAND_QUESTIONS, learners=learners)
    essay = scope.answer_ids[(scope.attempt_ids[0], scope.question_ids[2])]
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            services.item_analysis_request(preset_id=scope.preset_id, batch_id=scope.batch_id)
        before = ItemAnalysis.objects.get(batch_id=scope.batch_id)
        assert (before.status, before.attempt_count, before.pending_count) == (S.READY, 4, 1)
        with django_capture_on_commit_callbacks(execute=True):
            grading.answer_grade(answer_id=essay, score=2, comment="", grader=educator_a)
        rows = analyses(scope)
        assert set(rows) == {scope.batch_id, None}
        for row in rows.values():
            assert (row.status, row.attempt_count, row.pending_count) == (S.READY, 5, 0)
            assert row.summary["alpha"] == 0.54  # the hand-computed example of test_item_stats
        q3 = ItemAnalysisQuestion.objects.get(analysis=rows[None], question_id=scope.question_ids[2])
        assert q3.facility == 0.5
        with django_capture_on_commit_callbacks(execute=True):
            grading.answer_grade(answer_id=essay, score=0, comment="Thiếu ý", grader=educator_a)
        q3 = ItemAnalysisQuestion.objects.get(
            analysis__batch_id=scope.batch_id, question_id=scope.question_ids[2]
        )
        assert q3.facility == 0.3 and analyses(scope)[None].summary["mean"] == 1.6


def test_voided_left_out_then_reinstated(org_a, educator_a, django_capture_on_commit_callbacks):
    scope = build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS, voided={0})
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            services.item_analysis_request(preset_id=scope.preset_id, batch_id=None)
        row = analyses(scope)[None]
        assert (row.attempt_count, row.voided_count, row.summary["n"]) == (4, 1, 4)
        with django_capture_on_commit_callbacks(execute=True):
            grading.attempt_reinstate(attempt_id=scope.attempt_ids[0], reason="Mất điện", educator=educator_a)
        row = analyses(scope)[None]
        assert (row.status, row.attempt_count, row.voided_count, row.summary["alpha"]) == (
            S.READY,
            5,
            0,
            0.54,
        )


def test_a_release_queues_the_batch_and_the_preset(org_a, django_capture_on_commit_callbacks):
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 3)
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            assert grading.batch_release(batch_id=scope.batch_id) == 3
        rows = analyses(scope)
        assert {b: (r.status, r.attempt_count) for b, r in rows.items()} == {
            scope.batch_id: (S.READY, 3),
            None: (S.READY, 3),
        }


def test_the_preset_overall_counts_every_batch(org_a, django_capture_on_commit_callbacks):
    first = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2)
    second = build_scope(
        org_a, questions=[], learners=[[({"option": "b"}, 0)]] * 3, preset=first.preset_id, code="IA2"
    )
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            for batch_id in (first.batch_id, second.batch_id, None):
                services.item_analysis_request(preset_id=first.preset_id, batch_id=batch_id)
        rows = analyses(first)
        assert rows[first.batch_id].summary["mean"] == 1.0 and rows[second.batch_id].summary["mean"] == 0.0
        assert rows[None].attempt_count == 5 and rows[None].summary["mean"] == 0.4


def test_requests_are_folded_while_queued(org_a, django_capture_on_commit_callbacks):
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2)
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks() as queued:
            assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None) is True
            assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None) is False
        assert len(queued) == 1
        for callback in queued:
            callback()
        assert analyses(scope)[None].status == S.READY
        with django_capture_on_commit_callbacks() as queued:
            assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None) is True
        assert len(queued) == 1 and analyses(scope)[None].status == S.QUEUED


def test_a_change_during_a_run_queues_one_more(org_a, monkeypatch):
    """A grade changes while the run computes: the run stores its figures but leaves the row
    queued, and the run queued meanwhile computes again and ends ready."""
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2)
    queued: list[int] = []
    monkeypatch.setattr(services, "_enqueue", queued.append)
    real = stats.analyse

    def analyse_while_a_grade_changes(**kwargs):
        assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None) is True
        return real(**kwargs)

    with schema_context(org_a.schema_name):
        assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None) is True
        monkeypatch.setattr(stats, "analyse", analyse_while_a_grade_changes)
        assert services.item_analysis_run(analysis_id=queued[0]) is True
        row = analyses(scope)[None]
        assert row.status == S.QUEUED and row.computed_at is not None and row.attempt_count == 2
        assert queued == [row.pk, row.pk]
        monkeypatch.setattr(stats, "analyse", real)
        assert services.item_analysis_run(analysis_id=row.pk) is True
        assert analyses(scope)[None].status == S.READY
        assert services.item_analysis_run(analysis_id=row.pk) is False  # nothing queued


def test_a_failed_run_is_recorded_and_can_be_requested_again(
    org_a, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    scope = build_scope(org_a, questions=[essay_question()], learners=[[({"text": "x"}, 1)]] * 2)
    with schema_context(org_a.schema_name):
        monkeypatch.setattr(stats, "analyse", lambda **kwargs: 1 / 0)
        with django_capture_on_commit_callbacks(execute=True):
            services.item_analysis_request(preset_id=scope.preset_id, batch_id=None)
        row = analyses(scope)[None]
        assert (row.status, row.error, row.computed_at) == (S.FAILED, "computation_failed", None)
        assert "item analysis" in caplog.text
        monkeypatch.undo()
        with django_capture_on_commit_callbacks(execute=True):
            assert services.item_analysis_request(preset_id=scope.preset_id, batch_id=None)
        assert analyses(scope)[None].status == S.READY


def test_an_empty_scope_is_ready_with_no_attempts(org_a, django_capture_on_commit_callbacks):
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]], pending={0})
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            services.item_analysis_request(preset_id=scope.preset_id, batch_id=scope.batch_id)
        row = analyses(scope)[scope.batch_id]
        assert (row.status, row.attempt_count, row.pending_count) == (S.READY, 0, 1)
        assert row.summary["n"] == 0 and row.summary["mean"] is None
        assert not ItemAnalysisQuestion.objects.filter(analysis=row).exists()


def test_queued_in_the_schema_of_the_change(org_a, django_capture_on_commit_callbacks):
    """The commit may come after the request left the organization's schema (a learner's calls
    enter it for the submission only): the request still lands in that organization."""
    from item_analysis.services import item_analysis_changed

    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2)
    with django_capture_on_commit_callbacks(execute=True):
        with schema_context(org_a.schema_name):
            item_analysis_changed(preset_id=scope.preset_id, batch_id=scope.batch_id)
    with schema_context(org_a.schema_name):
        rows = analyses(scope)
        assert {b: r.status for b, r in rows.items()} == {scope.batch_id: S.READY, None: S.READY}


class RecordingCache:
    def __init__(self):
        self.sets, self.deletes = [], []

    def set(self, key, value, timeout):
        self.sets.append((key, value, timeout))

    def delete(self, key):
        self.deletes.append(key)


def test_a_run_reports_its_progress_then_clears_it(org_a, monkeypatch, django_capture_on_commit_callbacks):
    """A large test's run tells the page how far it is: the fractions read (chunks of 4 rows of
    the hand example, ``test_item_selectors``) go to the shared cache with the run's start, at
    most one write per 5 points (the 0.9 reported before the statistics repeats the last one),
    and the entry is deleted once the figures are stored."""
    from item_analysis import selectors

    scope = build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS)
    monkeypatch.setattr(selectors, "CHUNK", 4)
    recorded = RecordingCache()
    monkeypatch.setattr(services, "cache", recorded)
    with schema_context(org_a.schema_name):
        with django_capture_on_commit_callbacks(execute=True):
            services.item_analysis_request(preset_id=scope.preset_id, batch_id=scope.batch_id)
        row = ItemAnalysis.objects.get(batch_id=scope.batch_id)
        key = f"item-analysis-progress:{org_a.schema_name}:{row.pk}"
        assert row.status == S.READY
    assert [(k, v["fraction"], ttl) for k, v, ttl in recorded.sets] == [
        (key, f, 3600) for f in (0.16, 0.32, 0.48, 0.6, 0.72, 0.84, 0.9)
    ]
    assert {v["started"] for _k, v, _t in recorded.sets} == {row.started_at.isoformat()}
    assert recorded.deletes == [key]
