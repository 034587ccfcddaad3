"""Test-taking endpoints for learners (issue 7; spec routes /take-test/preparation/:id and
/take-test/:id, where the id is the learner's enrollment id of the assignment), at
/api/v1/take-test/{id}: preparation info, surroundings video, start, the attempt with saved
answers, answer saves, integrity events, submit and result. Writes carry the device token that
start returned (``X-Device-Token`` header), so two tabs never race."""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tenants.utils import schema_context
from ninja import File, Router, Schema
from ninja.files import UploadedFile

from accounts.models import Enrollment
from assignments import taking
from assignments.models import Assignment, Attempt, AttemptAnswer
from config.auth import require_learner
from config.envelope import Envelope, ok
from config.errors import not_found
from config.fields import Choice, ColumnInt, ColumnText, DateTimeIn, Id, Json
from marketplace.models import Transaction

router = Router(tags=["test taking"])


@contextlib.contextmanager
def _assignment(request: HttpRequest, enrollment_id: Id):
    """The caller's assignment behind ``enrollment_id``, inside its organization's schema."""
    profile = require_learner(request)
    enrollment = (
        Enrollment.objects.select_related("organization")
        .filter(pk=enrollment_id, profile=profile, kind=Enrollment.Kind.TEST, is_active=True)
        .first()
    )
    if enrollment is None:
        raise not_found(_("Assignment not found."))
    with schema_context(enrollment.organization.schema_name):
        assignment = (
            Assignment.objects.select_related("preset", "batch").filter(pk=enrollment.object_id).first()
        )
        if assignment is None or assignment.status == Assignment.Status.REVOKED:
            raise not_found(_("Assignment not found."))
        yield enrollment, assignment


def _token(request: HttpRequest) -> str:
    return request.headers.get("X-Device-Token", "")


class PrepOut(Schema):
    enrollment_id: int
    test_name: str
    organization: str
    duration_minutes: int | None
    question_count: int
    time_limit_minutes: float
    camera_proctoring: bool
    allow_no_camera: bool
    video_uploaded: bool
    video_seconds: int
    video_tolerance_seconds: int
    video_max_bytes: int
    window_starts_at: datetime | None
    window_expires_at: datetime | None
    can_start_now: bool
    status: str
    attempts_allowed: int
    attempts_used: int
    attempt_status: str | None
    tab_switches_allowed: int
    requires_payment: bool
    purchase_cost: int
    server_now: datetime


@router.get("{enrollment_id}", response=Envelope[PrepOut])
def preparation(request: HttpRequest, enrollment_id: Id):
    """What the preparation page shows: the test, its window (UTC) and time limit in minutes for
    this learner (an accommodation's extra time included, as start enforces it), camera rules,
    the video limits, whether it can start now, attempts, and the server's clock."""
    with _assignment(request, enrollment_id) as (enrollment, a):
        opens, closes, minutes = taking.learner_window(a)
        now = timezone.now()
        last = a.attempts.order_by("-number").first()
        return ok(
            {
                "enrollment_id": enrollment.pk,
                "test_name": a.preset.name,
                "organization": enrollment.organization.shown_name,
                "duration_minutes": a.preset.duration_minutes,
                "time_limit_minutes": float(minutes),
                "question_count": a.preset.form.count(),
                "camera_proctoring": a.preset.camera_proctoring,
                "allow_no_camera": a.preset.allow_no_camera,
                "video_uploaded": bool(a.prep_video),
                "video_seconds": settings.PREP_VIDEO_SECONDS,
                "video_tolerance_seconds": settings.PREP_VIDEO_TOLERANCE_SECONDS,
                "video_max_bytes": settings.PREP_VIDEO_MAX_BYTES,
                "window_starts_at": opens,
                "window_expires_at": closes,
                "can_start_now": (not opens or opens <= now) and (not closes or now < closes),
                "status": a.status,
                "attempts_allowed": a.attempts_allowed,
                "attempts_used": last.number if last else 0,
                "attempt_status": last.status if last else None,
                "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
                "requires_payment": a.requires_purchase and not a.paid_at,
                "purchase_cost": a.purchase_cost,
                "server_now": now,
            }
        )


@router.post("{enrollment_id}/video", response=Envelope[dict])
def prep_video(request: HttpRequest, enrollment_id: Id, file: UploadedFile = File(...)):  # noqa: B008
    """Upload the surroundings video (multipart ``file``): WebM or MP4 by content, 30 s +/- the
    tolerance, at most the size limit; 400 ``unsupported_video`` with the reason otherwise."""
    from assignments.video import video_check_and_store

    with _assignment(request, enrollment_id) as (enrollment, a):
        path = video_check_and_store(
            file, schema_name=enrollment.organization.schema_name, assignment_id=a.pk
        )
        a.prep_video = path
        a.save(update_fields=["prep_video", "updated_at"])
    return ok({"video_uploaded": True}, _("Video saved."))


class AssignmentPayIn(Schema):
    idempotency_key: ColumnText(Transaction, "idempotency_key") = ""
    method: Choice = ""


class AssignmentPayOut(Schema):
    transaction_id: int
    status: str
    amount: int
    payment_id: str


@router.post("{enrollment_id}/pay", response=Envelope[AssignmentPayOut])
def assignment_pay(request: HttpRequest, enrollment_id: Id, payload: AssignmentPayIn):
    """Pay the purchase cost (VND) of a test assigned with "requires purchase"; idempotent
    (see ``marketplace.purchases.assignment_pay``). 409 ``nothing_to_pay``, 402
    ``payment_declined``."""
    from marketplace.purchases import assignment_pay as pay

    with _assignment(request, enrollment_id) as (enrollment, a):
        schema_name, assignment_id = enrollment.organization.schema_name, a.pk
    tx = pay(
        profile=request.auth,
        schema_name=schema_name,
        assignment_id=assignment_id,
        idempotency_key=payload.idempotency_key,
        method=payload.method,
    )
    return ok(
        {"transaction_id": tx.pk, "status": tx.status, "amount": tx.amount, "payment_id": tx.payment_id},
        _("Payment received."),
    )


class StartIn(Schema):
    no_camera: bool = False


class StartOut(Schema):
    attempt_id: int
    device_token: str
    deadline_at: datetime
    server_now: datetime


@router.post("{enrollment_id}/start", response=Envelope[StartOut])
def start(request: HttpRequest, enrollment_id: Id, payload: StartIn):
    """Start the attempt (or take it over from another tab or device; the older one is then
    refused). Errors: 409 ``outside_window``, ``payment_required``, ``already_submitted``,
    ``camera_required``."""
    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt, token = taking.attempt_start(assignment_id=a.pk, no_camera=payload.no_camera)
        return ok(
            {
                "attempt_id": attempt.pk,
                "device_token": token,
                "deadline_at": attempt.deadline_at,
                "server_now": timezone.now(),
            }
        )


def _question(q, order: list[str] | None, points: str) -> dict[str, Any]:
    options = {o["id"]: o for o in q.content.get("options", [])}
    ids = order or list(options)
    return {
        "id": q.pk,
        "type": q.type,
        "stem": q.content.get("stem", {}),
        "options": [options[i] for i in ids if i in options],
        "points": float(points),
    }


class AttemptOut(Schema):
    attempt_id: int
    status: str
    deadline_at: datetime
    server_now: datetime
    grace_seconds: int
    tab_switches: int
    tab_switches_allowed: int
    voided: bool
    test_name: str
    questions: list[dict[str, Any]]
    answers: list[dict[str, Any]]


@router.get("{enrollment_id}/attempt", response=Envelope[AttemptOut])
def attempt_get(request: HttpRequest, enrollment_id: Id):
    """The current attempt: questions in order (no answer keys), every saved answer with its
    ``seq`` and flag, the deadline and the server's clock (for the SPA's timer). 404 before
    start."""
    from assessments.models import Question

    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt = a.attempts.order_by("-number").first()
        if attempt is None:
            raise not_found(_("This test has not been started."))
        questions = {
            q.pk: q
            for q in Question.objects.filter(pk__in=attempt.question_ids).only("id", "type", "content")
        }
        answers = list(attempt.answers.values("question_id", "answer", "flagged", "seq"))
        return ok(
            {
                "attempt_id": attempt.pk,
                "status": attempt.status,
                "deadline_at": attempt.deadline_at,
                "server_now": timezone.now(),
                "grace_seconds": settings.ANSWER_GRACE_SECONDS,
                "tab_switches": attempt.tab_switches,
                "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
                "voided": attempt.voided,
                "test_name": a.preset.name,
                "questions": [
                    _question(
                        questions[qid], attempt.option_orders.get(str(qid)), attempt.points.get(str(qid), "1")
                    )
                    for qid in attempt.question_ids
                ],
                "answers": answers,
            }
        )


ANSWER_JSON_MAX = 50_000
"""One answer as compact JSON: an essay of 20,000 characters (``taking._valid_answer``, which
refuses longer ones itself) with room for escaped quotes and line breaks."""


class AnswerIn(Schema):
    answer: Json(Any, ANSWER_JSON_MAX) = None
    flagged: bool = False
    seq: ColumnInt(AttemptAnswer, "seq")


class AnswerOut(Schema):
    question_id: int
    seq: int
    applied: bool
    saved_at: datetime


@router.put("{enrollment_id}/answers/{question_id}", response=Envelope[AnswerOut])
def answer_put(request: HttpRequest, enrollment_id: Id, question_id: Id, payload: AnswerIn):
    """Save one answer (idempotent; ordered by ``seq``; see ``taking.answer_save``). The hot path
    of a sitting: the enrollment (with its organization), the attempt, and one upsert; the
    question's type and options come from the cache."""
    profile = require_learner(request)
    found = (
        Enrollment.objects.filter(
            pk=enrollment_id, profile=profile, kind=Enrollment.Kind.TEST, is_active=True
        )
        .values_list("object_id", "organization__schema_name")
        .first()
    )
    if found is None:
        raise not_found(_("Assignment not found."))
    assignment_id, schema_name = found
    with schema_context(schema_name):
        return ok(
            taking.answer_save(
                assignment_id=assignment_id,
                device_token=_token(request),
                question_id=question_id,
                answer=payload.answer,
                flagged=payload.flagged,
                seq=payload.seq,
            )
        )


class EventIn(Schema):
    kind: Choice
    occurred_at: DateTimeIn | None = None


class IntegrityCountOut(Schema):
    tab_switches: int
    tab_switches_allowed: int
    voided: bool


def _current(a: Assignment) -> Attempt:
    attempt = a.attempts.order_by("-number").first()
    if attempt is None:
        raise not_found(_("This test has not been started."))
    return attempt


@router.post("{enrollment_id}/events", response=Envelope[IntegrityCountOut])
def event_post(request: HttpRequest, enrollment_id: Id, payload: EventIn):
    """Report a tab switch (``tab_hidden``), window blur (``blur``) or a blocked ``copy``,
    ``paste`` or ``context_menu``; the sixth switch voids the result and submits."""
    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt = taking.event_record(
            attempt_id=_current(a).pk,
            device_token=_token(request),
            kind=payload.kind,
            occurred_at=payload.occurred_at,
        )
        return ok(
            {
                "tab_switches": attempt.tab_switches,
                "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
                "voided": attempt.voided,
            }
        )


class SubmitOut(Schema):
    status: str
    submitted_at: datetime | None
    result: str
    released: bool


@router.post("{enrollment_id}/submit", response=Envelope[SubmitOut])
def submit(request: HttpRequest, enrollment_id: Id):
    """Submit the attempt (confirm in the SPA first)."""
    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt = taking.attempt_submit(attempt_id=_current(a).pk, device_token=_token(request))
        return ok(
            {
                "status": attempt.status,
                "submitted_at": attempt.submitted_at,
                "result": attempt.result,
                "released": attempt.released_at is not None,
            },
            _("Your test has been submitted."),
        )


class ResultOut(Schema):
    status: str
    released: bool
    result: str | None
    score: float | None
    max_score: float | None
    passing_score: float | None
    voided: bool
    message: str
    submitted_at: datetime | None
    tab_switches: int
    answers: list[dict[str, Any]]
    breakdown: dict[str, list[dict[str, Any]]]
    advanced_report: bool


@router.get("{enrollment_id}/result", response=Envelope[ResultOut])
def result(request: HttpRequest, enrollment_id: Id):
    """The learner's result once released: score, pass or fail, the round's passed/failed
    message, and each answer against the key; before release only the status."""
    from assessments.models import Question
    from assignments.reports import breakdown

    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt = _current(a)
        released = attempt.released_at is not None
        body: dict[str, Any] = {
            "status": attempt.status,
            "released": released,
            "result": None,
            "score": None,
            "max_score": None,
            "passing_score": float(a.preset.passing_score) if a.preset.passing_score is not None else None,
            "voided": attempt.voided,
            "message": "",
            "submitted_at": attempt.submitted_at,
            "tab_switches": attempt.tab_switches,
            "answers": [],
            "breakdown": {},
            "advanced_report": a.advanced_report,
        }
        if released:
            english = translation.get_language() == "en"
            rnd = a.preset.round
            message = ""
            if rnd is not None:
                if attempt.result == Attempt.Result.PASSED:
                    message = (
                        rnd.passed_message_en if english else rnd.passed_message_vi
                    ) or rnd.passed_message_vi
                else:
                    message = (
                        rnd.failed_message_en if english else rnd.failed_message_vi
                    ) or rnd.failed_message_vi
            questions = {
                q.pk: q
                for q in Question.objects.select_related("subject").filter(pk__in=attempt.question_ids)
            }
            answers = {x.question_id: x for x in attempt.answers.all()}
            body.update(
                result=attempt.result,
                breakdown=breakdown(attempt, list(questions.values())),
                score=float(attempt.score or 0),
                max_score=float(attempt.max_score),
                message=message,
                answers=[
                    {
                        "question": _question(
                            questions[qid],
                            attempt.option_orders.get(str(qid)),
                            attempt.points.get(str(qid), "1"),
                        ),
                        "answer": answers[qid].answer if qid in answers else None,
                        "score": float(answers[qid].score)
                        if qid in answers and answers[qid].score is not None
                        else None,
                        "comment": answers[qid].comment if qid in answers else "",
                        "key": questions[qid].answer_key if questions[qid].type != "essay" else {},
                        "explanation": questions[qid].content.get("explanation", {}),
                    }
                    for qid in attempt.question_ids
                ],
            )
        return ok(body)


class ReportOut(Schema):
    available: bool
    reason: str
    report: dict[str, Any] | None
    generated_at: datetime | None
    next_generation_at: datetime | None
    wait_minutes: int
    server_now: datetime


def _report_state(a: Assignment) -> dict[str, Any]:
    from assignments.reports import availability, next_generation_at

    attempt = a.attempts.order_by("-number").first()
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


@router.get("{enrollment_id}/report", response=Envelope[ReportOut])
def report_get(request: HttpRequest, enrollment_id: Id):
    """The advanced report (bought with the test + advanced report add-on): whether it can be
    generated (``reason``: report_not_purchased, test_not_ended, result_not_released), the latest
    report and when the next may be generated (the preset's wait period; spec section 5)."""
    with _assignment(request, enrollment_id) as (_enrollment, a):
        return ok(_report_state(a))


@router.post("{enrollment_id}/report", response=Envelope[ReportOut])
def report_post(request: HttpRequest, enrollment_id: Id):
    """Generate a new advanced report: 409 with the availability reason, or ``report_wait`` with
    ``retry_at`` during the wait period."""
    from assignments.reports import report_generate

    with _assignment(request, enrollment_id) as (_enrollment, a):
        report_generate(assignment=a, attempt=_current(a), learner_name=request.auth.user.name_or_email)
        return ok(_report_state(a), _("Report generated."))


@router.get("{enrollment_id}/report/pdf")
def report_pdf(request: HttpRequest, enrollment_id: Id):
    """The latest report as a PDF download (404 before one is generated)."""
    from django.core.files.storage import default_storage
    from django.http import FileResponse

    with _assignment(request, enrollment_id) as (_enrollment, a):
        attempt = _current(a)
        last = attempt.reports.first()
        if last is None or not last.pdf:
            raise not_found(_("No report yet."))
        return FileResponse(
            default_storage.open(last.pdf, "rb"),
            as_attachment=True,
            filename=f"advanced-report-{enrollment_id}.pdf",
            content_type="application/pdf",
        )
