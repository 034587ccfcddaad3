"""Test-taking endpoints for learners (issue 7; spec routes /take-test/preparation/:id and
/take-test/:id, where the id is the learner's enrollment id of the assignment), at
/api/v1/take-test/{id}: preparation info, surroundings video, start, the attempt with saved
answers, answer saves, integrity events, submit and result. Writes carry the device token that
start returned (``X-Device-Token`` header), so two tabs never race.

Thin (issue 17, items 3 and 5): each endpoint calls ``sitting.services``, which opens the
enrollment's organization for its owner (404 for anyone else's), and returns a schema of
``assignments.schemas``."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import File, Query, Router
from ninja.files import UploadedFile

from accounts.auth import EducatorSessionAuth, LearnerSessionAuth
from config.client import client_address
from config.envelope import Envelope, Page, ok
from config.fields import Id
from config.requests import ProfileRequest
from consent.gate import ConsentedLearnerAuth
from privacy.access import private_file
from privacy.models import AccessLogEntry
from privacy.schemas import VideoViewsOut
from sitting import backup, selectors, services
from sitting.schemas import (
    AnswerIn,
    AnswerOut,
    AssignmentPayIn,
    AssignmentPayOut,
    AttemptOut,
    BackupAnswersOut,
    CameraConsentOut,
    EventIn,
    IntegrityCountOut,
    MyAssignmentOut,
    MyListQuery,
    PrepOut,
    ReportOut,
    ResultOut,
    StartIn,
    StartOut,
    SubmitOut,
    VideoOut,
)

router = Router(tags=["test taking"], auth=LearnerSessionAuth())


def _token(request: HttpRequest) -> str:
    return request.headers.get("X-Device-Token", "")


@router.get("{enrollment_id}", response=Envelope[PrepOut])
def preparation(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """What the preparation page shows: the test, its window (UTC) and time limit in minutes for
    this learner (an accommodation's extra time included, as start enforces it), camera rules,
    the video limits, whether it can start now and the next action, attempts, and the server's
    clock."""
    return ok(services.preparation(profile=request.auth, enrollment_id=enrollment_id))


@router.post("{enrollment_id}/camera-consent", response=Envelope[CameraConsentOut])
def camera_consent(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """The learner consents to camera proctoring of this test at preparation (issue 24, item 2;
    decision 0023): the time and the request's address are kept on the assignment, and the
    surroundings video is refused until then. No body. Idempotent (the first consent is kept).
    409 ``camera_not_used`` for a test without camera proctoring."""
    at = services.camera_consent(
        profile=request.auth, enrollment_id=enrollment_id, ip=client_address(request)
    )
    return ok({"camera_consented_at": at}, _("Consent recorded."))


@router.post("{enrollment_id}/video", response=Envelope[VideoOut], auth=ConsentedLearnerAuth())
def prep_video(request: ProfileRequest, enrollment_id: Id, file: File[UploadedFile]) -> dict[str, Any]:
    """Upload the surroundings video (multipart ``file``) once the learner has consented to
    camera proctoring (409 ``camera_consent_required``): WebM or MP4 by content, 30 s +/- the
    tolerance, at most the size limit; 400 ``unsupported_video`` with the reason otherwise."""
    services.prep_video_save(profile=request.auth, enrollment_id=enrollment_id, file=file)
    return ok({"video_uploaded": True}, _("Video saved."))


@router.post("{enrollment_id}/pay", response=Envelope[AssignmentPayOut], auth=ConsentedLearnerAuth())
def assignment_pay(request: ProfileRequest, enrollment_id: Id, payload: AssignmentPayIn) -> dict[str, Any]:
    """Pay the purchase cost (VND) of a test assigned with "requires purchase"; idempotent
    (see ``marketplace.purchases.assignment_pay``). 409 ``nothing_to_pay``, 402
    ``payment_declined``."""
    tx = services.assignment_pay(
        profile=request.auth,
        enrollment_id=enrollment_id,
        idempotency_key=payload.idempotency_key,
        method=payload.method,
    )
    return ok(
        {"transaction_id": tx.pk, "status": tx.status, "amount": tx.amount, "payment_id": tx.payment_id},
        _("Payment received."),
    )


@router.post("{enrollment_id}/start", response=Envelope[StartOut], auth=ConsentedLearnerAuth())
def start(request: ProfileRequest, enrollment_id: Id, payload: StartIn) -> dict[str, Any]:
    """Start the attempt (or take it over from another tab or device; the older one is then
    refused). Errors: 409 ``outside_window``, ``payment_required``, ``already_submitted``,
    ``camera_required``, ``camera_consent_required``."""
    return ok(
        services.attempt_start(profile=request.auth, enrollment_id=enrollment_id, no_camera=payload.no_camera)
    )


@router.get("{enrollment_id}/attempt", response=Envelope[AttemptOut])
def attempt_get(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """The current attempt: questions in order (no answer keys), every saved answer with its
    ``seq`` and flag, the deadline and the server's clock (for the SPA's timer). 404 before
    start."""
    return ok(services.attempt_view(profile=request.auth, enrollment_id=enrollment_id))


# Its description is in the OpenAPI document, which decision 0039 left as it was: the lean route
# it names is now ``sitting.middleware``.
@router.put("{enrollment_id}/answers/{question_id}", response=Envelope[AnswerOut])
def answer_put(
    request: ProfileRequest, enrollment_id: Id, question_id: Id, payload: AnswerIn
) -> dict[str, Any]:
    """Save one answer (idempotent; ordered by ``seq``; see ``taking.answer_save``). ``typed_at``
    (the device's clock) and ``clock_offset_ms`` (the offset the test page measured): after the
    deadline and its 20 s, an answer typed by the deadline still counts within the test's offline
    grace (issue 38, item 3; 409 ``deadline_passed`` otherwise). The hot path
    of a sitting: one statement checks the enrollment, locks the attempt and upserts the answer;
    the question's type and options come from the cache. A save this process can confirm is
    answered before this view (``assignments.middleware``, decision 0036); this view answers the
    others, after the session's full check (401 when it has ended)."""
    return ok(
        services.answer_save(
            profile=request.auth,
            enrollment_id=enrollment_id,
            device_token=_token(request),
            question_id=question_id,
            answer=payload.answer_value(),
            flagged=payload.flagged,
            seq=payload.seq,
            typed_at=payload.typed_at,
            clock_offset_ms=payload.clock_offset_ms,
            found=getattr(request, services.SAVE_FOUND, None),
        )
    )


@router.post("{enrollment_id}/events", response=Envelope[IntegrityCountOut])
def event_post(request: ProfileRequest, enrollment_id: Id, payload: EventIn) -> dict[str, Any]:
    """Report a tab switch (``tab_hidden``), window blur (``blur``) or a blocked ``copy``,
    ``paste`` or ``context_menu``; the sixth switch voids the result and submits."""
    return ok(
        services.event_record(
            profile=request.auth,
            enrollment_id=enrollment_id,
            device_token=_token(request),
            kind=payload.kind,
            occurred_at=payload.occurred_at,
            clock_offset_ms=payload.clock_offset_ms,
        )
    )


@router.post("{enrollment_id}/submit", response=Envelope[SubmitOut])
def submit(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """Submit the attempt (confirm in the SPA first)."""
    return ok(
        services.attempt_submit(
            profile=request.auth, enrollment_id=enrollment_id, device_token=_token(request)
        ),
        _("Your test has been submitted."),
    )


@router.get("{enrollment_id}/result", response=Envelope[ResultOut])
def result(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """The learner's result once released: score, pass or fail, the round's passed/failed
    message (the reader's language, else the other one), and each answer against the key;
    before release only the status."""
    return ok(services.result_view(profile=request.auth, enrollment_id=enrollment_id))


@router.get("{enrollment_id}/report", response=Envelope[ReportOut])
def report_get(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """The advanced report (bought with the test + advanced report add-on): whether it can be
    generated (``reason``: report_not_purchased, test_not_ended, result_not_released), the latest
    report and when the next may be generated (the preset's wait period; spec section 5)."""
    return ok(services.report_state(profile=request.auth, enrollment_id=enrollment_id))


@router.post("{enrollment_id}/report", response=Envelope[ReportOut], auth=ConsentedLearnerAuth())
def report_post(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """Generate a new advanced report: 409 with the availability reason, or ``report_wait`` with
    ``retry_at`` during the wait period."""
    return ok(
        services.report_generate(profile=request.auth, enrollment_id=enrollment_id),
        _("Report generated."),
    )


@router.get("{enrollment_id}/report/pdf")
@private_file(AccessLogEntry.Kind.TEST_REPORT_PDF)
def report_pdf(request: ProfileRequest, enrollment_id: Id) -> FileResponse:
    """The latest report as a PDF download (404 before one is generated). The learner's own file:
    marked for the access log, which records educators' and admins' access only (issue 24)."""
    name = services.report_pdf_name(profile=request.auth, enrollment_id=enrollment_id)
    return FileResponse(
        default_storage.open(name, "rb"),
        as_attachment=True,
        filename=f"advanced-report-{enrollment_id}.pdf",
        content_type="application/pdf",
    )


@router.get("{enrollment_id}/video-views", response=Envelope[VideoViewsOut])
def video_views(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """The learner's proctoring video of this test: ``video`` none, stored or deleted (with
    ``deleted_at`` and ``deleted_reason``), and who viewed it, newest first (``views``: name, role,
    time; issue 24, item 4). 404 for anyone else's enrollment."""
    return ok(services.video_views(profile=request.auth, enrollment_id=enrollment_id))


# --- the learner's list (/assignment/student) -------------------------------------------------
# /api/v1/assignment-users/: its operations keep the ids they had in ``assignments.api`` before
# decision 0039 (the SPA's types name them).

learner_router = Router(tags=["assignments"], auth=LearnerSessionAuth())


@learner_router.get(
    "my-list", response=Envelope[Page[MyAssignmentOut]], operation_id="assignments_api_my_list"
)
def my_list(request: ProfileRequest, query: Query[MyListQuery]) -> dict[str, Any]:
    """GET /api/v1/assignment-users/my-list: the current learner's assignments across
    organizations (purchased or assigned), newest first; ``order_by`` created_at, name;
    ``search``; ``status``. Three queries whatever the number of organizations."""
    items, meta = selectors.my_assignments(profile=request.auth, **query.dict())
    return ok({"items": items, **meta})


@learner_router.get(
    "{enrollment_id}", response=Envelope[MyAssignmentOut], operation_id="assignments_api_my_detail"
)
def my_detail(request: ProfileRequest, enrollment_id: Id) -> dict[str, Any]:
    """One of the current learner's assignments by its enrollment id (404 for anyone else's)."""
    return ok(selectors.my_assignment(profile=request.auth, enrollment_id=enrollment_id))


# --- backup answers: the invigilator's upload on the batch page (issue 38, item 3) ----------------
# /api/v1/batches/{batch_id}/backup-answers: educators of the batch's organization (another
# organization's batch answers 404). The rules are in ``sitting.backup`` (decision 0046).

invigilator_router = Router(tags=["test taking"], auth=EducatorSessionAuth())


@invigilator_router.post("batches/{batch_id}/backup-answers/preview", response=Envelope[BackupAnswersOut])
def backup_preview(request: ProfileRequest, batch_id: Id, file: File[UploadedFile]) -> dict[str, Any]:
    """Check a backup answers file ("Bài làm dự phòng", multipart ``file``) a learner's test page
    saved when its network was down, and show what it would change, answer by answer
    (``applied`` false); nothing is written. Errors, each with its message in the reader's
    language: 413 ``backup_too_large``, 400 ``backup_invalid`` (not such a file), 404 (another
    organization's batch), 409 ``backup_other_attempt`` (a file of another attempt), 400
    ``backup_edited`` (changed after it was saved), 409 ``backup_replayed`` (uploaded before), 409
    ``backup_consent_withdrawn`` (a withdrawal of consent ended the test: issue 37, item 6)."""
    checked = backup.backup_check(batch_id=batch_id, upload=file)
    return ok(backup.answers_out(checked, applied=False))


@invigilator_router.post("batches/{batch_id}/backup-answers", response=Envelope[BackupAnswersOut])
def backup_apply(request: ProfileRequest, batch_id: Id, file: File[UploadedFile]) -> dict[str, Any]:
    """Apply a backup answers file after the preview was confirmed: in one transaction the
    answers typed by the deadline and newer than the stored ones are written, the upload is
    recorded (who, when, what changed) and the attempt is ended as a submit ends it (submitted
    with the reason ``backup`` and scored, or, already submitted, scored again). Errors as for
    the preview."""
    checked = backup.backup_apply(batch_id=batch_id, upload=file, educator=request.auth)
    out = backup.answers_out(checked, applied=True)
    return ok(
        out,
        ngettext(
            "Backup applied: %(n)d answer changed.", "Backup applied: %(n)d answers changed.", out["changed"]
        )
        % {"n": out["changed"]},
    )
