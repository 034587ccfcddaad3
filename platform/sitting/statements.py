"""The sitting's fast statements (issue 23; decisions 0030, 0033, 0036; side by side since decision
0039): SQL written by hand for the exam day's hot path, each run from any schema (every table names
its schema) and planned once per process.

Each one has a Python twin in ``sitting.rules`` (or ``tenants.scope`` for the enrollment's owner)
that says the same rule in the ORM's words, and a parity test in ``sitting/tests/test_twins.py``
that runs both over the states that matter. A change to a statement needs the same change to its
twin; the parity test fails until both agree.

| statement | its twin |
|---|---|
| ``owned_enrollment_condition`` (in ``SAVE_OWNED`` and ``OWNED_LOCKED``) | ``tenants.scope.owned_enrollment_get`` |
| ``SAVE_OWNED``'s ``session`` part | ``rules.session_confirmed`` (``tenants.middleware.session_profile``'s checks) |
| ``SAVE_OWNED``'s ``attempt`` part and the upsert's condition | ``rules.writable`` and ``rules.refusal`` (with ``rules.late_accepted``) |
| ``OWNED_LOCKED`` (the start lock) | ``rules.assignment_locked`` |
| ``shared_form_sql`` (a shared form's questions and points at start) | ``assessments.parts.form_points`` |
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from accounts.models import Enrollment, Profile
from assessments.models import Batch, BlueprintItem, PresetPart, PresetQuestion, Question, TestPreset
from assignments.models import Assignment, Attempt
from tenants import scope
from tenants.middleware import SessionCheck
from tenants.scope import OrganizationSelect, organization_sql, table

# ``tenants.scope``'s cursors, typed here (tenants is outside the strict set): Django's cursor
# wrapper as ``config.db_backend`` returns it (``Any`` there), used as ``with ... as cursor``.
qualified_cursor: Callable[[], AbstractContextManager[Any]] = scope.qualified_cursor
prepared_cursor: Callable[[], AbstractContextManager[Any]] = scope.prepared_cursor


def owned_enrollment_condition(alias: str, *, enrollment: str, profile: str, kind: str) -> str:
    """The SQL condition "the enrollment ``alias`` is the profile's, active and of the kind", with
    the placeholders given (``%s`` or ``%(name)s``): the one copy of the rule in SQL, twin of
    ``tenants.scope.owned_enrollment_get``."""
    return (
        f"{alias}.id = {enrollment} AND {alias}.profile_id = {profile} AND {alias}.kind = {kind} "
        f"AND {alias}.is_active"
    )


# --- the start -----------------------------------------------------------------------------------


def _owned_locked() -> tuple[list[tuple[str, Any]], str]:
    return (
        [("a", Assignment), ("p", TestPreset), ("b", Batch)],
        f"FROM {table(Enrollment, 'public')} e JOIN {table(Assignment)} a ON a.id = e.object_id "
        f"JOIN {table(TestPreset)} p ON p.id = a.preset_id LEFT JOIN {table(Batch)} b ON b.id = a.batch_id "
        f"WHERE {owned_enrollment_condition('e', enrollment='%s', profile='%s', kind='%s')} FOR UPDATE OF a",
    )


OWNED_LOCKED = OrganizationSelect(_owned_locked)
"""The start lock: the learner's enrollment checked and its assignment (with preset and batch)
locked FOR UPDATE OF the assignment only, in one statement (issue 23). Parameters: the enrollment
id, the profile id, the kind. Twin: ``rules.assignment_locked``."""


def _latest_attempt() -> tuple[list[tuple[str, Any]], str]:
    return (
        [("t", Attempt)],
        f"FROM {table(Attempt)} t WHERE t.assignment_id = %s ORDER BY t.number DESC LIMIT 1",
    )


LATEST_ATTEMPT = OrganizationSelect(_latest_attempt)
"""The assignment's latest attempt (the highest ``number``). Parameter: the assignment id."""


@functools.cache
def shared_form_sql() -> str:
    """A shared form's question ids, points and parts in order, for ``organization_sql``: a
    question of a part (phần, decision 0056) is worth the part's points per question, another its
    score weight; then the part's row (``assessments.parts.PartRow``: id, position, names, question
    type, points; nulls outside any part). Parameter: the preset id. Twin:
    ``assessments.parts.form_points``."""
    return (
        f"SELECT pq.question_id, COALESCE(pp.points_per_question, q.score_weight), "  # noqa: S608
        "pp.id, pp.position, pp.name_vi, pp.name_en, pp.question_type, pp.points_per_question "
        f"FROM {table(PresetQuestion)} pq JOIN {table(Question)} q ON q.id = pq.question_id "
        f"LEFT JOIN {table(BlueprintItem)} bi ON bi.id = pq.blueprint_item_id "
        f"LEFT JOIN {table(PresetPart)} pp ON pp.id = bi.part_id "
        "WHERE pq.preset_id = %s ORDER BY pq.position"
    )


# --- the answer save -----------------------------------------------------------------------------

# One statement for a learner's save by enrollment (issue 23): with a ``SessionCheck`` (decision
# 0033) the session's profile must still be the user's, active, a learner's, with the user active
# and the password unchanged (twin: ``rules.session_confirmed``); the enrollment must be the
# profile's, active and of a test (``owned_enrollment_condition``); the attempt is its assignment's
# latest, locked FOR SHARE (a submit, which locks it FOR UPDATE, waits for the save, or the save
# finds the attempt submitted); the upsert happens only when the attempt is in progress, this
# device's, within the deadline and its grace (``cutoff``), or typed by the deadline (``typed``, on
# the server's clock) and arriving within the attempt's offline grace (issue 38, item 3; twin:
# ``rules.late_accepted``), the question is in its form and the answer fits (twin:
# ``rules.refusal``); and the last SELECT returns what ``rules.save_outcome`` needs to say why it
# did not. Whatever the time, the upsert writes only a newer ``seq``: a late answer never
# overwrites a newer one the server holds. {schema} and {public} are quoted by ``tenants.scope.organization_sql``.
# Issue 37, item 6 (decision 0049): the attempt's ``submit_reason`` is read (and returned last)
# only to say why a submitted attempt refuses: ended by a withdrawn consent, the learner gets the
# consent refusal (twin: ``rules.refusal``'s ``submit_reason``); the upsert's condition is unchanged.
SAVE_OWNED = """
WITH session AS (
    SELECT 1 WHERE NOT %(check)s::boolean OR EXISTS (
        SELECT 1 FROM {public}.accounts_profile p JOIN {public}.accounts_user u ON u.id = p.user_id
        WHERE p.id = %(profile)s AND p.user_id = %(user)s AND p.status = %(active)s
            AND p.pandai_profile_role = %(learner)s AND u.is_active AND u.password = %(password)s
    )
), enrollment AS (
    SELECT e.object_id FROM {public}.accounts_enrollment e
    WHERE OWNED_ENROLLMENT AND EXISTS (SELECT 1 FROM session)
), attempt AS (
    SELECT id, status, submit_reason, device_token, deadline_at, offline_grace_seconds,
        question_ids @> to_jsonb(%(question)s::bigint) AS in_test
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
    WHERE status = %(in_progress)s AND device_token = %(token)s
        AND (deadline_at >= %(cutoff)s::timestamptz OR (%(typed)s::timestamptz <= deadline_at
            AND deadline_at + offline_grace_seconds * interval '1 second' >= %(now)s::timestamptz))
        AND in_test AND %(fits)s::boolean
    ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET answer = EXCLUDED.answer, flagged = EXCLUDED.flagged, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
        WHERE stored.seq < EXCLUDED.seq
    RETURNING seq
)
SELECT EXISTS (SELECT 1 FROM session), EXISTS (SELECT 1 FROM enrollment), attempt.status,
    attempt.device_token, attempt.deadline_at, attempt.offline_grace_seconds, attempt.in_test,
    EXISTS (SELECT 1 FROM saved), attempt.submit_reason
FROM (SELECT 1) AS one LEFT JOIN attempt ON true
""".replace(
    "OWNED_ENROLLMENT",
    owned_enrollment_condition("e", enrollment="%(enrollment)s", profile="%(profile)s", kind="%(kind)s"),
)


@dataclass(frozen=True)
class SaveFacts:
    """What ``SAVE_OWNED`` found, for ``rules.save_outcome``: whether the session was confirmed,
    the enrollment found, the latest attempt's status (None before a start), whether its device
    token is the request's, its deadline and offline grace (``late_grace``), whether the question
    is in its form; whether the answer fits (decided before, ``rules.answer_fits``), when it was
    typed on the server's clock (``typed_at``, None when the device did not say) and whether the
    row was written (``applied``); and the request it answers (``matches``), so that a route that
    ran it passes it on rather than running it again (decision 0039)."""

    confirmed: bool
    enrolled: bool
    status: str | None
    token_matches: bool
    deadline_at: datetime | None
    late_grace: timedelta
    typed_at: datetime | None
    in_test: bool
    fits: bool
    applied: bool
    now: datetime
    submit_reason: str  # issue 37, item 6: ``consent_withdrawn`` answers the consent refusal
    profile_id: int
    enrollment_id: int
    question_id: int
    seq: int

    def matches(self, *, profile_id: int, enrollment_id: int, question_id: int, seq: int) -> bool:
        """True when these facts are of the same save (profile, enrollment, question, ``seq``)."""
        return (self.profile_id, self.enrollment_id, self.question_id, self.seq) == (
            profile_id,
            enrollment_id,
            question_id,
            seq,
        )


def save_owned(
    *,
    schema_name: str,
    profile_id: int,
    enrollment_id: int,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    fits: bool,
    now: datetime,
    cutoff: datetime,
    typed_at: datetime | None,
    check: SessionCheck | None,
) -> SaveFacts:
    """Run ``SAVE_OWNED`` once in the organization ``schema_name`` (a prepared statement of the
    connection, decision 0036) and return what it found. ``cutoff``: the oldest deadline still
    accepted whenever the answer was typed (now - the network grace); ``typed_at``: when the
    answer was typed, on the server's clock (``rules.on_server_clock``), or None. Writes only when
    every condition holds."""
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
                "in_progress": Attempt.Status.IN_PROGRESS,
                "token": device_token or "",
                "cutoff": cutoff,
                "typed": typed_at,
                "fits": fits,
                "check": check is not None,
                "user": check.user_id if check else None,
                "password": check.password if check else None,
                "active": Profile.Status.ACTIVE,
                "learner": Profile.Role.LEARNER,
            },
        )
        (confirmed, enrolled, status, token, deadline_at, late_seconds, in_test, applied, submit_reason) = (
            cursor.fetchone()
        )
    return SaveFacts(
        confirmed=confirmed,
        enrolled=enrolled,
        status=status,
        token_matches=token is not None and secrets.compare_digest(token, device_token or ""),
        deadline_at=deadline_at,
        late_grace=timedelta(seconds=late_seconds or 0),
        typed_at=typed_at,
        in_test=bool(in_test),
        fits=fits,
        applied=applied,
        now=now,
        submit_reason=submit_reason or "",
        profile_id=profile_id,
        enrollment_id=enrollment_id,
        question_id=question_id,
        seq=seq,
    )
