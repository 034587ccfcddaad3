"""Marketplace endpoints of spec section 7 "Marketplace and cart" (listings part), at
/api/v1/marketplace. Reading is open to any signed-in profile; publishing and withdrawing to
educators of the listing's organization."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema

from config.auth import require_educator
from config.envelope import Empty, Envelope, Page, ok
from config.errors import not_found
from marketplace import selectors, services
from marketplace.models import Listing

router = Router(tags=["marketplace"])


class ListingQuery(Schema):
    page: int = 1
    limit: int = 12
    search: str = ""
    order_by: str = ""
    minprice: int | None = None
    maxprice: int | None = None
    mylistings: bool = False
    grade: int | None = None
    subject: str = ""


class OrganizationRef(Schema):
    id: int
    name: str


class ListingOut(Schema):
    id: int
    kind: str
    preset_id: int
    organization: OrganizationRef
    name: str
    description: str
    grade: int | None
    subjects: list[str]
    subject_codes: list[str]
    cover_image: str | None
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    camera_proctoring: bool
    batches: list[dict[str, Any]]
    available_slots: int
    price_test_only: int
    price_test_advanced: int | None
    price_survey_report: int | None
    status: str
    published_at: datetime


class CreateItem(Schema):
    preset_id: int | None = None
    price_test_only: int | None = None
    price_test_advanced: int | None = None
    price_survey_report: int | None = None
    description: str = ""


class CreateMultipleIn(Schema):
    items: list[CreateItem] = []


@router.get("", response=Envelope[Page[ListingOut]])
def listing_list(request: HttpRequest, query: Query[ListingQuery]):
    """Listings on sale. Query: ``page``, ``limit``, ``search``, ``order_by`` (published_at,
    price, name, grade, starts_at; ``-`` descends), ``minprice``/``maxprice`` (VND, test-only
    price), ``mylistings`` (the caller's organization's own), ``grade``, ``subject`` (code)."""
    profile = request.auth
    rows, meta = selectors.listing_list(
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        minprice=query.minprice,
        maxprice=query.maxprice,
        mylistings=query.mylistings,
        organization_id=profile.organization_id,
        grade=query.grade,
        subject=query.subject.strip(),
    )
    return ok({"items": [selectors.listing_row(listing) for listing in rows], **meta})


@router.post("/create_multiple", response=Envelope[list[ListingOut]])
def listing_create_multiple(request: HttpRequest, payload: CreateMultipleIn):
    """Publish approved presets with prices per add-on in VND (educators; all or nothing)."""
    actor = require_educator(request)
    listings = services.listings_create(actor=actor, items=[item.dict() for item in payload.items])
    return ok([selectors.listing_row(listing) for listing in listings], _("Published to the marketplace."))


@router.get("/{listing_id}", response=Envelope[ListingOut])
def listing_detail(request: HttpRequest, listing_id: int):
    """One listing on sale (or withdrawn, for its own organization)."""
    listing = Listing.objects.select_related("organization").filter(pk=listing_id).first()
    if listing is None or (
        listing.status != Listing.Status.ACTIVE and listing.organization_id != request.auth.organization_id
    ):
        raise not_found(_("Listing not found."))
    return ok(selectors.listing_row(listing))


@router.delete("/{listing_id}", response=Envelope[Empty])
def listing_withdraw(request: HttpRequest, listing_id: int):
    """Withdraw an own listing (409 ``listing_has_pending`` while purchases await payment)."""
    services.listing_withdraw(actor=require_educator(request), listing_id=listing_id)
    return ok({}, _("Withdrawn from the marketplace."))
