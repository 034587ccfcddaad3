"""Test banks: named collections of test presets (issue 19) and of published questions (issue 4,
item 5). Only the creator renames or deletes one (spec section 5); any educator of the organization
puts presets and questions in and takes them out."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question, TestBank, TestPreset
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
    """Create an empty test bank. Name required (400 ``validation_error`` on ``name``)."""
    return TestBank.objects.create(
        name=_clean(name),
        description=(description or "").strip(),
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
    )


def test_bank_update(
    *, actor: Actor, test_bank_id: int, name: str, description: str | None = None
) -> TestBank:
    """Rename (creator only: 403 ``not_creator``); the name stays required (400
    ``validation_error`` on ``name``)."""
    bank = test_bank_get(test_bank_id)
    require_creator(bank, actor, _("Only the creator of this test bank can rename it."))
    bank.name = _clean(name)
    if description is not None:
        bank.description = description.strip()
    bank.save()
    return bank


def test_bank_delete(*, actor: Actor, test_bank_id: int) -> None:
    """Delete (creator only: 403 ``not_creator``). The presets stay, and the questions stay in
    their question banks."""
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


@transaction.atomic
def test_bank_set_presets(*, actor: Actor, test_bank_id: int, add: list[int], remove: list[int]) -> TestBank:
    """Put presets (any status) in the bank and take others out; a preset may be in several
    banks, and adding one twice keeps it once. An unknown id in ``add`` -> 404 and nothing
    changes; ids in ``remove`` that are not in the bank are ignored."""
    bank = test_bank_get(test_bank_id)
    found = set(TestPreset.objects.filter(pk__in=add).values_list("pk", flat=True))
    if len(found) != len(set(add)):
        raise not_found(_("Test not found."))
    bank.presets.add(*found)
    if remove:
        bank.presets.remove(*remove)
    bank.save(update_fields=["updated_at"])
    return bank
