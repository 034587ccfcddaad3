"""The vetting workflow of a shared stimulus with its questions, as one group (issue 39, item 1;
decision 0054): draft -> submitted -> approved (or rejected) -> published, each step taken by the
stimulus and every question of it in one transaction, each question's step recorded as a
``QuestionTransition`` (the history of a group is its questions' history). A question of a group
takes none of these steps alone (``vetting._alone``: 409 ``question_in_stimulus``)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question, Stimulus
from assessments.services.common import Actor
from assessments.services.questions import EDITABLE, S, question_missing, record_transition
from assessments.services.stimuli import group_questions, stimulus_get, stimulus_missing
from assessments.services.vetting import publish_version
from config.errors import ApplicationError, FieldErrors


def group_missing(stimulus: Stimulus, questions: list[Question]) -> list[dict[str, str]]:
    """What the group lacks before it can be submitted: the stimulus' own items
    (``stimulus_missing``), at least one question, and for each question (``questions.N.<field>``,
    N from 0 in the group's order) what it lacks (``question_missing``) and the stimulus' grade
    and subject (a group is drawn for one grade and subject)."""
    missing = stimulus_missing(stimulus)
    if not questions:
        missing.append({"field": "questions", "message": _("Add at least one question.")})
    for index, q in enumerate(questions):
        items = question_missing(q)
        if q.grade and stimulus.grade and q.grade != stimulus.grade:
            items.append({"field": "grade", "message": _("Use the grade of the shared stimulus.")})
        if q.subject_id and stimulus.subject_id and q.subject_id != stimulus.subject_id:
            items.append({"field": "subject_id", "message": _("Use the subject of the shared stimulus.")})
        missing += [{"field": f"questions.{index}.{i['field']}", "message": i["message"]} for i in items]
    return missing


def _step(
    stimulus: Stimulus, questions: list[Question], actor: Actor, to_status: str, comment: str = ""
) -> None:
    """Move the stimulus and each of ``questions`` to ``to_status``, recording each question's step."""
    now = timezone.now()
    for q in questions:
        previous = q.status
        q.status = to_status
        fields = ["status", "updated_at"]
        if to_status == S.SUBMITTED:
            q.submitted_at = now
            fields.append("submitted_at")
        if to_status in (S.APPROVED, S.REJECTED):
            q.reviewed_by_profile_id = actor.profile_id
            fields.append("reviewed_by_profile_id")
        q.save(update_fields=fields)
        record_transition(q, actor, previous, to_status, comment)
    stimulus.status = to_status
    if to_status == S.SUBMITTED:
        stimulus.submitted_at = now
    if to_status in (S.APPROVED, S.REJECTED):
        stimulus.reviewed_by_profile_id = actor.profile_id
    stimulus.save()


@transaction.atomic
def stimulus_submit(*, actor: Actor, stimulus_id: int) -> Stimulus:
    """draft (or rejected) -> submitted, the stimulus with every question. Refused: already
    submitted, approved or published (409 ``already_submitted``); incomplete (400
    ``stimulus_incomplete`` with every missing item in ``errors``: ``group_missing``)."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    if stimulus.status not in EDITABLE:
        raise ApplicationError(
            Code.ALREADY_SUBMITTED, _("This shared stimulus has already been submitted."), status=409
        )
    questions = group_questions(stimulus, lock=True)
    missing = group_missing(stimulus, questions)
    if missing:
        errors = FieldErrors()
        for item in missing:
            errors.add(item["field"], item["message"])
        errors.raise_if_any(
            _("The shared stimulus or its questions are incomplete."), code=Code.STIMULUS_INCOMPLETE
        )
    _step(stimulus, questions, actor, S.SUBMITTED)
    return stimulus


def _vet(actor: Actor, stimulus_id: int, to_status: str, comment: str) -> Stimulus:
    stimulus = stimulus_get(stimulus_id, lock=True)
    if stimulus.status != S.SUBMITTED:
        raise ApplicationError(
            Code.INVALID_TRANSITION,
            _("Only a shared stimulus submitted for vetting can be approved or rejected."),
            status=409,
        )
    questions = group_questions(stimulus, lock=True)
    authors = {stimulus.created_by_profile_id} | {q.created_by_profile_id for q in questions}
    if actor.profile_id in authors:
        raise ApplicationError(
            Code.OWN_QUESTION,
            _("You cannot vet a shared stimulus that you wrote, or one with a question you wrote."),
            status=403,
        )
    _step(stimulus, questions, actor, to_status, comment)
    return stimulus


@transaction.atomic
def stimulus_approve(*, actor: Actor, stimulus_id: int, comment: str = "") -> Stimulus:
    """submitted -> approved, with its questions, by an educator who wrote neither the stimulus
    nor any of its questions (403 ``own_question``); 409 ``invalid_transition`` otherwise."""
    return _vet(actor, stimulus_id, S.APPROVED, (comment or "").strip())


@transaction.atomic
def stimulus_reject(*, actor: Actor, stimulus_id: int, comment: str) -> Stimulus:
    """submitted -> rejected, with its questions, with the reviewer's comment (required: 400
    ``validation_error`` on ``comment``), recorded on each question's step."""
    if not (comment or "").strip():
        errors = FieldErrors()
        errors.add("comment", _("Required"))
        errors.raise_if_any(_("Say why the shared stimulus is rejected."))
    return _vet(actor, stimulus_id, S.REJECTED, comment.strip())


@transaction.atomic
def stimulus_publish(*, actor: Actor, stimulus_id: int) -> Stimulus:
    """approved -> published, the stimulus with every question. Refused: already published (409
    ``already_published``), not approved (409 ``question_not_vetted``), a question without its
    complete matrix (400 ``matrix_incomplete`` naming ``questions.N.matrix``). Publishing version
    n of a group supersedes its published earlier version, the stimulus and all of its questions
    (a question the new version left out included), and each question's earlier published
    version (``vetting.publish_version``)."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    if stimulus.status in (S.PUBLISHED, S.SUPERSEDED):
        raise ApplicationError(
            Code.ALREADY_PUBLISHED, _("This shared stimulus has already been published."), status=409
        )
    if stimulus.status != S.APPROVED:
        raise ApplicationError(
            Code.NOT_VETTED, _("Only an approved shared stimulus can be published."), status=409
        )
    questions = group_questions(stimulus, lock=True)
    errors = FieldErrors()
    for index, q in enumerate(questions):
        if not q.has_matrix:
            errors.add(
                f"questions.{index}.matrix", _("Attach the matrix (all four types) before publishing.")
            )
    errors.raise_if_any(
        _("Attach the matrix (all four types) to every question before publishing."),
        code=Code.MATRIX_INCOMPLETE,
    )
    root_id = stimulus.root_id or stimulus.pk
    earlier = (
        Stimulus.objects.select_for_update()
        .filter(Q(pk=root_id) | Q(root_id=root_id), status=S.PUBLISHED)
        .exclude(pk=stimulus.pk)
    )
    note = _("Replaced by version %(v)d of the shared stimulus.") % {"v": stimulus.version}
    for old in earlier:
        for q in Question.objects.select_for_update().filter(stimulus=old, status=S.PUBLISHED):
            q.status = S.SUPERSEDED
            q.save(update_fields=["status", "updated_at"])
            record_transition(q, actor, S.PUBLISHED, S.SUPERSEDED, note)
        old.status = S.SUPERSEDED
        old.save(update_fields=["status", "updated_at"])
    for q in questions:
        publish_version(q, actor)
    stimulus.status, stimulus.published_at = S.PUBLISHED, timezone.now()
    stimulus.save(update_fields=["status", "published_at", "updated_at"])
    return stimulus
