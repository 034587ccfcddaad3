"""The organization's assessment work (tenant schema): question banks, subjects, matrix clusters,
questions with their vetting workflow and versions, test banks (issue 4; spec sections 2, 4, 5)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.i18n import reader_half
from config.stored_files import FileMentionsJSONField
from config.text import fold


class QuestionBank(models.Model):
    """A folder of questions in one organization; may hold sub-folders (``parent``).
    Only its creator may rename or delete it (spec section 5)."""

    name = models.CharField(_("name"), max_length=200)
    # ``name`` as the uniqueness rule compares it (decision 0052): see ``bank_name_key``.
    name_key = models.CharField(max_length=200, editable=False)
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
        constraints = [
            # One name per place (issue 38 item 6): the same parent, or both at the top level
            # (NULLS NOT DISTINCT), in this organization's schema. Two simultaneous creates that
            # both passed the service's check cannot both be stored.
            models.UniqueConstraint(
                fields=["parent", "name_key"],
                name="question_bank_name_unique_in_place",
                nulls_distinct=False,
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Keep ``name_key`` in step with ``name`` on every save (also outside the services)."""
        self.name_key = bank_name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)


def bank_name_key(name: str) -> str:
    """The form of a bank name that two banks in one place may not share (decision 0052): trimmed,
    inner whitespace collapsed, case-folded, in NFC; diacritics kept ("Toán" and "Toan" differ).
    ``config.text.fold`` is the one rule."""
    return fold(name, diacritic_sensitive=True)[:200]


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

    @property
    def label(self) -> str:
        """The description in the reader's language (``config.i18n.reader_half``): what every
        list, breakdown and select shows; ``description`` is what the educator edits."""
        return reader_half(self.description)

    @property
    def name(self) -> str:
        """``"<code> <label>"``: the cluster as reports, results and generation messages name it."""
        return f"{self.code} {self.label}".strip()


class WorkflowStatus(models.TextChoices):
    """The statuses of a question version, and of a shared stimulus version with its questions
    (decision 0054): one workflow for both."""

    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted for vetting")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")
    PUBLISHED = "published", _("Published")
    SUPERSEDED = "superseded", _("Superseded")


class Stimulus(models.Model):
    """One version of a shared stimulus (ngữ liệu dùng chung): a passage, table or figure that
    several questions hang from (issue 39, item 1; decision 0054). Its questions
    (``Question.stimulus``, in ``stimulus_position`` order) are one group: drawn together and in
    order, shown with the stimulus, versioned and vetted together. Editing a published stimulus
    (or one of its published questions) creates the group's next version (same ``root``); tests
    keep the versions they were generated with.

    ``content`` holds the bilingual title and body (sanitized HTML like stems, math as LaTeX
    between $...$, figures as uploaded question images)::

        {"title": {"vi": str, "en": str}, "body": {"vi": str, "en": str}}
    """

    Status = WorkflowStatus

    bank = models.ForeignKey(QuestionBank, on_delete=models.PROTECT, related_name="stimuli")
    root = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="versions")
    version = models.PositiveIntegerField(default=1)
    grade = models.PositiveSmallIntegerField(_("grade"), null=True, blank=True)
    subject = models.ForeignKey(Subject, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    content = FileMentionsJSONField(default=dict)  # <img src> of question-images/ (decision 0049)
    search_text = models.TextField(blank=True, help_text="Lower-cased titles and bodies of both languages.")
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
        verbose_name = _("shared stimulus")
        indexes = [models.Index(fields=["bank", "status", "-id"], name="stimulus_bank_status_idx")]
        constraints = [models.UniqueConstraint(fields=["root", "version"], name="stimulus_version_unique")]

    def __str__(self) -> str:
        return f"S{self.pk} v{self.version} ({self.status})"

    @property
    def title(self) -> dict[str, str]:
        """The title in both languages (``{"vi", "en"}``, "" when not written)."""
        title = (self.content or {}).get("title") or {}
        return {"vi": title.get("vi", ""), "en": title.get("en", "")}


class Question(models.Model):
    """One version of a question. Editing a published question creates the next version (same
    ``root``); tests keep the version they were generated with (issue 4, item 4).

    ``content`` holds the bilingual stem and options::

        {"vi": {"stem": str, "options": [str, ...], "explanation": str},
         "en": {...same shape, may be empty...},
         "option_ids": ["a", "b", ...]}

    ``answer_key`` by type: single ``{"option": id}``; multiple ``{"options": [ids]}``;
    true_false ``{"value": bool}``; short_text ``{"accepted": [str], "case_sensitive": bool,
    "diacritic_sensitive": bool}``; essay ``{"rubric": str, "max_score": number}``;
    true_false_set ``{"statements": {id: bool}, "scoring_table": [decimal str, ...]}`` (one
    fraction per count of statements right, 0 to all; content ``"statements": [{"id", "vi",
    "en"}]`` in the shown order a), b)...); numeric ``{"accepted": [str]}`` (sheet numbers such as
    "0,5"; content ``"rounding": {"vi", "en"}``, the rounding instruction shown to the learner).
    The two of issue 39 are scored by ``assessments.matching`` (decision 0055).
    """

    class Type(models.TextChoices):
        SINGLE_CHOICE = "single_choice", _("Single choice")
        MULTIPLE_CHOICE = "multiple_choice", _("Multiple choice")
        TRUE_FALSE = "true_false", _("True/false")
        SHORT_TEXT = "short_text", _("Short text answer")
        ESSAY = "essay", _("Essay")
        TRUE_FALSE_SET = "true_false_set", _("True/false set")  # phần II: câu hỏi Đúng/Sai, ý a) đến d)
        NUMERIC = "numeric", _("Numeric answer")  # phần III: trả lời ngắn, four cells of the sheet

    class Difficulty(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        HARD = "hard", _("Hard")

    Status = WorkflowStatus

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
    content = FileMentionsJSONField(default=dict)  # <img src> of question-images/ (decision 0049)
    answer_key = FileMentionsJSONField(default=dict, blank=True)
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
    # The shared stimulus this question hangs from, and its place among the stimulus' questions
    # (issue 39, item 1; decision 0054). Its status moves with the stimulus'.
    stimulus = models.ForeignKey(
        Stimulus, on_delete=models.PROTECT, null=True, blank=True, related_name="questions"
    )
    stimulus_position = models.PositiveSmallIntegerField(default=0)
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
            # The default list order (newest first) within a bank: a top-N index scan, no sort.
            models.Index(fields=["bank", "-created_at", "-id"], name="question_bank_newest_idx"),
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
    """A named collection of test presets (issue 19) and of published questions (issue 4). Only
    its creator may rename or delete it (spec section 5); deleting it leaves its presets and
    questions where they are."""

    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(blank=True)
    questions = models.ManyToManyField(Question, related_name="test_banks", blank=True)
    presets = models.ManyToManyField("TestPreset", related_name="test_banks", blank=True)
    created_by_profile_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """A stage of the centre's programme (round 1, round 2, interview, award). Status comes from
    the dates, or ``closed`` once an educator closes it by hand (issue 5, item 1)."""

    class Status(models.TextChoices):
        UPCOMING = "upcoming", _("Upcoming")
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    name = models.CharField(_("name"), max_length=200)
    starts_at = models.DateTimeField(_("start date"))
    expires_at = models.DateTimeField(_("expiry date"))
    closed_at = models.DateTimeField(null=True, blank=True)
    required_round = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    passed_message_vi = models.TextField(blank=True)
    passed_message_en = models.TextField(blank=True)
    failed_message_vi = models.TextField(blank=True)
    failed_message_en = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["starts_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_at__gt=models.F("starts_at")), name="round_expiry_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def status_at(self, now) -> str:
        if self.closed_at or now >= self.expires_at:
            return self.Status.CLOSED
        return self.Status.OPEN if now >= self.starts_at else self.Status.UPCOMING


class TestPreset(models.Model):
    """What a learner buys and takes: a blueprint of questions per subject, timing, scoring and
    proctoring rules (issue 5, item 2; spec section 3 "Test preset")."""

    __test__ = False  # not a pytest class

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")
        PUBLISHED = "published", _("Published")

    class FormMode(models.TextChoices):
        SHARED = "shared", _("One form for everyone")
        PER_LEARNER = "per_learner", _("A different draw per learner")

    class ScoreScale(models.TextChoices):
        """The reporting scale of the preset's scores (issue 39 item 2; decision 0056): every screen
        shows a score converted by ``assessments.scale``."""

        TEN = "ten", _("Out of 10")  # thang điểm 10, as Vietnamese schools mark
        RAW = "raw", _("Raw points")
        CUSTOM = "custom", _("Out of another maximum")  # e.g. 150 for a competence test

    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(blank=True)
    grade = models.PositiveSmallIntegerField(_("grade level"), null=True, blank=True)
    duration_minutes = models.PositiveIntegerField(_("duration (minutes)"), null=True, blank=True)
    starts_at = models.DateTimeField(_("start date"), null=True, blank=True)
    ends_at = models.DateTimeField(_("end date"), null=True, blank=True)
    passing_score = models.DecimalField(
        _("passing score"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="On the reporting scale (decision 0056): compared with the score as it is shown.",
    )
    score_scale = models.CharField(
        _("reporting scale"),
        max_length=8,
        choices=ScoreScale,
        default=ScoreScale.TEN,
        help_text="Decision 0056: new presets report out of 10; presets made before it keep raw points.",
    )
    scale_max = models.PositiveSmallIntegerField(
        _("scale maximum"),
        null=True,
        blank=True,
        help_text="The maximum of a ``custom`` scale (1 to 1000); empty otherwise.",
    )
    auto_release_result = models.BooleanField(_("auto release result"), default=False)
    camera_proctoring = models.BooleanField(_("enable camera proctoring"), default=True)
    allow_no_camera = models.BooleanField(_("allow starting without camera"), default=False)
    survey_ids = models.JSONField(default=list, blank=True)
    attribute_requirements = models.JSONField(default=list, blank=True)
    attribute_outcomes = models.JSONField(default=list, blank=True)
    round = models.ForeignKey(Round, on_delete=models.PROTECT, null=True, blank=True, related_name="presets")
    required_round = models.ForeignKey(
        Round, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    form_mode = models.CharField(max_length=12, choices=FormMode, default=FormMode.SHARED)
    report_wait_minutes = models.PositiveIntegerField(
        _("wait between advanced reports (minutes)"),
        default=60,
        help_text="Spec section 5: a wait period applies before a new advanced report can be generated.",
    )
    offline_grace_seconds = models.PositiveIntegerField(
        _("offline answers accepted after the deadline (seconds)"),
        default=600,
        help_text=(
            "Issue 38, item 3 (decision 0046): an answer typed before the deadline on a device that was "
            "offline is still accepted when it reaches the server up to this long after the deadline "
            "(0 to 3600; the attempt copies it at start)."
        ),
    )
    generation_seed = models.BigIntegerField(null=True, blank=True)
    generated_at = models.DateTimeField(null=True, blank=True)
    prefer_measured = models.BooleanField(
        _("prefer questions with a measured facility"),
        default=False,
        help_text="Decision 0019: within a blueprint item, draw questions with a stored facility first.",
    )
    previous_form_ids = models.JSONField(
        default=list,
        blank=True,
        help_text="Decision 0019: the question ids of the form replaced by the last regeneration.",
    )
    previous_generated_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.DRAFT)
    review_comment = models.TextField(blank=True)
    reviewed_by_profile_id = models.BigIntegerField(null=True, blank=True)
    created_by_profile_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return self.name


class PresetSubject(models.Model):
    """A subject of a preset with its blueprint rows."""

    preset = models.ForeignKey(TestPreset, on_delete=models.CASCADE, related_name="subjects")
    subject = models.ForeignKey(Subject, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [models.UniqueConstraint(fields=["preset", "subject"], name="preset_subject_once")]

    def __str__(self) -> str:
        return f"{self.preset_id}/{self.subject_id}"


class PresetPart(models.Model):
    """A part (phần) of a preset, as the national exam of 2025 has three (issue 39 item 2; decision
    0056): Phần I four-option questions, Phần II Đúng/Sai sets, Phần III short numeric answers.
    Its blueprint items draw only questions of ``question_type``, in part order, and each of its
    questions is worth ``points_per_question`` whatever the question's own score weight. A preset
    without parts draws and scores as before. ``name_vi``/``name_en`` may be blank: the part is then
    called "Phần I", "Part I"... by its place (``assessments.parts.part_name``)."""

    preset = models.ForeignKey(TestPreset, on_delete=models.CASCADE, related_name="parts")
    position = models.PositiveSmallIntegerField(default=0)
    name_vi = models.CharField(max_length=60, blank=True)
    name_en = models.CharField(max_length=60, blank=True)
    question_type = models.CharField(_("question type"), max_length=20, choices=Question.Type)
    points_per_question = models.DecimalField(_("points per question"), max_digits=6, decimal_places=2)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["preset", "position"], name="preset_part_position_once"),
            models.CheckConstraint(
                condition=Q(points_per_question__gt=0), name="preset_part_points_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.preset_id}/part {self.position + 1}"


class BlueprintItem(models.Model):
    """How many questions to draw from a matrix cluster (topic or subtopic) at a complexity level;
    with ``part``, only questions of the part's type (decision 0056)."""

    preset_subject = models.ForeignKey(PresetSubject, on_delete=models.CASCADE, related_name="items")
    part = models.ForeignKey(
        PresetPart, on_delete=models.CASCADE, null=True, blank=True, related_name="items"
    )
    cluster = models.ForeignKey(MatrixCluster, on_delete=models.PROTECT, related_name="+")
    complexity_level = models.ForeignKey(
        MatrixCluster, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=Q(count__gt=0), name="blueprint_count_positive")]

    def __str__(self) -> str:
        return f"{self.count} x {self.cluster_id}"


class PresetQuestion(models.Model):
    """A question version on the preset's shared form, in order."""

    preset = models.ForeignKey(TestPreset, on_delete=models.CASCADE, related_name="form")
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="+")
    blueprint_item = models.ForeignKey(
        BlueprintItem, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["preset", "question"], name="preset_question_once")]

    def __str__(self) -> str:
        return f"{self.preset_id}#{self.position}"


class Batch(models.Model):
    """A sitting of a preset with a slot count. ``available``, ``pending`` and ``taken`` change
    only through the purchase services and always add up to ``slots`` (database CHECKs)."""

    preset = models.ForeignKey(TestPreset, on_delete=models.CASCADE, related_name="batches")
    name = models.CharField(max_length=120, blank=True)
    starts_at = models.DateTimeField(_("start time"))
    expires_at = models.DateTimeField(_("expiry time"))
    slots = models.PositiveIntegerField(_("slot"))
    available = models.PositiveIntegerField()
    pending = models.PositiveIntegerField(default=0)
    taken = models.PositiveIntegerField(default=0)
    low_slot_notified_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_at__gt=models.F("starts_at")), name="batch_expiry_after_start"
            ),
            models.CheckConstraint(
                condition=Q(slots=models.F("available") + models.F("pending") + models.F("taken")),
                name="batch_slots_add_up",
            ),
            models.CheckConstraint(
                condition=Q(available__gte=0) & Q(pending__gte=0) & Q(taken__gte=0),
                name="batch_counts_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return self.name or f"Batch {self.pk}"


class WaitingListEntry(models.Model):
    """A learner waiting for a slot of a preset. When a slot frees, the first in line is offered
    it until ``claim_expires_at``."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        OFFERED = "offered", _("Offered a slot")
        CLAIMED = "claimed", _("Claimed")
        LAPSED = "lapsed", _("Offer lapsed")
        LEFT = "left", _("Left the list")

    preset = models.ForeignKey(TestPreset, on_delete=models.CASCADE, related_name="waiting_list")
    learner_profile_id = models.BigIntegerField()
    learner_name = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.WAITING)
    offered_batch = models.ForeignKey(
        Batch, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    claim_expires_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset", "learner_profile_id"],
                condition=Q(status__in=["waiting", "offered"]),
                name="waiting_once_per_learner",
            )
        ]

    def __str__(self) -> str:
        return f"{self.preset_id}: {self.learner_profile_id} ({self.status})"
