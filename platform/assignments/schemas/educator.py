"""Schemas of the educator's /assignment pages (``assignments.api``; issue 17, item 5). Every
response field is typed, so the SPA's types are generated from OpenAPI. Times are aware instants
(ISO 8601, UTC); amounts are whole VND; durations are minutes."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from assignments import services
from config.fields import (
    CheckedInt,
    Choice,
    DateTimeIn,
    Id,
    IdList,
    Limit,
    OrderBy,
    PageNo,
    Search,
)

# --- the educator's /assignment pages (api.py) --------------------------------------------------


class PresetRef(Schema):
    id: int
    name: str
    grade: int | None
    status: str


class BatchRef(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime


class AssignmentOut(Schema):
    """A taker row: who, which test and batch, how it was obtained, where it stands."""

    id: int
    preset: PresetRef
    batch: BatchRef | None
    learner_profile_id: int
    learner_name: str
    learner_email: str
    source: str
    status: str
    attempts_allowed: int
    due_at: datetime | None
    requires_purchase: bool
    purchase_cost: int
    paid_at: datetime | None
    transaction_id: int | None
    advanced_report: bool
    assigned_by_name: str
    created_at: datetime


class AssignIn(Schema):
    """Bounded (issue 16, item 9): ids, the learner list at twice the service's own limit (which
    says "Assign at most 500 learners at a time."); the service checks the numbers' ranges."""

    preset_id: Id | None = None
    batch_id: Id | None = None
    learner_profile_ids: IdList(2 * services.MAX_LEARNERS) = []
    attempts_allowed: CheckedInt = 1  # 1..10, checked by the service
    due_at: DateTimeIn | None = None
    requires_purchase: bool = False
    purchase_cost: CheckedInt = 0  # 0..1,000,000,000 VND, checked by the service


class AssignmentQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    preset_id: Id | None = None
    batch_id: Id | None = None
    status: Choice = ""
    source: Choice = ""


class BatchOut(Schema):
    """A batch with its preset; slots = available + pending + taken (VND-free figures)."""

    id: int
    name: str
    preset: PresetRef
    starts_at: datetime
    expires_at: datetime
    state: str
    slots: int
    available: int
    pending: int
    taken: int
    low_slot_notified_at: datetime | None


class BatchQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    preset_id: Id | None = None
    state: Choice = ""


class PresetCountsOut(Schema):
    """Presets by status."""

    draft: int
    approved: int
    rejected: int
    published: int


class BatchCountsOut(Schema):
    """Batches by state, and the slot sums of the batches not yet ended."""

    upcoming: int
    open: int
    ended: int
    slots: int
    available: int
    pending: int
    taken: int


class AssignmentCountsOut(Schema):
    """Assignments that are not revoked: in all, by source and by status."""

    total: int
    direct: int
    purchase: int
    assigned: int
    in_progress: int
    submitted: int
    graded: int


class OverviewOut(Schema):
    presets: PresetCountsOut
    batches: BatchCountsOut
    assignments: AssignmentCountsOut
    waiting: int


class TestQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""
    listed: bool | None = None


class AssignableTestOut(Schema):
    """A test of the /assignment list: slot sums over batches not yet ended; assignments that
    are not revoked, by source; learners waiting; the active marketplace listing, if any;
    subject names in the reader's language."""

    id: int
    name: str
    grade: int | None
    status: str
    subjects: list[str]
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    batch_count: int
    live_batches: int
    slots: int
    available: int
    pending: int
    taken: int
    direct: int
    purchased: int
    waiting: int
    listing_id: int | None
    updated_at: datetime


class WaitingQuery(Schema):
    preset_id: Id
    page: PageNo = 1
    limit: Limit = 20
    status: Choice = ""


class WaitingEntryOut(Schema):
    id: int
    learner_profile_id: int
    learner_name: str
    status: str
    position: int
    offered_batch: BatchRef | None
    claim_expires_at: datetime | None
    created_at: datetime
