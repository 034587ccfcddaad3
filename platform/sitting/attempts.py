"""Taking a test (issue 7, items 3 to 5; spec sections 4, 5 and 9): start inside the batch
window once, the server-owned deadline, answers saved one by one (idempotent, ordered by the
client's sequence number, accepted up to ``ANSWER_GRACE_SECONDS`` after the deadline), one
writing device at a time, integrity events with voiding at the sixth tab switch, submission,
auto-submission and scoring. Every function runs inside the organization's schema."""

from __future__ import annotations

import hashlib
import random
import secrets
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import DateTimeField, DurationField, ExpressionWrapper, F, Value
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment
from assessments.matching import numeric_matches, short_text_matches, true_false_set_fraction
from assessments.models import Question, TestPreset
from assessments.parts import AttemptPart, attempt_parts, part_row
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Assignment, Attempt, AttemptAnswer, IntegrityEvent
from assignments.outcome import finish_if_graded
from config.errors import ApplicationError, not_found
from privacy.models import DeletionRecord
from privacy.services import file_delete_after_commit
from sitting import rules, statements
from sitting.shapes import AnswerSaved
from sitting.statements import qualified_cursor
from sitting.window import LearnerWindow, learner_window
from tenants.middleware import SessionCheck
from tenants.scope import current_schema_name, enrollment_schema, organization_schema, organization_sql

S = Attempt.Status
SWITCH_KINDS = {IntegrityEvent.Kind.TAB_HIDDEN, IntegrityEvent.Kind.BLUR}
CLIENT_KINDS = SWITCH_KINDS | {
    IntegrityEvent.Kind.COPY,
    IntegrityEvent.Kind.PASTE,
    IntegrityEvent.Kind.CONTEXT_MENU,
}
AUTO_TYPES = {"single_choice", "multiple_choice", "true_false", "short_text"}


# --- the form ----------------------------------------------------------------------------------


def _form(
    assignment: Assignment,
) -> tuple[list[int], dict[str, list[str]], dict[str, str], list[AttemptPart]]:
    """(question ids, option orders, points, parts) of a new attempt. A shared form is the
    preset's; "per learner" draws the blueprint again with a seed derived from the preset's seed
    and the assignment (reproducible) and shuffles the options. A question of a part (phần,
    decision 0056) is worth the part's points per question; another its score weight on a shared
    form, 1 in a per-learner draw. ``parts`` is what the attempt keeps of the preset's parts
    (``assessments.parts.attempt_parts``; empty without parts)."""
    preset = assignment.preset
    if preset.form_mode == TestPreset.FormMode.SHARED:
        with qualified_cursor() as cursor:  # written once per process and schema (issue 23)
            cursor.execute(organization_sql(statements.shared_form_sql(), current_schema_name()), [preset.pk])
            rows = cursor.fetchall()
        ids = [row[0] for row in rows]
        points = {str(row[0]): str(row[1]) for row in rows}
        return (
            ids,
            {},
            points,
            attempt_parts((row[0], row[2:] if row[2] is not None else None) for row in rows),
        )
    from assessments.services.generation import blueprint_draw

    seed = int(hashlib.sha256(f"{preset.generation_seed}:{assignment.pk}".encode()).hexdigest()[:15], 16)
    drawn = blueprint_draw(preset, seed)
    ids = [pk for pk, _item in drawn]
    rng = random.Random(seed)
    orders = {}
    for q in Question.objects.filter(pk__in=ids).only("id", "content"):
        options = [o["id"] for o in q.content.get("options", [])]
        if options:
            rng.shuffle(options)
            orders[str(q.pk)] = options
    points = {
        str(pk): str(item.part.points_per_question) if item.part is not None else "1" for pk, item in drawn
    }
    return ids, orders, points, attempt_parts((pk, part_row(item.part)) for pk, item in drawn)


# --- starting ----------------------------------------------------------------------------------


def _check_startable(assignment: Assignment, now: datetime) -> LearnerWindow:
    """The learner's window (``window.learner_window``) once the assignment may be started now."""
    if assignment.status == Assignment.Status.REVOKED:
        raise not_found(_("Assignment not found."))
    if assignment.requires_purchase and not assignment.paid_at:
        raise ApplicationError(Code.PAYMENT_REQUIRED, _("Pay for this test before you start it."), status=409)
    learner = learner_window(assignment)
    opens, closes = learner.starts_at, learner.expires_at
    if not learner.open_at(now):
        raise ApplicationError(
            Code.OUTSIDE_WINDOW,
            _("This test can be started only during its batch time."),
            status=409,
            extra={
                "starts_at": opens.isoformat() if opens else None,
                "expires_at": closes.isoformat() if closes else None,
            },
        )
    return learner


def _consent_missing() -> ApplicationError:
    return ApplicationError(
        Code.CAMERA_CONSENT_REQUIRED,
        _("Tick the consent to camera proctoring of this test before you record or upload your video."),
        status=409,
    )


@transaction.atomic
def camera_consent_record(*, assignment_id: int, ip: str | None) -> Assignment:
    """Record the learner's consent to camera proctoring of this test (issue 24, item 2): the
    time and the address it came from (``ip``, ``None`` when unknown), on the assignment; start
    copies it to the attempt. The first consent is kept when it is given again. Raises 404 for a
    revoked assignment and 409 ``camera_not_used`` when the test has no camera proctoring."""
    assignment = (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("preset")
        .filter(pk=assignment_id)
        .first()
    )
    if assignment is None or assignment.status == Assignment.Status.REVOKED:
        raise not_found(_("Assignment not found."))
    if not assignment.preset.camera_proctoring:
        raise ApplicationError(Code.CAMERA_NOT_USED, _("This test does not use the camera."), status=409)
    if assignment.camera_consented_at is None:
        assignment.camera_consented_at = timezone.now()
        assignment.camera_consent_ip = ip
        assignment.save(update_fields=["camera_consented_at", "camera_consent_ip", "updated_at"])
    return assignment


@transaction.atomic
def prep_video_replace(*, assignment_id: int, name: str, organization_id: int) -> None:
    """Point the assignment at the stored surroundings video ``name`` (its row locked). The video
    it pointed at before, unless an attempt still uses it (start copied it into
    ``Attempt.video``), is deleted once this commits, with its deletion record (kind
    ``proctoring_video``, reason ``replaced``; issue 37, item 4, decision 0049: no second upload
    leaves its first file behind, outside retention and the deletion on request)."""
    assignment = Assignment.objects.select_for_update(of=("self",)).get(pk=assignment_id)
    old = assignment.prep_video
    assignment.prep_video = name
    assignment.prep_video_deleted_at = None
    assignment.save(update_fields=["prep_video", "prep_video_deleted_at", "updated_at"])
    if old and old != name and not Attempt.objects.filter(video=old).exists():
        file_delete_after_commit(
            name=old,
            kind=DeletionRecord.Kind.PROCTORING_VIDEO,
            object_type="assignment",
            object_id=assignment.pk,
            organization_id=organization_id,
            learner_profile_id=assignment.learner_profile_id,
        )


def camera_consent_check(assignment: Assignment) -> None:
    """Before the surroundings video is taken in (issue 24, item 2): 409
    ``camera_consent_required`` until the learner has consented to camera proctoring."""
    if assignment.camera_consented_at is None:
        raise _consent_missing()


def attempt_start(*, assignment: Assignment, no_camera: bool = False) -> tuple[Attempt, str]:
    """Start the assignment's attempt, or take over the one in progress from another tab or
    device (the older one is refused from then on). Returns the attempt and this device's token.
    ``assignment`` comes locked FOR UPDATE with its preset and batch in the caller's transaction
    (``assignment_owned_locked``, the start lock), in the organization's schema.

    Rules: inside the batch window (409 ``outside_window``), paid when it requires purchase
    (``payment_required``), one attempt unless more are allowed (``already_submitted``), a
    surroundings video first when the preset has camera proctoring, unless it allows starting
    without camera and the learner chose that (``camera_required``), and in camera mode the
    learner's consent to camera proctoring (``camera_consent_required``; copied to the attempt,
    issue 24 item 2). The deadline is start + duration x the accommodation factor, capped by the
    batch expiry."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("attempt_start needs the caller's transaction and lock")
    return _attempt_start(assignment, no_camera)


def assignment_owned_locked(
    *, profile_id: int, enrollment_id: int, not_found_message: str
) -> tuple[str, Assignment]:
    """``(schema_name, assignment)``: the assignment of the profile's active test enrollment
    ``enrollment_id``, with its preset and batch, locked FOR UPDATE (itself only) until the
    caller's transaction ends, in one statement run from any schema (``statements.OWNED_LOCKED``:
    the start of 2,000 learners at once, issue 23; its twin ``rules.assignment_locked``). 404
    ``not_found_message`` for an enrollment that is not the profile's active test enrollment, a
    missing or a revoked assignment. ``schema_name`` is the organization's schema, for the rest of
    the start (``tenants.scope.organization_schema``)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("assignment_owned_locked needs the caller's transaction")
    schema_name = enrollment_schema(enrollment_id)
    rows = (
        statements.OWNED_LOCKED.rows_in(schema_name, [enrollment_id, profile_id, Enrollment.Kind.TEST])
        if schema_name
        else []
    )
    if schema_name is None or not rows or rows[0][0].status == Assignment.Status.REVOKED:
        raise not_found(not_found_message)
    assignment: Assignment
    ((assignment, preset, batch),) = rows
    assignment.preset, assignment.batch = preset, batch
    return schema_name, assignment


def latest_attempt(assignment: Assignment) -> Attempt | None:
    """The assignment's latest attempt (the highest ``number``), or None before a start; one
    statement written once per process (``statements.LATEST_ATTEMPT``), in the connection's
    organization schema."""
    rows = statements.LATEST_ATTEMPT.rows_here([assignment.pk])
    if not rows:
        return None
    attempt: Attempt
    (attempt,) = rows[0]
    attempt.assignment = assignment
    return attempt


def _attempt_start(assignment: Assignment, no_camera: bool) -> tuple[Attempt, str]:
    now = timezone.now()
    token = secrets.token_urlsafe(24)
    current = latest_attempt(assignment)
    if current is not None and current.status == S.IN_PROGRESS:
        current.device_token = token
        current.save(update_fields=["device_token"])
        IntegrityEvent.objects.create(attempt=current, kind=IntegrityEvent.Kind.TAKEOVER, occurred_at=now)
        return current, token
    learner = _check_startable(assignment, now)
    closes, minutes = learner.expires_at, learner.time_limit_minutes
    used = current.number if current else 0
    if used >= assignment.attempts_allowed:
        raise ApplicationError(Code.ALREADY_SUBMITTED, _("You have already taken this test."), status=409)
    preset = assignment.preset
    if preset.camera_proctoring and not (no_camera and preset.allow_no_camera) and not assignment.prep_video:
        raise ApplicationError(
            Code.CAMERA_REQUIRED,
            _("Record the 30-second video of your surroundings before you start."),
            status=409,
        )
    camera = preset.camera_proctoring and not no_camera
    if camera:  # the video and the camera at start need the consent (issue 24, item 2)
        camera_consent_check(assignment)
    ids, orders, points, parts = _form(assignment)
    deadline = now + timedelta(seconds=int(minutes * 60))
    if closes:
        deadline = min(deadline, closes)
    attempt = Attempt.objects.create(
        assignment=assignment,
        number=used + 1,
        question_ids=ids,
        option_orders=orders,
        points=points,
        parts=parts,
        max_score=sum((Decimal(p) for p in points.values()), Decimal(0)),
        started_at=now,
        deadline_at=deadline,
        device_token=token,
        camera_mode="camera" if camera else "none",
        video=assignment.prep_video,
        camera_consented_at=assignment.camera_consented_at if camera else None,
        offline_grace_seconds=preset.offline_grace_seconds,  # issue 38, item 3: fixed at start
    )
    assignment.status = Assignment.Status.IN_PROGRESS
    assignment.save(update_fields=["status", "updated_at"])
    # No task is queued per attempt: the huey sweeper (sitting.tasks.attempts_sweep, every
    # minute) submits attempts whose deadline and grace have passed, browser open or not.
    return attempt, token


# --- answering ---------------------------------------------------------------------------------


def answer_save_run(
    *,
    profile_id: int,
    enrollment_id: int,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    typed_at: datetime | None = None,
    clock_offset_ms: int | None = None,
    check: SessionCheck | None = None,
) -> statements.SaveFacts | None:
    """Run the save of the learner ``profile_id``'s answer by the id of their enrollment once, in
    one statement run from any schema (``statements.SAVE_OWNED``): the hot path of a sitting
    (issue 23; 2,000 learners saving every 5 s). Idempotent and ordered by ``seq`` (a save whose
    ``seq`` is not newer than the stored one is acknowledged but changes nothing: ``applied``
    false); accepted until the deadline plus the network grace, and after it, when typed by the
    deadline, until the attempt's offline grace ends (``typed_at``, the device's clock, corrected
    by ``clock_offset_ms``, ms, the offset the test page measured; ``rules.late_accepted``, issue
    38 item 3). ``answer`` by type:
    ``{"option"}``, ``{"options": [...]}``, ``{"value": bool}``, ``{"text"}``, or null to clear.
    Returns what the statement found (``rules.save_outcome`` turns it into the answer or the
    error), or None for an enrollment of no organization (404).

    ``check``: the session's profile as the middleware remembered it, not checked in full for
    this request (``tenants.middleware.SessionCheck``, decision 0033). When the statement does
    not find it still valid, nothing is written (``confirmed`` false)."""
    schema_name = enrollment_schema(enrollment_id)
    if schema_name is None:
        return None
    now = timezone.now()
    return statements.save_owned(
        schema_name=schema_name,
        profile_id=profile_id,
        enrollment_id=enrollment_id,
        device_token=device_token,
        question_id=question_id,
        answer=answer,
        flagged=flagged,
        seq=seq,
        fits=rules.answer_fits(question_id, answer, seq, schema_name),
        now=now,
        cutoff=now - rules.grace(),
        typed_at=rules.on_server_clock(typed_at, clock_offset_ms, now),
        check=check,
    )


def answer_save_owned(*, not_found_message: str, **save: Any) -> AnswerSaved:
    """``answer_save_run`` (same arguments) and its outcome (``rules.save_outcome``): ``AnswerOut``
    (``saved_at`` UTC), or, in this order, ``SessionUnconfirmedError`` (nothing written), 404
    ``not_found_message`` for an enrollment that is not the profile's active test enrollment, 404
    "This test has not been started.", 409 ``attempt_not_in_progress``, ``attempt_taken_over``,
    ``deadline_passed``, 404 for a question not in the attempt, 400 ``invalid_answer``."""
    facts = answer_save_run(**save)
    if facts is None:
        raise not_found(not_found_message)
    return rules.save_outcome(facts, not_found_message=not_found_message)


@transaction.atomic
def event_record(
    *,
    attempt_id: int,
    device_token: str,
    kind: str,
    occurred_at: datetime | None,
    clock_offset_ms: int | None = None,
) -> Attempt:
    """Record an integrity event from the test page, at ``occurred_at`` (the device's clock)
    corrected by ``clock_offset_ms`` (ms; ``rules.on_server_clock``), never later than now. A tab
    switch or window blur counts; the sixth (``TAB_SWITCHES_ALLOWED`` + 1) voids the result and
    submits the attempt (spec section 9). An event that happened by the deadline while the device
    was offline counts when it arrives within the offline grace, as answers do (issue 38, item 3).
    400 for an unknown kind."""
    if kind not in CLIENT_KINDS:
        raise ApplicationError(Code.INVALID_ANSWER, _("Unknown event."), status=400)
    now = timezone.now()
    happened = rules.on_server_clock(occurred_at, clock_offset_ms, now)
    attempt = rules.writable(attempt_id, device_token, now, lock="update", typed_at=happened)
    when = happened or now
    if kind in SWITCH_KINDS:
        attempt.tab_switches += 1
        attempt.save(update_fields=["tab_switches"])
    IntegrityEvent.objects.create(
        attempt=attempt, kind=kind, occurred_at=when, count_after=attempt.tab_switches
    )
    if attempt.tab_switches > settings.TAB_SWITCHES_ALLOWED:
        attempt.voided = True
        attempt.save(update_fields=["voided"])
        IntegrityEvent.objects.create(
            attempt=attempt,
            kind=IntegrityEvent.Kind.VOIDED,
            occurred_at=now,
            count_after=attempt.tab_switches,
        )
        _submit(attempt, Attempt.SubmitReason.VOIDED, now)
    return attempt


# --- submitting and scoring ----------------------------------------------------------------------


def score_answer(question: Question, answer: Any, points: Decimal) -> tuple[Decimal | None, bool]:
    """(score, needs grading) of one answer. Choice, true/false and a numeric answer are all or
    nothing (a numeric answer compared as a decimal, ``matching.numeric_matches``); a true/false
    set earns its points times the fraction its scoring table gives for the statements judged
    right (``matching.true_false_set_fraction``, two decimals; issue 39, decision 0055); a short
    text that matches an accepted answer scores full, another non-empty one goes to an educator;
    an essay always goes to an educator when answered; no answer scores 0."""
    key = question.answer_key or {}
    if answer is None or answer == {} or (isinstance(answer, dict) and answer.get("text", None) == ""):
        return Decimal(0), False
    kind = question.type
    if kind == "single_choice":
        return (points if answer.get("option") == key.get("option") else Decimal(0)), False
    if kind == "multiple_choice":
        return (
            points if set(answer.get("options") or []) == set(key.get("options") or []) else Decimal(0)
        ), False
    if kind == "true_false":
        return (points if answer.get("value") is key.get("value") else Decimal(0)), False
    if kind == "true_false_set":
        earned = points * true_false_set_fraction(answer, key)
        return earned.quantize(Decimal("0.01"), ROUND_HALF_UP), False  # scores keep two decimals
    if kind == "numeric":
        return (points if numeric_matches(answer.get("text", ""), key) else Decimal(0)), False
    if kind == "short_text" and short_text_matches(answer.get("text", ""), key):
        return points, False
    return None, True


def _submit(attempt: Attempt, reason: str, now: datetime) -> Attempt:
    attempt.status = S.SUBMITTED
    attempt.submitted_at = now
    attempt.submit_reason = reason
    attempt.save(update_fields=["status", "submitted_at", "submit_reason"])
    Assignment.objects.filter(pk=attempt.assignment_id).update(
        status=Assignment.Status.SUBMITTED, updated_at=now
    )
    _score(attempt, attempt.question_ids, now)
    finish_if_graded(attempt, now)
    return attempt


def _score(attempt: Attempt, question_ids: list[int], now: datetime) -> None:
    """Score the attempt's answers to ``question_ids`` (a missing one is stored empty, scoring 0).
    Only the score columns are written back: the learner's answers are never rewritten here."""
    questions = {q.pk: q for q in Question.objects.filter(pk__in=question_ids)}
    existing = {a.question_id: a for a in attempt.answers.filter(question_id__in=question_ids)}
    scored, missing = [], []
    for qid in question_ids:
        row = existing.get(qid)
        if row is None:
            row = AttemptAnswer(attempt=attempt, question_id=qid, answer=None, saved_at=now)
            missing.append(row)
        else:
            scored.append(row)
        row.score, row.needs_grading = score_answer(
            questions[qid], row.answer, Decimal(attempt.points.get(str(qid), "1"))
        )
    AttemptAnswer.objects.bulk_update(scored, ["score", "needs_grading"])
    AttemptAnswer.objects.bulk_create(missing)


def submit_backup(attempt: Attempt, *, changed_question_ids: list[int], now: datetime) -> Attempt:
    """End ``attempt`` (locked FOR UPDATE by the caller's transaction) after an invigilator
    applied a backup answers file to it (``sitting.backup.backup_apply``, issue 38 item 3), as the
    normal submit path does: an attempt in progress is submitted with the reason ``backup`` and
    scored whole (``_submit``); a submitted one has only the answers the file changed scored again
    (an educator's grading of the others is kept) and its result decided again
    (``finish_if_graded``: the total, pass or fail, the release when automatic)."""
    if attempt.status == S.IN_PROGRESS:
        return _submit(attempt, Attempt.SubmitReason.BACKUP, now)
    if changed_question_ids:
        _score(attempt, [qid for qid in attempt.question_ids if qid in set(changed_question_ids)], now)
        finish_if_graded(attempt, now)
    return attempt


@transaction.atomic
def attempt_submit(*, attempt_id: int, device_token: str) -> Attempt:
    """Submit by the learner (the SPA flushes queued answers first). Errors as for saving; after
    the deadline (the test page's timer, or a device whose network came back within the offline
    grace, decision 0046) it is accepted until the attempt closes (``rules.closes_at``) and
    recorded with the reason ``deadline``: the time was up."""
    now = timezone.now()
    attempt = rules.writable(attempt_id, device_token, now, lock="update", ending=True)
    late = now > attempt.deadline_at
    return _submit(attempt, Attempt.SubmitReason.DEADLINE if late else Attempt.SubmitReason.LEARNER, now)


@transaction.atomic
def attempt_auto_submit_now(*, attempt_id: int, now: datetime | None = None) -> bool:
    """Submit an attempt that has closed: its deadline and the longer of the network and offline
    graces have passed (``rules.closes_at``; the sweeper). True when it was submitted now; an
    attempt locked by another transaction is skipped (next minute)."""
    now = now or timezone.now()
    attempt = (
        Attempt.objects.select_for_update(skip_locked=True)
        .filter(pk=attempt_id, status=S.IN_PROGRESS)
        .first()
    )
    if attempt is None or now < rules.closes_at(attempt.deadline_at, rules.late_grace_of(attempt)):
        return False
    _submit(attempt, Attempt.SubmitReason.DEADLINE, now)
    return True


def attempts_end_on_withdrawal(user_id: int) -> int:
    """A withdrawal of consent stopped the processing of the learner ``user_id``'s data (issue 37,
    item 6; ``consent.withdrawals``, in the withdrawal's transaction): every attempt of theirs in
    progress, in every organization their test enrollments name, is submitted now with the reason
    ``consent_withdrawn``: the answers saved are kept and scored as at any submission, and every
    further save, event or submit answers the consent refusal (``rules.refusal``). Each attempt is
    locked FOR UPDATE first (a save in flight lands before, or finds it submitted). Returns how
    many attempts were ended."""
    now = timezone.now()
    by_schema: dict[str, list[int]] = {}
    for schema_name, assignment_id in Enrollment.objects.filter(
        profile__user_id=user_id, kind=Enrollment.Kind.TEST
    ).values_list("organization__schema_name", "object_id"):
        by_schema.setdefault(schema_name, []).append(assignment_id)
    ended = 0
    for schema_name, assignment_ids in sorted(by_schema.items()):
        with organization_schema(schema_name):
            running = Attempt.objects.select_for_update().filter(
                assignment_id__in=assignment_ids, status=S.IN_PROGRESS
            )
            for attempt in running.order_by("pk"):
                _submit(attempt, Attempt.SubmitReason.CONSENT_WITHDRAWN, now)
                ended += 1
    return ended


def overdue_attempt_ids(now: datetime | None = None) -> list[int]:
    """Ids of the attempts in progress that have closed before ``now`` (``rules.closes_at``: the
    deadline plus the longer of the network grace and the attempt's offline grace)."""
    now = now or timezone.now()
    late_grace = ExpressionWrapper(
        F("offline_grace_seconds") * Value(timedelta(seconds=1)), output_field=DurationField()
    )
    offline_closes = ExpressionWrapper(F("deadline_at") + late_grace, output_field=DateTimeField())
    return list(
        Attempt.objects.filter(status=S.IN_PROGRESS, deadline_at__lt=now - rules.grace())
        .alias(offline_closes=offline_closes)
        .filter(offline_closes__lt=now)
        .values_list("pk", flat=True)
    )


def attempts_overdue_submit(now: datetime | None = None) -> int:
    """Submit every overdue attempt of the current organization's schema (reason ``deadline``);
    returns how many. The periodic ``sitting.tasks.attempts_sweep`` runs it in each ready
    organization (issue 7, item 3; issue 17, item 3)."""
    return sum(attempt_auto_submit_now(attempt_id=pk, now=now) for pk in overdue_attempt_ids(now))
