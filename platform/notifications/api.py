"""Notification endpoints (spec section 7 "Notifications"), mounted at /api/v1/notification/."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router

from accounts.auth import ProfileSessionAuth
from config.envelope import Envelope, ok
from notifications import selectors, services
from notifications.schemas import ListQuery, MarkReadIn, MarkReadOut, NotificationPageOut, UnreadOut

router = Router(tags=["notifications"], auth=ProfileSessionAuth())


@router.get("list", response=Envelope[NotificationPageOut])
def notification_list(request: HttpRequest, query: Query[ListQuery]):
    """The current profile's notifications, newest first. Query: ``limit`` (default 5, max 50),
    ``offset_id`` (from the previous page's ``next_offset_id``), ``has_read=false`` for unread
    only. data: ``items``, ``next_offset_id``, ``has_more_record``."""
    page = selectors.notification_page(
        profile=request.auth,
        limit=query.limit,
        offset_id=query.offset_id,
        unread_only=query.has_read is False,
    )
    return ok(page)


@router.get("unread-count", response=Envelope[UnreadOut])
def notification_unread_count(request: HttpRequest):
    """How many of the current profile's notifications are unread (the bell's badge)."""
    return ok({"count": selectors.unread_count(profile=request.auth)})


@router.post("mark-as-read", response=Envelope[MarkReadOut])
def notification_mark_as_read(request: HttpRequest, payload: MarkReadIn):
    """Mark ``ids`` read, or every notification when ``all`` is true. Other profiles' ids are
    ignored. data: ``updated`` (how many changed), ``unread_count``."""
    updated = services.notifications_mark_read(profile=request.auth, ids=payload.ids, all=payload.all)
    return ok({"updated": updated, "unread_count": selectors.unread_count(profile=request.auth)})
