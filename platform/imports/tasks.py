"""Background work of imports: the clean-up of old jobs. Each import kind has its own task in
its app (``assessments.tasks.questions_import_job``, ``people.tasks.learners_import_job``)."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task


@db_periodic_task(crontab(minute="23"))
def import_jobs_purge() -> int:
    """Every hour: delete the import jobs (and any upload left with them) their organization's
    retention no longer keeps (``privacy``'s ``file_keep_hours``, 24 by default; issue 24)."""
    from imports.services import import_jobs_purge as purge

    return purge()
