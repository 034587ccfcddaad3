"""One background job for the imports and the exports (issue 35, item 3; docs/decisions/0040):
a row the web process creates, a huey task runs, and the SPA polls. Shared app (public schema).

``Job`` is the one table and its state machine (``queued`` -> ``running`` -> ``done`` or
``failed``); each app that runs jobs names its kinds on a proxy of its own
(``imports.models.ImportJob``, ``analytics.models.ExportJob``), whose manager sees its kinds
only, so that an export's id is not an import's. The row is the job's state (not the cache: the
web and huey processes share no memory in the embedded set-up); ``heartbeat_at`` is how the
periodic recovery (``jobs.services.jobs_recover``) tells a job whose consumer died from one that
is still working.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from config.stored_files import StoredFileField


class Job(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=30, help_text="Named by the proxy of the app that runs it.")
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    organization = models.ForeignKey(
        "tenants.Organization",
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
        help_text="The organization of an import; empty for exports (their scope is in params).",
    )
    schema_name = models.CharField(max_length=63, blank=True, help_text="The schema an import writes to.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    profile = models.ForeignKey(
        "accounts.Profile", on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    language = models.CharField(max_length=2, default="vi")
    dry_run = models.BooleanField(default=False)
    params = models.JSONField(default=dict, blank=True, help_text='What the kind needs, e.g. {"bank_id": 3}.')
    file = StoredFileField(
        max_length=300,
        blank=True,
        help_text="Private storage name: an import's upload (emptied when it ends), an export's file.",
    )
    file_name = models.CharField(max_length=200, blank=True, help_text="The upload's or the download's name.")
    content_type = models.CharField(max_length=100, blank=True, help_text="An export's file type.")
    rows_total = models.PositiveIntegerField(default=0)
    rows_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True, help_text="An import's report.")
    error_code = models.CharField(max_length=60, blank=True)
    error_message = models.TextField(blank=True, help_text="Localized, in the job's language.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life of the consumer running the job."
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["created_at"]), models.Index(fields=["status", "heartbeat_at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.status} {self.rows_done}/{self.rows_total}"

    @property
    def progress(self) -> int:
        """Whole percent of the rows done, at most 99 until the job is done (then 100)."""
        if self.status == self.Status.DONE:
            return 100
        if not self.rows_total:
            return 0
        return min(99, self.rows_done * 100 // self.rows_total)


class KindManager(models.Manager):
    """The jobs of a proxy's own kinds (``model.Kind``)."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(kind__in=self.model.Kind.values)
