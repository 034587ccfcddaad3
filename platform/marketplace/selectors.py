"""Marketplace reads: the listing list of spec section 7 and one listing."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Q, QuerySet
from django.utils import translation

from config.envelope import order_by_checked, paginate
from marketplace.models import Listing

LISTING_ORDER = {
    "published_at": "published_at",
    "price": "price_test_only",
    "name": "name",
    "grade": "grade",
    "starts_at": "starts_at",
}


def listing_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    minprice: int | None = None,
    maxprice: int | None = None,
    mylistings: bool = False,
    organization_id: int | None = None,
    grade: int | None = None,
    subject: str = "",
) -> tuple[list[Listing], dict[str, int]]:
    """Active listings of every organization (or only ``organization_id``'s with ``mylistings``),
    filtered by price range (test-only price, VND), grade, subject code and a text search.
    ``order_by``: published_at, price, name, grade, starts_at. Two queries."""
    qs: QuerySet[Listing] = Listing.objects.select_related("organization").filter(
        status=Listing.Status.ACTIVE
    )
    if mylistings:
        qs = qs.filter(organization_id=organization_id)
    if search:
        qs = qs.filter(Q(search_text__icontains=search.lower()) | Q(organization__name__icontains=search))
    if minprice is not None:
        qs = qs.filter(price_test_only__gte=minprice)
    if maxprice is not None:
        qs = qs.filter(price_test_only__lte=maxprice)
    if grade:
        qs = qs.filter(grade=grade)
    if subject:
        qs = qs.filter(subjects__contains=[{"code": subject}])
    qs = qs.order_by(*order_by_checked(order_by, LISTING_ORDER, "-published_at"))
    return paginate(qs, page=page, limit=limit)


def listing_row(listing: Listing) -> dict[str, Any]:
    english = translation.get_language() == "en"
    return {
        "id": listing.pk,
        "kind": listing.kind,
        "preset_id": listing.preset_id,
        "organization": {"id": listing.organization_id, "name": listing.organization.shown_name},
        "name": listing.name,
        "description": listing.description,
        "grade": listing.grade,
        "subjects": [s["name_en" if english else "name_vi"] for s in listing.subjects],
        "subject_codes": [s["code"] for s in listing.subjects],
        "cover_image": default_storage.url(listing.cover_image) if listing.cover_image else None,
        "duration_minutes": listing.duration_minutes,
        "starts_at": listing.starts_at,
        "ends_at": listing.ends_at,
        "camera_proctoring": listing.camera_proctoring,
        "batches": listing.batches,
        "available_slots": sum(b.get("available", 0) for b in listing.batches),
        "price_test_only": listing.price_test_only,
        "price_test_advanced": listing.price_test_advanced,
        "price_survey_report": listing.price_survey_report,
        "status": listing.status,
        "published_at": listing.published_at,
    }


def listing_subjects(*, organization_id: int | None = None) -> list[dict[str, str]]:
    """The subjects of active listings (of ``organization_id`` only when given), each once by
    code, named in the active language and sorted by that name: the marketplace's subject
    filter. One query (Postgres expands each listing's subjects and keeps distinct ones)."""
    from django.db.models import F, Func, JSONField

    qs = Listing.objects.filter(status=Listing.Status.ACTIVE)
    if organization_id:
        qs = qs.filter(organization_id=organization_id)
    expanded = (
        qs.annotate(subject=Func(F("subjects"), function="jsonb_array_elements", output_field=JSONField()))
        .order_by()
        .values_list("subject", flat=True)
        .distinct()
    )
    english = translation.get_language() == "en"
    by_code: dict[str, str] = {}
    for item in expanded:
        code = item.get("code") if isinstance(item, dict) else None
        if code and code not in by_code:
            by_code[code] = (
                (item.get("name_en") if english else item.get("name_vi")) or item.get("name_vi") or code
            )
    subjects = [{"code": code, "name": name} for code, name in by_code.items()]
    return sorted(subjects, key=lambda s: (s["name"].lower(), s["code"]))
