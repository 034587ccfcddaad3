"""Background work of the mail outbox (huey; issue 38, item 2; docs/decisions/0045): the send
queued after a mail's commit, the minute's sweep of due mails (retries, lost tasks, dead
consumers) and the hourly purge of old rows."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task, db_task


@db_task()  # type: ignore[untyped-decorator]  # huey has no types
def mail_send(mail_id: int) -> None:
    """Send the outbox's mail ``mail_id`` if it is due (``outbox.services.mail_send``); queued
    by ``outbox.services.enqueue`` after the commit and for each retry at its time. No huey
    retries: the row keeps the attempts and the back-off. Returns nothing: huey would keep a
    result of every mail in its store, read by nobody."""
    from outbox.services import mail_send as send

    send(mail_id=mail_id)


@db_periodic_task(crontab(minute="*"))  # type: ignore[untyped-decorator]  # huey has no types
def outbox_send_due() -> int:
    """Every minute: send the due mails whose task was lost or whose consumer died while sending
    (lease run out), and the retries whose time has come (``outbox.services.outbox_send_due``)."""
    from outbox.services import outbox_send_due as send_due

    return send_due()


@db_periodic_task(crontab(minute="47"))  # type: ignore[untyped-decorator]  # huey has no types
def outbox_purge() -> int:
    """Every hour: delete the sent and failed mails older than MAIL_KEEP_DAYS."""
    from outbox.services import outbox_purge as purge

    return purge()
