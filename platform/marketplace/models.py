"""Marketplace listings (public schema): what learners of any organization can buy (issue 5,
item 6). A listing mirrors one approved test preset of an organization's schema, with prices
per add-on in whole VND."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Listing(models.Model):
    class Kind(models.TextChoices):
        TEST = "test", _("Test")
        SURVEY = "survey", _("Survey")

    class Status(models.TextChoices):
        ACTIVE = "active", _("On sale")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, related_name="listings"
    )
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.TEST)
    preset_id = models.BigIntegerField(
        help_text="Id of the test preset (or survey) in the organization's schema."
    )
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    grade = models.PositiveSmallIntegerField(null=True, blank=True)
    subjects = models.JSONField(default=list, blank=True, help_text='[{"code", "name_vi", "name_en"}]')
    cover_image = models.CharField(max_length=300, blank=True)
    duration_minutes = models.PositiveIntegerField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    camera_proctoring = models.BooleanField(default=True)
    batches = models.JSONField(
        default=list, blank=True, help_text="Summary of the preset's batches, kept in step."
    )
    price_test_only = models.PositiveBigIntegerField(_("price: test only (VND)"))
    price_test_advanced = models.PositiveBigIntegerField(
        _("price: test + advanced report (VND)"), null=True, blank=True
    )
    price_survey_report = models.PositiveBigIntegerField(
        _("price: survey report (VND)"), null=True, blank=True
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    search_text = models.TextField(blank=True)
    published_by_profile_id = models.BigIntegerField(null=True, blank=True)
    published_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-published_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "kind", "preset_id"],
                condition=Q(status="active"),
                name="one_active_listing_per_item",
            )
        ]
        indexes = [
            models.Index(fields=["status", "grade"]),
            models.Index(fields=["status", "price_test_only"]),
        ]

    def __str__(self) -> str:
        return self.name
