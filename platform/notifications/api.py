"""Notification endpoints (spec section 7 "Notifications"), mounted at /api/v1/notification/."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router, Schema

from config.envelope import Envelope, ok
from config.fields import Id, IdList, Limit
from notifications import selectors, services

router = Router(tags=["notifications"])


class ActionOut(Schema):
    url: str
    target: str
    label: str


class NotificationOut(Schema):
    id: int
    title: str
    body: str
    created_at: datetime
    has_read: bool
    actions: list[ActionOut]
    notifiable_type: str
    title_args: dict[str, Any]
    body_args: dict[str, Any]


class NotificationPageOut(Schema):
    items: list[NotificationOut]
    next_offset_id: int | None
    has_more_record: bool


MARK_READ_MAX = 1000
"""Notification ids in one mark-as-read (``all: true`` covers the rest)."""


class ListQuery(Schema):
    limit: Limit = 5
    offset_id: Id | None = None
    has_read: bool | None = None


class MarkReadIn(Schema):
    ids: IdList(MARK_READ_MAX) = []
    all: bool = False


class MarkReadOut(Schema):
    updated: int
    unread_count: int


class UnreadOut(Schema):
    count: int


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
