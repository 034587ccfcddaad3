"""The learner's side of assignments (issue 7, item 1; spec section 2 "/assignment/student"):
every assignment of the current learner profile across organizations, read from the public
Enrollment index, then from each organization's schema in ONE query (a UNION ALL over the
schemas on the page, each part joining the assignment's latest attempt laterally), so the list
runs a constant number of queries however many organizations it spans.

The latest attempt gives the attempt number, score, maximum score, result (pending, passed,
failed) and whether it is released. Until the result is released the score and the result are
withheld (null) in SQL, so they never leave the database early (spec section 5)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Q

from accounts.models import Enrollment
from config.envelope import order_by_checked, paginate

ORDER = {"created_at": "created_at", "name": "name"}
COLUMNS = (
    "a.id, a.status, a.source, a.attempts_allowed, a.due_at, a.requires_purchase, a.purchase_cost, "
    "a.paid_at, a.transaction_id, a.advanced_report, a.created_at, "
    "p.name, p.grade, p.duration_minutes, p.camera_proctoring, p.allow_no_camera, p.passing_score, "
    "p.auto_release_result, b.id, b.name, b.starts_at, b.expires_at, "
    "t.number, t.status, t.max_score, "
    "CASE WHEN t.released_at IS NOT NULL THEN t.score END, "
    "CASE WHEN t.released_at IS NOT NULL THEN t.result END, "
    "COALESCE(t.released_at IS NOT NULL, FALSE)"
)
NAMES = (
    "id status source attempts_allowed due_at requires_purchase purchase_cost paid_at transaction_id "
    "advanced_report created_at preset_name grade duration_minutes camera_proctoring allow_no_camera "
    "passing_score auto_release_result batch_id batch_name batch_starts_at batch_expires_at "
    "attempt_no attempt_status max_score score result released"
).split()


def _rows_by_schema(wanted: dict[str, list[int]]) -> dict[tuple[str, int], dict[str, Any]]:
    """Assignment rows for ``{schema: [assignment ids]}`` in one UNION ALL query."""
    if not wanted:
        return {}
    parts, params = [], []
    for schema, ids in wanted.items():
        quoted = connection.ops.quote_name(schema)
        # schema names come from Organization rows (validated by django-tenants) and are quoted
        sql = (
            f"SELECT %s AS schema_name, {COLUMNS} FROM {quoted}.assignments_assignment a "  # noqa: S608
            f"JOIN {quoted}.assessments_testpreset p ON p.id = a.preset_id "
            f"LEFT JOIN {quoted}.assessments_batch b ON b.id = a.batch_id "
            f"LEFT JOIN LATERAL (SELECT x.number, x.status, x.score, x.max_score, x.result, x.released_at "
            f"FROM {quoted}.assignments_attempt x WHERE x.assignment_id = a.id "
            "ORDER BY x.number DESC LIMIT 1) t ON TRUE "
            "WHERE a.id = ANY(%s)"
        )
        parts.append(sql)
        params += [schema, ids]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        return {
            (row[0], row[1]): _shaped(dict(zip(NAMES, row[1:], strict=True))) for row in cursor.fetchall()
        }


def _shaped(row: dict[str, Any]) -> dict[str, Any]:
    """Scores as floats (points; null when withheld or not yet taken)."""
    for key in ("score", "max_score"):
        if row[key] is not None:
            row[key] = float(row[key])
    return row


def my_assignments(
    *, profile, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
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
    items = []
    for e in enrollments:
        row = rows.get((e.organization.schema_name, e.object_id))
        if row is None or (status and row["status"] != status):
            continue
        items.append({"enrollment_id": e.pk, "organization": e.organization.shown_name, **row})
    return items, meta


def my_assignment(*, profile, enrollment_id: int) -> dict[str, Any] | None:
    """One of the learner's assignments by Enrollment id, or None (404 for anyone else's)."""
    e = (
        Enrollment.objects.select_related("organization")
        .filter(pk=enrollment_id, profile=profile, kind=Enrollment.Kind.TEST, is_active=True)
        .first()
    )
    if e is None:
        return None
    row = _rows_by_schema({e.organization.schema_name: [e.object_id]}).get(
        (e.organization.schema_name, e.object_id)
    )
    return {"enrollment_id": e.pk, "organization": e.organization.shown_name, **row} if row else None
