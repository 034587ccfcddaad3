"""Schemas of the gradebook (``assignments.api_gradebook``; issue 19, section 1). Times are aware
instants (ISO 8601, UTC; the SPA shows them in Vietnam time); scores are points."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema

from assignments.schemas.shared import AttemptResult
from config.fields import Limit, OrderBy, PageNo, Search

AssignmentStatus = Literal["assigned", "in_progress", "submitted", "graded"]
IntegrityFlag = Literal["voided", "tab_switches", "video_missing"]


class GradebookQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""


class GradebookExportQuery(Schema):
    search: Search = ""
    order_by: OrderBy = ""


class GradebookRowOut(Schema):
    """A learner of the test or batch with their latest attempt (the attempt fields are null,
    ``released`` false and ``integrity`` empty before a start). ``score`` of ``max_score`` in
    points (``score`` null until every answer is graded); ``result`` pending, passed or failed;
    ``integrity``: ``voided`` (result voided), ``tab_switches`` (more than the allowed number),
    ``video_missing`` (camera proctoring without a surroundings video)."""

    assignment_id: int
    learner_profile_id: int
    learner_name: str
    learner_email: str
    batch_id: int | None
    batch_name: str | None
    status: AssignmentStatus
    attempt_id: int | None
    score: float | None
    max_score: float | None
    result: AttemptResult | None
    released: bool
    released_at: datetime | None
    integrity: list[IntegrityFlag]
    tab_switches: int
    submitted_at: datetime | None


class GradebookScopeOut(Schema):
    """What the gradebook covers: a test, or one batch of it; the rules its flags use."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    camera_proctoring: bool
    tab_switches_allowed: int


class GradebookCountsOut(Schema):
    """Figures of the whole scope, whatever the search: learners; latest attempts submitted,
    graded, released, flagged (with an integrity flag); ``releasable``: results a
    batch release would release now (graded, not yet released)."""

    learners: int
    submitted: int
    graded: int
    released: int
    flagged: int
    releasable: int


class GradebookPageOut(Schema):
    """A page of the gradebook (``items``, ``page``, ``limit``, ``total`` as every list) with its
    ``scope`` and ``counts``."""

    items: list[GradebookRowOut]
    page: int
    limit: int
    total: int
    scope: GradebookScopeOut
    counts: GradebookCountsOut
