"""Background work of the organization's people (huey): large learner imports (issue 16, item 8).
Invitations are public data, so the task needs no tenant schema."""

from __future__ import annotations

from huey.contrib.djhuey import db_task


@db_task()
def learners_import_job(job_id: str) -> None:
    """Run the learner import ``ImportJob`` ``job_id``
    (``people.services.learners_import_job_run``)."""
    from people.services import learners_import_job_run

    learners_import_job_run(job_id=job_id)
