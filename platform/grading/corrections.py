"""Key correction after the exam (issue 39, item 2; decision 0058): an educator corrects the answer
key of a question version that learners have already been given, sees every affected attempt's old
and new score, confirms with a reason, and a background task re-scores the attempts one by one,
telling each learner whose RELEASED score changed. The educator sees every total in points and on
the preset's reporting scale, the learner is told it on the scale, as their result shows it
(``totals_on_scale``, ``_notify``; decision 0056). Runs in the organization's schema.

The rule of one answer (``rescored``), used by the preview and by the re-scoring alike:
- an answer graded by an educator by hand (``graded_at`` set) is kept as graded: the educator's
  judgement of that answer stands whatever the key says;
- otherwise it is scored as a submission scores it (``sitting.attempts.score_answer``) with the
  new key, with one difference: a short text answer that the new key no longer matches scores 0
  instead of going to an educator, because it matched the old key, so it is a text the educator
  has just removed from the accepted answers (or made stricter), that is, judged; a short answer
  that waited for an educator and still matches nothing keeps waiting.

The attempts' totals, pass or fail and automatic release are decided again by
``assignments.outcome.finish_if_graded``, as after a grade. Reads (the panel, the preview, a
correction's rows) and writes (the correction, its run, the resumption) are both here: they share
the plan of a correction, which is the rule above applied to every attempt.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from assessments.models import Question, TestPreset
from assessments.scale import Scale, score_shown, to_scale
from assessments.services.common import Actor
from assessments.services.questions import answer_key_clean, question_get
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Attempt, AttemptAnswer, KeyCorrection, KeyCorrectionAttempt
from assignments.outcome import finish_if_graded
from config.errors import ApplicationError, FieldErrors, not_found
from jobs.services import stale_seconds
from sitting.attempts import score_answer
from tenants.scope import current_schema_name
from tenants.services import current_organization_id

logger = logging.getLogger(__name__)

KS = KeyCorrection.Status
Outcome = KeyCorrectionAttempt.Outcome
AUTO_SCORED = {
    Question.Type.SINGLE_CHOICE,
    Question.Type.MULTIPLE_CHOICE,
    Question.Type.TRUE_FALSE,
    Question.Type.SHORT_TEXT,
    Question.Type.TRUE_FALSE_SET,
    Question.Type.NUMERIC,
}
"""The types whose key scores answers, so may be corrected (an essay's rubric scores nothing)."""
REASON_MAX = 2000
MAX_RUNS = 5
"""Claims of one correction by consumers before the resumption gives it up (``failed``): a
correction whose consumer dies or fails this often has a fault that another run will not mend."""


# --- the rule of one answer ----------------------------------------------------------------------


def rescored(question: Question, row: AttemptAnswer, points: Decimal) -> tuple[Decimal | None, bool, str]:
    """``(score, needs grading, outcome)`` of the stored answer ``row`` once ``question`` carries
    the corrected key (the module's rule): ``hand_graded`` (kept), ``awaiting_grading`` (kept
    waiting) or ``rescored`` (the score the new key gives; a short text the new key no longer
    matches scores 0). ``points``: the question's points in the attempt."""
    if row.graded_at is not None:
        return row.score, row.needs_grading, Outcome.HAND_GRADED
    score, needs_grading = score_answer(question, row.answer, points)
    if needs_grading:
        if row.needs_grading:
            return row.score, True, Outcome.AWAITING_GRADING
        return Decimal(0), False, Outcome.RESCORED
    return score, False, Outcome.RESCORED


def _total(attempt: Attempt) -> Decimal | None:
    """The attempt's total as decided, or ``None`` while its result waits for an educator."""
    return attempt.score if attempt.result != Attempt.Result.PENDING else None


def _money(value: Decimal | float | None) -> str | None:
    """A score as text for the digest (``"7.50"``), ``None`` kept."""
    return None if value is None else f"{value:.2f}"


def totals_on_scale(
    old: Decimal | None, new: Decimal | None, max_raw: Decimal, preset: TestPreset
) -> dict[str, float | None]:
    """A row's totals before and after as the learner's result shows them (decision 0056):
    ``{"old_scale_score", "new_scale_score", "scale_max"}``, the raw totals ``old`` and ``new``
    (points of ``max_raw``) on ``preset``'s reporting scale (``assessments.scale.score_shown``,
    ``Scale.of(preset)``; a score None while it waits for an educator; ``scale_max`` the scale's
    maximum, or ``max_raw`` for a preset in raw points). With a preset out of 10, raw 7 of 8 is
    ``8.75`` of ``10.0``."""
    scale = Scale.of(preset)
    before, after = score_shown(old, max_raw, scale), score_shown(new, max_raw, scale)
    return {
        "old_scale_score": before["scale_score"],
        "new_scale_score": after["scale_score"],
        "scale_max": before["scale_max"],
    }


# --- the plan: what a key would do to every attempt ------------------------------------------------


@dataclass
class PlanRow:
    """One submitted attempt under a proposed key (``KeyCorrectionPreviewRowOut``)."""

    attempt: Attempt
    points: Decimal
    old_answer_score: Decimal | None
    new_answer_score: Decimal | None
    old_score: Decimal | None
    new_score: Decimal | None
    outcome: str

    @property
    def changed(self) -> bool:
        return self.old_score != self.new_score

    def on_scale(self) -> dict[str, float | None]:
        """The totals on the preset's reporting scale (``totals_on_scale``)."""
        return totals_on_scale(
            self.old_score, self.new_score, self.attempt.max_score, self.attempt.assignment.preset
        )

    def out(self) -> dict[str, Any]:
        assignment = self.attempt.assignment
        return {
            "attempt_id": self.attempt.pk,
            "learner_name": assignment.learner_name,
            "preset_name": assignment.preset.name,
            "batch_name": (assignment.batch.name or f"#{assignment.batch_id}") if assignment.batch else "",
            "points": self.points,
            "old_answer_score": self.old_answer_score,
            "new_answer_score": self.new_answer_score,
            "old_score": self.old_score,
            "new_score": self.new_score,
            "max_score": self.attempt.max_score,
            **self.on_scale(),
            "released": self.attempt.released_at is not None,
            "changed": self.changed,
            "outcome": self.outcome,
        }


@dataclass
class Plan:
    key: dict[str, Any]
    rows: list[PlanRow]
    in_progress_ids: list[int]

    @property
    def digest(self) -> str:
        """What the educator saw: the key and each attempt's figures (the totals in points and on
        the reporting scale, so that a preset's scale changed meanwhile counts too), hashed (32
        hex). A confirm whose digest differs was made on a preview that no longer holds
        (``key_correction_stale``)."""
        body = {
            "key": self.key,
            "rows": [
                [
                    r.attempt.pk,
                    _money(r.old_answer_score),
                    _money(r.new_answer_score),
                    _money(r.old_score),
                    _money(r.new_score),
                    *(_money(v) for v in r.on_scale().values()),
                ]
                for r in self.rows
            ],
            "in_progress": self.in_progress_ids,
        }
        return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:32]


def _in_progress_ids(question: Question) -> list[int]:
    """Attempts given ``question`` that are still being taken (scored with the key at submission)."""
    return list(
        Attempt.objects.filter(status=Attempt.Status.IN_PROGRESS, question_ids__contains=[question.pk])
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _plan(question: Question, key: dict[str, Any]) -> Plan:
    """Every submitted attempt given ``question`` under ``key``, computed without writing: the
    question's score and the total before and after (``rescored``; a total is ``None`` while an
    answer waits for an educator). Changed attempts first, then by learner name. Three queries."""
    corrected = Question(pk=question.pk, type=question.type, content=question.content, answer_key=key)
    answers = list(
        AttemptAnswer.objects.filter(question_id=question.pk, attempt__status=Attempt.Status.SUBMITTED)
        .select_related("attempt__assignment__preset", "attempt__assignment__batch")
        .order_by("attempt_id")
    )
    sums = {
        row["attempt_id"]: row
        for row in AttemptAnswer.objects.filter(attempt_id__in=[a.attempt_id for a in answers])
        .values("attempt_id")
        .annotate(
            total=Sum("score"),
            waiting=Count("id", filter=Q(needs_grading=True, graded_at__isnull=True)),
        )
    }
    rows = []
    for answer in answers:
        attempt = answer.attempt
        points = Decimal(attempt.points.get(str(question.pk), "1"))
        score, needs_grading, outcome = rescored(corrected, answer, points)
        waits_before = answer.needs_grading and answer.graded_at is None
        waits_after = needs_grading and answer.graded_at is None
        others = sums[attempt.pk]
        others_total = (others["total"] or Decimal(0)) - (answer.score or Decimal(0))
        others_waiting = others["waiting"] - (1 if waits_before else 0)
        rows.append(
            PlanRow(
                attempt=attempt,
                points=points,
                old_answer_score=answer.score,
                new_answer_score=score,
                old_score=_total(attempt),
                new_score=None if others_waiting or waits_after else others_total + (score or Decimal(0)),
                outcome=outcome,
            )
        )
    rows.sort(key=lambda r: (not r.changed, r.attempt.assignment.learner_name.casefold(), r.attempt.pk))
    return Plan(key=key, rows=rows, in_progress_ids=_in_progress_ids(question))


# --- reads -----------------------------------------------------------------------------------------


def _blocked(question: Question) -> str | None:
    """Why ``question`` cannot be corrected, as a code, or ``None``: ``not_auto_scored`` (an
    essay) or ``not_used`` (no learner was given this version: edit it instead)."""
    if question.type not in AUTO_SCORED:
        return "not_auto_scored"
    used = AttemptAnswer.objects.filter(question_id=question.pk).exists() or bool(_in_progress_ids(question))
    return None if used else "not_used"


def _refuse(code: str) -> ApplicationError:
    if code == "not_auto_scored":
        return ApplicationError(
            Code.KEY_CORRECTION_NOT_AUTO,
            _("Only a key that scores answers by itself can be corrected: an essay is graded by hand."),
            status=409,
        )
    return ApplicationError(
        Code.KEY_CORRECTION_NOT_USED,
        _("No learner has been given this version of the question yet: edit the question instead."),
        status=409,
    )


def key_out(key: dict[str, Any], content: dict[str, Any]) -> dict[str, Any]:
    """A stored key as ``CorrectionKeyOut`` sends it: as stored, except a true/false set's
    statements, a list of ``{"id", "value"}`` in the order of the question's statements
    (``content["statements"]``; a statement the key does not judge is left out)."""
    if "statements" not in key:
        return dict(key)
    order = [s.get("id") for s in (content or {}).get("statements") or [] if isinstance(s, dict)]
    judged = key["statements"]
    ids = [sid for sid in order if sid in judged] + [sid for sid in judged if sid not in order]
    return {**key, "statements": [{"id": sid, "value": judged[sid]} for sid in ids]}


def correction_out(c: KeyCorrection, content: dict[str, Any] | None = None) -> dict[str, Any]:
    """``KeyCorrectionOut``: one correction as the question page's history shows it (``content``:
    the question's, for the order of a true/false set's statements; read when not given)."""
    if content is None:
        content = Question.objects.filter(pk=c.question_id).values_list("content", flat=True).first() or {}
    return {
        "id": c.pk,
        "question_id": c.question_id,
        "status": c.status,
        "reason": c.reason,
        "created_by_name": c.created_by_name,
        "created_at": c.created_at,
        "finished_at": c.finished_at,
        "old_key": key_out(c.old_key, content),
        "new_key": key_out(c.new_key, content),
        "attempts_total": c.attempts_total,
        "attempts_done": c.attempts_done,
        "attempts_changed": c.attempts_changed,
        "learners_notified": c.learners_notified,
        "error": c.error,
    }


def key_correction_panel(*, question_id: int) -> dict[str, Any]:
    """What the question page needs to offer a correction of version ``question_id`` and show its
    history (``KeyCorrectionPanelOut``): ``can_correct`` or the ``blocked`` code
    (``not_auto_scored``, ``not_used``), the version's type, current key, options and statements
    (what the key names), how many attempts were given it (submitted, in progress), its later
    versions (a correction changes this version only) and every correction of it, newest first.
    404 for a question of no organization of the caller's."""
    question = question_get(question_id)
    blocked = _blocked(question)
    root = question.root_id or question.pk
    return {
        "question_id": question.pk,
        "version": question.version,
        "type": question.type,
        "answer_key": key_out(question.answer_key or {}, question.content),
        "options": (question.content or {}).get("options") or [],
        "statements": (question.content or {}).get("statements") or [],
        "can_correct": blocked is None,
        "blocked": blocked,
        "attempts_submitted": AttemptAnswer.objects.filter(
            question_id=question.pk, attempt__status=Attempt.Status.SUBMITTED
        ).count(),
        "attempts_in_progress": len(_in_progress_ids(question)),
        "later_versions": list(
            Question.objects.filter(Q(root_id=root) | Q(pk=root), version__gt=question.version)
            .order_by("version")
            .values("id", "version", "status")
        ),
        "corrections": [
            correction_out(c, question.content) for c in KeyCorrection.objects.filter(question_id=question.pk)
        ],
    }


def _clean(question: Question, answer_key: dict[str, Any], errors: FieldErrors) -> dict[str, Any] | None:
    """The corrected key, checked as the question form checks one (``answer_key_clean``); its
    field errors are added to ``errors`` (``None`` returned then); the same key as now is one."""
    try:
        key = answer_key_clean(question=question, raw=answer_key)
    except ApplicationError as error:
        for field, messages in error.errors.items():
            for message in messages:
                errors.add(field, message)
        return None
    if key == (question.answer_key or {}):
        errors.add("answer_key", _("This is the key the question has now: change it first."))
        return None
    return key


def key_correction_preview(*, question_id: int, answer_key: dict[str, Any]) -> dict[str, Any]:
    """What correcting version ``question_id``'s key to ``answer_key`` would do, written nowhere
    (``KeyCorrectionPreviewOut``): the key as it would be stored, every submitted attempt given the
    version with the question's score and the total before and after (points, and on the
    preset's reporting scale as the learner's result shows it: ``totals_on_scale``), whether its
    result is released and whether it changes, the counts, the attempts in progress (scored with
    the new key at submission) and the ``digest`` the confirmation sends back. 404; 409
    ``key_correction_not_auto_scored`` / ``key_correction_not_used``; 400 ``validation_error`` on
    ``answer_key...`` (the question form's messages, or the key unchanged)."""
    question = question_get(question_id)
    blocked = _blocked(question)
    if blocked:
        raise _refuse(blocked)
    errors = FieldErrors()
    key = _clean(question, answer_key, errors)
    errors.raise_if_any(_("The answer key could not be saved."))
    assert key is not None
    plan = _plan(question, key)
    rows = [r.out() for r in plan.rows]
    return {
        "answer_key": key_out(key, question.content),
        "digest": plan.digest,
        "attempts": len(rows),
        "changed": sum(1 for r in rows if r["changed"]),
        "released_changed": sum(1 for r in rows if r["changed"] and r["released"]),
        "attempts_in_progress": len(plan.in_progress_ids),
        "rows": rows,
    }


def key_correction_detail(*, correction_id: int) -> dict[str, Any]:
    """One correction with its attempts (``KeyCorrectionDetailOut``): the history's row and, per
    attempt, the learner, the test and batch, the question's score and the total before and after
    (points, and on the preset's reporting scale as the learner's result shows it, the preset's
    scale now: ``totals_on_scale``), released, told, the outcome and whether it is done yet (what
    the educator follows while the re-scoring runs). Three queries whatever the number of attempts.
    404 "Key correction not found."."""
    c = KeyCorrection.objects.filter(pk=correction_id).first()
    if c is None:
        raise not_found(_("Key correction not found."))
    rows = KeyCorrectionAttempt.objects.filter(correction=c).select_related(
        "attempt__assignment__preset", "attempt__assignment__batch"
    )
    return {
        **correction_out(c),
        "rows": [
            {
                "attempt_id": r.attempt_id,
                "learner_name": r.attempt.assignment.learner_name,
                "preset_name": r.attempt.assignment.preset.name,
                "batch_name": (
                    (r.attempt.assignment.batch.name or f"#{r.attempt.assignment.batch_id}")
                    if r.attempt.assignment.batch
                    else ""
                ),
                "points": r.points,
                "old_answer_score": r.old_answer_score,
                "new_answer_score": r.new_answer_score,
                "old_score": r.old_score,
                "new_score": r.new_score,
                "max_score": r.max_score,
                **totals_on_scale(r.old_score, r.new_score, r.max_score, r.attempt.assignment.preset),
                "released": r.released,
                "changed": r.done_at is not None and r.old_score != r.new_score,
                "notified": r.notified,
                "outcome": r.outcome,
                "done": r.done_at is not None,
            }
            for r in sorted(
                rows,
                key=lambda r: (
                    r.old_score == r.new_score,
                    r.attempt.assignment.learner_name.casefold(),
                    r.pk,
                ),
            )
        ],
    }


# --- writes ----------------------------------------------------------------------------------------


def _enqueue(correction_id: int) -> None:
    from grading.tasks import key_correction_rescore

    schema_name = current_schema_name()
    transaction.on_commit(lambda: key_correction_rescore(schema_name, correction_id), robust=True)


@transaction.atomic
def key_correction_create(
    *, actor: Actor, question_id: int, answer_key: dict[str, Any], reason: str, digest: str
) -> KeyCorrection:
    """Correct version ``question_id``'s key to ``answer_key`` in place, for ``reason``, as
    previewed (``digest`` from ``key_correction_preview``), and queue the re-scoring of every
    attempt given the version (``key_correction_run``, after the commit). Writes the history row
    and one row per attempt (submitted: the preview's figures until re-scored; in progress: to be
    looked at, scored with the new key at submission). The question is locked while this runs.
    Errors: 404; 409 ``key_correction_not_auto_scored``, ``key_correction_not_used``,
    ``key_correction_running`` (one of this version is not finished), ``key_correction_stale``
    (results changed since the preview: preview again); 400 ``validation_error`` on ``reason``
    (required, at most 2,000 characters) and ``answer_key...``."""
    question = question_get(question_id, lock=True)
    blocked = _blocked(question)
    if blocked:
        raise _refuse(blocked)
    if KeyCorrection.objects.filter(question=question, status__in=[KS.QUEUED, KS.RUNNING]).exists():
        raise ApplicationError(
            Code.KEY_CORRECTION_RUNNING,
            _("A correction of this key is still re-scoring the attempts. Wait until it has finished."),
            status=409,
        )
    errors = FieldErrors()
    reason = (reason or "").strip()
    if not reason:
        errors.add("reason", _("Say why the key was wrong: the history keeps it."))
    elif len(reason) > REASON_MAX:
        errors.add("reason", _("At most %(n)d characters.") % {"n": REASON_MAX})
    key = _clean(question, answer_key, errors)
    errors.raise_if_any(_("The answer key could not be saved."))
    assert key is not None
    plan = _plan(question, key)
    if digest != plan.digest:
        raise ApplicationError(
            Code.KEY_CORRECTION_STALE,
            _("Results of this question changed since the preview. Look at the new preview, then confirm."),
            status=409,
        )
    now = timezone.now()
    correction = KeyCorrection.objects.create(
        question=question,
        old_key=question.answer_key or {},
        new_key=key,
        reason=reason,
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
        attempts_total=len(plan.rows) + len(plan.in_progress_ids),
        heartbeat_at=now,
    )
    question.answer_key = key
    question.save(update_fields=["answer_key", "updated_at"])
    KeyCorrectionAttempt.objects.bulk_create(
        [
            KeyCorrectionAttempt(
                correction=correction,
                attempt=r.attempt,
                points=r.points,
                old_answer_score=r.old_answer_score,
                new_answer_score=r.new_answer_score,
                old_score=r.old_score,
                new_score=r.new_score,
                max_score=r.attempt.max_score,
                released=r.attempt.released_at is not None,
            )
            for r in plan.rows
        ]
        + [
            KeyCorrectionAttempt(
                correction=correction,
                attempt_id=pk,
                points=Decimal(points.get(str(question.pk), "1")),
                max_score=max_score,
            )
            for pk, points, max_score in Attempt.objects.filter(pk__in=plan.in_progress_ids).values_list(
                "pk", "points", "max_score"
            )
        ]
    )
    _enqueue(correction.pk)
    return correction


def key_correction_run(*, correction_id: int) -> bool:
    """The huey task's body: claim the queued correction (``queued`` -> ``running``, at most
    ``MAX_RUNS`` times: a duplicate task finds it running and does nothing), then
    re-score its attempts not yet done, one transaction each (``_rescore_next``), and end it
    ``done`` once none is left. Safe to run twice, at once or after a kill: a row done is never
    re-scored, a row locked by another consumer is skipped (it finishes it), and each learner is
    told in the transaction that marks the row done. An unexpected error puts it back ``queued``
    (logged); ``key_corrections_resume`` queues it again. Returns whether it was claimed."""
    now = timezone.now()
    claimed = KeyCorrection.objects.filter(pk=correction_id, status=KS.QUEUED, runs__lt=MAX_RUNS).update(
        status=KS.RUNNING, runs=F("runs") + 1, started_at=Coalesce("started_at", now), heartbeat_at=now
    )
    if not claimed:
        return False
    correction = KeyCorrection.objects.get(pk=correction_id)
    try:
        while _rescore_next(correction):
            pass
    except Exception:  # the row stays undone; the resumption queues the rest again
        logger.exception("key correction %s: re-scoring failed", correction_id)
        KeyCorrection.objects.filter(pk=correction_id, status=KS.RUNNING).update(
            status=KS.QUEUED, heartbeat_at=timezone.now()
        )
        return True
    undone = KeyCorrectionAttempt.objects.filter(correction_id=OuterRef("pk"), done_at__isnull=True)
    KeyCorrection.objects.filter(pk=correction_id, status=KS.RUNNING).exclude(Exists(undone)).update(
        status=KS.DONE, finished_at=timezone.now(), error=""
    )
    return True


@transaction.atomic
def _rescore_next(correction: KeyCorrection) -> bool:
    """Re-score the correction's next attempt not yet done (locked FOR UPDATE SKIP LOCKED, then
    its attempt and answer FOR UPDATE): the answer by ``rescored`` with the key the question has
    now, the result by ``finish_if_graded`` when the answer changed; the learner told when the
    released total changed as their result shows it, on the reporting scale (``_notify``); the
    row done and the correction's counts moved in the same transaction. An attempt still in
    progress is only marked: its submission scores it with the new key. False when no row is left
    to take."""
    row = (
        KeyCorrectionAttempt.objects.select_for_update(skip_locked=True)
        .filter(correction=correction, done_at__isnull=True)
        .order_by("id")
        .first()
    )
    if row is None:
        return False
    now = timezone.now()
    attempt = (
        Attempt.objects.select_for_update(of=("self",))
        .select_related("assignment__preset")
        .get(pk=row.attempt_id)
    )
    changed = notified = False
    if attempt.status == Attempt.Status.IN_PROGRESS:
        row.outcome = Outcome.IN_PROGRESS
    else:
        question = Question.objects.get(pk=correction.question_id)
        answer = (
            AttemptAnswer.objects.select_for_update().filter(attempt=attempt, question_id=question.pk).first()
        )
        points = Decimal(attempt.points.get(str(question.pk), "1"))
        old_total, released = _total(attempt), attempt.released_at is not None
        row.points, row.old_score, row.released = points, old_total, released
        row.max_score = attempt.max_score
        if answer is None:  # a submission stores every answer; nothing to score otherwise
            row.outcome, row.new_score = Outcome.RESCORED, old_total
        else:
            score, needs_grading, outcome = rescored(question, answer, points)
            row.old_answer_score, row.new_answer_score, row.outcome = answer.score, score, outcome
            if (score, needs_grading) != (answer.score, answer.needs_grading):
                answer.score, answer.needs_grading = score, needs_grading
                answer.save(update_fields=["score", "needs_grading"])
                finish_if_graded(attempt, now)
            row.new_score = _total(attempt)
        changed = row.old_score != row.new_score
        if released and changed and row.old_score is not None and row.new_score is not None:
            notified = _notify(attempt, row.old_score, row.new_score)
    row.notified, row.done_at = notified, now
    row.save()
    KeyCorrection.objects.filter(pk=correction.pk).update(
        attempts_done=F("attempts_done") + 1,
        attempts_changed=F("attempts_changed") + int(changed),
        learners_notified=F("learners_notified") + int(notified),
        heartbeat_at=now,
    )
    return True


def _notify(attempt: Attempt, old: Decimal, new: Decimal) -> bool:
    """Tell the attempt's learner that the released total of the test changed from ``old`` to
    ``new`` (points, of ``attempt.max_score``) after a key correction: one in-app
    ``ResultCorrected`` notification with a link to the result (as releases tell learners: in the
    app, no mail; decision 0058). Its arguments are the scores as the learner's result shows them,
    on the preset's reporting scale (``assessments.scale.to_scale``; ``max_score`` the scale's
    maximum, or the attempt's for raw points), as decimal text (``"8.75"``, ``"10.00"``); the
    notification writes them as ``config.i18n.format_score`` does ("8,75/10") when read
    (``notifications.messages``). False, nobody told, when the learner's profile is gone (an
    account deleted) or when the score on the scale did not change (a change of points that the
    scale's two decimals do not show). ``attempt.assignment.preset`` is read (select it)."""
    from notifications.models import Notification
    from notifications.services import notify

    assignment = attempt.assignment
    scale = Scale.of(assignment.preset)
    old_shown, new_shown = to_scale(old, attempt.max_score, scale), to_scale(new, attempt.max_score, scale)
    if old_shown == new_shown:
        return False
    profile = Profile.objects.filter(pk=assignment.learner_profile_id).first()
    if profile is None:
        return False
    enrollment_id = (
        Enrollment.objects.filter(
            organization_id=current_organization_id(), kind=Enrollment.Kind.TEST, object_id=assignment.pk
        )
        .values_list("pk", flat=True)
        .first()
    )
    actions = (
        [
            {
                "url": f"/assignment/result/index?id={enrollment_id}",
                "target": "_self",
                "label": "action.view_result",
            }
        ]
        if enrollment_id
        else []
    )
    notify(
        recipients=profile,
        notifiable_type=Notification.Type.RESULT_CORRECTED,
        title_key="result_corrected.title",
        body_key="result_corrected.body",
        title_args={"test": assignment.preset.name},
        body_args={
            "test": assignment.preset.name,
            "old_score": f"{old_shown:.2f}",
            "new_score": f"{new_shown:.2f}",
            "max_score": f"{scale.top(attempt.max_score):.2f}",
        },
        actions=actions,
    )
    return True


def key_corrections_resume() -> int:
    """The minute's sweep in one organization: every correction queued or running without a sign
    of life for ``stale_seconds()`` (its task was lost, or its consumer died or failed) is queued
    again (``queued``, its beat moved to now so that it is not queued again before another such
    wait; a consumer that was only stalled goes on beside the new one, safely); one
    claimed ``MAX_RUNS`` times already ends ``failed`` (``key_correction_lost``; the question
    page says how many attempts were re-scored). Returns how many were queued again."""
    stale = timezone.now() - timedelta(seconds=stale_seconds())
    waiting = KeyCorrection.objects.filter(status__in=[KS.QUEUED, KS.RUNNING], heartbeat_at__lt=stale)
    failed = waiting.filter(runs__gte=MAX_RUNS).update(
        status=KS.FAILED, error="key_correction_lost", finished_at=timezone.now()
    )
    if failed:
        logger.error("key corrections: %d given up after %d runs", failed, MAX_RUNS)
    queued = 0
    for pk in waiting.values_list("pk", flat=True):
        with transaction.atomic():
            if waiting.filter(pk=pk).update(status=KS.QUEUED, heartbeat_at=timezone.now()):
                _enqueue(pk)
                queued += 1
    return queued
