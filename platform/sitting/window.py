"""The learner's window and next action, computed once on the server (issue 17, item 4; issue 7,
item 4b; decision 0008).

The window is when a learner may start: the batch's ``starts_at``..``expires_at``, or the preset's
``starts_at``..``ends_at`` when the assignment has no batch. An accommodation (``Accommodation``:
the learner's for this preset, else their organization-wide one) gives a time limit of the preset's
duration x ``factor`` + ``extra_minutes``, and the window closes later by the extra time granted
(limit - duration), so a learner with extra time can start after the plain window has closed.

Start enforces it (``attempts.attempt_start``), the preparation page and the learner's list and
detail send it (``window_starts_at``, ``window_expires_at``, ``can_start_now``, ``action``), and
the SPA only displays those: it has no copy of the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from tenants.scope import OrganizationSelect, table

if TYPE_CHECKING:
    from assignments.models import Accommodation, Assignment

WindowState = Literal["upcoming", "open", "closed"]
"""Where now stands against the learner's window: before it, within it, after it."""

Action = Literal["prepare", "continue", "result", "closed", "payment", "none"]
"""The next thing a row of the learner's list offers: ``prepare`` (not started, window not over:
go to the preparation page, which starts the attempt), ``continue`` (in progress), ``result``
(submitted or graded), ``closed`` (not started and the window is over), ``payment`` (assigned with
"requires purchase" and not paid yet), ``none`` (anything else, such as revoked)."""


@dataclass(frozen=True)
class LearnerWindow:
    """The learner's window (aware instants, UTC in the database; ``None`` = open-ended) and time
    limit in minutes, accommodation included."""

    starts_at: datetime | None
    expires_at: datetime | None
    time_limit_minutes: Decimal

    def state(self, now: datetime) -> WindowState:
        """``upcoming`` before ``starts_at``, ``closed`` from ``expires_at`` on, else ``open``."""
        if self.starts_at and now < self.starts_at:
            return "upcoming"
        if self.expires_at and now >= self.expires_at:
            return "closed"
        return "open"

    def open_at(self, now: datetime) -> bool:
        """True when an attempt may be started at ``now`` as far as the window goes."""
        return self.state(now) == "open"


def window_of(
    *,
    batch_starts_at: datetime | None,
    batch_expires_at: datetime | None,
    has_batch: bool,
    preset_starts_at: datetime | None,
    preset_ends_at: datetime | None,
    duration_minutes: int | None,
    factor: Decimal | None = None,
    extra_minutes: int = 0,
) -> LearnerWindow:
    """The one rule, on plain values (the list reads them in SQL, start from the models).

    The batch window when ``has_batch``, else the preset's dates; with an accommodation
    (``factor`` not ``None``) the limit is ``duration x factor + extra_minutes`` and the end moves
    later by ``limit - duration`` minutes (whole seconds)."""
    opens, closes = (batch_starts_at, batch_expires_at) if has_batch else (preset_starts_at, preset_ends_at)
    base = Decimal(duration_minutes or 0)
    minutes = base
    if factor is not None:
        minutes = base * Decimal(factor) + Decimal(extra_minutes or 0)
        if closes:
            closes += timedelta(seconds=int((minutes - base) * 60))
    return LearnerWindow(starts_at=opens, expires_at=closes, time_limit_minutes=minutes)


def _accommodations() -> tuple[list[tuple[str, Any]], str]:
    from assignments.models import Accommodation

    return (
        [("x", Accommodation)],
        f"FROM {table(Accommodation)} x WHERE x.learner_profile_id = %s "
        "AND (x.preset_id = %s OR x.preset_id IS NULL)",
    )


# The learner's accommodations for a preset, written once per process (issue 23: a start).
_ACCOMMODATIONS = OrganizationSelect(_accommodations)


def accommodation_for(assignment: Assignment) -> Accommodation | None:
    """The learner's ``Accommodation`` for this preset, else their organization-wide one, or None.
    One statement, written once per process (``tenants.scope.OrganizationSelect``); runs in the
    organization's schema (the connection's current one)."""
    rows = {
        x.preset_id: x
        for (x,) in _ACCOMMODATIONS.rows_here([assignment.learner_profile_id, assignment.preset_id])
    }
    return rows.get(assignment.preset_id) or rows.get(None)


def learner_window(assignment: Assignment) -> LearnerWindow:
    """The window of an ``Assignment`` (with its ``preset`` and ``batch`` loaded) for its learner,
    accommodation included. One query (the accommodation)."""
    extra = accommodation_for(assignment)
    batch, preset = assignment.batch if assignment.batch_id else None, assignment.preset
    return window_of(
        batch_starts_at=batch.starts_at if batch else None,
        batch_expires_at=batch.expires_at if batch else None,
        has_batch=batch is not None,
        preset_starts_at=preset.starts_at,
        preset_ends_at=preset.ends_at,
        duration_minutes=preset.duration_minutes,
        factor=extra.factor if extra is not None else None,
        extra_minutes=extra.extra_minutes if extra is not None else 0,
    )


def next_action(
    *, status: str, requires_purchase: bool, paid: bool, window: LearnerWindow, now: datetime
) -> Action:
    """The ``Action`` of an assignment with ``status`` (``Assignment.Status``) for its learner at
    ``now``: result once submitted or graded, continue while in progress, payment while a test
    assigned with "requires purchase" is unpaid, closed once the learner's window is over, else
    prepare (also before the window opens: the preparation page says when it opens)."""
    if status in ("submitted", "graded"):
        return "result"
    if status == "in_progress":
        return "continue"
    if status != "assigned":
        return "none"
    if requires_purchase and not paid:
        return "payment"
    return "closed" if window.state(now) == "closed" else "prepare"
