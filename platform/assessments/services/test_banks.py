"""Test banks: named collections of published questions (issue 4, item 5)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question, TestBank
from assessments.services.common import Actor, require_creator
from config.errors import ApplicationError, FieldErrors, not_found


def test_bank_get(test_bank_id: int) -> TestBank:
    """The test bank of this organization; 404 otherwise."""
    bank = TestBank.objects.filter(pk=test_bank_id).first()
    if bank is None:
        raise not_found(_("Test bank not found."))
    return bank


def _clean(name: str | None) -> str:
    name = (name or "").strip()
    errors = FieldErrors()
    if not name:
        errors.add("name", _("Required"))
    errors.raise_if_any(_("The test bank name is required."))
    return name[:200]


def test_bank_create(*, actor: Actor, name: str, description: str = "") -> TestBank:
    """Create an empty test bank. Name required."""
    return TestBank.objects.create(
        name=_clean(name),
        description=(description or "").strip(),
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
    )


def test_bank_update(
    *, actor: Actor, test_bank_id: int, name: str, description: str | None = None
) -> TestBank:
    """Rename (creator only: 403 ``not_creator``)."""
    bank = test_bank_get(test_bank_id)
    require_creator(bank, actor, _("Only the creator of this test bank can rename it."))
    bank.name = _clean(name)
    if description is not None:
        bank.description = description.strip()
    bank.save()
    return bank


def test_bank_delete(*, actor: Actor, test_bank_id: int) -> None:
    """Delete (creator only). The questions stay in their question banks."""
    bank = test_bank_get(test_bank_id)
    require_creator(bank, actor, _("Only the creator of this test bank can delete it."))
    bank.delete()


@transaction.atomic
def test_bank_set_questions(
    *, actor: Actor, test_bank_id: int, add: list[int], remove: list[int]
) -> TestBank:
    """Add and remove questions. Only published questions can be added (409
    ``question_not_published``, listing the ids); unknown ids -> 404."""
    bank = test_bank_get(test_bank_id)
    found = dict(Question.objects.filter(pk__in=add).values_list("pk", "status"))
    if len(found) != len(set(add)):
        raise not_found(_("Question not found."))
    unpublished = sorted(pk for pk, status in found.items() if status != Question.Status.PUBLISHED)
    if unpublished:
        raise ApplicationError(
            Code.NOT_PUBLISHED,
            _("Only published questions can be added to a test bank."),
            status=409,
            extra={"question_ids": unpublished},
        )
    bank.questions.add(*found)
    if remove:
        bank.questions.remove(*remove)
    return bank
