"""Background work of personal data requests (huey; issue 24, item 5): writing an export,
performing the deletions whose grace period ended, deleting expired exports, and queueing again
the exports a dead consumer lost."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task, db_task


@db_task()
def export_run(request_id: str) -> None:
    """Write the zip of export request ``request_id`` (``data_requests.services.export_run``)."""
    from data_requests.services import export_run as run

    run(request_id=request_id)


@db_periodic_task(crontab(minute="*"))
def exports_recover() -> int:
    """Every minute: queue again the exports a dead consumer left queued or running
    (``data_requests.services.exports_recover``; issue 21, item 4)."""
    from data_requests.services import exports_recover as recover

    return recover()


@db_periodic_task(crontab(minute="41"))
def deletions_run() -> int:
    """Every hour: perform the account deletions whose 7-day grace period has ended."""
    from data_requests.services import account_deletions_run

    return account_deletions_run()


@db_periodic_task(crontab(minute="43"))
def exports_expire() -> int:
    """Every hour: delete the copies of personal data older than DATA_EXPORT_KEEP_DAYS."""
    from data_requests.services import exports_expire as expire

    return expire()


@db_periodic_task(crontab(hour="1", minute="5"))
def deadlines_remind() -> int:
    """Every day at 08:05 Vietnam time (01:05 UTC: huey's crontab is UTC): tell each
    organization's admins of the requests due within 2 days or overdue (issue 37, item 8;
    ``data_requests.services.deadline_reminders``)."""
    from data_requests.services import deadline_reminders

    return deadline_reminders()
