"""Notifications of a profile (public schema), spec section 3 "Notification"."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    """One message to one profile. ``title_key``/``body_key`` name texts of
    ``notifications.messages`` rendered with ``title_args``/``body_args`` in the reader's language;
    ``actions`` is a list of ``{"url", "target", "label"}`` (label is a message key; target
    ``API`` means the client POSTs to url, anything else opens url in a new window)."""

    class Type(models.TextChoices):
        BATCH_LOW_SLOT = "BatchLowSlot", "BatchLowSlot"
        ORGANIZATION_LEARNER = "OrganizationLearner", "OrganizationLearner"
        ORGANIZATION_EDUCATOR = "OrganizationEducator", "OrganizationEducator"
        TEST_SCHEDULED = "TestScheduled", "TestScheduled"
        TEST_WAITING_LIST = "TestWaitingList", "TestWaitingList"
        PERSONAL_DATA_REQUEST = "PersonalDataRequest", "PersonalDataRequest"
        CONSENT = "Consent", "Consent"  # issue 37, item 5: a parent's mismatch, a date of birth to confirm
        RESULT_CORRECTED = "ResultCorrected", "ResultCorrected"  # issue 39 item 2: a key corrected

    recipient = models.ForeignKey("accounts.Profile", on_delete=models.CASCADE, related_name="notifications")
    notifiable_type = models.CharField(_("type"), max_length=32, choices=Type)
    title_key = models.CharField(max_length=80)
    body_key = models.CharField(max_length=80)
    title_args = models.JSONField(default=dict, blank=True)
    body_args = models.JSONField(default=dict, blank=True)
    actions = models.JSONField(default=list, blank=True)
    has_read = models.BooleanField(_("read"), default=False)
    read_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["recipient", "has_read", "-id"], name="notification_inbox_idx")]
        verbose_name = _("notification")

    def __str__(self) -> str:
        return f"{self.notifiable_type} -> {self.recipient_id}"
