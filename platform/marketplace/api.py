"""Marketplace endpoints of spec section 7 "Marketplace and cart" (listings part), at
/api/v1/marketplace. Reading is open to any signed-in profile; publishing and withdrawing to
educators of the listing's organization."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from config.auth import require_educator, require_learner
from config.envelope import Empty, Envelope, Page, ok
from config.errors import not_found
from config.fields import CheckedInt, Choice, ColumnInt, Description, Id, Limit, List, OrderBy, PageNo, Search
from marketplace import selectors, services
from marketplace.models import Listing

router = Router(tags=["marketplace"])


Price = ColumnInt(Listing, "price_test_only")
LISTINGS_MAX = 100
"""Tests published in one POST /marketplace/create-multiple."""


class ListingQuery(Schema):
    page: PageNo = 1
    limit: Limit = 12
    search: Search = ""
    order_by: OrderBy = ""
    minprice: Price | None = None
    maxprice: Price | None = None
    mylistings: bool = False
    grade: ColumnInt(Listing, "grade") | None = None
    subject: Choice = ""


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
    preset_id: Id | None = None
    price_test_only: CheckedInt | None = None  # 0..100,000,000 VND, checked by the service
    price_test_advanced: CheckedInt | None = None
    price_survey_report: CheckedInt | None = None
    description: Description = ""


class CreateMultipleIn(Schema):
    items: List(CreateItem, LISTINGS_MAX) = []


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


class SubjectOptionOut(Schema):
    code: str
    name: str


@router.get("/subjects", response=Envelope[list[SubjectOptionOut]])
def listing_subjects(request: HttpRequest, mylistings: bool = False):
    """The subjects of the listings on sale (``mylistings``: of the caller's organization), each
    once with its ``code`` (the list's ``subject`` filter) and its name in the caller's language."""
    organization_id = request.auth.organization_id if mylistings else None
    if mylistings and organization_id is None:
        return ok([])
    return ok(selectors.listing_subjects(organization_id=organization_id))


@router.get("/{listing_id}", response=Envelope[ListingOut])
def listing_detail(request: HttpRequest, listing_id: Id):
    """One listing on sale (or withdrawn, for its own organization)."""
    listing = Listing.objects.select_related("organization").filter(pk=listing_id).first()
    if listing is None or (
        listing.status != Listing.Status.ACTIVE and listing.organization_id != request.auth.organization_id
    ):
        raise not_found(_("Listing not found."))
    return ok(selectors.listing_row(listing))


@router.delete("/{listing_id}", response=Envelope[Empty])
def listing_withdraw(request: HttpRequest, listing_id: Id):
    """Withdraw an own listing (409 ``listing_has_pending`` while purchases await payment)."""
    services.listing_withdraw(actor=require_educator(request), listing_id=listing_id)
    return ok({}, _("Withdrawn from the marketplace."))


class MyWaitingOut(Schema):
    status: str
    position: int
    offered_batch_id: int | None
    claim_expires_at: datetime | None


def _active_listing(listing_id: int) -> Listing:
    listing = (
        Listing.objects.select_related("organization")
        .filter(pk=listing_id, status=Listing.Status.ACTIVE, kind=Listing.Kind.TEST)
        .first()
    )
    if listing is None:
        raise not_found(_("Listing not found."))
    return listing


@router.get("/{listing_id}/waiting-list", response=Envelope[MyWaitingOut])
def waiting_list_mine(request: HttpRequest, listing_id: Id):
    """The caller's place on the waiting list of a listed test: ``status`` waiting or offered,
    ``position`` among those waiting (0 once offered), the offered batch and claim deadline
    (UTC). 404 when not on the list."""
    from django_tenants.utils import schema_context

    from assessments.models import WaitingListEntry

    profile = require_learner(request)
    listing = _active_listing(listing_id)
    with schema_context(listing.organization.schema_name):
        entry = WaitingListEntry.objects.filter(
            preset_id=listing.preset_id, learner_profile_id=profile.pk, status__in=["waiting", "offered"]
        ).first()
        if entry is None:
            raise not_found(_("You are not on the waiting list of this test."))
        position = 0
        if entry.status == "waiting":
            position = WaitingListEntry.objects.filter(
                preset_id=listing.preset_id, status="waiting", created_at__lte=entry.created_at
            ).count()
    return ok(
        {
            "status": entry.status,
            "position": position,
            "offered_batch_id": entry.offered_batch_id,
            "claim_expires_at": entry.claim_expires_at,
        }
    )


@router.post("/{listing_id}/waiting-list", response={201: Envelope[MyWaitingOut]})
def waiting_list_join(request: HttpRequest, listing_id: Id):
    """Join the waiting list of a listed test whose every batch is full (learners; issue 5,
    item 5). data: the learner's ``status`` (waiting), ``position`` (1 = first in line).
    409 ``slots_available`` when a batch has a free slot, ``already_waiting``."""
    from django_tenants.utils import schema_context

    from assessments.models import WaitingListEntry
    from assessments.services.waiting_list import waiting_list_join as join

    profile = require_learner(request)
    listing = _active_listing(listing_id)
    with schema_context(listing.organization.schema_name):
        entry = join(preset_id=listing.preset_id, profile=profile)
        position = WaitingListEntry.objects.filter(
            preset_id=listing.preset_id, status="waiting", created_at__lte=entry.created_at
        ).count()
    return Status(
        201,
        ok(
            {
                "status": entry.status,
                "position": position,
                "offered_batch_id": None,
                "claim_expires_at": None,
            },
            _("You are on the waiting list. We will notify you when a slot frees."),
        ),
    )


@router.delete("/{listing_id}/waiting-list", response=Envelope[Empty])
def waiting_list_leave(request: HttpRequest, listing_id: Id):
    """Leave the waiting list (an offered slot goes to the next in line). 404 when not on it."""
    from django_tenants.utils import schema_context

    from assessments.services.waiting_list import waiting_list_leave as leave

    profile = require_learner(request)
    listing = _active_listing(listing_id)
    with schema_context(listing.organization.schema_name):
        leave(preset_id=listing.preset_id, profile=profile)
    return ok({}, _("You left the waiting list."))
