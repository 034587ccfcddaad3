"""What the filters of the market analytics offer (issue 10): grades, subjects, provinces,
rounds, add-ons and, for the SuperAdmin, organizations."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from analytics.filters import Viewer
from analytics.rules import ADDONS, addon_name, subject_names
from config.text import fold


def filter_options(viewer: Viewer, *, organization_id: int | None = None) -> dict[str, Any]:
    """GET /api/v1/transaction/analytics/filters: what the dashboard's filters offer: grades
    1-12, the scope's subjects, the 34 provinces, the rounds of the organization (the
    educator's, or ``organization_id``'s for the SuperAdmin), the add-ons, and for the
    SuperAdmin every organization. At most four queries."""
    from accounts.selectors import provinces
    from assessments.models import Round
    from tenants.models import Organization
    from tenants.scope import organization_schema

    org_id = viewer.organization_id if not viewer.is_superadmin else organization_id
    organizations = []
    if viewer.is_superadmin:
        organizations = [
            {"id": o.pk, "name": o.shown_name}
            for o in Organization.objects.exclude(schema_name=settings.PUBLIC_SCHEMA_NAME).only(
                "name", "display_name"
            )
        ]
    rounds = []
    if org_id:
        schema = Organization.objects.filter(pk=org_id).values_list("schema_name", flat=True).first()
        if schema:
            with organization_schema(schema):
                rounds = [
                    {"id": r.pk, "name": r.name}
                    for r in Round.objects.order_by("-starts_at", "-id").only("name", "starts_at")
                ]
    subjects = subject_names((org_id,) if org_id else None)
    return {
        "is_superadmin": viewer.is_superadmin,
        "grades": list(range(1, 13)),
        "subjects": sorted(
            ({"code": c, "name": n} for c, n in subjects.items()), key=lambda s: fold(s["name"])
        ),
        "provinces": sorted(provinces(), key=lambda p: fold(p["name"])),
        "rounds": rounds,
        "addons": [{"code": c, "name": addon_name(c)} for c in ADDONS],
        "organizations": organizations,
    }
