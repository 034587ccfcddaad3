"""The one run of a background job (issue 35, item 3; docs/decisions/0040): claimed once, alive
while its consumer beats, ended once; and the one recovery of a job whose consumer died.

A kind's task (``imports.services.import_job_run``, ``analytics.services.export_job_run``)
claims its job (``job_claim``: ``queued`` -> ``running``, so a duplicate task finds nothing to
do), runs its work inside ``Heartbeat`` (a thread of the consumer writing ``heartbeat_at`` every
``heartbeat_seconds()``; progress writes beat too), and ends it with ``job_end`` (only a job
still ``running``: a job the recovery has failed stays failed).

A consumer can die mid-job (a SIGKILL, the machine restarting, an out-of-memory kill) and huey
takes a task off its queue before running it, so nothing would ever end such a job and the SPA
would poll it for ever. ``jobs_recover`` (every minute, ``jobs.tasks.jobs_recover``) fails
every ``running`` job without a beat for ``stale_seconds()`` and every ``queued`` job not
started within ``queued_max_seconds()`` (its task was lost), with ``job_lost`` and a localized
message in the job's language; an import's upload still stored is deleted with it. The SPA's
polling stops on ``failed`` and shows that message.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from config.i18n import in_language
from config.priority import run_at_idle_priority
from jobs.error_codes import JobErrorCode
from jobs.models import Job

logger = logging.getLogger(__name__)
RECOVER_BATCH = 500


def heartbeat_seconds() -> float:
    """Seconds between two beats of a running job's consumer (``JOB_HEARTBEAT_SECONDS``, 30)."""
    return float(getattr(settings, "JOB_HEARTBEAT_SECONDS", 30))


def stale_seconds() -> int:
    """Seconds without a beat after which a running job's consumer is taken to be dead
    (``JOB_STALE_SECONDS``, 600: twenty missed beats)."""
    return int(getattr(settings, "JOB_STALE_SECONDS", 600))


def queued_max_seconds() -> int:
    """Seconds a job may wait in the queue before its task is taken to be lost
    (``JOB_QUEUED_MAX_SECONDS``, 3600)."""
    return int(getattr(settings, "JOB_QUEUED_MAX_SECONDS", 3600))


def job_claim(job_id: Any) -> bool:
    """Move the job ``job_id`` from ``queued`` to ``running`` (``started_at`` and
    ``heartbeat_at`` now). False when it is not queued (already claimed by a duplicate task,
    ended, failed by the recovery, or unknown): the caller then does nothing."""
    now = timezone.now()
    return bool(
        Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, started_at=now, heartbeat_at=now
        )
    )


def job_progress(job_id: Any, done: int) -> None:
    """Record ``done`` rows of a running job (a beat too), on the caller's connection."""
    Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
        rows_done=done, heartbeat_at=timezone.now()
    )


def job_end(job_id: Any, *, status: str, **fields: Any) -> bool:
    """End a ``running`` job as ``status`` (``done`` or ``failed``) with ``fields`` and
    ``finished_at`` now. False when it is no longer running (the recovery failed it): a job
    ends once."""
    return bool(
        Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
            status=status, finished_at=timezone.now(), **fields
        )
    )


def file_job_finish(job: Job, write: Callable[[], tuple[str, dict[str, Any]]], *, error_code: str) -> None:
    """Run a claimed export's ``write`` (it stores the file and returns its storage name and the
    job's fields to set, e.g. ``rows_done``) at the lowest CPU priority
    (``config.priority.run_at_idle_priority``: learners in a test on the same machine keep
    theirs), then end the job: DONE with the file, or FAILED with ``error_code`` and "The export
    failed. Please try again." in the job's language (the traceback is logged). A file written
    after the recovery failed the job is deleted: no job serves it (decision 0040)."""
    try:
        path, fields = run_at_idle_priority(write)
    except Exception:  # recorded on the job for the SPA; the traceback goes to the log
        logger.exception("export %s failed", job.pk)
        with in_language(job.language):
            message = _("The export failed. Please try again.")
        job_end(job.pk, status=Job.Status.FAILED, error_code=error_code, error_message=message)
        return
    if not job_end(job.pk, status=Job.Status.DONE, file=path, **fields):
        default_storage.delete(path)


class ProgressRecorder:
    """``progress(done)`` for a running job whose work is one database transaction (an import:
    all rows or none, which a poller cannot see into): writes ``rows_done`` (at most
    ``rows_total``) and a beat whenever the whole percent moves, through a database connection of
    its own in autocommit, so that a poller sees it while the work's transaction is still open.
    Use from one thread (the one running the work), and ``close()`` it."""

    def __init__(self, job: Job) -> None:
        self.job_id = job.pk
        self.total = job.rows_total
        self.percent = 0  # the job starts at 0 %: nothing to write until the first whole percent
        self.done = 0
        self._side = None

    def __call__(self, done: int) -> None:
        self.done = min(done, self.total) if self.total else done
        percent = self.done * 100 // self.total if self.total else 0
        if percent <= self.percent:
            return
        self.percent = percent
        if self._side is None:
            self._side = connections.create_connection(DEFAULT_DB_ALIAS)
        table = self._side.ops.quote_name(Job._meta.db_table)
        with self._side.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET rows_done = %s, heartbeat_at = now() WHERE id = %s AND status = %s",  # noqa: S608
                [self.done, self.job_id, Job.Status.RUNNING],
            )

    def close(self) -> None:
        if self._side is not None:
            self._side.close()
            self._side = None


class Beats:
    """``with Beats(write):`` around a piece of background work: a thread of the consumer calls
    ``write()`` (a sign of life: an UPDATE of the work's row) every ``heartbeat_seconds()`` while
    the block runs, on a database connection of its own, closed when it stops; a failed write is
    logged and tried again at the next beat. A consumer that dies stops beating, and a recovery
    that finds no beat for ``stale_seconds()`` takes the work for lost. The one heartbeat of every
    row the SPA polls: the jobs (``Heartbeat``) and the item analyses (decision 0040; issue 38,
    item 2)."""

    def __init__(
        self, write: Callable[[], object], *, every: float | None = None, name: str = "heartbeat"
    ) -> None:
        self.write = write
        self.name = name
        self.every = heartbeat_seconds() if every is None else every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _beat(self) -> None:
        try:
            while not self._stop.wait(self.every):
                try:
                    self.write()
                except Exception:  # a failed beat is retried at the next one
                    logger.exception("%s: heartbeat not written", self.name)
        finally:
            connections.close_all()  # this thread's connections only

    def __enter__(self) -> Beats:
        if self.every > 0:
            self._thread = threading.Thread(target=self._beat, name=self.name, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()


class Heartbeat(Beats):
    """``with Heartbeat(job_id):`` around a job's work: ``heartbeat_at`` of the running job is
    written every ``heartbeat_seconds()`` (``Beats``), so that a long step with no progress to
    report (the figures of a dashboard PDF) is not taken for a dead consumer."""

    def __init__(self, job_id: Any, *, every: float | None = None) -> None:
        self.job_id = job_id
        super().__init__(self._write, every=every, name=f"job-heartbeat-{job_id}")

    def _write(self) -> None:
        Job.objects.filter(pk=self.job_id, status=Job.Status.RUNNING).update(heartbeat_at=timezone.now())


def lost_message(language: str) -> str:
    """The message of a job whose consumer died, in ``language``."""
    with in_language(language):
        return _("The server processing this file stopped before it finished. Please try again.")


def jobs_recover(*, now: datetime | None = None) -> int:
    """Fail the jobs whose consumer died (see the module): ``running`` with no beat since before
    now - ``stale_seconds()``, or ``queued`` since before now - ``queued_max_seconds()``. Each
    ends ``failed`` with ``error_code`` ``job_lost``, ``error_message`` "The server processing
    this file stopped before it finished. Please try again." in the job's language and
    ``finished_at`` now; an upload still stored is deleted (``file`` emptied). A job that beats
    or starts meanwhile is left alone. At most ``RECOVER_BATCH`` a call; returns how many were
    failed. Called every minute (``jobs.tasks.jobs_recover``)."""
    now = now or timezone.now()
    dead = now - timedelta(seconds=stale_seconds())
    lost = now - timedelta(seconds=queued_max_seconds())
    candidates = list(
        Job.objects.filter(
            Q(status=Job.Status.RUNNING, heartbeat_at__lt=dead)
            | Q(status=Job.Status.RUNNING, heartbeat_at__isnull=True, started_at__lt=dead)
            | Q(status=Job.Status.QUEUED, created_at__lt=lost)
        ).order_by("created_at")[:RECOVER_BATCH]
    )
    failed = 0
    for job in candidates:
        unchanged = Job.objects.filter(pk=job.pk, status=job.status, heartbeat_at=job.heartbeat_at)
        if job.heartbeat_at is None:
            unchanged = Job.objects.filter(pk=job.pk, status=job.status, heartbeat_at__isnull=True)
        if not unchanged.update(
            status=Job.Status.FAILED,
            error_code=JobErrorCode.JOB_LOST,
            error_message=lost_message(job.language),
            file="",
            finished_at=now,
        ):
            continue
        failed += 1
        logger.warning("job %s (%s) lost by its consumer while %s: failed", job.pk, job.kind, job.status)
        if job.file:  # an import's upload (an export's file is only set once it is done)
            try:
                default_storage.delete(job.file)
            except Exception:  # the retention purge deletes the job, and the file, later
                logger.exception("job %s: upload %s not deleted", job.pk, job.file)
    return failed
