"""Background imports (issue 16, item 8): a large spreadsheet import runs in a huey task and the
SPA polls its ``ImportJob``. Shared app (public schema): one table for the question import (whose
data lives in the organization's schema, named by ``schema_name``) and the learner import (public
data); docs/decisions/0012-import-jobs.md."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ImportJob(models.Model):
    class Kind(models.TextChoices):
        QUESTIONS = "questions", _("Question bank import")
        LEARNERS = "learners", _("Learner invitations import")
        QUESTION_FILE = "question_file", _("Question file (Word, Moodle XML, GIFT, Aiken, QTI)")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=20, choices=Kind)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    organization = models.ForeignKey("tenants.Organization", on_delete=models.CASCADE, related_name="+")
    schema_name = models.CharField(max_length=63, help_text="The schema the import writes to.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    profile = models.ForeignKey("accounts.Profile", on_delete=models.CASCADE, related_name="+")
    language = models.CharField(max_length=2, default="vi")
    dry_run = models.BooleanField(default=True)
    params = models.JSONField(default=dict, blank=True, help_text='What the kind needs, e.g. {"bank_id": 3}.')
    file = models.CharField(
        max_length=300, blank=True, help_text="Private storage name of the upload; emptied when the job ends."
    )
    file_name = models.CharField(max_length=200, blank=True, help_text="The upload's name, as sent.")
    rows_total = models.PositiveIntegerField(default=0, help_text="Data rows counted from the file's bytes.")
    rows_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(
        null=True, blank=True, help_text="The import's report, as the synchronous import answers it."
    )
    error_code = models.CharField(max_length=60, blank=True)
    error_message = models.TextField(blank=True)
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
        """Whole percent of the rows done, at most 99 until the job is done (then 100)."""
        if self.status == self.Status.DONE:
            return 100
        if not self.rows_total:
            return 0
        return min(99, self.rows_done * 100 // self.rows_total)
