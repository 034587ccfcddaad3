"""The vetting workflow of questions: draft -> submitted -> approved (or rejected) -> published,
one at a time or in bulk (issue 4, item 4; spec section 5). Every step is recorded as a
``QuestionTransition``. Split from ``services.questions`` by issue 17, item 6."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question
from assessments.services.common import Actor
from assessments.services.questions import (
    EDITABLE,
    S,
    next_version,
    question_get,
    question_missing,
    record_transition,
)
from config.errors import ApplicationError, FieldErrors


def _alone(q: Question) -> Question:
    """``q``, unless it belongs to a shared stimulus: its group is submitted, vetted and
    published as one (409 ``question_in_stimulus``, decision 0054)."""
    if q.stimulus_id:
        from assessments.services.stimuli import question_stimulus_locked

        raise question_stimulus_locked(q)
    return q


@transaction.atomic
def question_submit(*, actor: Actor, question_id: int) -> Question:
    """draft -> submitted. Refused: already submitted, approved or published (409
    ``already_submitted``: a question cannot be resubmitted); incomplete (400
    ``question_incomplete`` with every missing item in ``errors``); of a shared stimulus (409
    ``question_in_stimulus``: the stimulus is submitted with its questions)."""
    q = _alone(question_get(question_id, lock=True))
    if q.status not in EDITABLE:
        raise ApplicationError(
            Code.ALREADY_SUBMITTED, _("This question has already been submitted."), status=409
        )
    missing = question_missing(q)
    if missing:
        errors = FieldErrors()
        for item in missing:
            errors.add(item["field"], item["message"])
        errors.raise_if_any(_("The question is incomplete."), code=Code.QUESTION_INCOMPLETE)
    previous = q.status
    q.status, q.submitted_at = S.SUBMITTED, timezone.now()
    q.save(update_fields=["status", "submitted_at", "updated_at"])
    record_transition(q, actor, previous, S.SUBMITTED)
    return q


def _vet(actor: Actor, question_id: int, to_status: str, comment: str) -> Question:
    q = _alone(question_get(question_id, lock=True))
    if q.status != S.SUBMITTED:
        raise ApplicationError(
            Code.INVALID_TRANSITION,
            _("Only a question submitted for vetting can be approved or rejected."),
            status=409,
        )
    if q.created_by_profile_id == actor.profile_id:
        raise ApplicationError(Code.OWN_QUESTION, _("You cannot vet your own question."), status=403)
    q.status, q.reviewed_by_profile_id = to_status, actor.profile_id
    q.save(update_fields=["status", "reviewed_by_profile_id", "updated_at"])
    record_transition(q, actor, S.SUBMITTED, to_status, comment)
    return q


@transaction.atomic
def question_approve(*, actor: Actor, question_id: int, comment: str = "") -> Question:
    """submitted -> approved by another educator (403 ``own_question`` for the author)."""
    return _vet(actor, question_id, S.APPROVED, (comment or "").strip())


@transaction.atomic
def question_reject(*, actor: Actor, question_id: int, comment: str) -> Question:
    """submitted -> rejected with the reviewer's comment (required)."""
    if not (comment or "").strip():
        errors = FieldErrors()
        errors.add("comment", _("Required"))
        errors.raise_if_any(_("Say why the question is rejected."))
    return _vet(actor, question_id, S.REJECTED, comment.strip())


@transaction.atomic
def question_publish(*, actor: Actor, question_id: int) -> Question:
    """approved -> published. Refused: already published (409 ``already_published``), not
    approved (409 ``question_not_vetted``), no complete matrix (400 ``matrix_incomplete``).
    Publishing version n supersedes the published earlier version of the same question. A
    question of a shared stimulus is published with it (409 ``question_in_stimulus``)."""
    q = _alone(question_get(question_id, lock=True))
    if q.status in (S.PUBLISHED, S.SUPERSEDED):
        raise ApplicationError(
            Code.ALREADY_PUBLISHED, _("This question has already been published."), status=409
        )
    if q.status != S.APPROVED:
        raise ApplicationError(Code.NOT_VETTED, _("Only an approved question can be published."), status=409)
    if not q.has_matrix:
        raise ApplicationError(
            Code.MATRIX_INCOMPLETE, _("Attach the matrix (all four types) before publishing."), status=400
        )
    publish_version(q, actor)
    return q


def publish_version(q: Question, actor: Actor) -> None:
    """approved -> published for ``q`` (locked, checked by the caller), superseding the published
    earlier version of the same question; every step recorded. Also a group's publication
    (``stimulus_vetting.stimulus_publish``)."""
    if q.root_id:
        earlier = Question.objects.select_for_update().filter(
            Q(pk=q.root_id) | Q(root_id=q.root_id), status=S.PUBLISHED
        )
        for old in earlier.exclude(pk=q.pk):
            old.status = S.SUPERSEDED
            old.save(update_fields=["status", "updated_at"])
            record_transition(
                old, actor, S.PUBLISHED, S.SUPERSEDED, _("Replaced by version %(v)d.") % {"v": q.version}
            )
    q.status, q.published_at = S.PUBLISHED, timezone.now()
    q.save(update_fields=["status", "published_at", "updated_at"])
    record_transition(q, actor, S.APPROVED, S.PUBLISHED)


@transaction.atomic
def question_send_back(*, actor: Actor, question_id: int, note: str) -> Question:
    """Send a published question back to vetting with a note (issue 19: a question the item
    analysis flagged, with its figures; decision 0017). A published version never changes, so
    its next version (the same content, ``actor`` as its author) is created already submitted,
    the note recorded on that step; it enters the vetting queue of the sender's colleagues. The
    published version stays in the tests that use it until the new one is published (which
    supersedes it) or is rejected back to the sender to edit. Refused: not the current published
    version (409 ``question_not_published``), a later version already open (409
    ``question_locked`` with ``open_version_id``). A question of a shared stimulus goes back with
    its whole group: the group's next version is opened already submitted, the note on every
    question's step (decision 0054; 409 ``stimulus_locked`` when it is already open)."""
    q = question_get(question_id, lock=True)
    if q.status != S.PUBLISHED:
        raise ApplicationError(
            Code.NOT_PUBLISHED,
            _("Only the published version of a question can be sent back to vetting."),
            status=409,
        )
    if q.stimulus_id:
        from assessments.services.stimuli import group_next_version, stimulus_get

        _stimulus, copies = group_next_version(
            stimulus_get(q.stimulus_id, lock=True), actor, status=S.SUBMITTED, note=note
        )
        return copies[q.pk]
    new = next_version(q, actor)
    new.status, new.submitted_at = S.SUBMITTED, timezone.now()
    new.save()
    record_transition(new, actor, "", S.SUBMITTED, note)
    return new


BULK_ACTIONS = {"submit": question_submit, "approve": question_approve, "publish": question_publish}


def questions_bulk(*, actor: Actor, action: str, ids: list[int]) -> list[dict[str, Any]]:
    """Apply submit, approve or publish to each id on its own; one failure does not undo the
    others. Returns ``[{"id", "ok", "status", "code", "message"}]`` in the order given."""
    if action not in BULK_ACTIONS:
        errors = FieldErrors()
        errors.add("action", _("Choose one of the allowed values."))
        errors.raise_if_any()
    results = []
    for question_id in dict.fromkeys(ids):
        try:
            q = BULK_ACTIONS[action](actor=actor, question_id=question_id)
            results.append({"id": question_id, "ok": True, "status": q.status, "code": "", "message": ""})
        except ApplicationError as exc:
            results.append(
                {"id": question_id, "ok": False, "status": "", "code": exc.code, "message": exc.message}
            )
    return results
