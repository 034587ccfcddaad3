"""Consent to the terms and the privacy notice, versioned (issue 24, item 1; decision 0021).

- ``NoticeVersion``: one version of the terms or of the privacy notice, with the Vietnam day it
  takes effect. The current version of each kind is the latest one in effect today.
- ``Consent``: one consent of a person (the learner's own, or a parent's or guardian's for a
  learner under 16), with the exact versions consented to, when (UTC), from which address, how
  (signup, invitation, the prompt, the parent's link, on paper) and, once withdrawn, when and by
  whom.
- ``ParentRequest``: the request mailed to a parent or guardian; the raw token is only in the
  mailed link, the row keeps its SHA-256 (as invitations do).
- ``ConsentEvent``: what happened, in order (mails sent, consents, withdrawals, a date of birth
  given), for the learner's export and the limits on mails.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

ADULT_AGE = 16
"""From this age a learner's own consent is enough: under 16 is a child (Law on Children 2016,
Article 1), whose rights the parent exercises (Law on Personal Data Protection No. 91/2025/QH15,
Article 24; decision 0048)."""

CHILD_CONSENT_AGE = 7
"""From this age the child's own consent is also required, with the parent's (Law No.
91/2025/QH15, Article 24; decision 0048)."""


def parent_link_ttl() -> timedelta:
    """How long a parent's link may be used to consent after it was last sent
    (``PARENT_CONSENT_TTL_DAYS``, 7 days). Viewing and withdrawing have no expiry."""
    return timedelta(days=getattr(settings, "PARENT_CONSENT_TTL_DAYS", 7))


class NoticeVersion(models.Model):
    """One version of the terms (``terms``) or of the privacy notice (``privacy``).

    The text of each version is the SPA's (``terms.*`` / ``privacy.*`` in both languages); the
    version and its effective day are server data, so a consent records exactly which version
    was accepted. A new version is added by the SuperAdmin (Django admin) with the day it takes
    effect; from that day learners are asked again.
    """

    class Kind(models.TextChoices):
        TERMS = "terms", _("Terms and conditions")
        PRIVACY = "privacy", _("Privacy policy")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    version = models.CharField(_("version"), max_length=20)
    effective_on = models.DateField(_("effective from"), help_text=_("Vietnam calendar day."))
    summary_vi = models.CharField(_("what changed (Vietnamese)"), max_length=300, blank=True)
    summary_en = models.CharField(_("what changed (English)"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("notice version")
        verbose_name_plural = _("notice versions")
        ordering = ["kind", "-effective_on", "-id"]
        constraints = [models.UniqueConstraint(fields=["kind", "version"], name="notice_version_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.version} ({self.effective_on})"


class ParentRequest(models.Model):
    """A request to a parent or guardian to consent for a learner under 16, mailed with a link
    (/parental-consent/:token) in the learner's language. Pending until the parent consents;
    the link can consent only until ``expires_at`` (``parent_link_ttl`` after the last send), then
    the learner sends it again. A new e-mail address replaces the request (its link stops
    working); a consented request's link keeps working for the parent to withdraw."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the parent")
        CONSENTED = "consented", _("Consented")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        REPLACED = "replaced", _("Replaced")
        # issue 37, item 5: the date of birth the parent gave is not the learner's; the link stops
        MISMATCH = "mismatch", _("Stopped: the date of birth did not match")

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="parent_requests")
    parent_email = models.EmailField(_("parent's or guardian's e-mail"))
    token_hash = models.CharField(max_length=64, unique=True)
    language = models.CharField(max_length=2, default="vi")
    status = models.CharField(max_length=12, choices=Status, default=Status.PENDING)
    sent_at = models.DateTimeField(default=timezone.now)
    sends = models.PositiveSmallIntegerField(default=1)
    responded_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("parent's consent request")
        verbose_name_plural = _("parent's consent requests")
        ordering = ["-id"]
        indexes = [models.Index(fields=["user", "-id"])]

    def __str__(self) -> str:
        return f"{self.user_id} -> {self.parent_email} ({self.status})"

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)

    @property
    def expires_at(self):
        return self.sent_at + parent_link_ttl()

    @property
    def is_expired(self) -> bool:
        return self.status == self.Status.PENDING and timezone.now() >= self.expires_at


class Consent(models.Model):
    """One consent to the terms and the privacy notice, of the learner (``learner``) or of a
    parent or guardian for the learner (``parent``), with the versions consented to."""

    class Subject(models.TextChoices):
        LEARNER = "learner", _("The learner")
        PARENT = "parent", _("A parent or guardian")

    class Source(models.TextChoices):
        SIGNUP = "signup", _("At sign-up")
        INVITATION = "invitation", _("On accepting an invitation")
        PROMPT = "prompt", _("When asked after logging in")
        PARENT_LINK = "parent_link", _("Through the link mailed to the parent")
        PAPER = "paper", _("On paper, recorded by the organization")

    class Relationship(models.TextChoices):
        PARENT = "parent", _("Parent")
        GUARDIAN = "guardian", _("Legal guardian")

    class WithdrawnBy(models.TextChoices):
        LEARNER = "learner", _("The learner")
        PARENT = "parent", _("The parent or guardian")
        ADMIN = "admin", _("The organization admin")

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="consents")
    subject = models.CharField(_("whose consent"), max_length=10, choices=Subject)
    source = models.CharField(_("how"), max_length=12, choices=Source)
    terms_version = models.ForeignKey(NoticeVersion, on_delete=models.PROTECT, related_name="+")
    privacy_version = models.ForeignKey(NoticeVersion, on_delete=models.PROTECT, related_name="+")
    given_at = models.DateTimeField(_("given at"), default=timezone.now)
    ip = models.GenericIPAddressField(_("address"), null=True, blank=True)
    language = models.CharField(max_length=2, default="vi")
    parent_email = models.EmailField(blank=True)
    # issue 37, item 5: on the link, the parent confirms the relationship and the child's date of
    # birth (equal to the learner's, or the consent is not recorded)
    relationship = models.CharField(_("relationship"), max_length=10, choices=Relationship, blank=True)
    child_birth_date = models.DateField(_("child's date of birth as confirmed"), null=True, blank=True)
    request = models.ForeignKey(
        ParentRequest, on_delete=models.SET_NULL, null=True, blank=True, related_name="consents"
    )
    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(
        "accounts.Profile", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_by_name = models.CharField(max_length=200, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)
    withdrawn_ip = models.GenericIPAddressField(null=True, blank=True)
    withdrawn_by = models.CharField(max_length=10, choices=WithdrawnBy, blank=True)
    withdrawn_by_name = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("consent")
        verbose_name_plural = _("consents")
        ordering = ["-given_at", "-id"]
        indexes = [models.Index(fields=["user", "subject", "-given_at"])]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.subject} ({self.source})"


class ConsentEvent(models.Model):
    """One step of a learner's consent history (who did what, when, from where)."""

    class Kind(models.TextChoices):
        CONSENTED = "consented", _("Consented")
        WITHDRAWN = "withdrawn", _("Consent withdrawn")
        PARENT_MAILED = "parent_mailed", _("Request mailed to the parent")
        PARENT_CONSENTED = "parent_consented", _("The parent consented")
        PARENT_WITHDREW = "parent_withdrew", _("The parent withdrew consent")
        PAPER_RECORDED = "paper_recorded", _("Paper consent recorded")
        PAPER_WITHDRAWN = "paper_withdrawn", _("Paper consent withdrawn")
        BIRTH_DATE_GIVEN = "birth_date_given", _("Date of birth given")
        # issue 37, item 5 (decision 0049)
        PARENT_MISMATCH = "parent_mismatch", _("The parent's date of birth did not match")
        BIRTH_DATE_REQUESTED = "birth_date_requested", _("Change of date of birth asked")
        BIRTH_DATE_CONFIRMED = "birth_date_confirmed", _("Change of date of birth confirmed")
        BIRTH_DATE_REFUSED = "birth_date_refused", _("Change of date of birth refused")

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="consent_events")
    kind = models.CharField(max_length=20, choices=Kind)
    at = models.DateTimeField(default=timezone.now)
    ip = models.GenericIPAddressField(null=True, blank=True)
    actor_name = models.CharField(max_length=200, blank=True)
    detail = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["user", "kind", "-at"])]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind}"


class BirthDateChange(models.Model):
    """A learner's change of date of birth that crosses 16 once they have a consent record (issue
    37, item 5; decision 0049): not applied by the learner alone. Held ``pending`` until the
    organization's admin (``confirmer`` ``admin``: a learner of its roster) or the parent or
    guardian (``parent``: by a mailed link whose token is kept as its SHA-256) confirms or refuses
    it; the profile keeps the confirmed date until then, so the consent gate reads that one. A
    new change, or the confirmed date typed again, ``cancelled`` a pending one."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        REFUSED = "refused", _("Refused")
        CANCELLED = "cancelled", _("Cancelled")

    class Confirmer(models.TextChoices):
        ADMIN = "admin", _("The organization admin")
        PARENT = "parent", _("The parent or guardian")

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="birth_date_changes")
    profile = models.ForeignKey("accounts.Profile", on_delete=models.CASCADE, related_name="+")
    previous = models.DateField(_("confirmed date of birth"), null=True, blank=True)
    requested = models.DateField(_("date of birth asked for"))
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    confirmer = models.CharField(max_length=10, choices=Confirmer)
    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    parent_email = models.EmailField(blank=True)
    token_hash = models.CharField(max_length=64, blank=True, db_index=True)
    language = models.CharField(max_length=2, default="vi")
    requested_at = models.DateTimeField(default=timezone.now)
    requested_ip = models.GenericIPAddressField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by_name = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("change of date of birth")
        verbose_name_plural = _("changes of date of birth")
        ordering = ["-requested_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(status="pending"), name="one_pending_birth_date_change"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.previous} -> {self.requested} ({self.status})"
