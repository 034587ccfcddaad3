"""The sitting's rules in Python, twins of the fast statements of ``sitting.statements`` (decision
0039; the table of pairs is there). Where a statement decides in SQL, the function of the same
rule here decides from rows, and ``sitting/tests/test_twins.py`` runs both over the same states:

- ``refusal`` and ``writable``: may this device write to the attempt now (in progress, this
  device's, within the deadline and its grace, or typed before the deadline and within the
  attempt's offline grace: ``late_accepted``), and for an answer, is the question in the form
  and does the answer fit; in that order. ``SAVE_OWNED``'s upsert condition is its twin; events
  and submit call ``writable`` itself.
- ``session_confirmed``: is the session's profile still what ``SessionCheck`` remembered
  (``SAVE_OWNED``'s ``session`` part; the full check is ``tenants.middleware.session_profile``).
- ``assignment_locked``: the start lock (``OWNED_LOCKED``).
- ``save_outcome``: the answer to a save from what ``SAVE_OWNED`` found, for the API and the lean
  route alike.

The enrollment's owner has its one Python home in ``tenants.scope.owned_enrollment_get``."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any, Literal

from django.conf import settings
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from assessments.matching import SHEET_CELLS
from assessments.models import Question
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Assignment, Attempt
from config.errors import ApplicationError, not_found
from consent.gate import consent_verdict_of
from sitting.shapes import AnswerSaved
from sitting.statements import SaveFacts
from tenants.middleware import SessionCheck, SessionUnconfirmedError
from tenants.scope import current_schema_name, organization_schema, owned_enrollment_get

S = Attempt.Status

Refusal = Literal[
    "not_enrolled",
    "not_started",
    "consent_withdrawn",
    "attempt_not_in_progress",
    "attempt_taken_over",
    "deadline_passed",
    "question_not_in_test",
    "invalid_answer",
]
"""Why a write is refused, in the order the checks are made."""


def grace() -> timedelta:
    """How long after the deadline any answer is still accepted, whenever it was typed: the
    network's delay (``ANSWER_GRACE_SECONDS``, 20 s; decision 0008)."""
    return timedelta(seconds=settings.ANSWER_GRACE_SECONDS)


CLOCK_OFFSET_MAX_MS = 7 * 24 * 3600 * 1000
"""The largest clock offset a device may report (ms, either way): a week. A clock further off is
broken, and its times say nothing (decision 0046)."""


def on_server_clock(client_time: datetime | None, offset_ms: int | None, now: datetime) -> datetime | None:
    """The server's time of ``client_time``, a time the device's clock gave (when an answer was
    typed, an event happened), corrected by ``offset_ms``, the server's clock minus the device's as
    the test page measured it when it loaded the attempt (``server_now``, half the round trip taken
    off); never later than ``now`` (a device cannot have typed in the future). None without a
    ``client_time``; an offset of None counts as 0 (issue 38, item 3; decision 0046)."""
    if client_time is None:
        return None
    return min(client_time + timedelta(milliseconds=offset_ms or 0), now)


def late_accepted(
    *, deadline_at: datetime, late_grace: timedelta, now: datetime, typed_at: datetime | None
) -> bool:
    """A write that reaches the server after the deadline and its network grace still counts when
    it was typed (``typed_at``, on the server's clock: ``on_server_clock``) at or before the
    deadline and arrives at most ``late_grace`` (the attempt's offline grace, the preset's
    ``offline_grace_seconds``) after it: answers typed while the network was down (issue 38, item
    3). Bounds included: typed exactly at the deadline, or arriving exactly at deadline + grace,
    counts."""
    return typed_at is not None and typed_at <= deadline_at and now <= deadline_at + late_grace


def late_grace_of(attempt: Attempt) -> timedelta:
    """The attempt's offline grace (``Attempt.offline_grace_seconds``, copied from its preset at
    start)."""
    return timedelta(seconds=attempt.offline_grace_seconds)


def closes_at(deadline_at: datetime, late_grace: timedelta) -> datetime:
    """When an attempt stops taking anything: its deadline plus the longer of the network grace
    and its offline grace. The deadline sweep submits it then (decision 0046: the sweep waits for
    the offline grace, so an answer typed offline before the deadline lands before the scoring)."""
    return deadline_at + max(grace(), late_grace)


# --- the attempt's writability and the answer's place in it ----------------------------------------


def refusal(
    *,
    attempt_status: str,
    token_matches: bool,
    deadline_at: datetime,
    now: datetime,
    late_grace: timedelta = timedelta(0),
    typed_at: datetime | None = None,
    in_test: bool = True,
    fits: bool = True,
    submit_reason: str = "",
) -> Refusal | None:
    """Why a write to an attempt in ``attempt_status`` by a device (``token_matches``) at ``now``
    is refused, in this order: not in progress (``consent_withdrawn`` when a withdrawal of consent
    ended it, ``submit_reason``: issue 37, item 6), another device's, past the deadline + grace
    unless typed in time within the attempt's offline grace (``late_accepted`` with
    ``late_grace`` and ``typed_at``, on the server's clock); then, for an answer, a question not
    in the form, an answer that does not fit. None when it may be written (twin of
    ``SAVE_OWNED``'s upsert condition)."""
    if attempt_status != S.IN_PROGRESS:
        if submit_reason == Attempt.SubmitReason.CONSENT_WITHDRAWN:
            return "consent_withdrawn"
        return "attempt_not_in_progress"
    if not token_matches:
        return "attempt_taken_over"
    if now > deadline_at + grace() and not late_accepted(
        deadline_at=deadline_at, late_grace=late_grace, now=now, typed_at=typed_at
    ):
        return "deadline_passed"
    if not in_test:
        return "question_not_in_test"
    if not fits:
        return "invalid_answer"
    return None


def consent_refusal(user_id: int | None) -> ApplicationError:
    """What a learner whose sitting a withdrawal of consent ended gets for any further write
    (issue 37, item 6; decision 0049): the consent gate's refusal, 403 with its code and message
    (``consent_required``, ``parental_consent_required``...; ``consent.gate``); once consent is in
    force again, 409 ``attempt_not_in_progress`` saying why the test ended."""
    verdict = consent_verdict_of(user_id) if user_id is not None else None
    if verdict is not None:
        return ApplicationError(verdict.code, verdict.message, status=403)
    return ApplicationError(
        Code.NOT_IN_PROGRESS,
        _("This test was ended when consent to process your data was withdrawn."),
        status=409,
    )


def refusal_error(
    why: Refusal, *, not_found_message: str = "", user_id: int | None = None
) -> ApplicationError:
    """The error a learner sees for ``why``, in the active language: 404 (``not_found_message``
    for an enrollment that is not theirs), the consent refusal for an attempt a withdrawal ended
    (``consent_refusal`` of the learner ``user_id``), 409 ``attempt_not_in_progress``,
    ``attempt_taken_over``, ``deadline_passed``, 400 ``invalid_answer``."""
    if why == "not_enrolled":
        return not_found(not_found_message)
    if why == "consent_withdrawn":
        return consent_refusal(user_id)
    if why == "not_started":
        return not_found(_("This test has not been started."))
    if why == "attempt_not_in_progress":
        return ApplicationError(Code.NOT_IN_PROGRESS, _("This test has been submitted."), status=409)
    if why == "attempt_taken_over":
        return ApplicationError(
            Code.TAKEN_OVER,
            _(
                "This test was opened in another tab or on another device. Continue there, or reload to continue here."
            ),
            status=409,
        )
    if why == "deadline_passed":
        return ApplicationError(
            Code.DEADLINE_PASSED, _("Time is up: answers are no longer accepted."), status=409
        )
    if why == "question_not_in_test":
        return not_found(_("This question is not part of your test."))
    return ApplicationError(Code.INVALID_ANSWER, _("This answer does not fit the question."), status=400)


def writable(
    attempt_id: int,
    device_token: str,
    now: datetime,
    *,
    lock: Literal["update"] | None = None,
    typed_at: datetime | None = None,
    ending: bool = False,
) -> Attempt:
    """The attempt ``attempt_id``, checked to be in progress, this device's and within deadline +
    grace, or within its offline grace for what happened by the deadline (``refusal``;
    ``typed_at``: when an integrity event happened, on the server's clock). ``ending``: the
    learner's own submit, which adds nothing typed after the deadline, counts as made at the
    deadline, so a device whose network came back within the offline grace can still hand in
    (decision 0046). ``lock="update"`` (submit, integrity events) takes the row FOR UPDATE,
    which a save's FOR SHARE waits for: a save either lands before the submit reads the answers,
    or finds the attempt submitted. 404 "Attempt not found." for a missing one."""
    qs = Attempt.objects.select_for_update() if lock == "update" else Attempt.objects
    attempt = qs.filter(pk=attempt_id).first()
    if attempt is None:
        raise not_found(_("Attempt not found."))
    why = refusal(
        attempt_status=attempt.status,
        token_matches=secrets.compare_digest(attempt.device_token, device_token or ""),
        deadline_at=attempt.deadline_at,
        now=now,
        late_grace=late_grace_of(attempt),
        typed_at=min(now, attempt.deadline_at) if ending else typed_at,
        submit_reason=attempt.submit_reason,
    )
    if why is not None:
        user_id = attempt.assignment.learner_user_id if why == "consent_withdrawn" else None
        raise refusal_error(why, user_id=user_id)
    return attempt


def valid_answer(kind: str, options: frozenset[str], answer: Any) -> bool:
    """The answer fits a question of type ``kind`` whose options (a true/false set's statements)
    have the ids ``options``: ``{"option": id}``, ``{"options": [ids]}``, ``{"value": bool}``,
    ``{"statements": {id: bool}}`` (issue 39), ``{"text": str}`` (a numeric answer at most
    ``SHEET_CELLS`` characters, whatever they are: a malformed one scores 0)."""
    if answer is None:
        return True  # cleared
    if not isinstance(answer, dict) or len(answer) != 1:
        return False  # exactly the one field of the question's type
    if kind == "single_choice":
        return answer.get("option") in options
    if kind == "multiple_choice":
        chosen = answer.get("options")
        return isinstance(chosen, list) and all(c in options for c in chosen)
    if kind == "true_false":
        return isinstance(answer.get("value"), bool)
    if kind == "true_false_set":  # phần II: each statement judged Đúng/Sai, any of them may be left out
        judged = answer.get("statements")
        return isinstance(judged, dict) and all(
            sid in options and isinstance(value, bool) for sid, value in judged.items()
        )
    text = answer.get("text")
    if kind == "numeric":  # phần III: what the sheet's four cells hold, checked when scored
        return isinstance(text, str) and len(text) <= SHEET_CELLS
    return isinstance(text, str) and len(text) <= (2000 if kind == "short_text" else 20000)


def question_shape(question_id: int, schema_name: str | None = None) -> tuple[str, frozenset[str]] | None:
    """Type and option ids (a true/false set's statement ids) of a question version of the organization ``schema_name`` (default:
    the connection's), cached in this process (the "local" cache): a published version never
    changes (editing creates the next version), so no process can hold a stale copy. Only a miss
    reads the question, in its organization's schema. None for an unknown question."""
    from django.core.cache import caches

    cache = caches["local"]
    schema_name = schema_name or current_schema_name()
    key = f"qshape:{schema_name}:{question_id}"
    shape: tuple[str, frozenset[str]] | None = cache.get(key)
    if shape is None:
        with organization_schema(schema_name):
            q = Question.objects.only("id", "type", "content").filter(pk=question_id).first()
        if q is None:
            return None
        parts = q.content.get("statements" if q.type == "true_false_set" else "options", [])
        shape = (q.type, frozenset(o["id"] for o in parts))
        cache.set(key, shape, 3600)
    return shape


def answer_fits(question_id: int, answer: Any, seq: int, schema_name: str | None = None) -> bool:
    """The answer has the one field of the question's type with an allowed value, and ``seq``
    is at least 1 (an unknown question does not fit)."""
    shape = question_shape(question_id, schema_name)
    return shape is not None and valid_answer(*shape, answer) and seq >= 1


# --- the session, the start lock -------------------------------------------------------------------


def session_confirmed(check: SessionCheck) -> bool:
    """The session's profile is still what ``check`` remembered: the user's, active, a learner's,
    the user active and the password hash unchanged (``SAVE_OWNED``'s ``session`` part; the checks
    ``tenants.middleware.session_profile`` makes in full, decision 0033). One query."""
    return Profile.objects.filter(
        pk=check.profile_id,
        user_id=check.user_id,
        status=Profile.Status.ACTIVE,
        pandai_profile_role=Profile.Role.LEARNER,
        user__is_active=True,
        user__password=check.password,
    ).exists()


def assignment_locked(*, profile: Any, enrollment_id: int, not_found_message: str) -> tuple[str, Assignment]:
    """The start lock in the ORM's words (twin of ``statements.OWNED_LOCKED``): ``(schema_name,
    assignment)``, the profile's active test enrollment's organization schema
    (``tenants.scope.owned_enrollment_get``) and its assignment with preset and batch, locked FOR
    UPDATE (itself only) until the caller's transaction ends. 404 ``not_found_message`` for anyone
    else's enrollment, a missing or a revoked assignment."""
    enrollment = owned_enrollment_get(
        profile=profile, enrollment_id=enrollment_id, kind=Enrollment.Kind.TEST, message=not_found_message
    )
    schema_name = enrollment.organization.schema_name
    with organization_schema(schema_name):
        assignment = (
            Assignment.objects.select_for_update(of=("self",))
            .select_related("preset", "batch")
            .filter(pk=enrollment.object_id)
            .first()
        )
    if assignment is None or assignment.status == Assignment.Status.REVOKED:
        raise not_found(not_found_message)
    return schema_name, assignment


# --- the answer to a save --------------------------------------------------------------------------


def save_refusal(facts: SaveFacts) -> Refusal | None:
    """Why the save ``facts`` describe was refused, or None when it was acknowledged (written, or
    not newer than the stored answer: ``applied`` false). A session ``SAVE_OWNED`` could not
    confirm is not a refusal: ``save_outcome`` raises ``SessionUnconfirmedError`` for it."""
    if not facts.enrolled:
        return "not_enrolled"
    if facts.status is None or facts.deadline_at is None:
        return "not_started"
    if facts.applied:
        return None
    return refusal(
        attempt_status=facts.status,
        token_matches=facts.token_matches,
        deadline_at=facts.deadline_at,
        now=facts.now,
        late_grace=facts.late_grace,
        typed_at=facts.typed_at,
        in_test=facts.in_test,
        fits=facts.fits,
        submit_reason=facts.submit_reason,
    )


def save_outcome(facts: SaveFacts, *, not_found_message: str) -> AnswerSaved:
    """``AnswerOut`` of the save ``facts`` describe (``saved_at`` UTC), or its error in the active
    language (``refusal_error``); ``SessionUnconfirmedError`` when the statement did not confirm the
    session (nothing was written: check it in full and save again, without the check)."""
    if not facts.confirmed:
        raise SessionUnconfirmedError
    why = save_refusal(facts)
    if why is not None:
        user_id = (
            Profile.objects.filter(pk=facts.profile_id).values_list("user_id", flat=True).first()
            if why == "consent_withdrawn"
            else None
        )
        raise refusal_error(why, not_found_message=not_found_message, user_id=user_id)
    return {
        "question_id": facts.question_id,
        "seq": facts.seq,
        "applied": facts.applied,
        "saved_at": facts.now,
    }
