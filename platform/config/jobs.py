"""What every background job with a stored file shares (analytics exports, spreadsheet imports)."""

from __future__ import annotations

from datetime import timedelta

from django.core.files.storage import default_storage
from django.db import models
from django.utils import timezone

PURGE_BATCH = 500


def jobs_purge(model: type[models.Model], *, keep_hours: int) -> int:
    """Delete up to ``PURGE_BATCH`` rows of ``model`` (a job with ``created_at`` and a ``file``
    storage name) created more than ``keep_hours`` hours ago, and their stored files. Returns the
    number deleted; an hourly task calls it again for the rest."""
    rows = model._default_manager.filter(created_at__lt=timezone.now() - timedelta(hours=keep_hours))
    old: list[tuple[int, str]] = list(rows.values_list("pk", "file")[:PURGE_BATCH])
    for _pk, name in old:
        if name:
            default_storage.delete(name)
    model._default_manager.filter(pk__in=[pk for pk, _name in old]).delete()
    return len(old)
