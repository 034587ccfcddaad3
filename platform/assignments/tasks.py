"""Huey tasks of test taking (issue 7, item 3): attempts are submitted at their deadline (plus
the grace period) even when the learner closed the browser. One periodic sweeper does it, at
most a minute late, instead of a task per attempt: 500 starts in 10 s would otherwise queue 500
scheduled tasks, and nothing can be answered after the deadline anyway."""

from __future__ import annotations

import logging

from django_tenants.utils import schema_context
from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from tenants.tasks import tenant_task

logger = logging.getLogger(__name__)


@tenant_task()
def attempt_auto_submit(attempt_id: int) -> bool:
    """Submit ``attempt_id`` if its deadline (+ grace) has passed and it is still in progress."""
    from assignments.taking import attempt_auto_submit_now

    return attempt_auto_submit_now(attempt_id=attempt_id)


@db_periodic_task(crontab(minute="*"))
def attempts_sweep() -> int:
    """Every minute, in every ready organization: submit overdue attempts. Returns the count."""
    from assignments.taking import attempt_auto_submit_now, overdue_attempt_ids
    from tenants.services import ready_schema_names

    total = 0
    for schema in ready_schema_names():
        with schema_context(schema):
            for pk in overdue_attempt_ids():
                total += attempt_auto_submit_now(attempt_id=pk)
    if total:
        logger.info("attempts: %d submitted at their deadline", total)
    return total
