"""The organization's assessment work (tenant schema): question banks, subjects, matrix clusters,
questions with their vetting workflow and versions, test banks (issue 4; spec sections 2, 4, 5)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class QuestionBank(models.Model):
    """A folder of questions in one organization; may hold sub-folders (``parent``).
    Only its creator may rename or delete it (spec section 5)."""

    name = models.CharField(_("name"), max_length=200)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children"
    )
    created_by_profile_id = models.BigIntegerField(_("creator profile id"))
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("question bank")

    def __str__(self) -> str:
        return self.name


class Subject(models.Model):
    """A school subject of the organization (seeded with Vietnamese school subjects)."""

    code = models.SlugField(max_length=40, unique=True)
    name_vi = models.CharField(max_length=120)
    name_en = models.CharField(max_length=120)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.name_vi


class MatrixCluster(models.Model):
    """A cell axis of the test matrix (ma trận đề): a topic, a subtopic (under a topic), a
    complexity level or a cognitive domain. ``code`` is unique per type."""

    class Type(models.TextChoices):
        TOPIC = "topic", _("Topic")
        SUBTOPIC = "subtopic", _("Subtopic")
        COMPLEXITY_LEVEL = "complexity_level", _("Complexity level")
        COGNITIVE_DOMAIN = "cognitive_domain", _("Cognitive domain")

    code = models.CharField(_("code"), max_length=40)
    description = models.CharField(_("description"), max_length=300)
    type = models.CharField(_("type"), max_length=20, choices=Type)
    parent = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="subtopics",
        verbose_name=_("parent topic"),
    )
    subject = models.ForeignKey(Subject, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    position = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["type", "position", "code"]
        constraints = [
            models.UniqueConstraint(fields=["type", "code"], name="matrix_code_unique_per_type"),
            models.CheckConstraint(
                condition=Q(type="subtopic", parent__isnull=False)
                | (~Q(type="subtopic") & Q(parent__isnull=True)),
                name="matrix_parent_only_for_subtopic",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.description}"


class Question(models.Model):
    """One version of a question. Editing a published question creates the next version (same
    ``root``); tests keep the version they were generated with (issue 4, item 4).

    ``content`` holds the bilingual stem and options::

        {"vi": {"stem": str, "options": [str, ...], "explanation": str},
         "en": {...same shape, may be empty...},
         "option_ids": ["a", "b", ...]}

    ``answer_key`` by type: single ``{"option": id}``; multiple ``{"options": [ids]}``;
    true_false ``{"value": bool}``; short_text ``{"accepted": [str], "case_sensitive": bool,
    "diacritic_sensitive": bool}``; essay ``{"rubric": str, "max_score": number}``.
    """

    class Type(models.TextChoices):
        SINGLE_CHOICE = "single_choice", _("Single choice")
        MULTIPLE_CHOICE = "multiple_choice", _("Multiple choice")
        TRUE_FALSE = "true_false", _("True/false")
        SHORT_TEXT = "short_text", _("Short text answer")
        ESSAY = "essay", _("Essay")

    class Difficulty(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        HARD = "hard", _("Hard")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        SUBMITTED = "submitted", _("Submitted for vetting")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")
        PUBLISHED = "published", _("Published")
        SUPERSEDED = "superseded", _("Superseded")

    bank = models.ForeignKey(QuestionBank, on_delete=models.PROTECT, related_name="questions")
    root = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="versions")
    version = models.PositiveIntegerField(default=1)
    type = models.CharField(_("type"), max_length=20, choices=Type)
    grade = models.PositiveSmallIntegerField(_("grade"), null=True, blank=True)
    subject = models.ForeignKey(
        Subject, on_delete=models.PROTECT, null=True, blank=True, related_name="questions"
    )
    difficulty = models.CharField(_("difficulty"), max_length=10, choices=Difficulty, blank=True)
    score_weight = models.DecimalField(_("score weight"), max_digits=6, decimal_places=2, default=1)
    content = models.JSONField(default=dict)
    answer_key = models.JSONField(default=dict, blank=True)
    search_text = models.TextField(blank=True, help_text="Lower-cased stems of both languages, for search.")
    topic = models.ForeignKey(
        MatrixCluster, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    subtopic = models.ForeignKey(
        MatrixCluster, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    complexity_level = models.ForeignKey(
        MatrixCluster, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    cognitive_domain = models.ForeignKey(
        MatrixCluster, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status = models.CharField(_("status"), max_length=12, choices=Status, default=Status.DRAFT)
    created_by_profile_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=200, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    reviewed_by_profile_id = models.BigIntegerField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["bank", "status", "-id"]),
            models.Index(fields=["status", "grade", "subject"]),
        ]
        constraints = [models.UniqueConstraint(fields=["root", "version"], name="question_version_unique")]

    def __str__(self) -> str:
        return f"Q{self.pk} v{self.version} ({self.type}, {self.status})"

    @property
    def has_matrix(self) -> bool:
        return all((self.topic_id, self.subtopic_id, self.complexity_level_id, self.cognitive_domain_id))


class QuestionTransition(models.Model):
    """One step of a question's workflow: who, when, from which status to which, and why."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="transitions")
    from_status = models.CharField(max_length=12, blank=True)
    to_status = models.CharField(max_length=12)
    actor_profile_id = models.BigIntegerField()
    actor_name = models.CharField(max_length=200, blank=True)
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"Q{self.question_id}: {self.from_status or '-'} -> {self.to_status}"


class TestBank(models.Model):
    """A named collection of published questions, used by test presets. Only its creator may
    rename or delete it (spec section 5)."""

    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(blank=True)
    questions = models.ManyToManyField(Question, related_name="test_banks", blank=True)
    created_by_profile_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name
