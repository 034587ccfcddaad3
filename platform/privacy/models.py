"""Privacy records (public schema; issue 24, items 3 and 4; decision 0020).

- ``RetentionPolicy``: one row per organization that changed the defaults (``privacy.rules``);
  an organization without a row keeps the defaults.
- ``DeletionRecord``: one row per stored file deleted because its time was up (``retention``),
  because someone asked (``request``, ``consent_withdrawn``), because a new file replaced it
  (``replaced``) or because no row pointed to it any more (``orphaned``; issue 37, item 4): what,
  whose, which object, the file's storage name, why, when. Kept after the file is gone.
- ``AccessLogEntry``: one row per view or download of a private file (a proctoring video, a report
  PDF, an export) by an educator, an organization admin or the SuperAdmin: who, what, the learner
  concerned, when and from where.

People are stored as ids with their names at the time (like ``assignments``' learner columns), so
that a record outlives an account's removal.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from privacy import rules


class RetentionPolicy(models.Model):
    organization = models.OneToOneField(
        "tenants.Organization", on_delete=models.CASCADE, primary_key=True, related_name="retention_policy"
    )
    video_keep_days = models.PositiveSmallIntegerField(
        _("keep proctoring videos (days after release)"), default=rules.VIDEO_KEEP_DAYS_DEFAULT
    )
    file_keep_hours = models.PositiveSmallIntegerField(
        _("keep exports and imports (hours)"), default=rules.FILE_KEEP_HOURS_DEFAULT
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by_name = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("retention policy")
        verbose_name_plural = _("retention policies")
        constraints = [
            models.CheckConstraint(
                condition=Q(video_keep_days__gte=rules.VIDEO_KEEP_DAYS_MIN)
                & Q(video_keep_days__lte=rules.VIDEO_KEEP_DAYS_MAX),
                name="retention_video_days_range",
            ),
            models.CheckConstraint(
                condition=Q(file_keep_hours__gte=rules.FILE_KEEP_HOURS_MIN)
                & Q(file_keep_hours__lte=rules.FILE_KEEP_HOURS_MAX),
                name="retention_file_hours_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.organization_id}: videos {self.video_keep_days} d, files {self.file_keep_hours} h"


class DeletionRecord(models.Model):
    class Kind(models.TextChoices):
        PROCTORING_VIDEO = "proctoring_video", _("Proctoring video")
        ANALYTICS_EXPORT = "analytics_export", _("Analytics export")
        IMPORT_UPLOAD = "import_upload", _("Imported spreadsheet")
        # issue 37, item 4 (decision 0049): a replaced or removed photo or logo, and a stored file
        # that no row pointed to (the orphan sweep, ``privacy.orphans``)
        PROFILE_PHOTO = "profile_photo", _("Profile photo")
        ORGANIZATION_LOGO = "organization_logo", _("Organization logo")
        LISTING_COVER = "listing_cover", _("Marketplace cover image")
        ORPHAN_FILE = "orphan_file", _("Stored file no record pointed to")

    class Reason(models.TextChoices):
        RETENTION = "retention", _("Retention policy")
        REQUEST = "request", _("Deletion request")
        CONSENT_WITHDRAWN = "consent_withdrawn", _("Consent withdrawn")
        REPLACED = "replaced", _("Replaced by a new file")
        ORPHANED = "orphaned", _("No record pointed to it")

    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    object_type = models.CharField(
        max_length=20,
        help_text=(
            "attempt, assignment (a surroundings video no attempt used), export_job, import_job,"
            " profile, organization, listing, storage (a file no row pointed to)."
        ),
    )
    object_id = models.CharField(max_length=64)
    file_name = models.CharField(max_length=300, help_text="The storage name of the deleted file.")
    file_found = models.BooleanField(
        default=True, help_text="False when the file was already missing from storage."
    )
    learner_profile_id = models.BigIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=20, choices=Reason)
    deleted_at = models.DateTimeField()

    class Meta:
        ordering = ["-deleted_at", "-id"]
        verbose_name = _("deletion record")
        verbose_name_plural = _("deletion records")
        indexes = [
            models.Index(fields=["organization", "-deleted_at"]),
            models.Index(fields=["object_type", "object_id"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.object_type}:{self.object_id} ({self.reason})"


class AccessLogEntry(models.Model):
    class Kind(models.TextChoices):
        PROCTORING_VIDEO = "proctoring_video", _("Proctoring video")
        TEST_REPORT_PDF = "test_report_pdf", _("Advanced report PDF")
        SURVEY_REPORT_PDF = "survey_report_pdf", _("Career report PDF")
        GRADEBOOK_EXPORT = "gradebook_export", _("Gradebook spreadsheet")
        ITEM_ANALYSIS_EXPORT = "item_analysis_export", _("Item analysis spreadsheet")
        ANALYTICS_EXPORT = "analytics_export", _("Market analytics export")
        QUESTION_BANK_EXPORT = "question_bank_export", _("Question bank spreadsheet")
        PAPER_TEST_EXPORT = "paper_test_export", _("Paper test versions")

    class Role(models.TextChoices):
        EDUCATOR = "educator", _("Educator")
        ADMIN = "admin", _("Organization admin")
        SUPERADMIN = "superadmin", _("SuperAdmin")

    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    actor_user_id = models.BigIntegerField()
    actor_profile_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=200, blank=True)
    actor_role = models.CharField(max_length=12, choices=Role)
    kind = models.CharField(max_length=24, choices=Kind)
    object_type = models.CharField(max_length=20, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    object_label = models.CharField(max_length=300, blank=True, help_text="What was opened, as named then.")
    learner_profile_id = models.BigIntegerField(null=True, blank=True)
    learner_name = models.CharField(max_length=200, blank=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=rules.USER_AGENT_MAX, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("access log entry")
        verbose_name_plural = _("access log entries")
        indexes = [
            models.Index(fields=["organization", "-created_at"]),
            models.Index(fields=["learner_profile_id", "kind", "-created_at"]),
            models.Index(fields=["actor_user_id", "kind", "object_id", "-created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.actor_name} {self.kind} {self.object_type}:{self.object_id}"
