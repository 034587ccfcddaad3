"""Huey tasks of the privacy records (issue 37, item 4; decision 0049): the daily orphan sweep."""

from __future__ import annotations

import logging

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

logger = logging.getLogger(__name__)


@db_periodic_task(crontab(hour="20", minute="0"))  # type: ignore[untyped-decorator]  # huey has no types
def orphan_files_sweep() -> int:
    """Every day at 03:00 Vietnam time (20:00 UTC: huey's crontab runs in UTC), after the videos'
    retention sweep at 02:30: delete the stored files no row points to, older than the grace
    period, with a deletion record each (``privacy.orphans.orphans_sweep``). Returns how many
    files were deleted; a failing lookup is logged and nothing of its batch is deleted."""
    from privacy.orphans import orphans_sweep

    try:
        result = orphans_sweep()
    except Exception:
        logger.exception("orphan files: the sweep stopped (a lookup failed); nothing more deleted")
        return 0
    if result.orphans or result.failed:
        logger.info(
            "orphan files: %d listed, %d within the grace period, %d orphans, %d deleted, %d failed",
            result.listed,
            result.recent,
            len(result.orphans),
            result.deleted,
            result.failed,
        )
    return result.deleted
