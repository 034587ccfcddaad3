"""Retention of exports and imports (issue 24, item 3; decision 0020): each organization's
``file_keep_hours`` (``privacy.rules.FILE_KEEP_HOURS_DEFAULT`` without a policy) decides when an
analytics export job or an import job, with its stored file, is deleted. The hourly purges of
``analytics`` and ``imports`` call :func:`jobs_purge`; the proctoring videos' daily sweep is
``sitting.tasks.proctoring_videos_retention`` (``sitting.proctoring``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import models, transaction
from django.db.models import Case, DateTimeField, F, Q, QuerySet, Value, When
from django.utils import timezone

from privacy import rules
from privacy.models import DeletionRecord
from privacy.selectors import file_keep_hours_by_organization
from privacy.services import deletion_record_create, storage_delete

logger = logging.getLogger(__name__)


def keep_until(*, organization_match: Callable[[int], Q], now: datetime) -> Case:
    """A SQL expression: the instant before which a job is expired, by its organization's
    ``file_keep_hours`` (``organization_match(id)`` selects an organization's jobs); the default
    for organizations without a policy and for jobs of no single organization (a SuperAdmin's
    export of every organization)."""
    whens = [
        When(organization_match(org_id), then=Value(now - timedelta(hours=hours)))
        for org_id, hours in sorted(file_keep_hours_by_organization().items())
    ]
    default = now - timedelta(hours=rules.FILE_KEEP_HOURS_DEFAULT)
    return Case(*whens, default=Value(default), output_field=DateTimeField())


def jobs_purge(
    *,
    queryset: QuerySet,
    organization_match: Callable[[int], Q],
    organization_of: Callable[[models.Model], int | None],
    kind: str,
    object_type: str,
    now: datetime | None = None,
    batch: int = 500,
) -> int:
    """Delete up to ``batch`` jobs of ``queryset`` (rows with ``created_at`` and a ``file``
    storage name) whose organization's retention has run out, oldest first, with their stored
    files (``privacy.services.storage_delete``): each file deleted gets a ``DeletionRecord``
    (``kind``, ``object_type``, reason ``retention``). Returns how many jobs were deleted; the
    hourly task calls it again for the rest. A file that cannot be deleted (storage error) leaves
    its job for the next run."""
    now = now or timezone.now()
    expired = list(
        queryset.annotate(_keep_until=keep_until(organization_match=organization_match, now=now))
        .filter(created_at__lt=F("_keep_until"))
        .order_by("created_at")[:batch]
    )
    done = []
    for job in expired:
        found = True
        if job.file:
            try:
                found = storage_delete(job.file)
            except Exception:
                logger.exception("retention: could not delete %s of %s %s", job.file, object_type, job.pk)
                continue
        with transaction.atomic():
            if job.file:
                deletion_record_create(
                    kind=kind,
                    object_type=object_type,
                    object_id=job.pk,
                    file_name=job.file,
                    reason=DeletionRecord.Reason.RETENTION,
                    organization_id=organization_of(job),
                    file_found=found,
                    deleted_at=now,
                )
            type(job).objects.filter(pk=job.pk).delete()
        done.append(job.pk)
    return len(done)
