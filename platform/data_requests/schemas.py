"""In and out schemas of personal data requests (issue 24, item 5)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from config.fields import Id, Limit, PageNo, Password, Text

LongText = Annotated[str, Field(max_length=1000)]
"""A correction's text or its answer: at most 1,000 characters (``config.fields.Text(1000)``,
spelled out so that the type checker reads it)."""

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
    answer_due_on: date


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
    answer_due_on: date
    can_cancel: bool


class CorrectionIn(Schema):
    """A correction the person cannot make themselves: ``organization_id`` one of
    ``DataRequestsOut.correction_organizations`` (null: the platform), ``text`` what is wrong and
    what it should be (10 to 1,000 characters)."""

    organization_id: Id | None = None
    text: LongText = ""


class CorrectionOut(Schema):
    """A correction asked for: ``status`` ``open`` | ``done`` (corrected) | ``refused``; ``text``
    what was asked; ``organization_name`` whom (null: the platform); ``answer_due_on`` the Vietnam
    day by which it is answered (the Law's deadline); ``answer``/``answered_at`` once answered."""

    id: str
    status: str
    text: str
    organization_name: str | None
    created_at: datetime
    answer_due_on: date
    answer: str
    answered_at: datetime | None


class OrganizationChoiceOut(Schema):
    id: int
    name: str


class AnswerDaysOut(Schema):
    """Days within which each kind of request is answered (``data_requests.deadlines``; a
    withdrawal of consent is carried out at once, within the Law's ``withdrawal`` days)."""

    export: int
    correction: int
    deletion: int
    withdrawal: int


class DataRequestsOut(Schema):
    """The profile page's "your data" section: the latest export (none yet: null), the open
    deletion (none: null), the person's latest corrections (newest first, at most 20) and the
    organizations they may address one to, and the rules to show: ``grace_days`` (7),
    ``export_keep_days`` (7) and ``answer_days``."""

    export: ExportOut | None
    deletion: DeletionOut | None
    corrections: list[CorrectionOut]
    correction_organizations: list[OrganizationChoiceOut]
    grace_days: int
    export_keep_days: int
    answer_days: AnswerDaysOut


# --- an organization's requests (issue 37, item 8) ----------------------------------------------

RequestState = Literal["", "open", "due_soon", "overdue", "answered"]


class OrgDataRequestsQuery(Schema):
    """``state``: ``open`` (default), ``due_soon``, ``overdue``, ``answered`` or "" (all)."""

    state: RequestState = "open"
    page: PageNo = 1
    limit: Limit = 20


class OrgDataRequestOut(Schema):
    """A request concerning the organization: ``kind`` ``export`` | ``deletion`` |
    ``correction``; ``requested_by`` ``learner`` | ``parent`` | ``consent_withdrawn`` | ``admin``;
    ``answer_due_on`` the Vietnam day by which the Law requires the answer; ``due_state``
    ``on_time`` | ``due_soon`` | ``overdue`` while open, ``answered`` after; ``text`` a
    correction's request; ``can_answer`` for an open correction addressed to the organization."""

    id: str
    kind: Literal["export", "deletion", "correction"]
    status: str
    requested_by: str
    requester_name: str
    requester_email: str
    text: str
    created_at: datetime
    answer_due_on: date
    due_state: Literal["on_time", "due_soon", "overdue", "answered"]
    answer: str
    answered_by_name: str
    answered_at: datetime | None
    can_answer: bool


class OrgDataRequestsPageOut(Schema):
    """A page of requests, with the counts of the badges: ``open``, ``due_soon``, ``overdue``."""

    items: list[OrgDataRequestOut]
    page: int
    limit: int
    total: int
    open: int
    due_soon: int
    overdue: int


class CorrectionAnswerIn(Schema):
    """``outcome`` ``done`` (corrected) or ``refused``; ``answer`` what was changed, or why not
    (required for a refusal; at most 1,000 characters)."""

    outcome: Literal["done", "refused"]
    answer: LongText = ""
