"""Request and response schemas of the privacy API (issue 24, items 3 and 4; ``privacy.api``)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema

from config.fields import ColumnInt, DateIn, Limit, PageNo
from privacy.models import AccessLogEntry, RetentionPolicy

ACCESS_KINDS = (
    "proctoring_video",
    "test_report_pdf",
    "survey_report_pdf",
    "gradebook_export",
    "item_analysis_export",
    "analytics_export",
    "question_bank_export",
    "paper_test_export",
)
AccessKind = Literal[ACCESS_KINDS]
"""``AccessLogEntry.Kind``: what was opened."""

AccessKindFilter = Literal[("", *ACCESS_KINDS)]
"""A kind to filter by, or "" for every kind."""

AccessRole = Literal["educator", "admin", "superadmin"]
"""``AccessLogEntry.Role``: who opened it."""


class RetentionIn(Schema):
    """The organization's retention periods: ``video_keep_days`` (days after the result's release)
    and ``file_keep_hours`` (hours after an export or import was made). The service checks the
    bounds and answers 400 ``retention_out_of_range`` with a message per field."""

    video_keep_days: ColumnInt(RetentionPolicy, "video_keep_days")
    file_keep_hours: ColumnInt(RetentionPolicy, "file_keep_hours")


class RetentionOut(Schema):
    """The organization's retention periods, whether they are the defaults (never saved), who
    saved them last and when (UTC), and the defaults and bounds (``privacy.rules``): videos at
    least ``video_keep_days_min`` days, the appeal window (``appeal_window_days``)."""

    video_keep_days: int
    file_keep_hours: int
    is_default: bool
    updated_at: datetime | None
    updated_by_name: str
    appeal_window_days: int
    video_keep_days_default: int
    video_keep_days_min: int
    video_keep_days_max: int
    file_keep_hours_default: int
    file_keep_hours_min: int
    file_keep_hours_max: int


class AccessLogQuery(Schema):
    """Filters of the access log: ``kind`` (empty = every kind), ``from_date``/``to_date``
    (Vietnam calendar days, inclusive)."""

    page: PageNo = 1
    limit: Limit = 20
    kind: AccessKindFilter = ""
    from_date: DateIn | None = None
    to_date: DateIn | None = None


class AccessLogRowOut(Schema):
    """One access: when (UTC), who (name and role), what (``kind``, the object and its label as
    named then), the learner concerned (empty when none), from where (client address, user agent
    truncated to 200 characters)."""

    id: int
    created_at: datetime
    actor_name: str
    actor_role: AccessRole
    kind: AccessKind
    object_type: str
    object_id: str
    object_label: str
    learner_name: str
    ip: str
    user_agent: str

    @staticmethod
    def resolve_ip(entry: AccessLogEntry) -> str:
        return entry.ip or ""


class AccessLogPageOut(Schema):
    items: list[AccessLogRowOut]
    page: int
    limit: int
    total: int


class VideoViewOut(Schema):
    """One view of the learner's proctoring video: who (name and role) and when (UTC)."""

    viewer_name: str
    viewer_role: AccessRole
    viewed_at: datetime


class VideoViewsOut(Schema):
    """The learner's proctoring video of one test: ``video`` ``none`` (never recorded), ``stored``
    or ``deleted`` (``deleted_at`` UTC, ``deleted_reason`` retention | request |
    consent_withdrawn, or None when no record says why), and who viewed it, newest first (at most
    100)."""

    video: Literal["none", "stored", "deleted"]
    deleted_at: datetime | None
    deleted_reason: Literal["retention", "request", "consent_withdrawn"] | None
    views: list[VideoViewOut]


class RecordQuery(Schema):
    """The record of processing's file: ``file_format`` ``pdf`` (default) or ``xlsx``;
    ``language`` ``vi`` or ``en`` (default: the reader's, from ``Accept-Language``). Anything else
    is 422 with the field's message."""

    file_format: Literal["pdf", "xlsx"] = "pdf"
    language: Literal["vi", "en"] | None = None
