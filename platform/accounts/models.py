"""Users, profiles and invitations (public schema).

A ``User`` is one person who logs in with an e-mail address. A ``Profile`` is one role of that
person: LEARNER or EDUCATOR (``pandai_profile_role``, spec section 6), optionally inside an
organization. A user may hold several profiles and switch between them (spec section 1).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.cccd import CccdField, CccdHashField
from config.stored_files import StoredFileField


def invitation_ttl() -> timedelta:
    """How long a pending invitation stays valid after it was last sent (INVITATION_TTL_DAYS)."""
    return timedelta(days=settings.INVITATION_TTL_DAYS)


cccd_validator = RegexValidator(r"^\d{12}$", _("The CCCD number must be exactly 12 digits."), "invalid_cccd")


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create(self, email: str, password: str | None, **extra) -> User:
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra) -> User:
        extra.update(is_staff=True, is_superuser=True, is_active=True, email_verified_at=timezone.now())
        return self._create(email, password, **extra)


class User(AbstractBaseUser, PermissionsMixin):
    """A person with an e-mail login. Inactive until the e-mail address is verified.

    The SuperAdmin is a user with ``is_superuser``: it works in the Django admin.
    """

    email = models.EmailField(_("e-mail"), max_length=254, unique=True)  # stored lower-case
    name = models.CharField(_("full name"), max_length=200, blank=True)
    is_active = models.BooleanField(_("active"), default=False)
    is_staff = models.BooleanField(_("staff"), default=False)
    email_verified_at = models.DateTimeField(_("e-mail verified at"), null=True, blank=True)
    preferred_language = models.CharField(_("language"), max_length=2, default="vi")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    objects = UserManager()
    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = ["name"]

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.email

    def save(self, *args, **kwargs) -> None:
        self.email = (self.email or "").strip().lower()
        super().save(*args, **kwargs)

    @property
    def name_or_email(self) -> str:
        return self.name or self.email


class Profile(models.Model):
    """One role of a user: LEARNER or EDUCATOR, optionally inside an organization.

    An EDUCATOR profile always belongs to an organization and works in its schema; a LEARNER
    profile may belong to one (a school's learner) or to none (a public learner). Fields follow
    spec section 3 ("Current user", "Profile", "Signup fields", "Educator", "Learner").
    """

    class Role(models.TextChoices):
        LEARNER = "LEARNER", _("Learner")
        EDUCATOR = "EDUCATOR", _("Educator")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        INACTIVE = "inactive", _("Inactive")
        REMOVED = "removed", _("Removed from the organization")

    class Gender(models.TextChoices):
        MALE = "male", _("Male")
        FEMALE = "female", _("Female")

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="profiles")
    pandai_profile_role = models.CharField(_("role"), max_length=16, choices=Role)
    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, null=True, blank=True, related_name="profiles"
    )
    is_admin = models.BooleanField(_("organization admin"), default=False)
    status = models.CharField(_("status"), max_length=16, choices=Status, default=Status.ACTIVE)
    invited_by = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    joined_at = models.DateTimeField(_("joined"), null=True, blank=True)
    job_title = models.CharField(_("job title"), max_length=120, blank=True)
    grade = models.PositiveSmallIntegerField(_("grade"), null=True, blank=True)
    level = models.CharField(_("level"), max_length=60, blank=True)
    class_name = models.CharField(_("class name"), max_length=60, blank=True)
    school_name = models.CharField(_("school name"), max_length=200, blank=True)
    district_text = models.CharField(_("district"), max_length=120, blank=True)
    province_code = models.CharField(_("province/city code"), max_length=8, blank=True)
    curriculum = models.CharField(_("textbook curriculum"), max_length=120, blank=True)
    phone = models.CharField(_("phone number"), max_length=20, blank=True)
    alternate_email = models.EmailField(_("alternate e-mail"), blank=True)
    photo = StoredFileField(_("photo"), max_length=300, blank=True, help_text=_("Storage path of the photo."))
    has_pandai_survey_account = models.BooleanField(_("survey account"), default=False)
    gender = models.CharField(_("gender"), max_length=8, choices=Gender, blank=True)
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)
    # Encrypted at rest, with a keyed hash for equality (issue 24, item 6; accounts.cccd).
    cccd = CccdField(_("CCCD number"), blank=True, validators=[cccd_validator])
    cccd_hash = CccdHashField(source="cccd")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "pandai_profile_role", "organization"],
                name="profile_one_role_per_org",
                nulls_distinct=False,
            ),
            models.CheckConstraint(
                condition=~models.Q(pandai_profile_role="EDUCATOR") | models.Q(organization__isnull=False),
                name="educator_has_organization",
            ),
        ]
        indexes = [
            models.Index(fields=["organization", "pandai_profile_role"]),
            models.Index(fields=["cccd_hash"], name="profile_cccd_hash"),
        ]

    def __str__(self) -> str:
        return f"{self.user.email} ({self.pandai_profile_role}, {self.organization or '-'})"

    def save(self, *args, **kwargs) -> None:
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "cccd" in update_fields:  # the hash follows the number
            kwargs["update_fields"] = {*update_fields, "cccd_hash"}
        super().save(*args, **kwargs)

    @property
    def is_educator(self) -> bool:
        return self.pandai_profile_role == self.Role.EDUCATOR

    @property
    def manages_surveys(self) -> bool:
        """True when this profile may manage surveys: an EDUCATOR of an organization whose survey
        management the SuperAdmin allowed (spec sections 1 and 6). ``surveys.services.
        require_manager`` enforces it; the session's user carries it as ``survey_management`` so
        that a page does not ask for what would be refused (issue 38 item 6)."""
        return bool(
            self.is_educator and self.organization is not None and self.organization.survey_management_allowed
        )

    @property
    def uses_tenant_schema(self) -> bool:
        """True when requests of this profile run in its organization's schema (educators)."""
        return self.is_educator and self.organization is not None and self.organization.is_ready


def token_digest(token: str) -> str:
    """The SHA-256 hex digest stored instead of a raw token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Invitation(models.Model):
    """An invitation of an e-mail address into an organization, as LEARNER or EDUCATOR.

    The raw token is only in the e-mailed link (/invitation/:token); the row keeps its SHA-256.
    A pending invitation expires ``invitation_ttl()`` after it was last sent.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        REJECTED = "rejected", _("Rejected")
        EXPIRED = "expired", _("Expired")
        REVOKED = "revoked", _("Revoked")

    token_hash = models.CharField(max_length=64, unique=True)
    email = models.EmailField(_("e-mail"))
    role = models.CharField(_("role"), max_length=16, choices=Profile.Role)
    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, related_name="invitations"
    )
    status = models.CharField(_("status"), max_length=16, choices=Status, default=Status.PENDING)
    invited_by = models.ForeignKey(
        Profile, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    job_title = models.CharField(_("job title"), max_length=120, blank=True)
    sent_at = models.DateTimeField(_("sent at"), default=timezone.now)
    resend_count = models.PositiveIntegerField(_("resend count"), default=0)
    responded_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                "organization",
                "role",
                condition=models.Q(status="pending"),
                name="one_pending_invitation_per_email",
            )
        ]

    def __str__(self) -> str:
        return f"{self.email} -> {self.organization} ({self.role}, {self.status})"

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)

    @property
    def expires_at(self):
        return self.sent_at + invitation_ttl()

    @property
    def is_expired(self) -> bool:
        return timezone.now() >= self.expires_at

    @property
    def effective_status(self) -> str:
        """``expired`` for a pending invitation past its expiry, else the stored status."""
        if self.status == self.Status.PENDING and self.is_expired:
            return self.Status.EXPIRED
        return self.status


class TokenExchange(models.Model):
    """A one-time token of GET /api/v1/auth/request-token-exchange (spec section 7): another client
    trades it for a session of ``profile`` within 60 s, once (issue 16, item 4). Only the token's
    digest is stored; redeeming is one conditional UPDATE, so concurrent redemptions on any
    processes yield one session."""

    digest = models.CharField(max_length=64, unique=True)
    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="token_exchanges")
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["expires_at"])]

    def __str__(self) -> str:
        return f"token exchange {self.pk} for profile {self.profile_id}"


class MembershipEvent(models.Model):
    """One change of someone's membership in an organization (issue 9, item 4): who did what to
    whom, when. ``profile`` is empty until the invitee has a profile there."""

    class Kind(models.TextChoices):
        INVITED = "invited", _("Invited")
        RESENT = "resent", _("Invitation resent")
        REVOKED = "revoked", _("Invitation revoked")
        JOINED = "joined", _("Joined")
        REJECTED = "rejected", _("Declined the invitation")
        ADMIN_GRANTED = "admin_granted", _("Made an admin")
        ADMIN_REVOKED = "admin_revoked", _("Admin rights removed")
        DEACTIVATED = "deactivated", _("Deactivated")
        REACTIVATED = "reactivated", _("Reactivated")
        REMOVED = "removed", _("Removed from the organization")
        SURVEY_ENABLED = "survey_enabled", _("Survey account enabled")
        SURVEY_DISABLED = "survey_disabled", _("Survey account disabled")

    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, related_name="membership_events"
    )
    profile = models.ForeignKey(
        Profile, on_delete=models.CASCADE, null=True, blank=True, related_name="membership_events"
    )
    invitation = models.ForeignKey(
        Invitation, on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    email = models.EmailField()
    kind = models.CharField(max_length=20, choices=Kind)
    actor = models.ForeignKey(Profile, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    actor_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["organization", "profile", "-id"])]

    def __str__(self) -> str:
        return f"{self.email}: {self.kind}"


class Enrollment(models.Model):
    """The public index of what a learner profile may sit or take in any organization: one row per
    assignment (kind ``test``) or survey submission (kind ``survey``) kept in the organization's
    schema. A learner's lists read this table, then each organization's rows (issues 5-8)."""

    class Kind(models.TextChoices):
        TEST = "test", _("Test")
        SURVEY = "survey", _("Survey")

    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="enrollments")
    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, related_name="enrollments"
    )
    kind = models.CharField(max_length=10, choices=Kind)
    object_id = models.BigIntegerField(
        help_text="Assignment (or submission) id in the organization's schema."
    )
    item_id = models.BigIntegerField(help_text="Test preset (or survey) id in the organization's schema.")
    name = models.CharField(max_length=200)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["organization", "kind", "object_id"], name="enrollment_once")
        ]
        indexes = [models.Index(fields=["profile", "kind", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.profile_id}: {self.name}"
