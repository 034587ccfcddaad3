"""The mail outbox (issue 38, item 2; docs/decisions/0045): ``enqueue`` writes a mail in the
caller's transaction; ``mail_send`` (the huey task queued after the commit) and
``outbox_send_due`` (every minute) deliver it; the only place that hands a message to Django's
mail backend.

Delivery of one mail:

1. **Claim** (one short transaction): the row is read ``FOR UPDATE SKIP LOCKED`` while it is due
   (``queued`` with ``next_attempt_at`` reached, or ``sending`` with its lease run out: its
   consumer died), and becomes ``sending`` with ``attempts + 1``, a new ``claim`` token and
   ``lease_until`` = the attempt's start + ``lease_seconds()``. Two consumers never hold one row.
2. **Send**: the backend's connection is opened and the message handed over; for SMTP the call
   returns once the server answered the end of the DATA phase (accepted).
3. **Mark sent at once**, before the connection's QUIT: ``sent``, ``sent_at``, the body emptied.

A consumer killed before 3 leaves the row ``sending``; once its lease runs out the next sweep
claims it again and sends it again. A consumer killed after 3 left a ``sent`` row: never again.
The one window in which a mail is sent twice is between the server's acceptance and the commit
of 3 (the reply's way back and one UPDATE: milliseconds; RFC 1047's window): both copies carry
the same ``Message-ID`` and ``Date``, so a reader's mail program can tell them apart as one.

A refused attempt goes back to ``queued`` after ``backoff_seconds(attempts)`` (60 s, 120 s,
240 s ... at most ``MAIL_RETRY_MAX_SECONDS``, counted from the attempt's start) until the
``max_attempts()``-th, which ends it ``failed`` (logged at ERROR, listed in the Django admin,
which can queue it again); so does a recipient the server refuses for good (5xx).
"""

from __future__ import annotations

import functools
import logging
import re
import smtplib
import uuid
from datetime import datetime, timedelta
from email.utils import format_datetime, parseaddr
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.utils import timezone

from config.i18n import in_language
from config.jobs import PURGE_BATCH
from outbox.models import Mail

logger = logging.getLogger(__name__)

KIND = re.compile(r"^[a-z][a-z_]{0,28}\.[a-z][a-z_]{0,29}$")
SEND_BATCH = 200
ERROR_MAX = 1000


def max_attempts() -> int:
    """Attempts before a mail ends ``failed`` (``MAIL_MAX_ATTEMPTS``, 8: with the back-off about
    two hours of trying)."""
    return int(getattr(settings, "MAIL_MAX_ATTEMPTS", 8))


def retry_base_seconds() -> int:
    """The first retry's delay (``MAIL_RETRY_BASE_SECONDS``, 60)."""
    return int(getattr(settings, "MAIL_RETRY_BASE_SECONDS", 60))


def retry_max_seconds() -> int:
    """The longest delay between two attempts (``MAIL_RETRY_MAX_SECONDS``, 3600)."""
    return int(getattr(settings, "MAIL_RETRY_MAX_SECONDS", 3600))


def lease_seconds() -> int:
    """How long an attempt may take before its consumer is taken to be dead and the mail is
    claimed again (``MAIL_LEASE_SECONDS``, 600). Longer than the slowest send: every SMTP step
    waits at most ``EMAIL_TIMEOUT`` (30 s) and a send has about nine."""
    return int(getattr(settings, "MAIL_LEASE_SECONDS", 600))


def keep_days() -> int:
    """Days a sent or failed mail's row is kept (``MAIL_KEEP_DAYS``, 30)."""
    return int(getattr(settings, "MAIL_KEEP_DAYS", 30))


def backoff_seconds(attempts: int) -> int:
    """Seconds from the start of the ``attempts``-th attempt (1, 2, ...), refused, to the next:
    ``retry_base_seconds() * 2 ** (attempts - 1)``, at most ``retry_max_seconds()``
    (60, 120, 240, 480, 960, 1920, 3600, 3600 ...)."""
    delay: int = retry_base_seconds() * 2 ** max(attempts - 1, 0)
    return min(delay, retry_max_seconds())


def message_id_new() -> str:
    """A new ``Message-ID``: ``<32 hex digits@the sender's domain>`` (``DEFAULT_FROM_EMAIL``'s)."""
    address = parseaddr(settings.DEFAULT_FROM_EMAIL)[1]
    domain = address.rpartition("@")[2] or "localhost"
    return f"<{uuid.uuid4().hex}@{domain}>"


def enqueue(kind: str, to: str, context: dict[str, Any], language: str | None) -> Mail:
    """Write one transactional mail to ``to`` into the outbox, in the caller's transaction (a
    rolled-back change leaves no mail), and queue its sending after the commit.

    ``kind`` is ``"<app>.<name>"``: the templates ``<app>/email/<name>.subject``, ``.txt`` and
    ``.html``, rendered now with ``context`` (plus ``site_url`` and ``LANGUAGE_CODE``) in
    ``language`` (``config.i18n.in_language``: a blank or unknown code is Vietnamese). ``to`` is one
    address of at most 254 characters. Raises ``ValueError`` for a malformed kind or address (a
    programming error: callers pass checked addresses) and ``TemplateDoesNotExist`` for an unknown
    kind. Returns the ``queued`` row (its ``message_id`` is the mail's ``Message-ID``)."""
    if not KIND.match(kind):
        raise ValueError(f"malformed mail kind {kind!r}")
    if len(to) > 254 or "\n" in to or "\r" in to:
        raise ValueError(f"malformed mail address {to!r}")
    try:
        validate_email(to)
    except ValidationError as exc:
        raise ValueError(f"malformed mail address {to!r}") from exc
    app, name = kind.split(".")
    with in_language(language) as code:
        ctx = {**context, "site_url": settings.SITE_URL, "LANGUAGE_CODE": code}
        subject = render_to_string(f"{app}/email/{name}.subject", ctx).strip()
        text = render_to_string(f"{app}/email/{name}.txt", ctx)
        html = render_to_string(f"{app}/email/{name}.html", ctx)
    mail = Mail.objects.create(
        kind=kind,
        to=to,
        language=code,
        subject=subject[:998],
        text=text,
        html=html,
        message_id=message_id_new(),
        next_attempt_at=timezone.now(),
    )
    mail_id = mail.pk
    transaction.on_commit(lambda: _queue(mail_id), robust=True)
    return mail


def _queue(mail_id: int, eta: datetime | None = None) -> None:
    """Queue the huey task that sends ``mail_id`` (at ``eta``); a queue that is down loses
    nothing: the minute's sweep finds the row."""
    from outbox.tasks import mail_send as task

    if eta is None:
        task(mail_id)
    else:
        task.schedule((mail_id,), eta=eta)


def _due(now: datetime) -> Q:
    return Q(state=Mail.State.QUEUED, next_attempt_at__lte=now) | Q(
        state=Mail.State.SENDING, lease_until__lt=now
    )


def _claim(now: datetime, *, mail_id: int | None = None) -> tuple[Mail, uuid.UUID] | None:
    """Claim one due mail (``mail_id``'s, or the longest due) for an attempt starting at
    ``now``; None when there is none (sent, not yet due, or held by another consumer). A mail
    whose consumer died during its ``max_attempts()``-th attempt ends ``failed`` instead (a mail
    that kills its consumer is not tried for ever)."""
    token = uuid.uuid4()
    while True:
        with transaction.atomic():
            due = Mail.objects.select_for_update(skip_locked=True).filter(_due(now))
            if mail_id is not None:
                due = due.filter(pk=mail_id)
            row = due.order_by("next_attempt_at", "pk").values_list("pk", "state", "attempts").first()
            if row is None:
                return None
            pk, state, attempts = row
            if state == Mail.State.SENDING and attempts >= max_attempts():
                Mail.objects.filter(pk=pk).update(
                    state=Mail.State.FAILED,
                    failed_at=now,
                    lease_until=None,
                    last_error=f"The consumer died during attempt {attempts}.",
                )
                logger.error("mail %s failed: its consumer died during attempt %s, the last", pk, attempts)
                continue
            Mail.objects.filter(pk=pk).update(
                state=Mail.State.SENDING,
                attempts=F("attempts") + 1,
                claim=token,
                lease_until=now + timedelta(seconds=lease_seconds()),
            )
        if state == Mail.State.SENDING:
            logger.warning("mail %s: its consumer died during attempt %s; sending it again", pk, attempts)
        return Mail.objects.get(pk=pk), token


def _message(mail: Mail) -> EmailMultiAlternatives:
    """The message of ``mail``: the same bytes on every attempt but the transport's own headers
    (``Message-ID`` and ``Date`` are the row's)."""
    message = EmailMultiAlternatives(
        subject=mail.subject,
        body=mail.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[mail.to],
        headers={"Message-ID": mail.message_id, "Date": format_datetime(mail.created_at)},
    )
    message.attach_alternative(mail.html, "text/html")
    return message


def _permanent(exc: BaseException) -> bool:
    """A refusal that no retry changes: every recipient refused with a 5xx code, or a message
    that cannot be built (``BadHeaderError`` is a ``ValueError``)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return bool(exc.recipients) and all(code >= 500 for code, _text in exc.recipients.values())
    return isinstance(exc, ValueError)


def _close(connection: Any) -> None:
    try:
        connection.close()
    except Exception:  # the message is accepted or refused already; a failed QUIT changes neither
        logger.warning("mail connection not closed cleanly", exc_info=True)


def _attempt(mail: Mail, token: uuid.UUID, started: datetime) -> str:
    """Send the claimed ``mail`` once and record the outcome; returns the new state."""
    connection = get_connection()
    try:
        message = _message(mail)
        connection.open()
        if connection.send_messages([message]) != 1:
            raise smtplib.SMTPException("the mail backend did not take the message")
    except Exception as exc:  # recorded on the row; retried or failed below
        _close(connection)
        return _refused(mail, token, started, exc)
    # Accepted: recorded before anything else (the QUIT included) can be interrupted.
    Mail.objects.filter(pk=mail.pk).exclude(state=Mail.State.SENT).update(
        state=Mail.State.SENT, sent_at=timezone.now(), text="", html="", lease_until=None, last_error=""
    )
    _close(connection)
    if mail.lease_until is not None and timezone.now() > mail.lease_until:
        logger.warning("mail %s sent after its lease ran out: it may have been sent twice", mail.pk)
    return Mail.State.SENT


def _refused(mail: Mail, token: uuid.UUID, started: datetime, exc: BaseException) -> str:
    error = f"{type(exc).__name__}: {exc}"[:ERROR_MAX]
    mine = Mail.objects.filter(pk=mail.pk, state=Mail.State.SENDING, claim=token)
    if _permanent(exc) or mail.attempts >= max_attempts():
        mine.update(state=Mail.State.FAILED, failed_at=timezone.now(), lease_until=None, last_error=error)
        logger.error(
            "mail %s (%s to %s) failed after %s attempts: %s",
            mail.pk,
            mail.kind,
            mail.to,
            mail.attempts,
            error,
        )
        return Mail.State.FAILED
    at = started + timedelta(seconds=backoff_seconds(mail.attempts))
    if mine.update(state=Mail.State.QUEUED, next_attempt_at=at, lease_until=None, last_error=error):
        transaction.on_commit(lambda: _queue(mail.pk, eta=at), robust=True)
    logger.warning(
        "mail %s (%s) refused on attempt %s, again at %s: %s", mail.pk, mail.kind, mail.attempts, at, error
    )
    return Mail.State.QUEUED


def mail_send(*, mail_id: int, now: datetime | None = None) -> str | None:
    """Send the mail ``mail_id`` if it is due (the task queued after its commit, or its retry):
    claim, send, mark. Returns the state it ends in (``sent``, ``queued`` for a retry,
    ``failed``), or None when it was not due (sent already, claimed by another consumer, not yet
    due). Never raises for a refused mail: the row records it."""
    started = now or timezone.now()
    claimed = _claim(started, mail_id=mail_id)
    if claimed is None:
        return None
    return _attempt(*claimed, started)


def outbox_send_due(*, now: datetime | None = None) -> int:
    """Send every due mail, at most ``SEND_BATCH`` a call (the rest at the next call): the
    retries whose back-off has passed, the mails whose task was lost, and those whose consumer
    died while sending (lease run out). Returns how many attempts were made. Called every minute
    (``outbox.tasks.outbox_send_due``) and by ``manage.py outbox_send``."""
    attempts = 0
    while attempts < SEND_BATCH:
        started = now or timezone.now()
        claimed = _claim(started)
        if claimed is None:
            break
        _attempt(*claimed, started)
        attempts += 1
    return attempts


def mail_send_again(mail_ids: list[int]) -> int:
    """Queue the ``failed`` mails ``mail_ids`` again with their attempts reset (the Django
    admin's action, once the cause is mended). Returns how many."""
    now = timezone.now()
    again = list(Mail.objects.filter(pk__in=mail_ids, state=Mail.State.FAILED).values_list("pk", flat=True))
    Mail.objects.filter(pk__in=again).update(
        state=Mail.State.QUEUED, attempts=0, next_attempt_at=now, failed_at=None, claim=None
    )
    for pk in again:
        transaction.on_commit(functools.partial(_queue, pk), robust=True)
    return len(again)


def outbox_purge(*, now: datetime | None = None) -> int:
    """Delete up to ``PURGE_BATCH`` sent or failed mails older than ``keep_days()`` (an hourly
    task calls it again for the rest). Returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=keep_days())
    old = list(
        Mail.objects.filter(
            state__in=[Mail.State.SENT, Mail.State.FAILED], created_at__lt=cutoff
        ).values_list("pk", flat=True)[:PURGE_BATCH]
    )
    Mail.objects.filter(pk__in=old).delete()
    return len(old)
