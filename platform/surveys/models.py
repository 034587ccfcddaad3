"""Career-orientation surveys (organization schema; issue 8).

A ``Survey`` is a Holland (RIASEC) interest inventory authored by an organization: six groups
(``groups``: code R, I, A, S, E, C with bilingual name, description, careers and fields of
study), statements (``SurveyStatement``, each in one group) and a 5-point agreement ``scale``.
A ``Submission`` is one learner's copy of a survey (the spec's "survey user"): its statuses are
those of spec section 4, its answers are ``SubmissionAnswer`` rows (one per statement), and its
scores are stored when it is finished. Each submission has an ``accounts.Enrollment`` row (kind
``survey``) in the public schema, whose id is the ``user_survey_id`` the learner's calls use.

Bilingual text is ``{"vi": str, "en": str}``; readers see their language and fall back to the
other (Vietnamese is the default)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.i18n import localized

RIASEC = ("R", "I", "A", "S", "E", "C")


class Survey(models.Model):
    """Stored status: ``draft`` -> ``published`` -> ``ended`` (by an educator, or when
    ``ends_at`` passes), or ``cancelled`` by an educator. The status shown (``selectors``) is
    also ``pending`` for a published survey whose ``starts_at`` is still ahead."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        ENDED = "ended", _("Ended")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(_("name"), max_length=200)
    name_en = models.CharField(_("name (English)"), max_length=200, blank=True)
    description = models.TextField(_("description"), blank=True)
    description_en = models.TextField(_("description (English)"), blank=True)
    scale = models.JSONField(default=list, help_text='[{"value": 1..5, "label": {"vi", "en"}}]')
    groups = models.JSONField(
        default=list,
        help_text='[{"code", "name", "nickname", "description", "tips": {"vi","en"}, '
        '"traits", "careers", "fields", "combinations": {"vi": [..], "en": [..]}}]',
    )
    time_limit_minutes = models.PositiveSmallIntegerField(_("time limit (minutes)"), null=True, blank=True)
    starts_at = models.DateTimeField(_("available from"), null=True, blank=True)
    ends_at = models.DateTimeField(_("available until"), null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.DRAFT)
    is_default = models.BooleanField(default=False, help_text="Made from the default content.")
    created_by_profile_id = models.BigIntegerField(null=True, blank=True)
    created_by_name = models.CharField(max_length=200, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True, help_text="When ended or cancelled.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True)
                | Q(starts_at__isnull=True)
                | Q(ends_at__gt=models.F("starts_at")),
                name="survey_ends_after_start",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shown_name(self) -> str:
        """The name for the reader (``config.i18n.localized``): the English one for an English
        reader when it is set, else the Vietnamese one (and the other way round)."""
        return localized(self, "name")


class SurveyStatement(models.Model):
    """One statement of a survey, in one RIASEC group; ``position`` is the authored order."""

    survey = models.ForeignKey(Survey, on_delete=models.CASCADE, related_name="statements")
    group = models.CharField(max_length=1, choices=[(c, c) for c in RIASEC])
    text = models.JSONField(default=dict, help_text='{"vi", "en"}')
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["survey", "position"])]

    def __str__(self) -> str:
        return f"{self.survey_id}/{self.group}{self.position}"


class Submission(models.Model):
    """One learner's survey (the spec's "survey user"). Stored status: ``not_started`` ->
    ``in_progress`` (start) -> ``completed`` (finish, every statement answered); ``expired``
    (time limit passed), ``ended`` (the survey ended first) and ``cancelled`` (by an educator)
    are final. ``pending`` (not open yet) is only ever derived, never stored."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        NOT_STARTED = "not_started", _("Not started")
        IN_PROGRESS = "in_progress", _("In progress")
        COMPLETED = "completed", _("Completed")
        EXPIRED = "expired", _("Expired")
        ENDED = "ended", _("Ended")
        CANCELLED = "cancelled", _("Cancelled")

    class Source(models.TextChoices):
        LISTING = "listing", _("Marketplace")
        TEST = "test", _("Linked to a test")
        PURCHASE = "purchase", _("Report purchase")
        DEMO = "demo", _("Demo data")

    survey = models.ForeignKey(Survey, on_delete=models.PROTECT, related_name="submissions")
    learner_profile_id = models.BigIntegerField(help_text="accounts.Profile id (public schema).")
    learner_user_id = models.BigIntegerField()
    learner_name = models.CharField(max_length=200, blank=True)
    learner_email = models.EmailField(blank=True)
    enrollment_id = models.BigIntegerField(
        null=True, blank=True, unique=True, help_text="accounts.Enrollment id: the user_survey_id."
    )
    source = models.CharField(max_length=10, choices=Source, default=Source.LISTING)
    status = models.CharField(max_length=12, choices=Status, default=Status.NOT_STARTED)
    order = models.JSONField(default=list, help_text="Statement ids in this learner's shuffled order.")
    started_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, help_text="started_at + the time limit.")
    completed_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True, help_text="When expired, ended or cancelled.")
    scores = models.JSONField(default=dict, blank=True, help_text="Stored by finish (scoring.score).")
    holland_code = models.CharField(max_length=3, blank=True)
    report_unlocked = models.BooleanField(default=False)
    report_transaction_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["survey", "learner_profile_id"], name="one_submission_per_learner"
            )
        ]
        indexes = [
            models.Index(fields=["survey", "status"]),
            models.Index(fields=["learner_profile_id", "-created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.survey_id}: {self.learner_name or self.learner_profile_id}"


class SubmissionAnswer(models.Model):
    """The learner's answer (a scale value) to one statement; saved again = replaced."""

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="answers")
    statement = models.ForeignKey(SurveyStatement, on_delete=models.PROTECT, related_name="+")
    value = models.PositiveSmallIntegerField()
    saved_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["submission", "statement"], name="one_answer_per_statement")
        ]

    def __str__(self) -> str:
        return f"{self.submission_id}/{self.statement_id}={self.value}"
