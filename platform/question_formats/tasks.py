"""Background work of question formats (huey)."""

from __future__ import annotations

from tenants.tasks import tenant_task


@tenant_task()
def paper_export_job(job_id: str) -> None:
    """Write the paper test export ``job_id`` in the schema given as the first argument
    (``question_formats.paper.services.paper_export_run``; issue 36, item 3)."""
    from question_formats.paper.services import paper_export_run

    paper_export_run(job_id=job_id)
