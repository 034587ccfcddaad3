"""Background exports of the market analytics (issue 10, item 3), public schema.

An export larger than the synchronous threshold (``ANALYTICS_EXPORT_SYNC_MAX_ROWS`` rows for the
spreadsheet, ``ANALYTICS_PDF_SYNC_MAX_ROWS`` purchases for the dashboard PDF) becomes an
``ExportJob``: the API answers at once with the job, a huey task writes the file to storage and
reports its progress on the row, and the SPA polls the job, then downloads the file. The row is
the job's state (not the cache: the web and huey processes share no memory in the embedded
set-up). Files are deleted with their job after the organization's retention (``privacy``'s
``file_keep_hours``, 24 hours by default; issue 24, item 3).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ExportJob(models.Model):
    class Kind(models.TextChoices):
        TRANSACTIONS_XLSX = "transactions_xlsx", _("Transactions spreadsheet")
        DASHBOARD_PDF = "dashboard_pdf", _("Dashboard PDF")
        PAPER_VERSIONS = "paper_versions", _("Paper test versions")  # question_formats.paper (issue 36)

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=20, choices=Kind)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    params = models.JSONField(
        default=dict, help_text="The resolved scope and filters (see analytics.filters.MarketQuery)."
    )
    language = models.CharField(max_length=2, default="vi")
    rows_total = models.PositiveIntegerField(default=0)
    rows_done = models.PositiveIntegerField(default=0)
    file = models.CharField(max_length=300, blank=True, help_text="Storage path of the finished file.")
    file_name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.status} {self.rows_done}/{self.rows_total}"

    @property
    def progress(self) -> int:
        """Whole percent done: 100 once the file is written."""
        if self.status == self.Status.DONE:
            return 100
        if not self.rows_total:
            return 0
        return min(99, self.rows_done * 100 // self.rows_total)
