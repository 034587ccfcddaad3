"""Background work of question files (huey): reading an upload, importing a previewed file,
writing a paper test export."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from tenants.tasks import tenant_task


@tenant_task()
def paper_export_job(job_id: str) -> None:
    """Write the paper test export ``job_id`` in the schema given as the first argument
    (``question_formats.paper.services.paper_export_run``; issue 36, item 3)."""
    from question_formats.paper.services import paper_export_run

    paper_export_run(job_id=job_id)


@tenant_task()
def question_file_read(job_id: str) -> None:
    """Read the uploaded question file of the ``ImportJob`` ``job_id`` into candidates, in the
    schema given as the first argument (``services.question_file_read_run``; issue 36)."""
    from question_formats.services import question_file_read_run

    question_file_read_run(job_id=job_id)


@tenant_task()
def question_file_import(job_id: str) -> None:
    """Write a previewed question file's candidates as drafts (``ImportJob`` ``job_id``), in the
    schema given as the first argument (``services.question_file_import_run``; issue 36)."""
    from question_formats.services import question_file_import_run

    question_file_import_run(job_id=job_id)


@db_periodic_task(crontab(minute="29"))
def question_files_purge() -> int:
    """Every hour, in every ready organization: delete the question files (their candidates and
    preview pictures) past the organization's retention of imports
    (``services.question_files_purge``; issue 24, item 3). Returns how many in all."""
    from question_formats.services import question_files_purge as purge
    from tenants.scope import each_ready_organization

    return sum(each_ready_organization(purge, label="question_files_purge").values())
