"""Reads of the privacy records (issue 24, items 3 and 4; decision 0020): an organization's
retention policy, the deletion record of a file, the organization's access log, and who viewed a
learner's videos."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.db.models import QuerySet

from config import dates
from config.envelope import paginate
from privacy import rules
from privacy.models import AccessLogEntry, DeletionRecord, RetentionPolicy
from privacy.schemas import RetentionOut


def retention_policy_of(organization_id: int) -> RetentionPolicy:
    """The organization's policy: its row, or an unsaved one with the defaults
    (``privacy.rules``) when it never changed them. One query."""
    policy = RetentionPolicy.objects.filter(organization_id=organization_id).first()
    return policy or RetentionPolicy(organization_id=organization_id)


def file_keep_hours_by_organization() -> dict[int, int]:
    """``{organization id: file_keep_hours}`` of every organization that set its own policy (the
    others keep ``rules.FILE_KEEP_HOURS_DEFAULT``). One query."""
    return dict(RetentionPolicy.objects.values_list("organization_id", "file_keep_hours"))


def retention_data(policy: RetentionPolicy) -> RetentionOut:
    """``RetentionOut`` of a policy: the periods, whether they are the defaults (never saved), who
    saved them last and when, and the defaults and bounds the form checks against."""
    return RetentionOut(
        video_keep_days=policy.video_keep_days,
        file_keep_hours=policy.file_keep_hours,
        is_default=policy._state.adding,
        updated_at=None if policy._state.adding else policy.updated_at,
        updated_by_name=policy.updated_by_name,
        appeal_window_days=rules.APPEAL_WINDOW_DAYS,
        video_keep_days_default=rules.VIDEO_KEEP_DAYS_DEFAULT,
        video_keep_days_min=rules.VIDEO_KEEP_DAYS_MIN,
        video_keep_days_max=rules.VIDEO_KEEP_DAYS_MAX,
        file_keep_hours_default=rules.FILE_KEEP_HOURS_DEFAULT,
        file_keep_hours_min=rules.FILE_KEEP_HOURS_MIN,
        file_keep_hours_max=rules.FILE_KEEP_HOURS_MAX,
    )


def deletion_reasons(
    *, organization_id: int, object_type: str, object_ids: Iterable[int | str]
) -> dict[str, str]:
    """``{object id (text): reason}`` of the newest deletion record of each of the objects (one
    query; objects without a record are absent)."""
    ids = [str(i) for i in object_ids]
    if not ids:
        return {}
    rows = (
        DeletionRecord.objects.filter(
            organization_id=organization_id, object_type=object_type, object_id__in=ids
        )
        .order_by("object_id", "-deleted_at", "-id")
        .distinct("object_id")
        .values_list("object_id", "reason")
    )
    return dict(rows)


def access_log_list(
    *,
    organization_id: int,
    page: int,
    limit: int,
    kind: str = "",
    from_date: date | None = None,
    to_date: date | None = None,
) -> tuple[list[AccessLogEntry], dict[str, int]]:
    """The organization's access log, newest first (two queries): ``kind`` one of
    ``AccessLogEntry.Kind`` (else every kind), ``from_date``/``to_date`` Vietnam calendar days,
    inclusive (``config.dates.day_bounds``). Only the organization's own entries: another
    organization's are never read."""
    qs: QuerySet[AccessLogEntry] = AccessLogEntry.objects.filter(organization_id=organization_id)
    if kind:
        qs = qs.filter(kind=kind)
    start, end = dates.day_bounds(from_date, to_date)
    if start is not None:
        qs = qs.filter(created_at__gte=start)
    if end is not None:
        qs = qs.filter(created_at__lt=end)
    return paginate(qs.order_by("-created_at", "-id"), page=page, limit=limit)


def video_views(
    *, organization_id: int, learner_profile_id: int, object_ids: Iterable[int | str], limit: int = 100
) -> list[dict[str, Any]]:
    """Who viewed the learner's proctoring videos (the attempts ``object_ids`` of one assignment),
    newest first, at most ``limit``: ``{viewer_name, viewer_role, viewed_at}`` (``VideoViewOut``).
    One query."""
    ids = [str(i) for i in object_ids]
    if not ids:
        return []
    rows = AccessLogEntry.objects.filter(
        organization_id=organization_id,
        learner_profile_id=learner_profile_id,
        kind=AccessLogEntry.Kind.PROCTORING_VIDEO,
        object_id__in=ids,
    ).order_by("-created_at", "-id")[:limit]
    return [
        {"viewer_name": r.actor_name, "viewer_role": r.actor_role, "viewed_at": r.created_at} for r in rows
    ]
