"""Reads for notifications: the keyset-paged inbox of spec section 7 and the unread count."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Profile
from notifications.models import Notification

MAX_LIMIT = 50


@dataclass(frozen=True)
class NotificationPage:
    """A page of the inbox; ``schemas.NotificationPageOut`` renders it (each item's texts in the
    reader's language, ``schemas.NotificationOut``)."""

    items: list[Notification]
    next_offset_id: int | None
    """The id to pass as ``offset_id`` for the next page (None when there is none)."""
    has_more_record: bool


def notification_page(
    *, profile: Profile, limit: int = 5, offset_id: int | None = None, unread_only: bool = False
) -> NotificationPage:
    """Newest first, ``limit`` (1..50) items older than ``offset_id``. One query."""
    limit = max(1, min(MAX_LIMIT, limit))
    qs = Notification.objects.filter(recipient=profile)
    if unread_only:
        qs = qs.filter(has_read=False)
    if offset_id:
        qs = qs.filter(pk__lt=offset_id)
    rows = list(qs.order_by("-id")[: limit + 1])
    has_more = len(rows) > limit
    rows = rows[:limit]
    return NotificationPage(
        items=rows, next_offset_id=rows[-1].id if has_more and rows else None, has_more_record=has_more
    )


def unread_count(*, profile: Profile) -> int:
    """How many of ``profile``'s notifications are unread. One query."""
    return Notification.objects.filter(recipient=profile, has_read=False).count()
