"""Taking a test (issue 7, items 3 to 5; spec sections 4, 5 and 9): start inside the batch
window once, the server-owned deadline, answers saved one by one (idempotent, ordered by the
client's sequence number, accepted up to ``ANSWER_GRACE_SECONDS`` after the deadline), one
writing device at a time, integrity events with voiding at the sixth tab switch, submission,
auto-submission and scoring. Every function runs inside the organization's schema."""

from __future__ import annotations

import functools
import hashlib
import json
import random
import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from assessments.matching import short_text_matches
from assessments.models import Batch, PresetQuestion, Question, TestPreset
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Assignment, Attempt, AttemptAnswer, IntegrityEvent
from assignments.outcome import finish_if_graded
from assignments.window import LearnerWindow, learner_window
from config.errors import ApplicationError, not_found
from tenants.middleware import SessionCheck, SessionUnconfirmedError
from tenants.scope import (
    OrganizationSelect,
    enrollment_schema,
    organization_schema,
    organization_sql,
    prepared_cursor,
    qualified_cursor,
    table,
)

S = Attempt.Status
SWITCH_KINDS = {IntegrityEvent.Kind.TAB_HIDDEN, IntegrityEvent.Kind.BLUR}
CLIENT_KINDS = SWITCH_KINDS | {
    IntegrityEvent.Kind.COPY,
    IntegrityEvent.Kind.PASTE,
    IntegrityEvent.Kind.CONTEXT_MENU,
}
AUTO_TYPES = {"single_choice", "multiple_choice", "true_false", "short_text"}


def grace() -> timedelta:
    return timedelta(seconds=settings.ANSWER_GRACE_SECONDS)


# --- the form ----------------------------------------------------------------------------------


@functools.cache
def _shared_form_sql() -> str:
    """A shared form's question ids and score weights in order, for ``organization_sql``."""
    return (
        f"SELECT pq.question_id, q.score_weight FROM {table(PresetQuestion)} pq "  # noqa: S608 (fixed SQL)
        f"JOIN {table(Question)} q ON q.id = pq.question_id WHERE pq.preset_id = %s ORDER BY pq.position"
    )


def _form(assignment: Assignment) -> tuple[list[int], dict[str, list[str]], dict[str, str]]:
    """(question ids, option orders, points) of a new attempt. A shared form is the preset's;
    "per learner" draws the blueprint again with a seed derived from the preset's seed and the
    assignment (reproducible) and shuffles the options; every question then counts 1 point."""
    preset = assignment.preset
    if preset.form_mode == TestPreset.FormMode.SHARED:
        with qualified_cursor() as cursor:  # written once per process and schema (issue 23)
            cursor.execute(organization_sql(_shared_form_sql(), connection.schema_name), [preset.pk])
            rows = cursor.fetchall()
        ids = [question_id for question_id, _weight in rows]
        points = {str(question_id): str(weight) for question_id, weight in rows}
        return ids, {}, points
    from assessments.services.generation import blueprint_draw

    seed = int(hashlib.sha256(f"{preset.generation_seed}:{assignment.pk}".encode()).hexdigest()[:15], 16)
    ids = [pk for pk, _item in blueprint_draw(preset, seed)]
    rng = random.Random(seed)
    orders = {}
    for q in Question.objects.filter(pk__in=ids).only("id", "content"):
        options = [o["id"] for o in q.content.get("options", [])]
        if options:
            rng.shuffle(options)
            orders[str(q.pk)] = options
    return ids, orders, {str(pk): "1" for pk in ids}


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


def camera_consent_check(assignment: Assignment) -> None:
    """Before the surroundings video is taken in (issue 24, item 2): 409
    ``camera_consent_required`` until the learner has consented to camera proctoring."""
    if assignment.camera_consented_at is None:
        raise _consent_missing()


def attempt_start(
    *, assignment_id: int | None = None, assignment: Assignment | None = None, no_camera: bool = False
) -> tuple[Attempt, str]:
    """Start the assignment's attempt, or take over the one in progress from another tab or
    device (the older one is refused from then on). Returns the attempt and this device's token.
    The assignment is given by id (locked here, in a transaction of its own), or as
    ``assignment``, already locked FOR UPDATE with its preset and batch in the caller's
    transaction (``sitting.attempt_start``: one query less on a start, issue 23).

    Rules: inside the batch window (409 ``outside_window``), paid when it requires purchase
    (``payment_required``), one attempt unless more are allowed (``already_submitted``), a
    surroundings video first when the preset has camera proctoring, unless it allows starting
    without camera and the learner chose that (``camera_required``), and in camera mode the
    learner's consent to camera proctoring (``camera_consent_required``; copied to the attempt,
    issue 24 item 2). The deadline is start +
    duration x the accommodation factor, capped by the batch expiry."""
    if assignment is None:
        with transaction.atomic():
            locked = assignment_locked(assignment_id)
            if locked is None:
                raise not_found(_("Assignment not found."))
            return _attempt_start(locked, no_camera)
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("attempt_start(assignment=...) needs the caller's transaction and lock")
    return _attempt_start(assignment, no_camera)


def _owned_locked():
    return (
        [("a", Assignment), ("p", TestPreset), ("b", Batch)],
        f"FROM {table(Enrollment, 'public')} e JOIN {table(Assignment)} a ON a.id = e.object_id "
        f"JOIN {table(TestPreset)} p ON p.id = a.preset_id LEFT JOIN {table(Batch)} b ON b.id = a.batch_id "
        "WHERE e.id = %s AND e.profile_id = %s AND e.kind = %s AND e.is_active FOR UPDATE OF a",
    )


# The learner's enrollment checked and its assignment locked, in one statement (issue 23).
_OWNED_LOCKED = OrganizationSelect(_owned_locked)


def assignment_owned_locked(
    *, profile_id: int, enrollment_id: int, not_found_message: str
) -> tuple[str, Assignment]:
    """``(schema_name, assignment)``: the assignment of the profile's active test enrollment
    ``enrollment_id``, with its preset and batch, locked FOR UPDATE (itself only) until the
    caller's transaction ends, in one statement run from any schema (the start of 2,000 learners
    at once, issue 23). The same rule as ``tenants.scope.owned_enrollment`` + ``assignment_locked``:
    404 ``not_found_message`` for an enrollment that is not the profile's active test
    enrollment, a missing or a revoked assignment. ``schema_name`` is the organization's schema,
    for the rest of the start (``tenants.scope.organization_schema``)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("assignment_owned_locked needs the caller's transaction")
    schema_name = enrollment_schema(enrollment_id)
    rows = (
        _OWNED_LOCKED.rows_in(schema_name, [enrollment_id, profile_id, Enrollment.Kind.TEST])
        if schema_name
        else []
    )
    if not rows or rows[0][0].status == Assignment.Status.REVOKED:
        raise not_found(not_found_message)
    ((assignment, preset, batch),) = rows
    assignment.preset, assignment.batch = preset, batch
    return schema_name, assignment


def _latest_attempt():
    return (
        [("t", Attempt)],
        f"FROM {table(Attempt)} t WHERE t.assignment_id = %s ORDER BY t.number DESC LIMIT 1",
    )


_LATEST_ATTEMPT = OrganizationSelect(_latest_attempt)


def latest_attempt(assignment: Assignment) -> Attempt | None:
    """The assignment's latest attempt (the highest ``number``), or None before a start; one
    statement written once per process, in the connection's organization schema."""
    rows = _LATEST_ATTEMPT.rows_here([assignment.pk])
    if not rows:
        return None
    (attempt,) = rows[0]
    attempt.assignment = assignment
    return attempt


def assignment_locked(assignment_id: int) -> Assignment | None:
    """The assignment with its preset and batch, locked FOR UPDATE (itself only) until the
    transaction ends: what a start holds while it decides."""
    return (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("preset", "batch")
        .filter(pk=assignment_id)
        .first()
    )


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
    ids, orders, points = _form(assignment)
    deadline = now + timedelta(seconds=int(minutes * 60))
    if closes:
        deadline = min(deadline, closes)
    attempt = Attempt.objects.create(
        assignment=assignment,
        number=used + 1,
        question_ids=ids,
        option_orders=orders,
        points=points,
        max_score=sum((Decimal(p) for p in points.values()), Decimal(0)),
        started_at=now,
        deadline_at=deadline,
        device_token=token,
        camera_mode="camera" if camera else "none",
        video=assignment.prep_video,
        camera_consented_at=assignment.camera_consented_at if camera else None,
    )
    assignment.status = Assignment.Status.IN_PROGRESS
    assignment.save(update_fields=["status", "updated_at"])
    # No task is queued per attempt: the huey sweeper (assignments.tasks.attempts_sweep, every
    # minute) submits attempts whose deadline and grace have passed, browser open or not.
    return attempt, token


# --- answering ---------------------------------------------------------------------------------


SHARE_BY_ID = "SELECT * FROM assignments_attempt WHERE id = %s FOR SHARE"
SHARE_LATEST = (
    "SELECT * FROM assignments_attempt WHERE assignment_id = %s ORDER BY number DESC LIMIT 1 FOR SHARE"
)


def _writable(
    attempt_id: int | None,
    device_token: str,
    now: datetime,
    *,
    lock: Literal["update", "share"] | None = None,
    assignment_id: int | None = None,
) -> Attempt:
    """The attempt, checked to be in progress, this device's, and within deadline + grace.

    ``lock="update"`` (submit, integrity events) takes the row FOR UPDATE; ``lock="share"``
    (answer saves) takes it FOR SHARE, which saves of the same attempt share with each other but
    which waits for, and is waited for by, a submit. So a save either lands before the submit
    reads the answers (and is scored), or finds the attempt submitted and is refused with 409:
    an acknowledged answer is never overwritten by a submit running at the same moment."""
    if lock == "share":  # by id, or the latest attempt of ``assignment_id``: one query
        sql, key = (SHARE_BY_ID, attempt_id) if attempt_id is not None else (SHARE_LATEST, assignment_id)
        attempt = next(iter(Attempt.objects.raw(sql, [key])), None)
    else:
        qs = Attempt.objects.select_for_update() if lock == "update" else Attempt.objects
        attempt = qs.filter(pk=attempt_id).first()
    if attempt is None:
        if attempt_id is None:
            raise not_found(_("This test has not been started."))
        raise not_found(_("Attempt not found."))
    _refuse_save(
        attempt_status=attempt.status,
        token_matches=secrets.compare_digest(attempt.device_token, device_token or ""),
        deadline_at=attempt.deadline_at,
        now=now,
    )
    return attempt


def _valid_answer(kind: str, options: frozenset[str], answer: Any) -> bool:
    """The answer fits a question of type ``kind`` whose options have the ids ``options``."""
    if answer is None:
        return True  # cleared
    if not isinstance(answer, dict) or len(answer) != 1:
        return False  # exactly the one field of the question's type
    if kind == "single_choice":
        return isinstance(answer, dict) and answer.get("option") in options
    if kind == "multiple_choice":
        chosen = answer.get("options") if isinstance(answer, dict) else None
        return isinstance(chosen, list) and all(c in options for c in chosen)
    if kind == "true_false":
        return isinstance(answer, dict) and isinstance(answer.get("value"), bool)
    text = answer.get("text") if isinstance(answer, dict) else None
    return isinstance(text, str) and len(text) <= (2000 if kind == "short_text" else 20000)


UPSERT = """
INSERT INTO assignments_attemptanswer (attempt_id, question_id, answer, flagged, seq, saved_at,
    needs_grading, comment, graded_by_name)
VALUES (%s, %s, %s, %s, %s, %s, false, '', '')
ON CONFLICT (attempt_id, question_id) DO UPDATE
    SET answer = EXCLUDED.answer, flagged = EXCLUDED.flagged, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
    WHERE assignments_attemptanswer.seq < EXCLUDED.seq
RETURNING seq
"""


def _question_shape(question_id: int, schema_name: str | None = None) -> tuple[str, frozenset[str]] | None:
    """Type and option ids of a question version of the organization ``schema_name`` (default:
    the connection's), cached in this process (the "local" cache): a published version never
    changes (editing creates the next version), so no process can hold a stale copy. Only a miss
    reads the question, in its organization's schema. None for an unknown question."""
    from django.core.cache import caches

    cache = caches["local"]
    schema_name = schema_name or connection.schema_name
    key = f"qshape:{schema_name}:{question_id}"
    shape = cache.get(key)
    if shape is None:
        with organization_schema(schema_name):
            q = Question.objects.only("id", "type", "content").filter(pk=question_id).first()
        if q is None:
            return None
        shape = (q.type, frozenset(o["id"] for o in q.content.get("options", [])))
        cache.set(key, shape, 3600)
    return shape


def _answer_fits(question_id: int, answer: Any, seq: int, schema_name: str | None = None) -> bool:
    """The answer has the one field of the question's type with an allowed value, and ``seq``
    is at least 1 (an unknown question does not fit)."""
    shape = _question_shape(question_id, schema_name)
    return shape is not None and _valid_answer(*shape, answer) and seq >= 1


def _refuse_save(
    *,
    attempt_status: str,
    token_matches: bool,
    deadline_at: datetime,
    now: datetime,
    in_test: bool = True,
    fits: bool = True,
) -> None:
    """The error of a write refused by the attempt's state (``_writable``: saves, events,
    submit), in this order: 409 ``attempt_not_in_progress``, ``attempt_taken_over``,
    ``deadline_passed``; then, for an answer, 404 for a question not in the attempt and 400
    ``invalid_answer``. Returns when nothing refuses it."""
    if attempt_status != S.IN_PROGRESS:
        raise ApplicationError(Code.NOT_IN_PROGRESS, _("This test has been submitted."), status=409)
    if not token_matches:
        raise ApplicationError(
            Code.TAKEN_OVER,
            _(
                "This test was opened in another tab or on another device. Continue there, or reload to continue here."
            ),
            status=409,
        )
    if now > deadline_at + grace():
        raise ApplicationError(
            Code.DEADLINE_PASSED, _("Time is up: answers are no longer accepted."), status=409
        )
    if not in_test:
        raise not_found(_("This question is not part of your test."))
    if not fits:
        raise ApplicationError(Code.INVALID_ANSWER, _("This answer does not fit the question."), status=400)


# One statement for a learner's save by enrollment (issue 23): with a ``SessionCheck`` (decision
# 0033) the session's profile must still be the user's, active, a learner's, with the user active
# and the password unchanged; the enrollment must be the profile's, active and of a test; the
# attempt is its assignment's latest, locked FOR SHARE as ``_writable`` locks it (a submit waits
# for the save, or the save finds the attempt submitted); the upsert happens only when the attempt
# is in progress, this device's, within the deadline and its grace, the question is in its form
# and the answer fits; and the last SELECT returns what the caller needs to say why it did not.
# {schema} and {public} are quoted by ``tenants.scope.organization_sql``.
SAVE_OWNED = """
WITH session AS (
    SELECT 1 WHERE NOT %(check)s::boolean OR EXISTS (
        SELECT 1 FROM {public}.accounts_profile p JOIN {public}.accounts_user u ON u.id = p.user_id
        WHERE p.id = %(profile)s AND p.user_id = %(user)s AND p.status = %(active)s
            AND p.pandai_profile_role = %(learner)s AND u.is_active AND u.password = %(password)s
    )
), enrollment AS (
    SELECT object_id FROM {public}.accounts_enrollment
    WHERE id = %(enrollment)s AND profile_id = %(profile)s AND kind = %(kind)s AND is_active
        AND EXISTS (SELECT 1 FROM session)
), attempt AS (
    SELECT id, status, device_token, deadline_at, question_ids @> to_jsonb(%(question)s::bigint) AS in_test
    FROM {schema}.assignments_attempt
    WHERE assignment_id = (SELECT object_id FROM enrollment)
    ORDER BY number DESC LIMIT 1
    FOR SHARE
), saved AS (
    INSERT INTO {schema}.assignments_attemptanswer AS stored (attempt_id, question_id, answer, flagged,
        seq, saved_at, needs_grading, comment, graded_by_name)
    SELECT id, %(question)s::bigint, %(answer)s::jsonb, %(flagged)s::boolean, %(seq)s::integer,
        %(now)s::timestamptz, false, '', ''
    FROM attempt
    WHERE status = %(in_progress)s AND device_token = %(token)s AND deadline_at >= %(cutoff)s::timestamptz
        AND in_test AND %(fits)s::boolean
    ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET answer = EXCLUDED.answer, flagged = EXCLUDED.flagged, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
        WHERE stored.seq < EXCLUDED.seq
    RETURNING seq
)
SELECT EXISTS (SELECT 1 FROM session), EXISTS (SELECT 1 FROM enrollment), attempt.status,
    attempt.device_token, attempt.deadline_at, attempt.in_test, EXISTS (SELECT 1 FROM saved)
FROM (SELECT 1) AS one LEFT JOIN attempt ON true
"""


def answer_save_owned(
    *,
    profile_id: int,
    enrollment_id: int,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    not_found_message: str,
    check: SessionCheck | None = None,
) -> dict[str, Any]:
    """``answer_save`` for the learner ``profile_id`` by the id of their enrollment, in one
    statement (``SAVE_OWNED``) run from any schema: the hot path of a sitting (issue 23; 2,000
    learners saving every 5 s). Same rules, same answers and the same errors in the same order
    as ``tenants.scope.owned_enrollment`` + ``answer_save``: 404 ``not_found_message`` for an
    enrollment that is not the profile's active test enrollment, 404 "This test has not been
    started.", then ``_refuse_save``. Returns ``AnswerOut`` (``saved_at`` UTC).

    ``check``: the session's profile as the middleware remembered it, not checked in full for
    this request (``tenants.middleware.SessionCheck``, decision 0033). When the statement does
    not find it still valid, nothing is written and ``SessionUnconfirmedError`` is raised: the
    caller checks the session in full and calls again without ``check``."""
    schema_name = enrollment_schema(enrollment_id)
    if schema_name is None:
        raise not_found(not_found_message)
    now = timezone.now()
    fits = _answer_fits(question_id, answer, seq, schema_name)
    with prepared_cursor() as cursor:  # every table of SAVE_OWNED names its schema; planned once
        cursor.execute(
            organization_sql(SAVE_OWNED, schema_name),
            {
                "enrollment": enrollment_id,
                "profile": profile_id,
                "question": question_id,
                "answer": json.dumps(answer) if answer is not None else None,
                "flagged": flagged,
                "seq": seq,
                "now": now,
                "kind": Enrollment.Kind.TEST,
                "in_progress": S.IN_PROGRESS,
                "token": device_token or "",
                "cutoff": now - grace(),
                "fits": fits,
                "check": check is not None,
                "user": check.user_id if check else None,
                "password": check.password if check else None,
                "active": Profile.Status.ACTIVE,
                "learner": Profile.Role.LEARNER,
            },
        )
        confirmed, enrolled, status, token, deadline_at, in_test, applied = cursor.fetchone()
    if not confirmed:
        raise SessionUnconfirmedError
    if not enrolled:
        raise not_found(not_found_message)
    if status is None:
        raise not_found(_("This test has not been started."))
    if not applied:
        _refuse_save(
            attempt_status=status,
            token_matches=secrets.compare_digest(token, device_token or ""),
            deadline_at=deadline_at,
            now=now,
            in_test=in_test,
            fits=fits,
        )
    return {"question_id": question_id, "seq": seq, "applied": applied, "saved_at": now}


def answer_save(
    *,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    attempt_id: int | None = None,
    assignment_id: int | None = None,
) -> dict[str, Any]:
    """Save this device's answer to one question of the attempt (given by id, or the latest of
    ``assignment_id``): idempotent, and ordered by ``seq`` (a save whose ``seq`` is not newer
    than the stored one is acknowledged but changes nothing: ``applied`` false). ``answer`` by
    type: ``{"option"}``, ``{"options": [...]}``, ``{"value": bool}``, ``{"text"}``, or null to
    clear. Accepted until the deadline plus the grace period. Errors: 404, 409
    ``attempt_not_in_progress``, ``attempt_taken_over``, ``deadline_passed``; 400
    ``invalid_answer``. Two queries: the attempt and one upsert."""
    now = timezone.now()
    with transaction.atomic():
        attempt = _writable(attempt_id, device_token, now, lock="share", assignment_id=assignment_id)
        _refuse_save(
            attempt_status=attempt.status,
            token_matches=True,
            deadline_at=attempt.deadline_at,
            now=now,
            in_test=question_id in attempt.question_ids,
            fits=question_id in attempt.question_ids and _answer_fits(question_id, answer, seq),
        )
        with connection.cursor() as cursor:
            cursor.execute(
                UPSERT,
                [
                    attempt.pk,
                    question_id,
                    json.dumps(answer) if answer is not None else None,
                    flagged,
                    seq,
                    now,
                ],
            )
            applied = cursor.fetchone() is not None
    return {"question_id": question_id, "seq": seq, "applied": applied, "saved_at": now}


@transaction.atomic
def event_record(*, attempt_id: int, device_token: str, kind: str, occurred_at: datetime | None) -> Attempt:
    """Record an integrity event from the test page. A tab switch or window blur counts; the
    sixth (``TAB_SWITCHES_ALLOWED`` + 1) voids the result and submits the attempt (spec
    section 9). 400 for an unknown kind."""
    if kind not in CLIENT_KINDS:
        raise ApplicationError(Code.INVALID_ANSWER, _("Unknown event."), status=400)
    now = timezone.now()
    attempt = _writable(attempt_id, device_token, now, lock="update")
    when = min(occurred_at or now, now)
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
    """(score, needs grading) of one answer. Choice and true/false are all or nothing; a short
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
    questions = {q.pk: q for q in Question.objects.filter(pk__in=attempt.question_ids)}
    existing = {a.question_id: a for a in attempt.answers.all()}
    scored, missing = [], []
    for qid in attempt.question_ids:
        row = existing.get(qid)
        if row is None:
            row = AttemptAnswer(attempt=attempt, question_id=qid, answer=None, saved_at=now)
            missing.append(row)
        else:
            scored.append(row)
        row.score, row.needs_grading = score_answer(
            questions[qid], row.answer, Decimal(attempt.points.get(str(qid), "1"))
        )
    # Only the score columns are written back: the learner's answers are never rewritten here.
    AttemptAnswer.objects.bulk_update(scored, ["score", "needs_grading"])
    AttemptAnswer.objects.bulk_create(missing)
    finish_if_graded(attempt, now)
    return attempt


@transaction.atomic
def attempt_submit(*, attempt_id: int, device_token: str) -> Attempt:
    """Submit by the learner (the SPA flushes queued answers first). Errors as for saving."""
    now = timezone.now()
    attempt = _writable(attempt_id, device_token, now, lock="update")
    return _submit(attempt, Attempt.SubmitReason.LEARNER, now)


@transaction.atomic
def attempt_auto_submit_now(*, attempt_id: int, now: datetime | None = None) -> bool:
    """Submit an attempt whose deadline and grace period have passed (the sweeper). True when it
    was submitted now; an attempt locked by another transaction is skipped (next minute)."""
    now = now or timezone.now()
    attempt = (
        Attempt.objects.select_for_update(skip_locked=True)
        .filter(pk=attempt_id, status=S.IN_PROGRESS)
        .first()
    )
    if attempt is None or now < attempt.deadline_at + grace():
        return False
    _submit(attempt, Attempt.SubmitReason.DEADLINE, now)
    return True


def overdue_attempt_ids(now: datetime | None = None) -> list[int]:
    """Ids of the attempts in progress whose deadline + grace period is before ``now``."""
    now = now or timezone.now()
    return list(
        Attempt.objects.filter(status=S.IN_PROGRESS, deadline_at__lt=now - grace()).values_list(
            "pk", flat=True
        )
    )


def attempts_overdue_submit(now: datetime | None = None) -> int:
    """Submit every overdue attempt of the current organization's schema (reason ``deadline``);
    returns how many. The periodic ``assignments.tasks.attempts_sweep`` runs it in each ready
    organization (issue 7, item 3; issue 17, item 3)."""
    return sum(attempt_auto_submit_now(attempt_id=pk, now=now) for pk in overdue_attempt_ids(now))
