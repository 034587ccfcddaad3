"""Personal data requests: writes (issue 24, item 5; docs/decisions/0022-personal-data-requests.md).

Deletion: ``schedule_account_deletion`` opens a request that waits ``grace_days()`` (7 by
default, ``DATA_DELETION_GRACE_DAYS``); ``cancel_account_deletion`` withdraws it in time; the
daily ``data_requests.tasks.deletions_run`` calls ``account_deletions_run``, which performs the
due ones (``data_requests.erasure``). Export: ``export_request`` queues a copy of the person's
data (``data_requests.export``), kept ``export_keep_days()`` days.

Every service takes keyword arguments; refusals are ``ApplicationError`` with a code from
``data_requests.error_codes`` and a localized message.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import FileResponse, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import throttling
from accounts.models import Profile, User
from config.dates import format_date, vietnam_day
from config.dates import today as vietnam_today
from config.errors import ApplicationError, FieldErrors, not_found
from config.i18n import in_language, pick, reader_language
from config.jobs import PURGE_BATCH
from config.priority import run_at_idle_priority
from data_requests.deadlines import REMINDER_DAYS, answer_due_on
from data_requests.error_codes import DataRequestErrorCode as Code
from data_requests.models import DataRequest
from outbox.services import enqueue

logger = logging.getLogger(__name__)

RequestedBy = DataRequest.RequestedBy

# Who may withdraw a scheduled deletion, by who asked for it (decision 0022): the owner withdraws
# their own request; a parent's request or a withdrawn consent is withdrawn by the parent (the
# consent link), never by the child alone; the SuperAdmin may withdraw any.
CANCELLABLE_BY: dict[str, set[str]] = {
    RequestedBy.LEARNER: {RequestedBy.LEARNER, RequestedBy.PARENT, RequestedBy.ADMIN},
    RequestedBy.PARENT: {RequestedBy.PARENT, RequestedBy.ADMIN},
    RequestedBy.CONSENT_WITHDRAWN: {RequestedBy.PARENT, RequestedBy.CONSENT_WITHDRAWN, RequestedBy.ADMIN},
    RequestedBy.ADMIN: {RequestedBy.ADMIN},
}


def grace_days() -> int:
    """Days between a deletion request and the deletion (``DATA_DELETION_GRACE_DAYS``, 7;
    issue 24 item 5: "waits a grace period (7 days, cancellable)")."""
    return int(getattr(settings, "DATA_DELETION_GRACE_DAYS", 7))


def export_keep_days() -> int:
    """Days a finished export stays downloadable (``DATA_EXPORT_KEEP_DAYS``, 7; decision 0022)."""
    return int(getattr(settings, "DATA_EXPORT_KEEP_DAYS", 7))


def _user_language(user: User) -> str:
    return reader_language(user.preferred_language)


def _mail(kind: str, request: DataRequest) -> None:
    """Mail ``accounts.<kind>`` to the account's address, in the account's language, through the
    outbox in the caller's transaction (``outbox.services.enqueue``; sent after the commit)."""
    user = request.user
    language = _user_language(user)
    context = {
        "name": user.name_or_email,
        "due_date": format_date(request.due_at, language=language) if request.due_at else "",
        "grace_days": grace_days(),
        "requested_by": request.requested_by,
        "link": f"{settings.SITE_URL}/profile",
    }
    enqueue(f"accounts.{kind}", user.email, context, language)


def open_deletion(*, user: User) -> DataRequest | None:
    """The user's deletion request waiting for its grace period or running, if any."""
    return (
        DataRequest.objects.filter(
            user=user,
            kind=DataRequest.Kind.DELETION,
            status__in=[DataRequest.Status.SCHEDULED, DataRequest.Status.RUNNING],
        )
        .select_related("user")
        .first()
    )


def _refuse_educators(user: User) -> None:
    if Profile.objects.filter(
        user=user, pandai_profile_role=Profile.Role.EDUCATOR, status=Profile.Status.ACTIVE
    ).exists():
        raise ApplicationError(
            Code.EDUCATOR_ACCOUNT,
            _(
                "This account works for an organization as an educator. Ask the organization's "
                "admin to remove you first, then delete the account."
            ),
            status=409,
        )


@transaction.atomic
def schedule_account_deletion(*, user: User, requested_by: str, reason: str = "") -> DataRequest:
    """Schedule the deletion of ``user``'s account after the grace period (issue 24, item 5:
    "waits a grace period (7 days, cancellable), then deletes or anonymizes").

    ``requested_by`` is a ``DataRequest.RequestedBy`` value: ``learner`` (the owner, from the
    profile page, after ``account_deletion_request`` checked the password), ``parent`` (the
    parent's consent link, helper D), ``consent_withdrawn`` (a consent the processing needed was
    withdrawn, issue 24 item 1) or ``admin``. ``reason`` is a short note kept with the request
    (at most 300 characters; longer is cut).

    Returns the scheduled ``DataRequest`` (``kind`` ``deletion``, ``status`` ``scheduled``,
    ``due_at`` = now + ``grace_days()`` days). Idempotent: when a deletion is already scheduled
    the same row is returned with its ``due_at`` unchanged; a parent or a withdrawn consent takes
    over a request the learner made (``requested_by`` and ``reason`` replaced), so that the
    child alone can no longer cancel it (``CANCELLABLE_BY``). The account's owner is mailed in
    their language (``account_deletion_scheduled``) when the request is new.

    Nothing is deleted now: the daily task ``data_requests.tasks.deletions_run`` performs due
    requests (``data_requests.erasure.account_erase``). Until then the person may log in and the
    owner may cancel (``cancel_account_deletion``).

    Raises ``ValueError`` for an unknown ``requested_by`` (a programming error) and 409
    ``educator_account`` when the user holds an active educator profile (their work belongs to
    the organization: its admin removes them first).
    """
    if requested_by not in RequestedBy.values:
        raise ValueError(f"unknown requested_by {requested_by!r}")
    user = User.objects.select_for_update().get(pk=user.pk)
    existing = open_deletion(user=user)
    if existing is not None:
        if requested_by != RequestedBy.LEARNER and existing.requested_by == RequestedBy.LEARNER:
            existing.requested_by = requested_by
            existing.reason = reason[:300]
            existing.save(update_fields=["requested_by", "reason"])
        return existing
    _refuse_educators(user)
    now = timezone.now()
    try:
        with transaction.atomic():
            request = DataRequest.objects.create(
                kind=DataRequest.Kind.DELETION,
                status=DataRequest.Status.SCHEDULED,
                user=user,
                requested_by=requested_by,
                reason=reason[:300],
                language=_user_language(user),
                due_at=now + timedelta(days=grace_days()),
                answer_due_on=answer_due_on(DataRequest.Kind.DELETION, now),
            )
    except IntegrityError:  # scheduled at the same moment by another request: that one stands
        return open_deletion(user=user)  # type: ignore[return-value]
    _mail("account_deletion_scheduled", request)
    return request


@transaction.atomic
def cancel_account_deletion(*, user: User, cancelled_by: str) -> DataRequest:
    """Withdraw ``user``'s scheduled deletion before its grace period ends (issue 24, item 5:
    "cancellable"). ``cancelled_by`` is a ``RequestedBy`` value: the owner (``learner``) may
    withdraw their own request only; a request of a parent or a withdrawn consent is withdrawn
    by ``parent`` (or ``consent_withdrawn`` when the consent is given again), see
    ``CANCELLABLE_BY``. The owner is mailed in their language (``account_deletion_cancelled``).

    Returns the request, now ``cancelled``. Raises 404 ``no_deletion_scheduled`` when none is
    scheduled (also once it started running) and 403 ``deletion_not_cancellable`` when
    ``cancelled_by`` may not withdraw it.
    """
    request = (
        DataRequest.objects.select_for_update()
        .select_related("user")
        .filter(user=user, kind=DataRequest.Kind.DELETION, status=DataRequest.Status.SCHEDULED)
        .first()
    )
    if request is None:
        raise ApplicationError(
            Code.NO_DELETION_SCHEDULED, _("No deletion of this account is scheduled."), status=404
        )
    if cancelled_by not in CANCELLABLE_BY.get(request.requested_by, set()):
        raise ApplicationError(
            Code.DELETION_NOT_CANCELLABLE,
            _("This deletion was asked for by a parent or guardian: only they can cancel it."),
            status=403,
        )
    request.status = DataRequest.Status.CANCELLED
    request.cancelled_at = timezone.now()
    request.cancelled_by = cancelled_by
    request.save(update_fields=["status", "cancelled_at", "cancelled_by"])
    _mail("account_deletion_cancelled", request)
    return request


def account_deletion_request(request: HttpRequest, *, user: User, password: str) -> DataRequest:
    """POST /api/v1/data-requests/deletion: the owner asks to delete their account from the
    profile page (issue 24, item 5: "asks for the password"). The password is checked like a
    login's, under the same limits (``accounts.throttling``: failures per account and address,
    per address, per account): 400 ``validation_error`` when empty, 400 ``wrong_password`` (on
    the ``password`` field) when wrong, 429 ``login_rate_limited`` once the limit is used up.
    Then ``schedule_account_deletion(requested_by="learner")``."""
    if not password:
        errors = FieldErrors()
        errors.add("password", _("Required"))
        errors.raise_if_any()
    throttling.login_attempt(request, user.email)
    if not user.check_password(password):
        throttling.login_failed(request, user.email)
        message = _("The password is not correct.")
        raise ApplicationError(Code.WRONG_PASSWORD, message, status=400, errors={"password": [message]})
    return schedule_account_deletion(user=user, requested_by=RequestedBy.LEARNER, reason="")


# --- export ("Download my data") ---------------------------------------------------------------


def export_request(*, user: User, requested_by: str = RequestedBy.LEARNER) -> DataRequest:
    """POST /api/v1/data-requests/export: queue a copy of ``user``'s data (issue 24, item 5:
    "Download my data" builds, in a task with progress, a zip ...). Returns the export request,
    ``queued``; when one is already queued or running that one is returned (one at a time per
    person). The huey task ``data_requests.tasks.export_run`` writes it after the commit, in the
    language of this request. Works for any profile of the user (learner or educator): the copy
    is of the person. ``requested_by`` ``parent`` when the parent's consent link asks for their
    child's copy (the link's page then streams it with ``export_download(user=child, ...)``)."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        running = DataRequest.objects.filter(
            user=user,
            kind=DataRequest.Kind.EXPORT,
            status__in=[DataRequest.Status.QUEUED, DataRequest.Status.RUNNING],
        ).first()
        if running is not None:
            return running
        request = DataRequest.objects.create(
            kind=DataRequest.Kind.EXPORT,
            status=DataRequest.Status.QUEUED,
            user=user,
            requested_by=requested_by,
            language=reader_language(),
            answer_due_on=answer_due_on(DataRequest.Kind.EXPORT, timezone.now()),
        )
        from data_requests.tasks import export_run

        transaction.on_commit(lambda: export_run(str(request.pk)))
    return request


def export_run(*, request_id: str) -> None:
    """The huey task's body: claim the QUEUED export, collect every source's parts
    (``data_requests.export.parts_for``), write the zip with ``steps_done`` counted per part
    (``steps_total`` = the parts), store it privately, then ``ready`` with ``expires_at`` =
    now + ``export_keep_days()`` days; or ``failed`` with ``export_failed`` and a localized
    message (the traceback is logged). Runs at the lowest CPU priority
    (``config.priority.run_at_idle_priority``), as the analytics exports. An export whose person
    has been deleted meanwhile is dropped."""
    from data_requests.export import export_store, parts_for
    from data_requests.sources import person_for

    claimed = DataRequest.objects.filter(
        pk=request_id, kind=DataRequest.Kind.EXPORT, status=DataRequest.Status.QUEUED
    ).update(status=DataRequest.Status.RUNNING, started_at=timezone.now())
    if not claimed:
        return
    request = DataRequest.objects.select_related("user").get(pk=request_id)

    def progress(done: int) -> None:
        DataRequest.objects.filter(pk=request.pk).update(steps_done=done)

    def work() -> tuple[str, int]:
        with in_language(request.language):
            person = person_for(request.user)
            parts = parts_for(person)
            DataRequest.objects.filter(pk=request.pk).update(steps_total=len(parts))
            return export_store(person, parts, made_at=timezone.now(), progress=progress)

    try:
        name, size = run_at_idle_priority(work)
    except Exception:
        logger.exception("data export %s failed", request.pk)
        with in_language(request.language):
            message = _("The copy of your data could not be made. Please try again.")
        DataRequest.objects.filter(pk=request.pk).update(
            status=DataRequest.Status.FAILED,
            error_code=Code.EXPORT_FAILED,
            error_message=message,
            finished_at=timezone.now(),
        )
        return
    now = timezone.now()
    kept = DataRequest.objects.filter(pk=request.pk, status=DataRequest.Status.RUNNING).update(
        status=DataRequest.Status.READY,
        file=name,
        file_size=size,
        finished_at=now,
        expires_at=now + timedelta(days=export_keep_days()),
    )
    if not kept:  # the account was deleted while the zip was written
        default_storage.delete(name)


def export_get(*, user: User, request_id: str) -> DataRequest:
    """The export ``request_id`` of ``user`` (the session's user). 404 ``not_found`` ("Copy not
    found.") for another person's, a deletion's, a malformed or an unknown id: another user
    cannot tell it exists."""
    try:
        key = uuid.UUID(str(request_id))
    except ValueError as exc:
        raise not_found(_("Copy not found.")) from exc
    request = DataRequest.objects.filter(pk=key, user=user, kind=DataRequest.Kind.EXPORT).first()
    if request is None:
        raise not_found(_("Copy not found."))
    return request


def export_download(*, user: User, request_id: str) -> FileResponse:
    """GET /api/v1/data-requests/export/{id}/download: the zip of ``user`` (the session's user,
    or the child of a parent's checked consent link), streamed from storage as
    an attachment (``du-lieu-cua-toi-<date>.zip`` / ``my-data-<date>.zip``, Vietnam date of
    its making), never cached. 404 ``not_found`` for anyone else; 409 ``export_not_ready``
    while queued or running, 409 ``export_failed`` when it failed, 410 ``export_expired``
    once purged (ask for a new copy)."""
    request = export_get(user=user, request_id=request_id)
    if request.status == DataRequest.Status.FAILED:
        raise ApplicationError(
            Code.EXPORT_FAILED, _("The copy could not be made. Ask for a new one."), status=409
        )
    if request.status == DataRequest.Status.EXPIRED or (
        request.status == DataRequest.Status.READY
        and request.expires_at
        and request.expires_at <= timezone.now()
    ):
        raise ApplicationError(
            Code.EXPORT_EXPIRED, _("This copy has expired. Ask for a new one."), status=410
        )
    if request.status != DataRequest.Status.READY or not request.file:
        raise ApplicationError(Code.EXPORT_NOT_READY, _("The copy is not ready yet."), status=409)
    day = vietnam_day(request.finished_at or request.created_at).isoformat()
    file_name = pick(f"du-lieu-cua-toi-{day}.zip", f"my-data-{day}.zip")
    response = FileResponse(
        default_storage.open(request.file, "rb"),
        as_attachment=True,
        filename=file_name,
        content_type="application/zip",
    )
    response["Cache-Control"] = "no-store"
    return response


def exports_expire() -> int:
    """Delete the zips whose ``expires_at`` has passed (``export_keep_days()`` after they were
    made) and mark their requests ``expired``.
    Returns the number of zips deleted. Called hourly (``data_requests.tasks.exports_expire``)."""
    now = timezone.now()
    due = list(
        DataRequest.objects.filter(
            kind=DataRequest.Kind.EXPORT, status=DataRequest.Status.READY, expires_at__lte=now
        ).values_list("pk", "file")[:PURGE_BATCH]
    )
    for _pk, name in due:
        if name:
            default_storage.delete(name)
    DataRequest.objects.filter(pk__in=[pk for pk, _name in due]).update(
        status=DataRequest.Status.EXPIRED, file=""
    )
    return len(due)


def export_stale_seconds() -> int:
    """Seconds after which a queued or running copy is taken to be lost
    (``DATA_EXPORT_STALE_SECONDS``, 900; issue 21 item 4, decision 0025)."""
    return int(getattr(settings, "DATA_EXPORT_STALE_SECONDS", 900))


def export_give_up_seconds() -> int:
    """Seconds after its request by which a copy that keeps losing its consumer is failed rather
    than queued again (``DATA_EXPORT_GIVE_UP_SECONDS``, 3600; issue 38, item 2: every job the SPA
    polls ends within a bound)."""
    return int(getattr(settings, "DATA_EXPORT_GIVE_UP_SECONDS", 3600))


def exports_recover(*, now=None) -> int:
    """Queue again the exports whose task was lost: ``running`` since before now -
    ``export_stale_seconds()`` (its consumer died while writing the zip: huey takes a task off
    the queue before running it, so nothing else would ever finish it, and ``export_request``
    would hand the stuck request to every later "Download my data"), or ``queued`` since before
    then (the consumer died between taking the task and claiming the request). Each goes back
    to ``queued`` with its progress reset and a new ``export_run`` task (a duplicate task of a
    request still queued finds nothing to claim and returns; a run still alive after all
    finishes, and the one that finds the request no longer ``running`` deletes its zip). A copy
    asked for more than ``export_give_up_seconds()`` ago (its consumer keeps dying: a copy too
    large for it) ends ``failed`` instead, with ``export_failed`` and "The copy of your data could
    not be made. Please try again." in its language, so the page's polling stops (issue 38, item
    2). Returns how many were queued again or failed. Called every minute
    (``data_requests.tasks.exports_recover``; issue 21, item 4: the consumer SIGKILLed during
    an export)."""
    from django.db.models import Q

    from data_requests.tasks import export_run as task

    now = now or timezone.now()
    cutoff = now - timedelta(seconds=export_stale_seconds())
    stale = list(
        DataRequest.objects.filter(kind=DataRequest.Kind.EXPORT)
        .filter(Q(status="running", started_at__lt=cutoff) | Q(status="queued", created_at__lt=cutoff))
        .values_list("pk", "created_at", "language")[:PURGE_BATCH]
    )
    requeued = 0
    give_up = now - timedelta(seconds=export_give_up_seconds())
    for pk, created_at, language in stale:
        lost = DataRequest.objects.filter(pk=pk, status__in=["running", "queued"])
        if created_at < give_up:
            with in_language(language):
                message = _("The copy of your data could not be made. Please try again.")
            if lost.update(
                status=DataRequest.Status.FAILED,
                error_code=Code.EXPORT_FAILED,
                error_message=message,
                finished_at=now,
            ):
                logger.warning("data export %s lost by its consumer again and again: failed", pk)
                requeued += 1
            continue
        reset = lost.update(status=DataRequest.Status.QUEUED, steps_done=0, started_at=None)
        if reset:
            logger.warning("data export %s lost by its consumer: queued again", pk)
            task(str(pk))
            requeued += 1
    return requeued


# --- deletion run --------------------------------------------------------------------------------


def account_deletions_run(*, now=None) -> int:
    """Perform every deletion whose grace period has ended (``due_at`` <= now): claimed one by one
    (``scheduled`` -> ``running``, so two workers never run the same), then
    ``data_requests.erasure.account_erase``; ``done`` with its summary, or back to ``scheduled``
    with ``error_code`` ``deletion_failed`` for the next run (the traceback is logged). Returns the
    number performed. Called hourly by ``data_requests.tasks.deletions_run``."""
    from data_requests.erasure import account_erase

    now = now or timezone.now()
    done = 0
    due = DataRequest.objects.filter(
        kind=DataRequest.Kind.DELETION, status=DataRequest.Status.SCHEDULED, due_at__lte=now
    ).order_by("due_at")
    for pk in list(due.values_list("pk", flat=True)[:PURGE_BATCH]):
        claimed = DataRequest.objects.filter(pk=pk, status=DataRequest.Status.SCHEDULED).update(
            status=DataRequest.Status.RUNNING, started_at=timezone.now()
        )
        if not claimed:
            continue
        request = DataRequest.objects.get(pk=pk)
        try:
            summary = account_erase(request=request)
        except Exception:
            logger.exception("account deletion %s failed", pk)
            DataRequest.objects.filter(pk=pk).update(
                status=DataRequest.Status.SCHEDULED, error_code=Code.DELETION_FAILED
            )
            continue
        DataRequest.objects.filter(pk=pk).update(
            status=DataRequest.Status.DONE, summary=summary, error_code="", finished_at=timezone.now()
        )
        done += 1
    return done


# --- corrections and the deadlines (issue 37, item 8; decision 0050) ------------------------------

OPEN_STATUSES = (
    DataRequest.Status.QUEUED,
    DataRequest.Status.RUNNING,
    DataRequest.Status.SCHEDULED,
    DataRequest.Status.OPEN,
)
"""A request in one of these states is still to be answered (a failed copy was answered with its
failure: the person sees it and asks again; a cancelled deletion needs no answer)."""

OPEN_CORRECTIONS_MAX = 5
"""Corrections one person may have waiting at a time."""


def correction_organizations(*, user: User) -> list[tuple[int, str]]:
    """``[(id, shown name)]`` of the organizations ``user`` may ask to correct their data: those
    holding some of it (``data_requests.sources.person_for``: enrollments, memberships,
    purchases), by name."""
    from data_requests.sources import person_for

    return sorted(((o.id, o.name) for o in person_for(user).organizations), key=lambda pair: pair[1])


@transaction.atomic
def correction_request(*, user: User, organization_id: int | None, text: str) -> DataRequest:
    """POST /api/v1/data-requests/correction: ``user`` asks ``organization_id`` (one of
    ``correction_organizations``; None: the platform) to correct data they cannot change
    themselves, described in ``text`` (what is wrong and what it should be: 10 to 1,000
    characters once trimmed). Returns the request, ``open``, due ``ANSWER_DAYS["correction"]``
    days after today (Vietnam days, ``data_requests.deadlines``); the organization's admins see
    it on their requests page and are reminded as the day nears.

    400 ``validation_error`` on ``text`` (too short) or ``organization_id`` (not one of the
    person's organizations); 409 ``too_many_open_corrections`` once ``OPEN_CORRECTIONS_MAX``
    wait for an answer."""
    text = (text or "").strip()
    errors = FieldErrors()
    if len(text) < 10:
        errors.add("text", _("Say what is wrong and what it should be (at least 10 characters)."))
    if organization_id is not None and organization_id not in dict(correction_organizations(user=user)):
        errors.add("organization_id", _("Choose one of your organizations, or the platform."))
    errors.raise_if_any()
    User.objects.select_for_update().filter(pk=user.pk).first()
    waiting = DataRequest.objects.filter(
        user=user, kind=DataRequest.Kind.CORRECTION, status=DataRequest.Status.OPEN
    ).count()
    if waiting >= OPEN_CORRECTIONS_MAX:
        raise ApplicationError(
            Code.TOO_MANY_OPEN_CORRECTIONS,
            _("You already have %(n)d corrections waiting for an answer.") % {"n": waiting},
            status=409,
        )
    now = timezone.now()
    return DataRequest.objects.create(
        kind=DataRequest.Kind.CORRECTION,
        status=DataRequest.Status.OPEN,
        user=user,
        requested_by=RequestedBy.LEARNER,
        reason=text[:1000],
        language=_user_language(user),
        organization_id=organization_id,
        answer_due_on=answer_due_on(DataRequest.Kind.CORRECTION, now),
    )


@transaction.atomic
def correction_answer(
    *, organization_id: int | None, request_id: str, outcome: str, answer: str, answered_by_name: str
) -> DataRequest:
    """Answer the open correction ``request_id`` addressed to ``organization_id`` (an organization
    admin's, from POST /api/v1/organization/data-requests/{id}/answer; None: the platform's, the
    SuperAdmin in the Django admin): ``outcome`` ``done`` (corrected) or ``refused``; ``answer``
    (at most 1,000 characters) says what was changed or why not, and is required for a refusal.
    The person is notified in the app (``data_request_answered``). Returns the request.

    404 ``not_found`` for a request of another organization (or not a correction); 409
    ``request_already_answered``; 400 ``validation_error`` on ``answer`` for a refusal without
    one or on ``outcome``."""
    from notifications.models import Notification
    from notifications.services import notify

    try:
        key = uuid.UUID(str(request_id))
    except ValueError as exc:
        raise not_found(_("Request not found.")) from exc
    request = (
        DataRequest.objects.select_for_update()
        .select_related("user")
        .filter(
            Q(organization_id=organization_id)
            if organization_id is not None
            else Q(organization__isnull=True),
            pk=key,
            kind=DataRequest.Kind.CORRECTION,
        )
        .first()
    )
    if request is None:
        raise not_found(_("Request not found."))
    answer = (answer or "").strip()
    errors = FieldErrors()
    if outcome not in (DataRequest.Status.DONE, DataRequest.Status.REFUSED):
        errors.add("outcome", _("Choose corrected or refused."))
    if outcome == DataRequest.Status.REFUSED and not answer:
        errors.add("answer", _("Say why the data is not corrected."))
    errors.raise_if_any()
    if request.status != DataRequest.Status.OPEN:
        raise ApplicationError(
            Code.REQUEST_ALREADY_ANSWERED, _("This request has already been answered."), status=409
        )
    request.status = outcome
    request.answer = answer[:1000]
    request.answered_at = timezone.now()
    request.answered_by_name = answered_by_name[:200]
    request.save(update_fields=["status", "answer", "answered_at", "answered_by_name"])
    recipients = list(
        Profile.objects.filter(
            user_id=request.user_id, pandai_profile_role=Profile.Role.LEARNER, status=Profile.Status.ACTIVE
        )
    )
    notify(
        recipients=recipients,
        notifiable_type=Notification.Type.PERSONAL_DATA_REQUEST,
        title_key="data_request_answered.title",
        body_key=(
            "data_request_answered.done"
            if outcome == DataRequest.Status.DONE
            else "data_request_answered.refused"
        ),
        body_args={"answer": request.answer},
        actions=[{"url": "/profile", "target": "_self", "label": "action.view_profile"}],
    )
    return request


def deadline_reminders(*, today=None) -> int:
    """Tell each organization's admins (an in-app notification, ``data_requests_due``) how many
    requests concerning the organization wait for an answer due within ``REMINDER_DAYS`` days,
    and how many of them are overdue (``data_requests.selectors.concerning``: corrections
    addressed to it, copies and deletions of learners on its roster). One notification per admin
    and run; nothing when none is due. Returns the number of notifications. Called daily at
    08:00 Vietnam time (``data_requests.tasks.deadlines_remind``). Four queries and one insert,
    whatever the number of organizations."""
    from data_requests.selectors import due_by_organization
    from notifications.models import Notification
    from notifications.services import notify

    today = today or vietnam_today()
    due = due_by_organization(until=today + timedelta(days=REMINDER_DAYS), today=today)
    if not due:
        return 0
    admins = Profile.objects.filter(
        organization_id__in=list(due),
        pandai_profile_role=Profile.Role.EDUCATOR,
        is_admin=True,
        status=Profile.Status.ACTIVE,
    ).order_by("id")
    sent = 0
    by_org: dict[int, list[Profile]] = {}
    for admin in admins:
        by_org.setdefault(admin.organization_id, []).append(admin)  # type: ignore[arg-type]
    for org_id, (count, overdue) in sorted(due.items()):
        recipients = by_org.get(org_id, [])
        if not recipients:
            continue
        notify(
            recipients=recipients,
            notifiable_type=Notification.Type.PERSONAL_DATA_REQUEST,
            title_key="data_requests_due.title",
            body_key="data_requests_due.body",
            title_args={"count": count},
            body_args={"count": count, "overdue": overdue, "days": REMINDER_DAYS},
            actions=[
                {"url": "/organization/data-requests", "target": "_self", "label": "action.view_requests"}
            ],
        )
        sent += len(recipients)
    return sent
