"""The deadlines for answering a data subject's request (issue 37, item 8; decision 0050): the one
home of these numbers.

The Law on Personal Data Protection (No. 91/2025/QH15) gives data subjects the rights to a copy,
to a correction, to deletion and to withdraw consent; its guiding Decree 356/2025/ND-CP (Article
5, as the sources read for decision 0050 report it) sets how fast the controller answers: an
acknowledgement within 2 working days, a withdrawal of consent (or a restriction, an objection)
carried out within 15 days, and the other requests within 10 to 20 days depending on the right.
The text of the decree itself could not be read; decision 0050 lists what was verified and where.
Where the sources disagree or do not say, the shorter period is used (conservative), marked
below.

A period counts whole Vietnam calendar days after the day the request was received (the day of
receipt is not counted, as the Civil Code counts periods in days); the request must be answered
by the end of the due day (:func:`answer_due_on`).

- ``export`` (a copy of one's data): 10 days (the shorter end of the reported range:
  conservative). The product answers in minutes (``data_requests.export``).
- ``correction``: 10 days (likewise conservative): the organization admin (or the SuperAdmin)
  answers by hand.
- ``deletion``: 10 days (likewise conservative; the sources report up to 20). The deletion runs
  after the cancellable grace period (``DATA_DELETION_GRACE_DAYS``, 7), so within the period;
  a grace period as long as the deadline would breach it (a test keeps it shorter).
- withdrawal of consent: 15 days (verified in two sources). The product withdraws at once, in the
  request that asks for it (``consent.services``): there is no queued request to track.

The acknowledgement is immediate: the requester sees the request, its state and this due day as
soon as it is made.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from config import dates

ANSWER_DAYS = {"export": 10, "correction": 10, "deletion": 10}
"""Days to answer, by ``DataRequest.Kind`` (see the module docstring for the sources)."""

WITHDRAWAL_DAYS = 15
"""Days to carry out a withdrawal of consent (Decree 356/2025/ND-CP): met at once by the product."""

REMINDER_DAYS = 2
"""An organization's admins are reminded each day of open requests due within this many days."""


def answer_due_on(kind: str, received_at: datetime) -> date:
    """The Vietnam calendar day by the end of which a request of ``kind`` received at
    ``received_at`` must be answered: the day of receipt plus ``ANSWER_DAYS[kind]`` days.
    Received at 23:30 on 28/11/2026 (Vietnam time): a 10-day request is due on 08/12/2026.
    Raises ``KeyError`` for a kind without a deadline (a programming error)."""
    return dates.vietnam_day(received_at) + timedelta(days=ANSWER_DAYS[kind])


def due_state(due_on: date, *, today: date | None = None) -> str:
    """An open request's state by its due day: ``overdue`` (the day has passed), ``due_soon``
    (due within ``REMINDER_DAYS`` days, today included) or ``on_time``."""
    today = today or dates.today()
    if due_on < today:
        return "overdue"
    if due_on <= today + timedelta(days=REMINDER_DAYS):
        return "due_soon"
    return "on_time"
