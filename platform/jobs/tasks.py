"""Background work of jobs (huey; issue 35, item 3): the recovery of jobs whose consumer died."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task


@db_periodic_task(crontab(minute="*"))
def jobs_recover() -> int:
    """Every minute: fail the imports and exports a dead consumer left running or a lost task
    left queued, with ``job_lost`` (``jobs.services.jobs_recover``)."""
    from jobs.services import jobs_recover as recover

    return recover()
