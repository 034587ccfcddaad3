"""A question file being brought into the bank (issue 36), in the organization's schema: the
upload (``QuestionFile``) and every question read from it (``FileCandidate``), kept until the
educator confirms the import and for the organization's retention of imports afterwards.

Nothing here is a question of the bank: the import job writes the non-skipped, unblocked
candidates as draft ``assessments.Question`` rows only when the educator confirms.
"""

from __future__ import annotations

import uuid

from django.db import models

from config.stored_files import FileMentionsJSONField


class QuestionFile(models.Model):
    """One uploaded file, seen only by the educator profile that uploaded it. Its state follows
    its two ``imports.ImportJob`` rows (public schema): ``read_job_id`` reads the file into
    candidates; ``import_job_id`` (once confirmed) writes them into ``target_bank``."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    profile_id = models.BigIntegerField(help_text="The uploader's educator profile (public schema).")
    file_name = models.CharField(max_length=200, blank=True)
    format = models.CharField(
        max_length=20, help_text="The reader's FORMAT: docx, moodle_xml, gift, aiken, qti."
    )
    size = models.PositiveIntegerField(default=0, help_text="The upload's bytes.")
    read_job_id = models.UUIDField(null=True, blank=True)
    import_job_id = models.UUIDField(null=True, blank=True)
    target_bank = models.ForeignKey(
        "assessments.QuestionBank", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["profile_id", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.format})"


class FileCandidate(models.Model):
    """One question read from a file: ``question_formats.candidates.Candidate`` as stored, with
    the educator's fixes (``edited``) or ``skipped``, and once imported the ``question_id``.

    ``images``: ``[{"name", "path", "media_type"}]``, each a private storage name (never served
    by the media route); the texts name them as ``<img src="candidate-image:NAME">``.
    ``problems``: ``[{"code", "message", "blocking"}]``."""

    file = models.ForeignKey(QuestionFile, on_delete=models.CASCADE, related_name="candidates")
    position = models.PositiveIntegerField()
    ref = models.CharField(max_length=200, blank=True)
    type = models.CharField(max_length=20)
    source_type = models.CharField(max_length=40, blank=True)
    folder = models.JSONField(default=list, blank=True)
    content = models.JSONField(default=dict)
    answer_key = models.JSONField(default=dict, blank=True)
    grade = models.PositiveSmallIntegerField(null=True, blank=True)
    subject = models.ForeignKey(
        "assessments.Subject", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    difficulty = models.CharField(max_length=10, blank=True)
    score_weight = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    images = FileMentionsJSONField(default=list, blank=True)
    problems = models.JSONField(default=list, blank=True)
    flags = models.JSONField(default=list, blank=True)
    blocked = models.BooleanField(default=False, help_text="A blocking problem or an unsupported type.")
    skipped = models.BooleanField(default=False)
    edited = models.BooleanField(default=False)
    question_id = models.BigIntegerField(null=True, blank=True, help_text="The draft written by the import.")

    class Meta:
        ordering = ["file", "position"]
        constraints = [
            models.UniqueConstraint(fields=["file", "position"], name="file_candidate_position_unique")
        ]
        indexes = [models.Index(fields=["file", "blocked", "position"])]

    def __str__(self) -> str:
        return f"{self.ref} ({self.type})"
