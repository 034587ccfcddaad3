"""Reads of background imports (issue 16, item 8)."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _

from config.errors import not_found
from imports.models import ImportJob


def import_job_get(*, profile, job_id: str) -> ImportJob:
    """The job ``job_id`` started by ``profile`` (the session's current profile: one user in one
    organization). Raises 404 ``not_found`` ("Import not found.") for anyone else's job (another
    user, or the same user's profile in another organization), a malformed or unknown id
    (ARCHITECTURE.md "Tenancy": other tenants' ids answer 404)."""
    try:
        key = uuid.UUID(str(job_id))
    except ValueError as exc:
        raise not_found(_("Import not found.")) from exc
    job = ImportJob.objects.filter(
        pk=key, profile_id=profile.pk, user_id=profile.user_id, organization_id=profile.organization_id
    ).first()
    if job is None:
        raise not_found(_("Import not found."))
    return job


def import_job_data(job: ImportJob) -> dict[str, Any]:
    """The job as the API answers it (``imports.schemas.ImportJobOut``)."""
    return {
        "id": str(job.pk),
        "kind": job.kind,
        "status": job.status,
        "dry_run": job.dry_run,
        "progress": job.progress,
        "rows_done": job.rows_done,
        "rows_total": job.rows_total,
        "file_name": job.file_name,
        "result": job.result,
        "error_code": job.error_code,
        "error_message": job.error_message,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }
