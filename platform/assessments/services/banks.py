"""Question banks (folders): create, rename, move, delete (issue 4, item 1)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question, QuestionBank, QuestionTransition, Stimulus, bank_name_key
from assessments.services.common import Actor, require_creator
from config.errors import ApplicationError, FieldErrors, not_found


def _clean_name(name: str | None) -> str:
    errors = FieldErrors()
    name = (name or "").strip()
    if not name:
        errors.add("name", _("Required"))
    elif len(name) > 200:
        errors.add("name", _("This value is too long."))
    errors.raise_if_any(_("The question bank name is required."))
    return name


def _name_taken(*, name: str, parent_id: int | None, exclude_id: int | None = None) -> bool:
    """Whether another bank of this organization in the place ``parent_id`` (None: the top
    level) has ``name`` by ``bank_name_key`` (decision 0052)."""
    taken = QuestionBank.objects.filter(parent_id=parent_id, name_key=bank_name_key(name))
    if exclude_id is not None:
        taken = taken.exclude(pk=exclude_id)
    return taken.exists()


def _name_taken_error() -> ApplicationError:
    """409 ``bank_name_taken`` with the message under ``name`` (issue 38 item 6)."""
    message = _("A question bank with this name already exists here.")
    return ApplicationError(Code.BANK_NAME_TAKEN, message, status=409, errors={"name": [message]})


def _save_unique(bank: QuestionBank) -> QuestionBank:
    """Save ``bank`` unless its name is taken in its place: the check answers the usual case, the
    unique index (``question_bank_name_unique_in_place``) the create that raced it; both give
    409 ``bank_name_taken``."""
    if _name_taken(name=bank.name, parent_id=bank.parent_id, exclude_id=bank.pk):
        raise _name_taken_error()
    try:
        with transaction.atomic():
            bank.save()
    except IntegrityError as exc:
        raise _name_taken_error() from exc
    return bank


def bank_get(bank_id: int) -> QuestionBank:
    """The bank of this organization with ``bank_id``; 404 when none (another organization's id
    included: it does not exist in this schema)."""
    bank = QuestionBank.objects.filter(pk=bank_id).first()
    if bank is None:
        raise not_found(_("Question bank not found."))
    return bank


def _descendant_ids(bank: QuestionBank) -> list[int]:
    """Ids of ``bank`` and every folder below it (one query per level)."""
    ids, frontier = [bank.pk], [bank.pk]
    while frontier:
        frontier = list(QuestionBank.objects.filter(parent_id__in=frontier).values_list("pk", flat=True))
        ids += frontier
    return ids


def bank_folder_ids(bank: QuestionBank) -> list[int]:
    """Ids of ``bank`` and of every folder below it, at any depth."""
    return _descendant_ids(bank)


def bank_create(*, actor: Actor, name: str, parent_id: int | None = None) -> QuestionBank:
    """Create a bank (or a sub-folder of ``parent_id``). Name required (spec section 5), at most
    200 characters; 409 ``bank_name_taken`` (message under ``name``) when a bank in the same place
    has that name, compared without case and extra whitespace (issue 38 item 6, decision 0052)."""
    name = _clean_name(name)
    parent = bank_get(parent_id) if parent_id else None
    return _save_unique(
        QuestionBank(
            name=name, parent=parent, created_by_profile_id=actor.profile_id, created_by_name=actor.name
        )
    )


def bank_update(
    *, actor: Actor, bank_id: int, name: str | None = None, parent_id: int | None = None, move: bool = False
) -> QuestionBank:
    """Rename a bank and/or move it under ``parent_id`` (``move=True``; None = top level).
    Creator only (403 ``not_creator``); a folder cannot move into itself (400 ``bank_cycle``); 409
    ``bank_name_taken`` when the new name, or the place it moves to, already holds a bank of that
    name (decision 0052)."""
    bank = bank_get(bank_id)
    require_creator(bank, actor, _("Only the creator of this question bank can rename or move it."))
    if name is not None:
        bank.name = _clean_name(name)
    if move:
        if parent_id and parent_id in _descendant_ids(bank):
            raise ApplicationError(Code.BANK_CYCLE, _("A folder cannot be moved into itself."), status=400)
        bank.parent = bank_get(parent_id) if parent_id else None
    return _save_unique(bank)


@transaction.atomic
def bank_delete(*, actor: Actor, bank_id: int) -> None:
    """Delete a bank, its sub-folders and their questions and shared stimuli. Creator only. Refused (409
    ``bank_in_use``) while any of those questions is used by a test bank."""
    bank = bank_get(bank_id)
    require_creator(bank, actor, _("Only the creator of this question bank can delete it."))
    ids = _descendant_ids(bank)
    used = Question.objects.filter(bank_id__in=ids, test_banks__isnull=False).distinct().count()
    if used:
        raise ApplicationError(
            Code.BANK_IN_USE,
            _("This question bank cannot be deleted: %(count)d of its published questions are used by tests.")
            % {"count": used},
            status=409,
            extra={"used_questions": used},
        )
    questions = Question.objects.filter(bank_id__in=ids)
    QuestionTransition.objects.filter(question__in=questions).delete()
    # Versions point at their root: delete newer versions before their roots.
    questions.exclude(root__isnull=True).delete()
    questions.delete()
    stimuli = Stimulus.objects.filter(bank_id__in=ids)  # their questions are gone (decision 0054)
    stimuli.exclude(root__isnull=True).delete()
    stimuli.delete()
    QuestionBank.objects.filter(pk__in=ids).order_by("-pk").delete()
