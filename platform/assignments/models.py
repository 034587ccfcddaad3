"""Assignments (organization schema): a learner's right to sit one test preset, from a purchase
(issue 6) or given directly by an educator (issue 5, item 7). Attempts and answers (issue 7)
hang off an assignment. Each assignment has an ``accounts.Enrollment`` row in the public schema
so a learner's list reads one table across organizations."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.stored_files import StoredFileField


class Assignment(models.Model):
    class Source(models.TextChoices):
        PURCHASE = "purchase", _("Purchase")
        DIRECT = "direct", _("Assigned by an educator")

    class Status(models.TextChoices):
        ASSIGNED = "assigned", _("Not started")
        IN_PROGRESS = "in_progress", _("In progress")
        SUBMITTED = "submitted", _("Submitted")
        GRADED = "graded", _("Graded")
        REVOKED = "revoked", _("Revoked")

    preset = models.ForeignKey("assessments.TestPreset", on_delete=models.PROTECT, related_name="assignments")
    batch = models.ForeignKey(
        "assessments.Batch", on_delete=models.PROTECT, null=True, blank=True, related_name="assignments"
    )
    learner_profile_id = models.BigIntegerField(help_text="accounts.Profile id (public schema).")
    learner_user_id = models.BigIntegerField()
    learner_name = models.CharField(max_length=200, blank=True)
    learner_email = models.EmailField(blank=True)
    source = models.CharField(max_length=10, choices=Source)
    status = models.CharField(max_length=12, choices=Status, default=Status.ASSIGNED)
    attempts_allowed = models.PositiveSmallIntegerField(_("attempts allowed"), default=1)
    due_at = models.DateTimeField(_("due date"), null=True, blank=True)
    requires_purchase = models.BooleanField(_("requires purchase"), default=False)
    purchase_cost = models.PositiveBigIntegerField(_("purchase cost (VND)"), default=0)
    paid_at = models.DateTimeField(null=True, blank=True)
    transaction_id = models.BigIntegerField(
        null=True, blank=True, help_text="marketplace transaction id (public schema) for purchases."
    )
    advanced_report = models.BooleanField(default=False)
    assigned_by_profile_id = models.BigIntegerField(null=True, blank=True)
    assigned_by_name = models.CharField(max_length=200, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    prep_video = StoredFileField(
        max_length=300,
        blank=True,
        help_text="Storage path of the 30-second surroundings video (issue 7, item 2).",
    )
    camera_consented_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the learner consented to camera proctoring at preparation (issue 24, item 2).",
    )
    camera_consent_ip = models.GenericIPAddressField(null=True, blank=True)
    prep_video_deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the surroundings video was deleted (retention or a deletion request; issue 24).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset", "learner_profile_id"],
                condition=~Q(status="revoked"),
                name="one_live_assignment_per_learner",
            ),
            models.CheckConstraint(condition=Q(attempts_allowed__gte=1), name="attempts_allowed_positive"),
        ]
        indexes = [
            models.Index(fields=["batch", "status"]),
            models.Index(fields=["preset", "-created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.preset_id}: {self.learner_name or self.learner_profile_id}"


class Attempt(models.Model):
    """One sitting of an assignment (issue 7, item 3). The server owns the clock: ``deadline_at``
    is start + duration (stretched by an accommodation), capped by the batch expiry. Only the
    device holding ``device_token`` may write; a start from another tab or device takes over and
    the older one is refused (``attempt_taken_over``)."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        SUBMITTED = "submitted", _("Submitted")

    class Result(models.TextChoices):
        PENDING = "pending", _("Pending")
        PASSED = "passed", _("Passed")
        FAILED = "failed", _("Failed")

    class SubmitReason(models.TextChoices):
        LEARNER = "learner", _("Submitted by the learner")
        DEADLINE = "deadline", _("Time is up")
        VOIDED = "voided", _("Voided after too many tab switches")
        BACKUP = "backup", _("Handed in as a backup file")  # issue 38, item 3
        # issue 37, item 6 (decision 0049): a parent's or the learner's withdrawal ended the sitting
        CONSENT_WITHDRAWN = "consent_withdrawn", _("Ended: consent was withdrawn")

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=12, choices=Status, default=Status.IN_PROGRESS)
    question_ids = models.JSONField(default=list, help_text="The form of this attempt, in order.")
    option_orders = models.JSONField(default=dict, help_text="{question id: [option ids]} when shuffled.")
    points = models.JSONField(default=dict, help_text="{question id: maximum points}.")
    parts = models.JSONField(
        default=list,
        blank=True,
        help_text=(
            'The preset\'s parts at start (decision 0056): [{"name_vi", "name_en", "question_type", '
            '"points", "question_ids"}] in order; empty for a preset without parts.'
        ),
    )
    started_at = models.DateTimeField()
    deadline_at = models.DateTimeField()
    offline_grace_seconds = models.PositiveIntegerField(
        default=600,
        help_text=(
            "The preset's offline grace, copied at start (issue 38, item 3; decision 0046): answers "
            "typed before the deadline are accepted until this long after it."
        ),
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    submit_reason = models.CharField(max_length=20, choices=SubmitReason, blank=True)
    device_token = models.CharField(max_length=64)
    camera_mode = models.CharField(max_length=10, default="camera")
    video = StoredFileField(max_length=300, blank=True)
    video_deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When ``video`` was deleted (retention or a deletion request; issue 24).",
    )
    camera_consented_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The preparation's camera consent, copied at start (issue 24, item 2).",
    )
    tab_switches = models.PositiveSmallIntegerField(default=0)
    voided = models.BooleanField(default=False)
    reinstated_reason = models.TextField(blank=True)
    reinstated_by_name = models.CharField(max_length=200, blank=True)
    score = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    max_score = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    result = models.CharField(max_length=8, choices=Result, default=Result.PENDING)
    graded_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["assignment", "number"], name="attempt_number_once")]
        indexes = [models.Index(fields=["status", "deadline_at"])]

    def __str__(self) -> str:
        return f"attempt {self.pk} of {self.assignment_id}"


RELEASABLE_ATTEMPT = Q(released_at__isnull=True, graded_at__isnull=False) & ~Q(result=Attempt.Result.PENDING)
"""The attempts a release publishes: graded, decided (not pending) and not yet released
(``grading.services.attempts_release``; the gradebook's ``releasable`` count)."""


class AttemptAnswer(models.Model):
    """The learner's latest answer to one question of an attempt. ``seq`` is the client's
    sequence number: a save with a lower or equal ``seq`` than the stored one changes nothing, so
    a late retry never overwrites a newer answer."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="answers")
    question = models.ForeignKey("assessments.Question", on_delete=models.PROTECT, related_name="+")
    answer = models.JSONField(null=True, blank=True)
    flagged = models.BooleanField(default=False)
    seq = models.PositiveIntegerField(default=0)
    saved_at = models.DateTimeField(auto_now=True)
    score = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    needs_grading = models.BooleanField(default=False)
    comment = models.TextField(blank=True)
    graded_by_name = models.CharField(max_length=200, blank=True)
    graded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["attempt", "question"], name="one_answer_per_question")
        ]
        indexes = [models.Index(fields=["needs_grading", "graded_at"])]

    def __str__(self) -> str:
        return f"{self.attempt_id}/{self.question_id}"


ANSWER_TO_GRADE = Q(needs_grading=True, attempt__status=Attempt.Status.SUBMITTED)
"""An answer an educator scores (essay, unmatched short answer) of a submitted attempt; pending
while ``graded_at`` is empty (the grading list, the /home panel's count)."""


class KeyCorrection(models.Model):
    """A correction of a question version's answer key after the exam (issue 39, item 2; decision
    0058): the key of THAT version is changed in place (the tests already taken used it), and every
    attempt given the version is re-scored by a background task, one ``KeyCorrectionAttempt`` at a
    time (``grading.corrections``). The row is the history the question page shows: the old and
    new key, who, when and why, and the counts; ``status`` says how far the re-scoring is. At most
    one correction of a version is queued or running at a time (a database constraint)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Re-scoring")
        DONE = "done", _("Done")
        FAILED = "failed", _("Stopped")

    question = models.ForeignKey("assessments.Question", on_delete=models.PROTECT, related_name="+")
    old_key = models.JSONField(help_text="The version's answer key before the correction.")
    new_key = models.JSONField(help_text="The key written by the correction.")
    reason = models.TextField(help_text="Why the key was wrong (required; at most 2,000 characters).")
    created_by_profile_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=8, choices=Status, default=Status.QUEUED)
    attempts_total = models.PositiveIntegerField(default=0, help_text="Attempts to re-score.")
    attempts_done = models.PositiveIntegerField(default=0, help_text="Attempts re-scored so far.")
    attempts_changed = models.PositiveIntegerField(default=0, help_text="Attempts whose total changed.")
    learners_notified = models.PositiveIntegerField(
        default=0, help_text="Learners told that their released score changed."
    )
    runs = models.PositiveSmallIntegerField(default=0, help_text="Times a consumer claimed the re-scoring.")
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Last sign of life: queued or re-queued, or an attempt re-scored (decision 0058).",
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["question"],
                condition=Q(status__in=["queued", "running"]),
                name="one_live_key_correction_per_question",
            )
        ]

    def __str__(self) -> str:
        return f"key correction {self.pk} of Q{self.question_id} ({self.status})"


class KeyCorrectionAttempt(models.Model):
    """One attempt of a ``KeyCorrection``: the attempt's score for the question and its total
    before and after (``None`` where an educator's grading is still awaited), whether its result
    was released and its learner told. Written with the expected values when the correction is
    confirmed (the preview), then with what the re-scoring found, when ``done_at`` is set: a row
    done is never re-scored again, so a second run of the task changes nothing (decision 0058)."""

    class Outcome(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RESCORED = "rescored", _("Re-scored")
        HAND_GRADED = "hand_graded", _("Graded by an educator: kept")
        AWAITING_GRADING = "awaiting_grading", _("Still waiting for an educator")
        IN_PROGRESS = "in_progress", _("In progress: scored with the new key at submission")

    correction = models.ForeignKey(KeyCorrection, on_delete=models.CASCADE, related_name="attempts")
    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="key_corrections")
    points = models.DecimalField(max_digits=7, decimal_places=2, default=0)
    old_answer_score = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    new_answer_score = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    old_score = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    new_score = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    max_score = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    released = models.BooleanField(default=False, help_text="The result was released when re-scored.")
    notified = models.BooleanField(default=False, help_text="The learner was told of the new score.")
    outcome = models.CharField(max_length=16, choices=Outcome, default=Outcome.PENDING)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["correction", "attempt"], name="key_correction_attempt_once")
        ]
        indexes = [models.Index(fields=["correction", "done_at"], name="key_correction_attempt_todo")]

    def __str__(self) -> str:
        return f"{self.correction_id}/{self.attempt_id} ({self.outcome})"


class IntegrityEvent(models.Model):
    """A proctoring event of an attempt (issue 7, item 4): a tab switch or window blur, blocked
    copy/paste/context menu, a device take-over, a voiding or its reinstatement."""

    class Kind(models.TextChoices):
        TAB_HIDDEN = "tab_hidden", _("Left the test tab")
        BLUR = "blur", _("Left the test window")
        COPY = "copy", _("Copy blocked")
        PASTE = "paste", _("Paste blocked")
        CONTEXT_MENU = "context_menu", _("Context menu blocked")
        TAKEOVER = "takeover", _("Opened on another tab or device")
        VOIDED = "voided", _("Result voided")
        REINSTATED = "reinstated", _("Result reinstated")
        BACKUP = "backup", _("Backup answers uploaded")  # issue 38, item 3

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=14, choices=Kind)
    occurred_at = models.DateTimeField()
    received_at = models.DateTimeField(auto_now_add=True)
    count_after = models.PositiveSmallIntegerField(default=0)
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["occurred_at", "id"]

    def __str__(self) -> str:
        return f"{self.attempt_id}: {self.kind}"


class BackupUpload(models.Model):
    """A backup answers file ("Bài làm dự phòng") an invigilator uploaded for an attempt (issue 38,
    item 3; decision 0046): the audit row of who applied it and what it changed, and the file's
    id, which is never applied twice (a replayed file is refused)."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="backup_uploads")
    file_id = models.UUIDField(unique=True)
    uploaded_by_profile_id = models.BigIntegerField()
    uploaded_by_name = models.CharField(max_length=200, blank=True)
    uploaded_at = models.DateTimeField(auto_now_add=True)
    file_created_at = models.DateTimeField(null=True, blank=True, help_text="The device's time (as sent).")
    changes = models.JSONField(
        default=list, help_text="[{question_id, old, new}]: the answers the file changed."
    )

    class Meta:
        ordering = ["-uploaded_at", "-id"]

    def __str__(self) -> str:
        return f"backup {self.file_id} of attempt {self.attempt_id}"


class Accommodation(models.Model):
    """Extra time for a learner (issue 7, item 4b): for one preset, or for every test of the
    organization when ``preset`` is empty. The time limit becomes duration x ``factor`` +
    ``extra_minutes``, and the batch window is stretched by as much where needed. It applies to
    attempts started after it is set."""

    learner_profile_id = models.BigIntegerField()
    learner_name = models.CharField(max_length=200, blank=True)
    preset = models.ForeignKey(
        "assessments.TestPreset",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="accommodations",
    )
    factor = models.DecimalField(max_digits=4, decimal_places=2, default=1)
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    reason = models.CharField(max_length=300, blank=True)
    created_by_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["learner_profile_id", "preset"],
                name="one_accommodation_per_preset",
                nulls_distinct=False,
            ),
            models.CheckConstraint(
                condition=Q(factor__gte=1) & Q(factor__lte=3), name="accommodation_factor_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.learner_profile_id}: x{self.factor} +{self.extra_minutes} min"


class AdvancedReport(models.Model):
    """A generated advanced report of an attempt (issue 7, item 7): a snapshot of the learner's
    standing among the preset's takers (percentile, cohort figures, strengths and weaknesses by
    cluster) and its PDF. A new one may be generated after the preset's wait period."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="reports")
    data = models.JSONField()
    pdf = StoredFileField(max_length=300, blank=True)
    generated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-generated_at", "-id"]

    def __str__(self) -> str:
        return f"report {self.pk} of attempt {self.attempt_id}"


class ItemAnalysis(models.Model):
    """The stored item analysis (issue 19, section 2; decision 0017) of one batch, or of the whole
    preset (``batch`` empty: every counted attempt of the preset, batches and none). Computed by
    ``item_analysis.tasks.item_analysis_compute`` and queued again whenever a result of its scope
    changes. The figures of the last computation stay while the next one runs, so ``status``
    (queued, running) says "computing" and ``computed_at`` how old the figures shown are. A
    running computation beats (``heartbeat_at``); one whose consumer died ends ``failed`` with
    ``computation_lost`` (``item_analysis.services.item_analysis_ensure``; issue 38, item 2)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Computing")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Computation failed")

    preset = models.ForeignKey("assessments.TestPreset", on_delete=models.CASCADE, related_name="+")
    batch = models.ForeignKey(
        "assessments.Batch", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status, default=Status.QUEUED)
    requested_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life of the consumer running it (decision 0040)."
    )
    computed_at = models.DateTimeField(null=True, blank=True)
    attempt_count = models.PositiveIntegerField(default=0, help_text="Counted attempts analysed.")
    voided_count = models.PositiveIntegerField(default=0, help_text="Counted attempts left out as voided.")
    pending_count = models.PositiveIntegerField(default=0, help_text="Submitted, still waiting for grading.")
    summary = models.JSONField(default=dict, blank=True, help_text="item_stats.analyse()['summary'].")
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["preset", "batch"], name="one_item_analysis_per_scope", nulls_distinct=False
            )
        ]

    def __str__(self) -> str:
        return f"item analysis {self.preset_id}/{self.batch_id or '*'} ({self.status})"


class ItemAnalysisQuestion(models.Model):
    """One question's figures in an ``ItemAnalysis``. ``facility`` and ``discrimination`` are
    columns so that the question bank can read a question's figures across tests by index;
    the rest of ``item_stats.analyse()``'s row is in ``figures``."""

    analysis = models.ForeignKey(ItemAnalysis, on_delete=models.CASCADE, related_name="questions")
    question = models.ForeignKey("assessments.Question", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    n = models.PositiveIntegerField()
    facility = models.FloatField(null=True, blank=True)
    discrimination = models.FloatField(null=True, blank=True)
    flags = models.JSONField(default=list, blank=True)
    figures = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["analysis", "question"], name="item_analysis_question_once")
        ]

    def __str__(self) -> str:
        return f"{self.analysis_id}: Q{self.question_id}"
