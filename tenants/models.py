"""Organizations (tenants) and their domains: one Postgres schema per organization."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_tenants.models import DomainMixin, TenantMixin

from config.stored_files import StoredFileField


class Organization(TenantMixin):
    """A school or centre: a tenant with its own Postgres schema (``schema_name``).

    ``provisioning_status`` reports the huey task that creates and migrates the schema
    (``tenants.tasks.organization_provision``); the schema is never created inside a web request.
    """

    class ProvisioningStatus(models.TextChoices):
        PENDING = "pending", _("Pending")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=50, unique=True)
    survey_management_allowed = models.BooleanField(
        _("survey management allowed"),
        default=False,
        help_text=_("Set by the SuperAdmin: the organization's educators may manage surveys."),
    )
    provisioning_status = models.CharField(
        _("schema status"), max_length=16, choices=ProvisioningStatus, default=ProvisioningStatus.PENDING
    )
    provisioning_error = models.TextField(_("schema error"), blank=True)
    display_name = models.CharField(_("display name"), max_length=200, blank=True)
    logo = StoredFileField(_("logo"), max_length=300, blank=True, help_text=_("Storage path of the logo."))
    contact_email = models.EmailField(_("contact e-mail"), blank=True)
    default_language = models.CharField(
        _("default language"), max_length=2, choices=[("vi", "Tiếng Việt"), ("en", "English")], default="vi"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    # The schema is created by the provisioning task, not by save() (issue 2, item 5).
    auto_create_schema = False
    auto_drop_schema = True

    class Meta:
        ordering = ["name"]
        verbose_name = _("organization")
        verbose_name_plural = _("organizations")

    def __str__(self) -> str:
        return self.name

    @property
    def shown_name(self) -> str:
        """The display name set by the organization's admins, else the registered name."""
        return self.display_name or self.name

    @property
    def is_ready(self) -> bool:
        return self.provisioning_status == self.ProvisioningStatus.READY


class Domain(DomainMixin):
    """Host names of an organization (django-tenants needs one; routing here is by profile)."""

    class Meta:
        verbose_name = _("domain")
        verbose_name_plural = _("domains")
