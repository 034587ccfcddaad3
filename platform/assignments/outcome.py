"""An attempt's result once its answers are scored (issue 7, items 5 and 7), and who is told when
a result changes (decision 0039).

The sitting decides a result at submission, grading decides it again after a score or a
reinstatement: both call ``finish_if_graded``, which lives here, below both apps. Item analysis,
which sits beside grading and above the sitting, registers a listener from its
``AppConfig.ready()`` (``result_changed_register``), as the listing kinds are registered with
marketplace, so neither the sitting nor grading imports it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

from assessments.scale import Scale, passes
from assignments.models import Assignment, Attempt

ResultChanged = Callable[..., None]
"""``listener(*, preset_id: int, batch_id: int | None)``: a result of ``batch_id`` (of
``preset_id``; ``None`` without a batch) changed, in the caller's transaction and organization
schema."""

_listeners: list[ResultChanged] = []


def result_changed_register(listener: ResultChanged) -> None:
    """Call ``listener`` at every result change (``result_changed``); called once from the
    listening app's ``AppConfig.ready()``. Registering the same listener again does nothing."""
    if listener not in _listeners:
        _listeners.append(listener)


def result_changed(*, preset_id: int, batch_id: int | None) -> None:
    """A result of ``batch_id`` (of ``preset_id``) changed: a grade, a voiding or reinstatement, a
    submission or a release. Tells every registered listener (item analysis queues its scopes
    again after the commit)."""
    for listener in _listeners:
        listener(preset_id=preset_id, batch_id=batch_id)


def finish_if_graded(attempt: Attempt, now: datetime) -> None:
    """When no answer of ``attempt`` waits for an educator: its total (points), pass or fail (the
    total on the preset's reporting scale against the pass mark, ``assessments.scale.passes``;
    voided never passes) and release when the preset releases automatically; otherwise the result
    stays ``pending``. Called after scoring (the sitting's submit) and after grading or
    reinstating (``grading.services``). Runs in the organization's schema and the caller's
    transaction. Every result change passes here: ``result_changed`` is called first."""
    result_changed(preset_id=attempt.assignment.preset_id, batch_id=attempt.assignment.batch_id)
    answers = list(attempt.answers.all())
    if any(a.needs_grading and a.graded_at is None for a in answers):
        attempt.result = Attempt.Result.PENDING
        attempt.save(update_fields=["result"])
        return
    total = sum((a.score or Decimal(0) for a in answers), Decimal(0))
    preset = attempt.assignment.preset
    # The pass mark is on the reporting scale (decision 0056): compared with the score as shown.
    passed = not attempt.voided and passes(
        total, attempt.max_score, passing_score=preset.passing_score, scale=Scale.of(preset)
    )
    attempt.score = total
    attempt.result = Attempt.Result.PASSED if passed else Attempt.Result.FAILED
    attempt.graded_at = now
    if preset.auto_release_result and attempt.released_at is None:
        attempt.released_at = now
    attempt.save(update_fields=["score", "result", "graded_at", "released_at"])
    Assignment.objects.filter(pk=attempt.assignment_id).update(
        status=Assignment.Status.GRADED, updated_at=now
    )
