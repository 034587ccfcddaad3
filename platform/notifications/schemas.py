"""Request and response schemas of the notifications API (spec section 3 "Notification",
section 7 "Notifications")."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema

from config.fields import Id, IdList, Limit
from notifications.messages import render
from notifications.models import Notification

MARK_READ_MAX = 1000
"""Notification ids in one mark-as-read (``all: true`` covers the rest)."""


class NotificationActionOut(Schema):
    """A button of a notification: ``target`` ``API`` means the client POSTs to ``url``; any
    other target opens ``url`` in a new window. ``label`` is in the reader's language."""

    url: str
    target: Literal["API", "_blank", "_self"]
    label: str


class NotificationArgsOut(Schema):
    """The arguments of a notification's title or body (the texts themselves are already
    rendered in ``title``/``body``); an argument the notification does not use is null.
    ``starts_at`` is the instant a scheduled test starts (ISO 8601; the texts show it as Vietnam
    time, ``notifications.messages``); ``old_score``, ``new_score`` and ``max_score`` are a
    corrected result's total before and after and its maximum, on the test's reporting scale as the
    result shows them, as decimal text ("8.75", "10.00"; issue 39 item 2, decision 0056;
    notifications made before the scale carry raw points of the attempt's maximum)."""

    test: str | None = None
    batch: str | None = None
    available: int | None = None
    slots: int | None = None
    organization: str | None = None
    inviter: str | None = None
    starts_at: datetime | None = None
    old_score: str | None = None
    new_score: str | None = None
    max_score: str | None = None


# An item of data.items (spec section 3), read from a ``Notification``: title, body and action labels
# rendered in the active language, instants (``*_at`` arguments) as Vietnam time for that reader
# (``messages.render``); the arguments as stored (instants as ISO 8601).
class NotificationOut(Schema):
    id: int
    title: str
    body: str
    created_at: datetime
    has_read: bool
    actions: list[NotificationActionOut]
    notifiable_type: Literal[
        "BatchLowSlot",
        "OrganizationLearner",
        "OrganizationEducator",
        "TestScheduled",
        "TestWaitingList",
        "PersonalDataRequest",
        "Consent",
        "ResultCorrected",
    ]
    title_args: NotificationArgsOut
    body_args: NotificationArgsOut

    @staticmethod
    def resolve_title(n: Notification) -> str:
        return render(n.title_key, n.title_args)

    @staticmethod
    def resolve_body(n: Notification) -> str:
        return render(n.body_key, n.body_args)

    @staticmethod
    def resolve_actions(n: Notification) -> list[NotificationActionOut]:
        return [
            NotificationActionOut(
                url=a["url"], target=a["target"], label=render(a.get("label", ""), n.body_args)
            )
            for a in n.actions
        ]


class NotificationPageOut(Schema):
    items: list[NotificationOut]
    next_offset_id: int | None
    has_more_record: bool


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
