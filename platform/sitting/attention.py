"""What the assignments side asks of an educator now (issue 19, section 1: the educator's /home
"needs attention" panel; decision 0018): answers waiting for a score, batches running now, and
results graded but not yet released, per batch. Runs in the organization's schema, four queries
whatever the number of rows."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count, Min, Q

from assessments.models import Batch
from assignments.models import ANSWER_TO_GRADE, RELEASABLE_ATTEMPT, Assignment, Attempt, AttemptAnswer
from assignments.selectors import ASSIGNABLE, batch_open
from sitting.shapes import ReleaseGroup, RunningBatch

ATTENTION_ROWS = 10
"""Batches listed per section of the panel; ``*_total`` says how many there are in all."""


def answers_to_grade_count() -> int:
    """Essay and unmatched short answers of submitted attempts still without a score: what the
    grading list shows by default (``grading.selectors.grading_list``, state pending). One query."""
    return AttemptAnswer.objects.filter(ANSWER_TO_GRADE, graded_at__isnull=True).count()


def running_batches(*, now: datetime, limit: int = ATTENTION_ROWS) -> tuple[list[RunningBatch], int]:
    """Batches of approved or published tests open at ``now`` (``batch_open``: started, not
    expired), the soonest to end first, at most ``limit``, each with ``in_progress`` (learners
    in the test now); and how many there are in all. Two queries."""
    qs = Batch.objects.filter(batch_open(now), preset__status__in=ASSIGNABLE)
    total = qs.count()
    rows = (
        qs.select_related("preset")
        .annotate(
            in_progress=Count(
                "assignments", filter=Q(assignments__status=Assignment.Status.IN_PROGRESS), distinct=True
            )
        )
        .order_by("expires_at", "id")[:limit]
    )
    return [
        {
            "id": b.pk,
            "name": b.name,
            "preset_id": b.preset_id,
            "preset_name": b.preset.name,
            "starts_at": b.starts_at,
            "expires_at": b.expires_at,
            "in_progress": b.in_progress,
        }
        for b in rows
    ], total


def results_to_release(*, limit: int = ATTENTION_ROWS) -> tuple[list[ReleaseGroup], int]:
    """Results graded and decided but not released (``RELEASABLE_ATTEMPT``, live assignments:
    the gradebook's ``releasable``), per batch (a test's attempts without a batch form one row
    with ``batch_id`` None), the oldest submission first, at most ``limit`` rows; and how many
    results wait in all. Two queries."""
    qs = Attempt.objects.filter(RELEASABLE_ATTEMPT).exclude(assignment__status=Assignment.Status.REVOKED)
    total = qs.count()
    groups = (
        qs.values(
            "assignment__preset_id",
            "assignment__preset__name",
            "assignment__batch_id",
            "assignment__batch__name",
        )
        .annotate(count=Count("id"), since=Min("submitted_at"))
        .order_by("since", "assignment__batch_id")[:limit]
    )
    return [
        {
            "preset_id": g["assignment__preset_id"],
            "preset_name": g["assignment__preset__name"],
            "batch_id": g["assignment__batch_id"],
            "batch_name": g["assignment__batch__name"],
            "count": g["count"],
        }
        for g in groups
    ], total
