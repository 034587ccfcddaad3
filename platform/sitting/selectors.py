"""The learner's side of assignments (issue 7, item 1; spec section 2 "/assignment/student"):
every assignment of the current learner profile across organizations, read from the public
Enrollment index, then from each organization's schema in ONE query (a UNION ALL over the
schemas on the page, each part joining the assignment's latest attempt laterally), so the list
runs a constant number of queries however many organizations it spans.

The latest attempt gives the attempt number, score, maximum score, result (pending, passed,
failed) and whether it is released. Until the result is released the score and the result are
withheld (null) in SQL, so they never leave the database early (spec section 5).

Each row also carries the learner's window and next action (``sitting.window``, issue 17,
item 4): the accommodation is joined laterally in the same query, so the list stays at three
queries and says exactly what start would enforce."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from assessments.scale import Scale, score_shown
from config.envelope import order_by_checked, paginate
from config.errors import not_found
from sitting.shapes import AssignmentRow, MyAssignment
from sitting.window import next_action, window_of
from tenants.scope import owned_enrollment_get, union_all

ORDER = {"created_at": "created_at", "name": "name"}
COLUMNS = (
    "a.id, a.status, a.source, a.attempts_allowed, a.due_at, a.requires_purchase, a.purchase_cost, "
    "a.paid_at, a.transaction_id, a.advanced_report, a.created_at, "
    "p.name, p.grade, p.duration_minutes, p.camera_proctoring, p.allow_no_camera, p.passing_score, "
    "p.auto_release_result, p.starts_at, p.ends_at, p.score_scale, p.scale_max, "
    "b.id, b.name, b.starts_at, b.expires_at, "
    "t.number, t.status, t.max_score, "
    "CASE WHEN t.released_at IS NOT NULL THEN t.score END, "
    "CASE WHEN t.released_at IS NOT NULL THEN t.result END, "
    "COALESCE(t.released_at IS NOT NULL, FALSE), c.factor, c.extra_minutes"
)
NAMES = (
    "id status source attempts_allowed due_at requires_purchase purchase_cost paid_at transaction_id "
    "advanced_report created_at preset_name grade duration_minutes camera_proctoring allow_no_camera "
    "passing_score auto_release_result preset_starts_at preset_ends_at score_scale scale_max batch_id batch_name "
    "batch_starts_at batch_expires_at attempt_no attempt_status max_score score result released "
    "accommodation_factor accommodation_extra_minutes"
).split()
PART = (
    f"SELECT %s AS schema_name, {COLUMNS} FROM {{schema}}.assignments_assignment a "  # noqa: S608
    "JOIN {schema}.assessments_testpreset p ON p.id = a.preset_id "
    "LEFT JOIN {schema}.assessments_batch b ON b.id = a.batch_id "
    "LEFT JOIN LATERAL (SELECT x.number, x.status, x.score, x.max_score, x.result, x.released_at "
    "FROM {schema}.assignments_attempt x WHERE x.assignment_id = a.id "
    "ORDER BY x.number DESC LIMIT 1) t ON TRUE "
    # The learner's accommodation for this preset, else their organization-wide one.
    "LEFT JOIN LATERAL (SELECT y.factor, y.extra_minutes FROM {schema}.assignments_accommodation y "
    "WHERE y.learner_profile_id = a.learner_profile_id "
    "AND (y.preset_id = a.preset_id OR y.preset_id IS NULL) "
    "ORDER BY y.preset_id IS NULL LIMIT 1) c ON TRUE "
    "WHERE a.id = ANY(%s)"
)
"""One organization's part of the UNION ALL (``tenants.scope.union_all``); parameters: the schema
name (echoed to key the rows) and the assignment ids."""


def _rows_by_schema(wanted: dict[str, list[int]]) -> dict[tuple[str, int], AssignmentRow]:
    """Assignment rows for ``{schema: [assignment ids]}`` in one UNION ALL query."""
    if not wanted:
        return {}
    params: list[Any] = []
    for schema, ids in wanted.items():
        params += [schema, ids]
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(union_all(PART, wanted), params)
        return {
            (row[0], row[1]): _shaped(dict(zip(NAMES, row[1:], strict=True)), now)
            for row in cursor.fetchall()
        }


def _shaped(row: dict[str, Any], now: datetime) -> AssignmentRow:
    """Scores as floats (points; null when withheld or not yet taken) and on the preset's reporting
    scale (``scale_score``, ``scale_max``: ``assessments.scale.score_shown``, decision 0056), and
    the learner's window (``window_starts_at``, ``window_expires_at``, accommodation included),
    ``can_start_now`` and ``action`` at ``now`` (``sitting.window``)."""
    scale = Scale.from_values(row.pop("score_scale"), row.pop("scale_max"))
    row.update(score_shown(row["score"], row["max_score"], scale))
    for key in ("score", "max_score"):
        if row[key] is not None:
            row[key] = float(row[key])
    window = window_of(
        batch_starts_at=row["batch_starts_at"],
        batch_expires_at=row["batch_expires_at"],
        has_batch=row["batch_id"] is not None,
        preset_starts_at=row.pop("preset_starts_at"),
        preset_ends_at=row.pop("preset_ends_at"),
        duration_minutes=row["duration_minutes"],
        factor=row.pop("accommodation_factor"),
        extra_minutes=row.pop("accommodation_extra_minutes") or 0,
    )
    row["window_starts_at"], row["window_expires_at"] = window.starts_at, window.expires_at
    row["can_start_now"] = window.open_at(now)
    row["action"] = next_action(
        status=row["status"],
        requires_purchase=row["requires_purchase"],
        paid=row["paid_at"] is not None,
        window=window,
        now=now,
    )
    return cast(AssignmentRow, row)  # NAMES less the six popped, and the six set above


def my_assignments(
    *, profile: Profile, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[MyAssignment], dict[str, int]]:
    """The current learner's assignments, newest first (``order_by`` created_at, name); ``search``
    the test name; ``status`` assigned, in_progress, submitted, graded. Three queries (count,
    enrollments with organizations, the UNION of assignment rows with their latest attempts). A status filter is applied to
    the page's rows (statuses live in the organizations' schemas)."""
    qs = Enrollment.objects.filter(profile=profile, kind=Enrollment.Kind.TEST, is_active=True).select_related(
        "organization"
    )
    if search.strip():
        qs = qs.filter(Q(name__icontains=search.strip()) | Q(organization__name__icontains=search.strip()))
    qs = qs.order_by(*order_by_checked(order_by, ORDER, "-created_at"))
    enrollments, meta = paginate(qs, page=page, limit=limit)
    wanted: dict[str, list[int]] = {}
    for e in enrollments:
        wanted.setdefault(e.organization.schema_name, []).append(e.object_id)
    rows = _rows_by_schema(wanted)
    items: list[MyAssignment] = []
    for e in enrollments:
        row = rows.get((e.organization.schema_name, e.object_id))
        if row is None or (status and row["status"] != status):
            continue
        items.append({"enrollment_id": e.pk, "organization": e.organization.shown_name, **row})
    return items, meta


def my_assignment(*, profile: Profile, enrollment_id: int) -> MyAssignment:
    """One of the learner's assignments by Enrollment id (``MyAssignmentOut``); 404 "Assignment
    not found." for anyone else's, an inactive or a missing one. Two queries."""
    e = owned_enrollment_get(
        profile=profile,
        enrollment_id=enrollment_id,
        kind=Enrollment.Kind.TEST,
        message=_("Assignment not found."),
    )
    row = _rows_by_schema({e.organization.schema_name: [e.object_id]}).get(
        (e.organization.schema_name, e.object_id)
    )
    if row is None:
        raise not_found(_("Assignment not found."))
    return {"enrollment_id": e.pk, "organization": e.organization.shown_name, **row}
