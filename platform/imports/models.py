"""Background imports (issue 16, item 8): a large spreadsheet import runs in a huey task and the
SPA polls its ``ImportJob``: a proxy of the one background job (``jobs.models.Job``; issue 35,
item 3, docs/decisions/0040) naming the import kinds. The question import's data lives in the
organization's schema (named by ``schema_name``), the learner import's in the public one;
docs/decisions/0012-import-jobs.md."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from jobs.models import Job, KindManager


class ImportJob(Job):
    """An import: ``organization``, ``schema_name``, ``profile``, ``dry_run``, the upload in
    ``file`` (emptied when the job ends) and its name in ``file_name``, the report in
    ``result``."""

    class Kind(models.TextChoices):
        QUESTIONS = "questions", _("Question bank import")
        LEARNERS = "learners", _("Learner invitations import")
        QUESTION_FILE = "question_file", _("Question file (Word, Moodle XML, GIFT, Aiken, QTI)")

    objects = KindManager()

    class Meta:
        proxy = True
