"""Writes for notifications: ``notify`` (the one entry other features call) and marking read."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from notifications.messages import MESSAGES, is_instant, parse_instant
from notifications.models import Notification

ACTION_TARGETS = {"API", "_blank", "_self"}


def stored_args(args: dict[str, Any] | None) -> dict[str, Any]:
    """``args`` as stored (JSON): an instant argument (name ending in ``_at``) given as an aware
    ``datetime`` becomes its ISO 8601 text in UTC (``"2026-11-28T01:00:00+00:00"``); an ISO string
    with an offset is kept. It is formatted for each reader when read (``messages.render``).
    Raises ``ValueError`` for an instant that is naive or not ISO 8601 (a programming error)."""
    stored = dict(args or {})
    for name, value in stored.items():
        if not is_instant(name):
            continue
        instant = parse_instant(value)
        if instant is None:
            raise ValueError(f"argument {name!r} must be an aware datetime or ISO 8601 text, not {value!r}")
        stored[name] = instant.astimezone(UTC).isoformat() if isinstance(value, datetime) else value
    return stored


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
    ``API`` (POSTed by the client), ``_blank`` or ``_self`` and a label key. An argument whose
    name ends in ``_at`` is an instant: pass the aware ``datetime`` (or its ISO 8601 text), never a
    formatted time; each reader sees it as Vietnam time in their language (``stored_args``, issue 17
    item 1). Raises ``ValueError`` for an unknown type, key or target, or a bad instant (a
    programming error, not user input).
    """
    if notifiable_type not in Notification.Type.values:
        raise ValueError(f"unknown notifiable_type {notifiable_type!r}")
    for key in (title_key, body_key, *(a.get("label", "") for a in actions or [])):
        if key not in MESSAGES:
            raise ValueError(f"unknown message key {key!r}")
    for action in actions or []:
        if action.get("target") not in ACTION_TARGETS or not action.get("url"):
            raise ValueError(f"bad action {action!r}")
    title_args, body_args = stored_args(title_args), stored_args(body_args)
    if isinstance(recipients, Profile):
        recipients = [recipients]
    rows = [
        Notification(
            recipient=profile,
            notifiable_type=notifiable_type,
            title_key=title_key,
            body_key=body_key,
            title_args=title_args,
            body_args=body_args,
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
