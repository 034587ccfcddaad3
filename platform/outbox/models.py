"""The mail outbox (issue 38, item 2; docs/decisions/0045): one row per transactional mail,
written in the transaction of the change that causes it, sent by a huey task after the commit.
Shared app (public schema, beside ``jobs``): a tenant-schema code path reaches it through the
search path (``<organization>, public``), as it reaches ``accounts.User``.

A row holds the rendered message (subject, plain text, HTML, in the language it was queued in),
its stable ``Message-ID`` (a resend carries the same one, so a duplicate is recognisable), and the
state of its delivery::

    queued --claim--> sending --accepted--> sent
       ^                 |
       +--- refused -----+  (attempts < MAIL_MAX_ATTEMPTS: next_attempt_at = now + back-off)
                         +-> failed   (the last attempt, or a recipient refused for good)

A ``sending`` row whose ``lease_until`` has passed belongs to a consumer that died: the next
sweep claims it again (``outbox.services.outbox_send_due``). A sent row keeps its headers only
(the body, with the links' tokens, is emptied once the server accepted it).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Mail(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", _("Queued")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    kind = models.CharField(
        max_length=60,
        help_text='"<app>.<name>": the templates <app>/email/<name>.{subject,txt,html}.',
    )
    to = models.EmailField(max_length=254)
    language = models.CharField(max_length=2, help_text="The language it was rendered in (vi, en).")
    subject = models.CharField(max_length=998)
    text = models.TextField(blank=True, help_text="The plain-text body; emptied once sent.")
    html = models.TextField(blank=True, help_text="The HTML body; emptied once sent.")
    message_id = models.CharField(
        max_length=200, unique=True, help_text="The Message-ID header: the same on every attempt."
    )
    state = models.CharField(max_length=8, choices=State, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Claims so far (one per attempt).")
    next_attempt_at = models.DateTimeField(help_text="A queued mail is due from then.")
    lease_until = models.DateTimeField(
        null=True, blank=True, help_text="A sending mail's consumer is taken to be dead after this."
    )
    claim = models.UUIDField(null=True, blank=True, help_text="The current attempt's token.")
    last_error = models.CharField(max_length=1000, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True, help_text="When the mail server accepted it.")
    failed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["state", "next_attempt_at"]),
            models.Index(fields=["state", "lease_until"]),
            models.Index(fields=["created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to} ({self.state})"
