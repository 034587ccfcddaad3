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
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import throttling
from accounts.models import Profile, User
from accounts.tasks import email_send
from config.dates import format_date
from config.errors import ApplicationError, FieldErrors
from config.i18n import reader_language
from data_requests.error_codes import DataRequestErrorCode as Code
from data_requests.models import DataRequest

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
    """Queue mail ``kind`` to the account's address, in the account's language, once the
    transaction commits (``accounts.tasks.email_send``, a huey task)."""
    user = request.user
    language = _user_language(user)
    context = {
        "name": user.name_or_email,
        "due_date": format_date(request.due_at, language=language) if request.due_at else "",
        "grace_days": grace_days(),
        "requested_by": request.requested_by,
        "link": f"{settings.SITE_URL}/profile",
    }
    to = user.email
    transaction.on_commit(lambda: email_send(kind, to, context, language))


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
