"""The organization's assessment work (tenant schema). Grows with the authoring issue.

``QuestionBank`` is the first table of every organization's schema: a folder of questions that may
hold sub-folders (spec section 2, /question-bank).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class QuestionBank(models.Model):
    """A folder of questions in one organization. Only its creator may rename or delete it."""

    name = models.CharField(_("name"), max_length=200)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children"
    )
    created_by_profile_id = models.BigIntegerField(_("creator profile id"))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("question bank")

    def __str__(self) -> str:
        return self.name
