"""Reads for notifications: the keyset-paged inbox of spec section 7 and the unread count."""

from __future__ import annotations

from typing import Any

from accounts.models import Profile
from notifications.messages import render
from notifications.models import Notification

MAX_LIMIT = 50


def notification_row(n: Notification) -> dict[str, Any]:
    """An item of data.items (spec section 3, ``schemas.NotificationOut``): title, body and action
    labels rendered in the active language, instants (``*_at`` arguments) as Vietnam time for
    that reader (``messages.render``); the arguments as stored (instants as ISO 8601)."""
    return {
        "id": n.id,
        "title": render(n.title_key, n.title_args),
        "body": render(n.body_key, n.body_args),
        "created_at": n.created_at,
        "has_read": n.has_read,
        "actions": [
            {"url": a["url"], "target": a["target"], "label": render(a.get("label", ""), n.body_args)}
            for a in n.actions
        ],
        "notifiable_type": n.notifiable_type,
        "title_args": n.title_args,
        "body_args": n.body_args,
    }


def notification_page(
    *, profile: Profile, limit: int = 5, offset_id: int | None = None, unread_only: bool = False
) -> dict[str, Any]:
    """Newest first, ``limit`` (1..50) items older than ``offset_id``. One query.

    Returns ``{"items", "next_offset_id", "has_more_record"}``; ``next_offset_id`` is the id to
    pass as ``offset_id`` for the next page (None when there is none).
    """
    limit = max(1, min(MAX_LIMIT, limit))
    qs = Notification.objects.filter(recipient=profile)
    if unread_only:
        qs = qs.filter(has_read=False)
    if offset_id:
        qs = qs.filter(pk__lt=offset_id)
    rows = list(qs.order_by("-id")[: limit + 1])
    has_more = len(rows) > limit
    rows = rows[:limit]
    return {
        "items": [notification_row(n) for n in rows],
        "next_offset_id": rows[-1].id if has_more and rows else None,
        "has_more_record": has_more,
    }


def unread_count(*, profile: Profile) -> int:
    """How many of ``profile``'s notifications are unread. One query."""
    return Notification.objects.filter(recipient=profile, has_read=False).count()
