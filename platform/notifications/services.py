"""Writes for notifications: ``notify`` (the one entry other features call) and marking read."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from notifications.messages import MESSAGES
from notifications.models import Notification

ACTION_TARGETS = {"API", "_blank", "_self"}


def notify(
    *,
    recipients: Iterable[Profile] | Profile,
    notifiable_type: str,
    title_key: str,
    body_key: str,
    title_args: dict[str, Any] | None = None,
    body_args: dict[str, Any] | None = None,
    actions: list[dict[str, str]] | None = None,
) -> list[Notification]:
    """Create one notification per recipient profile, in one INSERT.

    ``notifiable_type`` is a ``Notification.Type``; keys must exist in
    ``notifications.messages.MESSAGES``; each action is ``{"url", "target", "label"}`` with target
    ``API`` (POSTed by the client), ``_blank`` or ``_self`` and a label key. Raises ``ValueError``
    for an unknown type, key or target (a programming error, not user input).
    """
    if notifiable_type not in Notification.Type.values:
        raise ValueError(f"unknown notifiable_type {notifiable_type!r}")
    for key in (title_key, body_key, *(a.get("label", "") for a in actions or [])):
        if key not in MESSAGES:
            raise ValueError(f"unknown message key {key!r}")
    for action in actions or []:
        if action.get("target") not in ACTION_TARGETS or not action.get("url"):
            raise ValueError(f"bad action {action!r}")
    if isinstance(recipients, Profile):
        recipients = [recipients]
    rows = [
        Notification(
            recipient=profile,
            notifiable_type=notifiable_type,
            title_key=title_key,
            body_key=body_key,
            title_args=title_args or {},
            body_args=body_args or {},
            actions=actions or [],
        )
        for profile in recipients
    ]
    return Notification.objects.bulk_create(rows)


@transaction.atomic
def notifications_mark_read(*, profile: Profile, ids: list[int] | None = None, all: bool = False) -> int:  # noqa: A002
    """Mark the profile's notifications read: those of ``ids``, or every one when ``all``.

    Ids of other profiles' notifications are ignored (never an error, never touched). Returns
    how many changed from unread to read.
    """
    qs = Notification.objects.filter(recipient=profile, has_read=False)
    if not all:
        qs = qs.filter(pk__in=ids or [])
    return qs.update(has_read=True, read_at=timezone.now())
