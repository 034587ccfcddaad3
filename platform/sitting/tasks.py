"""Huey tasks of the sitting (issue 7, item 3; issue 17, item 3; issue 24). Attempts are submitted
at their deadline (plus the grace period) even when the learner closed the browser. One periodic
sweeper does it, at most a minute late, instead of a task per attempt: 500 starts in 10 s would
otherwise queue 500 scheduled tasks, and nothing can be answered after the deadline anyway.
Proctoring videos past their organization's retention are deleted by a daily sweep (issue 24)."""

from __future__ import annotations

import logging

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

logger = logging.getLogger(__name__)


@db_periodic_task(crontab(minute="*"))  # type: ignore[untyped-decorator]  # huey has no types
def attempts_sweep() -> int:
    """Every minute, in every ready organization (``tenants.scope.for_each_ready_organization``:
    never ``public``, one failing organization logged and skipped): submit the attempts whose
    deadline and grace period have passed (``attempts.attempts_overdue_submit``). Returns how many
    were submitted in all."""
    from sitting.attempts import attempts_overdue_submit
    from tenants.scope import for_each_ready_organization

    total = sum(for_each_ready_organization(attempts_overdue_submit, label="attempts_sweep").values())
    if total:
        logger.info("attempts: %d submitted at their deadline", total)
    return total


@db_periodic_task(crontab(hour="19", minute="30"))  # type: ignore[untyped-decorator]  # huey has no types
def proctoring_videos_retention() -> int:
    """Every day at 02:30 Vietnam time (19:30 UTC: huey's crontab runs in UTC), organization by
    organization (``tenants.scope.each_ready_organization``: never ``public``, one failing
    organization logged and skipped): delete the proctoring videos the organization's retention
    policy no longer keeps, with a deletion record each (``proctoring.videos_retention_sweep``;
    issue 24, item 3; decision 0020). Returns how many files were deleted in all."""
    from sitting.proctoring import videos_retention_sweep
    from tenants.scope import each_ready_organization

    total = sum(each_ready_organization(videos_retention_sweep, label="proctoring_videos_retention").values())
    if total:
        logger.info("retention: %d proctoring videos deleted", total)
    return total
