"""The learner's side of one assignment, by enrollment id (issue 7; spec routes
/take-test/preparation/:id and /take-test/:id): what ``sitting.api`` answers, each function opening
the enrollment's organization for its owner (``tenants.scope.owned_enrollment``, 404 for anyone
else's) and reading or writing there (issue 17, items 3 and 5: no schema handling and no queries
in the API module). The rules themselves live in ``attempts`` (start, answers, events, submit),
``window`` (the learner's window) and ``reports`` (breakdown, advanced report)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from assessments.matching import statements_right
from assignments.models import Assignment, Attempt
from assignments.scores import attempt_score
from config.errors import not_found
from config.i18n import pick
from privacy.selectors import retention_policy_of
from sitting import attempts, rules, statements
from sitting.shapes import (
    AnswerSaved,
    AttemptQuestion,
    AttemptView,
    BackupOffer,
    IntegrityCount,
    LearnerVideoState,
    Preparation,
    ReportState,
    Result,
    ResultAnswer,
    SavedAnswer,
    Started,
    StimulusShown,
    Submitted,
)
from sitting.window import learner_window, next_action
from tenants.middleware import SessionCheck
from tenants.scope import organization_schema, owned_enrollment

if TYPE_CHECKING:
    from django.core.files.uploadedfile import UploadedFile

    from assessments.models import Question
    from marketplace.models import Transaction


@contextlib.contextmanager
def _owned(profile: Profile, enrollment_id: int) -> Iterator[tuple[Enrollment, Assignment]]:
    """The learner's enrollment and its live assignment (with preset and batch), the block running
    in the organization's schema. 404 "Assignment not found." for another's, a missing or a
    revoked one. (A start locks it in one statement instead: ``attempts.assignment_owned_locked``.)"""
    message = _("Assignment not found.")
    with owned_enrollment(
        profile=profile, enrollment_id=enrollment_id, kind=Enrollment.Kind.TEST, message=message
    ) as enrollment:
        assignment = (
            Assignment.objects.select_related("preset", "batch").filter(pk=enrollment.object_id).first()
        )
        if assignment is None or assignment.status == Assignment.Status.REVOKED:
            raise not_found(message)
        yield enrollment, assignment


def _current(a: Assignment) -> Attempt:
    """The latest attempt; 404 "This test has not been started." before a start."""
    attempt = attempts.latest_attempt(a)
    if attempt is None:
        raise not_found(_("This test has not been started."))
    return attempt


def preparation(*, profile: Profile, enrollment_id: int) -> Preparation:
    """``PrepOut``: the test, the learner's window (UTC) and time limit in minutes (an
    accommodation's extra time included, as start enforces it; ``window.learner_window``),
    whether the window is open now and the next action, camera rules and the learner's camera
    consent with how many days after release the organization keeps the video (issue 24, items
    2 and 3), the video limits, attempts and the server's clock."""
    with _owned(profile, enrollment_id) as (enrollment, a):
        window = learner_window(a)
        now = timezone.now()
        last = attempts.latest_attempt(a)
        return {
            "enrollment_id": enrollment.pk,
            "test_name": a.preset.name,
            "organization": enrollment.organization.shown_name,
            "duration_minutes": a.preset.duration_minutes,
            "time_limit_minutes": float(window.time_limit_minutes),
            "question_count": a.preset.form.count(),
            "camera_proctoring": a.preset.camera_proctoring,
            "allow_no_camera": a.preset.allow_no_camera,
            "video_uploaded": bool(a.prep_video),
            "camera_consented_at": a.camera_consented_at,
            # what the consent says about keeping the video (issue 24, items 2 and 3)
            "video_keep_days": retention_policy_of(enrollment.organization_id).video_keep_days,
            "video_seconds": settings.PREP_VIDEO_SECONDS,
            "video_tolerance_seconds": settings.PREP_VIDEO_TOLERANCE_SECONDS,
            "video_max_bytes": settings.PREP_VIDEO_MAX_BYTES,
            "window_starts_at": window.starts_at,
            "window_expires_at": window.expires_at,
            "window_state": window.state(now),
            "can_start_now": window.open_at(now),
            "action": next_action(
                status=a.status,
                requires_purchase=a.requires_purchase,
                paid=a.paid_at is not None,
                window=window,
                now=now,
            ),
            "status": a.status,
            "attempts_allowed": a.attempts_allowed,
            "attempts_used": last.number if last else 0,
            "attempt_status": last.status if last else None,
            "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
            "requires_payment": a.requires_purchase and not a.paid_at,
            "purchase_cost": a.purchase_cost,
            "server_now": now,
        }


def camera_consent(*, profile: Profile, enrollment_id: int, ip: str | None) -> datetime | None:
    """Record the learner's consent to camera proctoring of this test (``taking
    .camera_consent_record``: 409 ``camera_not_used``). Returns the consent's time (UTC)."""
    with _owned(profile, enrollment_id) as (_enrollment, a):
        return attempts.camera_consent_record(assignment_id=a.pk, ip=ip).camera_consented_at


def prep_video_save(*, profile: Profile, enrollment_id: int, file: UploadedFile[bytes]) -> None:
    """Check and store the surroundings video: only after the learner's consent to camera
    proctoring (409 ``camera_consent_required``, issue 24 item 2; the operation is behind the
    consent gate, ``consent.gate.ConsentedLearnerAuth``), then ``video.video_check_and_store``
    (WebM or MP4 by content, 30 s +/- the tolerance, at most the size limit; 400
    ``unsupported_video``)."""
    from sitting.video import video_check_and_store

    with _owned(profile, enrollment_id) as (enrollment, a):
        attempts.camera_consent_check(a)
        name = video_check_and_store(
            file, schema_name=enrollment.organization.schema_name, assignment_id=a.pk
        )
        attempts.prep_video_replace(assignment_id=a.pk, name=name, organization_id=enrollment.organization_id)


def assignment_pay(*, profile: Profile, enrollment_id: int, idempotency_key: str, method: str) -> Transaction:
    """Pay the purchase cost (VND) of the learner's assignment (``marketplace.purchases
    .assignment_pay``, which opens the organization itself). Returns the ``Transaction``."""
    from marketplace.purchases import assignment_pay as pay

    with _owned(profile, enrollment_id) as (enrollment, a):
        schema_name, assignment_id = enrollment.organization.schema_name, a.pk
    return pay(
        profile=profile,
        schema_name=schema_name,
        assignment_id=assignment_id,
        idempotency_key=idempotency_key,
        method=method,
    )


def attempt_start(*, profile: Profile, enrollment_id: int, no_camera: bool) -> Started:
    """``StartOut`` of ``attempts.attempt_start`` (its errors: 409 ``outside_window``,
    ``payment_required``, ``already_submitted``, ``camera_required``). The operation is behind
    the consent gate (``consent.gate.ConsentedLearnerAuth``, decision 0048)."""
    with transaction.atomic():
        schema_name, a = attempts.assignment_owned_locked(
            profile_id=profile.pk, enrollment_id=enrollment_id, not_found_message=_("Assignment not found.")
        )
        with organization_schema(schema_name):
            attempt, token = attempts.attempt_start(assignment=a, no_camera=no_camera)
        return {
            "attempt_id": attempt.pk,
            "device_token": token,
            "deadline_at": attempt.deadline_at,
            "server_now": timezone.now(),
        }


def question_shown(q: Question, order: list[str] | None, points: str) -> AttemptQuestion:
    """``AttemptQuestionOut`` of a question: id, type, stem, options in the attempt's ``order``
    (else as stored), a true/false set's statements always as stored (a), b)...: the order the
    key's table and the answer sheet read them in; issue 39), a numeric answer's rounding
    instruction, its ``points``, the shared stimulus it hangs from (``stimulus_id``, its text once
    in the attempt's ``stimuli``); never the key."""
    options = {o["id"]: o for o in q.content.get("options", [])}
    ids = order or list(options)
    return {
        "id": q.pk,
        "type": q.type,
        "stem": q.content.get("stem") or {},
        "options": [options[i] for i in ids if i in options],
        "statements": list(q.content.get("statements") or []),
        "rounding": q.content.get("rounding") or {},
        "points": float(points),
        "stimulus_id": q.stimulus_id,
    }


def attempt_view(*, profile: Profile, enrollment_id: int) -> AttemptView:
    """``AttemptOut``: the current attempt's questions in order (no keys), every saved answer with
    its ``seq`` and flag, the deadline, its graces (seconds) and the server's clock, and while it is
    in progress what the page needs to seal a backup answers file (``sitting.backup
    .backup_offer``, issue 38 item 3). The shared stimuli of its questions come once each in
    ``stimuli`` (decision 0054), and the form's parts with their names in the reader's language
    (``assessments.parts.form_parts``; ``[]`` without parts; from the attempt's own row: no
    statement more). 404 before start."""
    from assessments.models import Question
    from assessments.parts import form_parts
    from assessments.selectors import stimuli_shown
    from sitting.backup import backup_offer

    with _owned(profile, enrollment_id) as (enrollment, a):
        attempt = _current(a)
        questions = {
            q.pk: q
            for q in Question.objects.filter(pk__in=attempt.question_ids).only(
                "id", "type", "content", "stimulus_id"
            )
        }
        return {
            "attempt_id": attempt.pk,
            "status": attempt.status,
            "deadline_at": attempt.deadline_at,
            "server_now": timezone.now(),
            "grace_seconds": settings.ANSWER_GRACE_SECONDS,
            "offline_grace_seconds": attempt.offline_grace_seconds,
            "backup": cast("BackupOffer | None", backup_offer(attempt, enrollment.organization.schema_name)),
            "tab_switches": attempt.tab_switches,
            "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
            "voided": attempt.voided,
            "test_name": a.preset.name,
            "questions": [
                question_shown(
                    questions[qid], attempt.option_orders.get(str(qid)), attempt.points.get(str(qid), "1")
                )
                for qid in attempt.question_ids
            ],
            "parts": form_parts(attempt.parts or [], attempt.question_ids),
            "stimuli": cast(
                "list[StimulusShown]",
                stimuli_shown([questions[qid].stimulus_id for qid in attempt.question_ids]),
            ),
            "answers": cast(
                "list[SavedAnswer]", list(attempt.answers.values("question_id", "answer", "flagged", "seq"))
            ),
        }


SAVE_FOUND = "answer_save_found"
"""The request attribute under which the lean route leaves what its statement found for a save it
did not answer (``answer_save_run``), for the view (``answer_save``'s ``found``)."""


def answer_save(
    *,
    profile: Profile,
    enrollment_id: int,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    typed_at: datetime | None = None,
    clock_offset_ms: int | None = None,
    check: SessionCheck | None = None,
    found: statements.SaveFacts | None = None,
) -> AnswerSaved:
    """``AnswerOut`` of a save on the enrollment's latest attempt. The hot path of a sitting
    (issue 23): one statement checks that the enrollment is the learner's, locks the attempt and
    upserts the answer (``attempts.answer_save_owned``; 404 "Assignment not found." for anyone
    else's). ``check``: the lean route's ``SessionCheck`` (decisions 0033 and 0036): the same
    statement confirms the session's profile, else ``SessionUnconfirmedError`` and nothing is
    written. ``found``: what the lean route's statement found for this same save when it refused
    it (``answer_save_run``): the refusal is answered from it, without a second statement.
    ``typed_at`` and ``clock_offset_ms``: when the answer was typed (the device's clock) and the
    offset the test page measured (ms): after the deadline, an answer typed by it is accepted
    within the attempt's offline grace (``rules.late_accepted``, issue 38 item 3)."""
    message = _("Assignment not found.")
    if (
        found is not None
        and found.confirmed
        and found.matches(
            profile_id=profile.pk, enrollment_id=enrollment_id, question_id=question_id, seq=seq
        )
    ):
        return rules.save_outcome(found, not_found_message=message)
    return attempts.answer_save_owned(
        check=check,
        profile_id=profile.pk,
        enrollment_id=enrollment_id,
        device_token=device_token,
        question_id=question_id,
        answer=answer,
        flagged=flagged,
        seq=seq,
        typed_at=typed_at,
        clock_offset_ms=clock_offset_ms,
        not_found_message=message,
    )


def answer_save_run(
    *,
    profile: Profile,
    enrollment_id: int,
    device_token: str,
    question_id: int,
    answer: Any,
    flagged: bool,
    seq: int,
    check: SessionCheck,
    typed_at: datetime | None = None,
    clock_offset_ms: int | None = None,
) -> statements.SaveFacts | None:
    """The lean route's save (decision 0036): the statement run once with the session's
    ``check`` (``attempts.answer_save_run``), what it found returned as it is (None for an
    enrollment of no organization). The route answers a save ``rules.save_refusal`` does not
    refuse; any other goes on to the usual stack with these facts (``answer_save``'s ``found``)."""
    return attempts.answer_save_run(
        check=check,
        profile_id=profile.pk,
        enrollment_id=enrollment_id,
        device_token=device_token,
        question_id=question_id,
        answer=answer,
        flagged=flagged,
        seq=seq,
        typed_at=typed_at,
        clock_offset_ms=clock_offset_ms,
    )


def event_record(
    *,
    profile: Profile,
    enrollment_id: int,
    device_token: str,
    kind: str,
    occurred_at: datetime | None,
    clock_offset_ms: int | None = None,
) -> IntegrityCount:
    """``IntegrityCountOut`` after ``attempts.event_record`` on the current attempt (``occurred_at``
    the device's clock, corrected by ``clock_offset_ms``)."""
    with _owned(profile, enrollment_id) as (_enrollment, a):
        attempt = attempts.event_record(
            attempt_id=_current(a).pk,
            device_token=device_token,
            kind=kind,
            occurred_at=occurred_at,
            clock_offset_ms=clock_offset_ms,
        )
        return {
            "tab_switches": attempt.tab_switches,
            "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
            "voided": attempt.voided,
        }


def attempt_submit(*, profile: Profile, enrollment_id: int, device_token: str) -> Submitted:
    """``SubmitOut`` after ``attempts.attempt_submit`` of the current attempt."""
    with _owned(profile, enrollment_id) as (_enrollment, a):
        attempt = attempts.attempt_submit(attempt_id=_current(a).pk, device_token=device_token)
        return {
            "status": attempt.status,
            "submitted_at": attempt.submitted_at,
            "result": attempt.result,
            "released": attempt.released_at is not None,
        }


def round_message(a: Assignment, attempt: Attempt, *, language: str | None = None) -> str:
    """The preset's round message for the attempt's result (passed or failed) in the reader's
    language, the other language when that one is blank (``config.i18n.pick``); "" without a
    round."""
    rnd = a.preset.round
    if rnd is None:
        return ""
    if attempt.result == Attempt.Result.PASSED:
        return pick(rnd.passed_message_vi, rnd.passed_message_en, language=language)
    return pick(rnd.failed_message_vi, rnd.failed_message_en, language=language)


def result_view(*, profile: Profile, enrollment_id: int) -> Result:
    """``ResultOut``: once released the score (raw and on the reporting scale, with the parts'
    subtotals: ``assignments.scores.attempt_score``), pass or fail, the round's message and each
    answer against the key (none for an essay) with the explanation, and the shared stimuli of its
    questions once each (decision 0054); before release only the status."""
    from assessments.models import Question
    from assessments.selectors import stimuli_shown
    from assignments.reports import breakdown

    with _owned(profile, enrollment_id) as (_enrollment, a):
        attempt = _current(a)
        released = attempt.released_at is not None
        body: Result = {
            "status": attempt.status,
            "released": released,
            "result": None,
            "score": None,
            "max_score": None,
            "scale_score": None,
            "scale_max": None,
            "parts": [],
            "passing_score": float(a.preset.passing_score) if a.preset.passing_score is not None else None,
            "voided": attempt.voided,
            "message": "",
            "submitted_at": attempt.submitted_at,
            "submit_reason": attempt.submit_reason,
            "tab_switches": attempt.tab_switches,
            "answers": [],
            "stimuli": [],
            "breakdown": {},
            "advanced_report": a.advanced_report,
        }
        if not released:
            return body
        questions = {
            q.pk: q for q in Question.objects.select_related("subject").filter(pk__in=attempt.question_ids)
        }
        body["stimuli"] = cast(
            "list[StimulusShown]", stimuli_shown([questions[qid].stimulus_id for qid in attempt.question_ids])
        )
        rows = list(attempt.answers.all())
        answers = {x.question_id: x for x in rows}

        def shown(qid: int) -> ResultAnswer:
            q, given = questions[qid], answers.get(qid)
            return {
                "question": question_shown(
                    q, attempt.option_orders.get(str(qid)), attempt.points.get(str(qid), "1")
                ),
                "answer": given.answer if given else None,
                "score": float(given.score) if given and given.score is not None else None,
                "comment": given.comment if given else "",
                "key": q.answer_key if q.type != "essay" else {},
                "explanation": q.content.get("explanation") or {},
                "statements_right": (
                    statements_right(given.answer if given else None, q.answer_key or {})
                    if q.type == Question.Type.TRUE_FALSE_SET
                    else None
                ),
            }

        # The score on the preset's reporting scale and the parts' subtotals (decision 0056).
        on_scale = attempt_score(attempt, a.preset, answers=rows)
        body.update(
            {
                "result": attempt.result,
                "breakdown": breakdown(attempt, list(questions.values())),
                "score": float(attempt.score or 0),
                "max_score": float(attempt.max_score),
                "scale_score": on_scale["scale_score"],
                "scale_max": on_scale["scale_max"],
                "parts": on_scale["parts"],
                "message": round_message(a, attempt),
                "answers": [shown(qid) for qid in attempt.question_ids],
            }
        )
        return body


def _report_state(a: Assignment) -> ReportState:
    from assignments.reports import availability, next_generation_at

    attempt = attempts.latest_attempt(a)
    available, reason = availability(a, attempt)
    last = attempt.reports.first() if attempt else None
    return {
        "available": available,
        "reason": reason,
        "report": last.data if last else None,
        "generated_at": last.generated_at if last else None,
        "next_generation_at": next_generation_at(a, attempt) if attempt else None,
        "wait_minutes": a.preset.report_wait_minutes,
        "server_now": timezone.now(),
    }


def report_state(*, profile: Profile, enrollment_id: int) -> ReportState:
    """``ReportOut``: whether the advanced report can be generated (``reason``:
    report_not_purchased, test_not_ended, result_not_released), the latest report and when the
    next may be generated (the preset's wait period; spec section 5)."""
    with _owned(profile, enrollment_id) as (_enrollment, a):
        return _report_state(a)


def report_generate(*, profile: Profile, enrollment_id: int) -> ReportState:
    """Generate a new advanced report (``reports.report_generate``: 409 with the availability
    reason, or ``report_wait`` with ``retry_at``) and return the new ``ReportOut``."""
    from assignments.reports import report_generate as generate

    with _owned(profile, enrollment_id) as (_enrollment, a):
        generate(assignment=a, attempt=_current(a), learner_name=profile.user.name_or_email)
        return _report_state(a)


def report_pdf_name(*, profile: Profile, enrollment_id: int) -> str:
    """The storage name of the latest report's PDF; 404 "No report yet." before one exists."""
    with _owned(profile, enrollment_id) as (_enrollment, a):
        last = _current(a).reports.first()
        if last is None or not last.pdf:
            raise not_found(_("No report yet."))
        return last.pdf


def video_views(*, profile: Profile, enrollment_id: int) -> LearnerVideoState:
    """``VideoViewsOut``: whether the learner's proctoring video of this test is stored or was
    deleted (when and why), and who viewed it (issue 24, item 4:
    ``proctoring.learner_video_state``)."""
    from sitting.proctoring import learner_video_state

    with _owned(profile, enrollment_id) as (enrollment, a):
        return learner_video_state(a, organization_id=enrollment.organization_id)
