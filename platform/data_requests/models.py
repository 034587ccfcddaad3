"""Personal data requests (issue 24, item 5; docs/decisions/0022-personal-data-requests.md):
a copy of someone's data ("Download my data"), the deletion of their account ("Delete my
account") or, since issue 37 item 8 (decision 0050), the correction of data they cannot change
themselves, addressed to one of their organizations or to the platform. Shared app (public
schema): a request is about a person (``accounts.User``), whose data lives in the public tables
and in the schemas of the organizations they were enrolled in.

Every request carries the day by which the Law requires it to be answered (``answer_due_on``,
``data_requests.deadlines``). A correction is ``open`` until answered: ``done`` (corrected) or
``refused``, with the answer and who gave it.

One row per request. An export goes ``queued`` -> ``running`` -> ``ready`` (its zip stored under
a private name until ``expires_at``) or ``failed``, then ``expired`` once the file is purged. A
deletion is ``scheduled`` until ``due_at`` (the grace period), ``cancelled`` if withdrawn in
time, ``running`` while the daily task performs it, then ``done`` (or ``failed``, retried the
next day).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.stored_files import StoredFileField


class DataRequest(models.Model):
    class Kind(models.TextChoices):
        EXPORT = "export", _("Copy of my data")
        DELETION = "deletion", _("Account deletion")
        CORRECTION = "correction", _("Correction of my data")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        READY = "ready", _("Ready to download")
        EXPIRED = "expired", _("Expired")
        SCHEDULED = "scheduled", _("Scheduled")
        CANCELLED = "cancelled", _("Cancelled")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        OPEN = "open", _("Waiting for an answer")
        REFUSED = "refused", _("Refused")

    class RequestedBy(models.TextChoices):
        """Who asked: the account's owner (``learner``; an educator asking for a copy of their
        own data counts as the owner too), their parent or guardian through the consent link
        (``parent``), the withdrawal of a consent the processing needed (``consent_withdrawn``,
        issue 24 item 1), or the SuperAdmin in the Django admin (``admin``)."""

        LEARNER = "learner", _("The account's owner")
        PARENT = "parent", _("A parent or guardian")
        CONSENT_WITHDRAWN = "consent_withdrawn", _("Consent withdrawn")
        ADMIN = "admin", _("The platform's administrator")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=10, choices=Kind)
    status = models.CharField(max_length=10, choices=Status)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="data_requests")
    requested_by = models.CharField(max_length=20, choices=RequestedBy)
    reason = models.CharField(
        max_length=1000,
        blank=True,
        help_text="Deletion: a short note; correction: what is wrong and what it should be.",
    )
    language = models.CharField(max_length=2, default="vi", help_text="Of the mails and the export's texts.")
    due_at = models.DateTimeField(
        null=True, blank=True, help_text="Deletion: when the grace period ends and the deletion runs."
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancelled_by = models.CharField(max_length=20, choices=RequestedBy, blank=True)
    steps_total = models.PositiveIntegerField(
        default=0, help_text="Export: parts to write (data, then files)."
    )
    steps_done = models.PositiveIntegerField(default=0)
    file = StoredFileField(max_length=300, blank=True, help_text="Export: private storage name of the zip.")
    file_size = models.PositiveBigIntegerField(default=0, help_text="Export: bytes.")
    expires_at = models.DateTimeField(null=True, blank=True, help_text="Export: when the zip is deleted.")
    summary = models.JSONField(
        default=dict, blank=True, help_text="Deletion: what was deleted and anonymized, counted per kind."
    )
    error_code = models.CharField(max_length=60, blank=True)
    error_message = models.CharField(max_length=500, blank=True)
    answer_due_on = models.DateField(
        help_text="The Vietnam day by the end of which the Law requires an answer (data_requests.deadlines)."
    )
    organization = models.ForeignKey(
        "tenants.Organization",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="Correction: the organization asked to correct (none: the platform).",
    )
    answer = models.CharField(max_length=1000, blank=True, help_text="Correction: what was done, or why not.")
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "answer_due_on"]),
            models.Index(fields=["organization", "status"]),
            models.Index(fields=["user", "kind", "-created_at"]),
            models.Index(fields=["status", "due_at"]),
            models.Index(fields=["status", "expires_at"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(kind="deletion", status__in=["scheduled", "running"]),
                name="one_open_deletion_per_user",
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(kind="export", status__in=["queued", "running"]),
                name="one_open_export_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.status} of user {self.user_id}"

    @property
    def progress(self) -> int:
        """Export: whole percent of the parts written, at most 99 until ready (then 100)."""
        if self.status in (self.Status.READY, self.Status.DONE):
            return 100
        if not self.steps_total:
            return 0
        return min(99, self.steps_done * 100 // self.steps_total)
