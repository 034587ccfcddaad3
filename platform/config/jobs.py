"""What background jobs share: purging old jobs with a stored file (analytics exports, spreadsheet
imports), and the sweep of rows whose time has come (``due_sweep``: pending transactions, waiting
list offers)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.core.files.storage import default_storage
from django.db import models, transaction
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


def due_sweep(due: models.QuerySet[Any], act: Callable[[Any], Any]) -> int:
    """Act on every row of ``due`` (rows whose time has come: a pending transaction past its
    expiry, an offer past its claim time), each in a transaction of its own: the row is read again
    FOR UPDATE SKIP LOCKED and only while it is still in ``due``, so a row another transaction
    holds (a payment, a claim in progress wins) or one that left ``due`` meanwhile is left for the
    next run; then ``act(row)``. Returns how many rows were acted on. The one sweep of the periodic
    tasks that expire what is due (issue 35, item 3)."""
    count = 0
    for pk in list(due.values_list("pk", flat=True)):
        with transaction.atomic():
            row = due.select_for_update(skip_locked=True).filter(pk=pk).first()
            if row is None:
                continue
            act(row)
            count += 1
    return count
