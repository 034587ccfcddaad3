"""Background work of the market analytics (huey): large exports and their clean-up. The jobs
read public tables only (the round filter is resolved to test ids when the job is queued), so
they need no tenant schema."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task, db_task


@db_task()
def export_run(job_id: str) -> None:
    """Write the file of ExportJob ``job_id`` (see ``analytics.services.export_job_run``)."""
    from analytics.services import export_job_run

    export_job_run(job_id=job_id)


@db_periodic_task(crontab(minute="17"))
def exports_purge() -> int:
    """Every hour: delete the export jobs and files their organization's retention no longer
    keeps (``privacy``'s ``file_keep_hours``, 24 by default; issue 24, item 3)."""
    from analytics.services import export_jobs_purge

    return export_jobs_purge()
