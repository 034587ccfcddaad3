"""Background work of the tests feature (huey): periodic sweeps and large question imports."""

from __future__ import annotations

import logging

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from tenants.tasks import tenant_task

logger = logging.getLogger(__name__)


@db_periodic_task(crontab(minute="*"))
def waiting_list_lapse() -> int:
    """Every minute, in every ready organization (``tenants.scope.for_each_ready_organization``:
    never ``public``, one failing organization logged and skipped; issue 17, item 3): lapse
    waiting-list offers whose claim time has passed and offer the freed slots to the next in line
    (issue 5, item 5). Returns how many offers lapsed in all."""
    from assessments.services.waiting_list import waiting_list_lapse_due
    from tenants.scope import for_each_ready_organization

    total = sum(for_each_ready_organization(waiting_list_lapse_due, label="waiting_list_lapse").values())
    if total:
        logger.info("waiting list: %d offers lapsed", total)
    return total


@tenant_task()
def questions_import_job(job_id: str) -> None:
    """Run the question import ``ImportJob`` ``job_id`` in the schema given as the first argument
    (``assessments.services.spreadsheets.questions_import_job_run``; issue 16, item 8)."""
    from assessments.services.spreadsheets import questions_import_job_run

    questions_import_job_run(job_id=job_id)
