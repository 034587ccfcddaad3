"""Background imports (issue 16, item 8: "large imports run in a huey task with progress, not in
the request"); docs/decisions/0012-import-jobs.md.

The import services (``assessments.services.spreadsheets.questions_import``,
``people.services.learners_import``) check an upload's caps and count its rows from the bytes
(``config.spreadsheets.open_sheet``, milliseconds). Up to ``IMPORT_SYNC_MAX_ROWS`` data rows they
import in the request as before; above it they call ``import_job_create`` here (the upload is
stored under a random private name) and queue their own huey task, whose body calls
``import_job_run`` with the kind's work. The SPA polls ``GET /api/v1/import-jobs/{id}``.

Progress: the import's writes are one transaction (all rows or none), which a poller cannot see
into; so ``rows_done`` is written on a connection of its own (``jobs.services.ProgressRecorder``),
committed at once, whenever the whole percent moves. The job is the one background job of
``jobs`` (issue 35, item 3): claimed once, beating while it runs, failed by ``jobs_recover`` when
its consumer dies.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import IO, Any

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext as _

from config.errors import ApplicationError
from config.i18n import in_language, reader_language
from config.media import private_name
from config.priority import run_at_idle_priority
from imports.error_codes import ImportErrorCode
from imports.models import ImportJob
from jobs.services import Heartbeat, ProgressRecorder, job_claim, job_end
from privacy import retention
from privacy.models import DeletionRecord
from tenants.scope import organization_schema

logger = logging.getLogger(__name__)

Progress = Callable[[int], None]
"""``progress(done)``: ``done`` data rows of the file are finished (checked, and written unless
a dry run), counted from the first row after the header, empty rows included."""

Work = Callable[[ImportJob, IO[bytes], Progress], dict[str, Any]]
"""A kind's import: ``work(job, file, progress)`` returns the report the synchronous import
returns, or raises ``ApplicationError`` as it does."""


def sync_max_rows() -> int:
    """Data rows an import may hold and still run in the request (``IMPORT_SYNC_MAX_ROWS``)."""
    return int(getattr(settings, "IMPORT_SYNC_MAX_ROWS", 500))


def runs_in_background(rows_total: int) -> bool:
    """True when an import of ``rows_total`` data rows (counted from the file's bytes) runs as
    a job rather than in the request (issue 16, item 8). Dry runs follow the same rule: checking
    20,000 questions takes as long as most of their import (docs/decisions/0012)."""
    return rows_total > sync_max_rows()


def import_job_create(
    *,
    kind: str,
    profile_id: int,
    upload,
    extension: str,
    rows_total: int,
    dry_run: bool,
    params: dict[str, Any] | None = None,
) -> ImportJob:
    """Store ``upload`` (a file-like object, read from its start) under a random private name
    (``config.media.private_name``: ``[<schema>/]imports/<token>.<extension>``, never served by
    URL) and record a QUEUED job of ``kind`` for the profile ``profile_id`` in the current schema
    and language. The caller queues its task with ``transaction.on_commit``. Returns the job."""
    from accounts.models import Profile

    profile = Profile.objects.select_related("organization").get(pk=profile_id)
    schema_name = connection.schema_name
    public = schema_name == settings.PUBLIC_SCHEMA_NAME
    upload.seek(0)
    name = private_name(kind="imports", extension=extension, schema_name="" if public else schema_name)
    stored = default_storage.save(name, File(upload, name=name))
    return ImportJob.objects.create(
        kind=kind,
        organization_id=profile.organization_id,
        schema_name=schema_name,
        user_id=profile.user_id,
        profile=profile,
        language=reader_language(),
        dry_run=dry_run,
        params=params or {},
        file=stored,
        file_name=(getattr(upload, "name", "") or "")[:200],
        rows_total=rows_total,
    )


def _finish(job: ImportJob, *, status: str, **fields: Any) -> None:
    """End the running job (``jobs.services.job_end``) and delete its stored upload either way."""
    job_end(job.pk, status=status, file="", **fields)
    if job.file:
        default_storage.delete(job.file)


def import_job_run(*, job_id: str, work: Work) -> None:
    """The body of a kind's huey task: run ``work`` on the job's stored file with a
    ``ProgressRecorder``, in the job's language and the schema the task runs in (the task is a
    ``tenants.tasks.tenant_task`` for tenant data), at the lowest CPU priority
    (``config.priority.run_at_idle_priority``, as exports). Ends DONE with ``result`` = the report
    and ``rows_done = rows_total``, or FAILED with the ``ApplicationError``'s ``code`` and
    ``message`` (and, for ``import_invalid``, the report of the bad rows in ``result``), or
    ``import_failed`` for anything unexpected (logged). The stored file is deleted either way.
    A job not QUEUED (already run, failed by ``jobs.services.jobs_recover``, or unknown) is left
    alone; the consumer beats while the work runs (``jobs.services.Heartbeat``)."""
    if not job_claim(job_id):
        return
    job = ImportJob.objects.get(pk=job_id)
    schema_name = connection.schema_name

    def body() -> dict[str, Any]:
        recorder = ProgressRecorder(job)
        try:
            with (
                Heartbeat(job.pk),
                organization_schema(schema_name),
                in_language(job.language),
                default_storage.open(job.file, "rb") as handle,
            ):
                return work(job, handle, recorder)
        finally:
            recorder.close()

    try:
        result = run_at_idle_priority(body)
    except ApplicationError as exc:
        report = exc.extra.get("report") if isinstance(exc.extra, dict) else None
        _finish(
            job,
            status=ImportJob.Status.FAILED,
            error_code=exc.code[:60],
            error_message=exc.message,
            result=report,
        )
        return
    except Exception:  # recorded on the job for the SPA; the traceback goes to the log
        logger.exception("import %s failed", job.pk)
        with in_language(job.language):
            message = _("The import failed. Please try again.")
        _finish(
            job,
            status=ImportJob.Status.FAILED,
            error_code=ImportErrorCode.IMPORT_FAILED,
            error_message=message,
        )
        return
    _finish(job, status=ImportJob.Status.DONE, result=result, rows_done=job.rows_total)


def import_jobs_purge() -> int:
    """Delete the import jobs (their reports) that their organization's retention no longer keeps
    (``file_keep_hours``, 24 by default; issue 24, item 3), with any upload still stored (a job
    whose worker died mid-run) and a deletion record for it (``privacy.retention.jobs_purge``).
    Returns the number deleted."""
    return retention.jobs_purge(
        queryset=ImportJob.objects.all(),
        organization_match=lambda org_id: Q(organization_id=org_id),
        organization_of=lambda job: job.organization_id,
        kind=DeletionRecord.Kind.IMPORT_UPLOAD,
        object_type="import_job",
    )
