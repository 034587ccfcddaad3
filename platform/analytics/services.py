"""Exports of the market analytics (issue 10, item 3): stream a small one at once, or queue a
large one as an ``ExportJob`` that a huey task writes (with progress) and the SPA polls.

Thresholds (settings): ``ANALYTICS_EXPORT_SYNC_MAX_ROWS`` spreadsheet rows (default 5,000) and
``ANALYTICS_PDF_SYNC_MAX_ROWS`` paid purchases summarized by the dashboard PDF (default
200,000). Above them the call answers 202 with the job.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q
from django.http import FileResponse
from django.utils.translation import gettext as _

from analytics import dashboard_pdf, exports
from analytics.error_codes import AnalyticsErrorCode
from analytics.filters import MarketQuery, Viewer, items
from analytics.models import ExportJob
from config.errors import ApplicationError, not_found
from config.i18n import in_language, reader_language
from config.media import private_name
from jobs.services import Heartbeat, file_job_finish, job_claim, job_progress
from privacy import retention
from privacy.models import DeletionRecord
from privacy.services import AccessSubject

PROGRESS_EVERY = exports.CHUNK
logger = logging.getLogger(__name__)
ANALYTICS_KINDS = (ExportJob.Kind.TRANSACTIONS_XLSX, ExportJob.Kind.DASHBOARD_PDF)
"""The kinds these endpoints answer (a paper test export, ``question_formats``, has its own)."""


def xlsx_sync_limit() -> int:
    """Spreadsheet rows written at once; above, a background job (``ANALYTICS_EXPORT_SYNC_MAX_ROWS``)."""
    return int(getattr(settings, "ANALYTICS_EXPORT_SYNC_MAX_ROWS", 5000))


def pdf_sync_limit() -> int:
    """Paid purchases the dashboard PDF summarizes at once; above, a background job
    (``ANALYTICS_PDF_SYNC_MAX_ROWS``)."""
    return int(getattr(settings, "ANALYTICS_PDF_SYNC_MAX_ROWS", 200_000))


def _file_response(handle, file_name: str, content_type: str) -> FileResponse:
    response = FileResponse(handle, as_attachment=True, filename=file_name, content_type=content_type)
    response["Cache-Control"] = "no-store"
    return response


def scope_name(q: MarketQuery) -> str:
    """The PDF's subtitle: the one organization's shown name, else "All organizations"."""
    from tenants.models import Organization

    if q.organization_ids and len(q.organization_ids) == 1:
        org = Organization.objects.filter(pk=q.organization_ids[0]).first()
        return org.shown_name if org else ""
    return _("All organizations")


def _job(viewer: Viewer, kind: str, params: dict[str, Any], rows: int, file_name: str, content_type: str):
    job = ExportJob.objects.create(
        kind=kind,
        user_id=viewer.user_id,
        params=params,
        language=reader_language(),
        rows_total=rows,
        file_name=file_name,
        content_type=content_type,
    )
    from analytics.tasks import export_run

    transaction.on_commit(lambda: export_run(str(job.pk)))
    return job


def transactions_export(
    *, viewer: Viewer, q: MarketQuery, search: str = "", order_by: str = ""
) -> FileResponse | ExportJob:
    """POST .../markets/assessments/transactions/export: the .xlsx at once (a FileResponse with
    ``Content-Disposition: attachment; filename=market-assessment-transactions-{preset or
    all}.xlsx``) up to ``xlsx_sync_limit()`` rows, else a queued ExportJob."""
    rows = exports.count_transactions(q, search=search)
    file_name = exports.transactions_file_name(q)
    if rows > xlsx_sync_limit():
        params = {"query": q.to_json(), "search": search, "order_by": order_by}
        return _job(viewer, ExportJob.Kind.TRANSACTIONS_XLSX, params, rows, file_name, exports.XLSX_TYPE)
    handle = tempfile.TemporaryFile()
    exports.write_transactions_xlsx(q, handle, search=search, order_by=order_by)
    handle.seek(0)
    return _file_response(handle, file_name, exports.XLSX_TYPE)


def dashboard_export(*, viewer: Viewer, q: MarketQuery) -> FileResponse | ExportJob:
    """POST .../analytics/export-dashboard: the dashboard PDF at once
    (``transactions-dashboard.pdf``) when it summarizes up to ``pdf_sync_limit()`` paid
    purchases, else a queued ExportJob."""
    rows = items(q, status="COMPLETED").count()
    if rows > pdf_sync_limit():
        params = {"query": q.to_json()}
        return _job(
            viewer,
            ExportJob.Kind.DASHBOARD_PDF,
            params,
            rows,
            dashboard_pdf.DASHBOARD_FILE_NAME,
            dashboard_pdf.PDF_TYPE,
        )
    handle = tempfile.TemporaryFile()
    dashboard_pdf.write_dashboard_pdf(q, handle, scope_name=scope_name(q))
    handle.seek(0)
    return _file_response(handle, dashboard_pdf.DASHBOARD_FILE_NAME, dashboard_pdf.PDF_TYPE)


def export_job_run(*, job_id: str) -> None:
    """The huey task's body: claim the queued job (``jobs.services.job_claim``; a duplicate task,
    or a job the recovery failed, does nothing), write its file to storage under a random
    private name (``config.media.private_name``: ``analytics-exports/<token>.<ext>``), recording
    ``rows_done`` every PROGRESS_EVERY rows (the dashboard PDF: its stages, as a share of the
    purchases it summarizes) while the consumer beats (``jobs.services.Heartbeat``), then DONE,
    or FAILED with ``export_failed`` and "The export failed. Please try again." in the job's
    language (the traceback is logged). Runs in the language of the request that queued it; the
    file is written at the lowest CPU priority (``config.priority.run_at_idle_priority``)."""
    if not job_claim(job_id):
        return
    job = ExportJob.objects.get(pk=job_id)
    q = MarketQuery.from_json(job.params["query"])

    def progress(done: int) -> None:
        job_progress(job.pk, min(done, job.rows_total or done))

    reported = [-1]

    def pdf_progress(fraction: float) -> None:
        """The PDF's stages as a share of the purchases it summarizes; written to the row only
        when the whole percent moves (a few updates per file)."""
        percent = int(fraction * 100)
        if percent > reported[0]:
            reported[0] = percent
            progress(int(job.rows_total * fraction))

    def write() -> tuple[str, dict[str, int]]:
        with Heartbeat(job.pk), in_language(job.language), tempfile.TemporaryFile() as handle:
            if job.kind == ExportJob.Kind.TRANSACTIONS_XLSX:
                rows = exports.write_transactions_xlsx(
                    q,
                    handle,
                    search=job.params.get("search", ""),
                    order_by=job.params.get("order_by", ""),
                    progress=progress,
                )
            else:
                dashboard_pdf.write_dashboard_pdf(q, handle, scope_name=scope_name(q), progress=pdf_progress)
                rows = job.rows_total
            handle.seek(0)
            name = private_name(kind="analytics-exports", extension=Path(job.file_name).suffix)
            return default_storage.save(name, File(handle)), {"rows_total": rows, "rows_done": rows}

    # Seconds of CPU-bound work at the lowest priority (docs/decisions/0010; bench/README.md
    # "saves under export").
    file_job_finish(job, write, error_code=AnalyticsErrorCode.EXPORT_FAILED)


def export_job_get(*, viewer: Viewer, job_id: str) -> ExportJob:
    """The caller's own analytics export job (404 for anyone else's, another kind of export, or an
    unknown id)."""
    import uuid

    try:
        key = uuid.UUID(str(job_id))
    except ValueError as exc:
        raise not_found(_("Export not found.")) from exc
    job = ExportJob.objects.filter(pk=key, user_id=viewer.user_id, kind__in=ANALYTICS_KINDS).first()
    if job is None:
        raise not_found(_("Export not found."))
    return job


def export_job_download(*, viewer: Viewer, job_id: str) -> FileResponse:
    """The finished file of the caller's job, as an attachment named by the job. 409
    ``export_not_ready`` while it runs; 409 ``export_failed`` when it failed."""
    job = export_job_get(viewer=viewer, job_id=job_id)
    if job.status == ExportJob.Status.FAILED:
        raise ApplicationError(
            AnalyticsErrorCode.EXPORT_FAILED, _("The export failed. Please try again."), status=409
        )
    if job.status != ExportJob.Status.DONE or not job.file:
        raise ApplicationError(
            AnalyticsErrorCode.EXPORT_NOT_READY, _("The export is not ready yet."), status=409
        )
    return _file_response(default_storage.open(job.file, "rb"), job.file_name, job.content_type)


def _job_organization(job: ExportJob) -> int | None:
    """The one organization an export is about (an educator's are always so), else None (a
    SuperAdmin's export of every organization, or of several)."""
    ids = ((job.params or {}).get("query") or {}).get("organization_ids") or []
    return ids[0] if len(ids) == 1 else None


def export_jobs_purge() -> int:
    """Delete the export jobs, with their files, that their organization's retention no longer
    keeps (``file_keep_hours``, 24 by default; issue 24, item 3), a deletion record per file
    (``privacy.retention.jobs_purge``). Returns the number deleted."""
    return retention.jobs_purge(
        queryset=ExportJob.objects.all(),
        organization_match=lambda org_id: Q(params__query__organization_ids=[org_id]),
        organization_of=_job_organization,
        kind=DeletionRecord.Kind.ANALYTICS_EXPORT,
        object_type="export_job",
    )


def export_job_subject(job_id: str) -> AccessSubject:
    """The access log's subject of a background export's download (issue 24, item 4): the job,
    its file name and its one organization (for a SuperAdmin's download). One query."""
    job = ExportJob.objects.get(pk=job_id)
    return AccessSubject(
        object_type="export_job",
        object_id=job.pk,
        label=job.file_name,
        organization_id=_job_organization(job),
    )
