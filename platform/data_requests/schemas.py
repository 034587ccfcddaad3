"""In and out schemas of personal data requests (issue 24, item 5)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from config.fields import Password, Text

DataRequestId = Text(36)
"""A request's id: a UUID in its canonical 36-character text (anything else is 404)."""


class DeletionIn(Schema):
    """``password``: the account's current password (checked like a login's, same limits)."""

    password: Password = ""


class ExportOut(Schema):
    """A copy of the person's data. ``status`` ``queued`` | ``running`` | ``ready`` | ``failed`` |
    ``expired``; ``progress`` whole percent (100 only when ready); ``steps_done``/``steps_total``
    the parts of the zip written (its JSON documents and files); ``download_url`` the path to GET
    while ready (the owner only); ``file_size`` in bytes; ``expires_at`` when the zip is deleted;
    ``error_code``/``error_message`` (localized) when failed."""

    id: str
    status: str
    progress: int
    steps_done: int
    steps_total: int
    file_size: int
    download_url: str | None
    created_at: datetime
    finished_at: datetime | None
    expires_at: datetime | None
    error_code: str
    error_message: str


class DeletionOut(Schema):
    """A scheduled (or running) deletion of the account: ``due_at`` when it is performed (the
    grace period's end); ``requested_by`` ``learner`` | ``parent`` | ``consent_withdrawn`` |
    ``admin``; ``can_cancel`` whether the account's owner may withdraw it from the profile page
    (their own request, while still scheduled)."""

    id: str
    status: str
    requested_by: str
    created_at: datetime
    due_at: datetime
    can_cancel: bool


class DataRequestsOut(Schema):
    """The profile page's "your data" section: the latest export (none yet: null), the open
    deletion (none: null), and the rules to show: ``grace_days`` (7) and ``export_keep_days``
    (7)."""

    export: ExportOut | None
    deletion: DeletionOut | None
    grace_days: int
    export_keep_days: int
