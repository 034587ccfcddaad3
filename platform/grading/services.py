"""Educator grading, release, reinstatement and accommodations (issue 7, items 4, 4b and 5).
Runs in the organization's schema."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import TypedDict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile
from assessments.models import Batch, TestPreset
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import (
    RELEASABLE_ATTEMPT,
    Accommodation,
    Assignment,
    Attempt,
    AttemptAnswer,
    IntegrityEvent,
)
from assignments.outcome import finish_if_graded, result_changed
from config.errors import ApplicationError, FieldErrors, not_found
from grading.schemas import AccommodationIn


@transaction.atomic
def answer_grade(
    *, answer_id: int, score: float | str | None, comment: str, grader: Profile
) -> AttemptAnswer:
    """Score an essay or unmatched short answer from 0 to the question's points, with a comment;
    when the attempt's last such answer is graded, the attempt gets its total and result (and is
    released when the preset says so). 404; 409 ``answer_not_gradable``; 400 for the score."""
    row = AttemptAnswer.objects.select_for_update().select_related("attempt").filter(pk=answer_id).first()
    if row is None:
        raise not_found(_("Answer not found."))
    attempt = Attempt.objects.select_for_update().select_related("assignment__preset").get(pk=row.attempt_id)
    if not row.needs_grading or attempt.status != Attempt.Status.SUBMITTED:
        raise ApplicationError(Code.NOT_GRADABLE, _("This answer is scored automatically."), status=409)
    points = Decimal(attempt.points.get(str(row.question_id), "1"))
    errors = FieldErrors()
    try:
        value = Decimal(str(score))
    except (InvalidOperation, ValueError):
        value = Decimal(-1)
    if not Decimal(0) <= value <= points:
        errors.add("score", _("Enter a score from 0 to %(max)s.") % {"max": points.normalize()})
    errors.raise_if_any(_("The score could not be saved."))
    row.score = value
    row.comment = (comment or "").strip()[:2000]
    row.graded_at = timezone.now()
    row.graded_by_name = grader.user.name_or_email
    row.save(update_fields=["score", "comment", "graded_at", "graded_by_name"])
    finish_if_graded(attempt, timezone.now())
    return row


@transaction.atomic
def attempts_release(*, attempt_ids: list[int]) -> int:
    """Release graded results (one, or every graded attempt of a batch). Returns how many were
    released now; attempts still pending grading are left as they are. The item analysis of the
    batches concerned is queued again (it counts graded results, released or not, so this only
    refreshes it at the moment educators read it; decision 0017)."""
    now = timezone.now()
    released = Attempt.objects.filter(RELEASABLE_ATTEMPT, pk__in=attempt_ids).update(released_at=now)
    if released:
        scopes = (
            Attempt.objects.filter(pk__in=attempt_ids, released_at=now)
            .values_list("assignment__preset_id", "assignment__batch_id")
            .distinct()
        )
        for preset_id, batch_id in scopes:
            result_changed(preset_id=preset_id, batch_id=batch_id)
    return released


def batch_release(*, batch_id: int) -> int:
    if not Batch.objects.filter(pk=batch_id).exists():
        raise not_found(_("Batch not found."))
    ids = list(Attempt.objects.filter(assignment__batch_id=batch_id).values_list("pk", flat=True))
    return attempts_release(attempt_ids=ids)


@transaction.atomic
def attempt_reinstate(*, attempt_id: int, reason: str, educator: Profile) -> Attempt:
    """Reinstate a result voided for tab switches (the learner's appeal), with a recorded reason:
    the score stands and pass or fail is decided again. 404; 409 when not voided; 400 without a
    reason."""
    attempt = (
        Attempt.objects.select_for_update().select_related("assignment__preset").filter(pk=attempt_id).first()
    )
    if attempt is None:
        raise not_found(_("Attempt not found."))
    if not attempt.voided:
        raise ApplicationError(Code.NOT_GRADABLE, _("This result is not voided."), status=409)
    if not (reason or "").strip():
        raise ApplicationError(
            "validation_error", _("Give the reason."), status=400, errors={"reason": [_("Required")]}
        )
    attempt.voided = False
    attempt.reinstated_reason = reason.strip()[:2000]
    attempt.reinstated_by_name = educator.user.name_or_email
    attempt.save(update_fields=["voided", "reinstated_reason", "reinstated_by_name"])
    IntegrityEvent.objects.create(
        attempt=attempt,
        kind=IntegrityEvent.Kind.REINSTATED,
        occurred_at=timezone.now(),
        count_after=attempt.tab_switches,
        note=f"{attempt.reinstated_by_name}: {attempt.reinstated_reason}"[:300],
    )
    attempt.graded_at = None
    finish_if_graded(attempt, timezone.now())
    return attempt


@transaction.atomic
def accommodation_set(*, educator: Profile, data: AccommodationIn) -> Accommodation:
    """Give a learner of the organization extra time: ``learner_profile_id``, ``preset_id``
    (empty = every test of the organization), ``factor`` (1 to 3) and/or ``extra_minutes``
    (0 to 240), ``reason``. Replaces an earlier one for the same scope. 400 with field errors."""
    from tenants.services import current_organization_id

    errors = FieldErrors()
    learner = (
        Profile.objects.select_related("user")
        .filter(
            pk=data.learner_profile_id or 0,
            organization_id=current_organization_id(),
            pandai_profile_role="LEARNER",
        )
        .first()
    )
    if learner is None:
        errors.add("learner_profile_id", _("Choose a learner of this organization."))
    preset = None
    if data.preset_id:
        preset = TestPreset.objects.filter(pk=data.preset_id).first()
        if preset is None:
            errors.add("preset_id", _("Test not found."))
    try:
        factor = Decimal(str(data.factor or 1))
    except InvalidOperation:
        factor = Decimal(0)
    if not Decimal(1) <= factor <= Decimal(3):
        errors.add("factor", _("Enter a factor from 1 to 3, such as 1.5."))
    minutes = data.extra_minutes or 0
    if not isinstance(minutes, int) or not 0 <= minutes <= 240:
        errors.add("extra_minutes", _("Enter from 0 to 240 minutes."))
    if factor == 1 and minutes == 0 and not errors:
        errors.add("factor", _("Give extra time as a factor or as minutes."))
    errors.raise_if_any(_("The accommodation could not be saved."))
    assert learner is not None  # raise_if_any raised for a missing learner
    row, _created = Accommodation.objects.update_or_create(
        learner_profile_id=learner.pk,
        preset=preset,
        defaults={
            "learner_name": learner.user.name_or_email,
            "factor": factor,
            "extra_minutes": minutes,
            "reason": (data.reason or "").strip()[:300],
            "created_by_name": educator.user.name_or_email,
        },
    )
    return row


class ProgressRow(TypedDict):
    """A learner of a batch as ``ProgressRowOut`` reads it (the attempt's fields null, 0 or false
    before a start)."""

    assignment_id: int
    learner_name: str
    status: str
    attempt_id: int | None
    answered: int
    questions: int
    tab_switches: int
    voided: bool
    started_at: datetime | None
    deadline_at: datetime | None
    submitted_at: datetime | None
    result: str | None
    score: float | None
    submit_reason: str


def progress_rows(batch_id: int) -> list[ProgressRow]:
    """Live progress of a batch for its detail page (issue 7, item 8): each assignment with its
    latest attempt's status, answered count, tab switches and deadline. Two queries."""
    from django.db.models import Count, Q

    assignments = list(Assignment.objects.filter(batch_id=batch_id).exclude(status=Assignment.Status.REVOKED))
    attempts = {
        a.assignment_id: a
        for a in Attempt.objects.filter(assignment__batch_id=batch_id)
        .annotate(answered=Count("answers", filter=Q(answers__answer__isnull=False)))
        .order_by("assignment_id", "number")
    }
    rows: list[ProgressRow] = []
    for a in assignments:
        t = attempts.get(a.pk)
        rows.append(
            {
                "assignment_id": a.pk,
                "learner_name": a.learner_name,
                "status": a.status,
                "attempt_id": t.pk if t else None,
                "answered": t.answered if t else 0,
                "questions": len(t.question_ids) if t else 0,
                "tab_switches": t.tab_switches if t else 0,
                "voided": t.voided if t else False,
                "started_at": t.started_at if t else None,
                "deadline_at": t.deadline_at if t else None,
                "submitted_at": t.submitted_at if t else None,
                "result": t.result if t else None,
                "score": float(t.score) if t and t.score is not None else None,
                "submit_reason": t.submit_reason if t else "",
            }
        )
    return rows


def attempt_release(*, attempt_id: int) -> int:
    """Release one graded result (``attempts_release``); returns 1 when released now, 0 when it
    was released already or is still pending. 404 "Attempt not found."."""
    if not Attempt.objects.filter(pk=attempt_id).exists():
        raise not_found(_("Attempt not found."))
    return attempts_release(attempt_ids=[attempt_id])


def accommodation_delete(*, accommodation_id: int) -> None:
    """Delete an accommodation of the organization; 404 "Not found."."""
    deleted, _rows = Accommodation.objects.filter(pk=accommodation_id).delete()
    if not deleted:
        raise not_found(_("Not found."))
