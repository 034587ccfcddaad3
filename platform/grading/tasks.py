"""Huey tasks of grading: the re-scoring of a key correction after the exam (issue 39, item 2;
decision 0058), queued when the correction is confirmed, and the minute's sweep that queues again
a correction whose task was lost or whose consumer died."""

from __future__ import annotations

import logging

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from tenants.tasks import tenant_task

logger = logging.getLogger(__name__)


@tenant_task()
def key_correction_rescore(correction_id: int) -> None:
    """Re-score the attempts of the ``KeyCorrection`` ``correction_id`` in the schema given as the
    first argument (``grading.corrections.key_correction_run``: claimed once, an attempt per
    transaction, safe to run again). Queued by ``key_correction_create`` after its commit and by
    ``key_corrections_resume``."""
    from grading.corrections import key_correction_run

    key_correction_run(correction_id=correction_id)


@db_periodic_task(crontab(minute="*"))  # type: ignore[untyped-decorator]  # huey has no types
def key_corrections_resume() -> int:
    """Every minute, in every ready organization (``tenants.scope.for_each_ready_organization``):
    queue again the key corrections without a sign of life for ``JOB_STALE_SECONDS``
    (``grading.corrections.key_corrections_resume``). Returns how many were queued in all."""
    from grading.corrections import key_corrections_resume as resume
    from tenants.scope import for_each_ready_organization

    total = sum(for_each_ready_organization(resume, label="key_corrections_resume").values())
    if total:
        logger.warning("key corrections: %d queued again after their consumer went silent", total)
    return total
