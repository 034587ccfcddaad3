"""Marketplace endpoints of spec section 7 "Marketplace and cart" (listings part), at
/api/v1/marketplace. Reading is open to any signed-in profile; publishing and withdrawing to
educators of the listing's organization; the waiting list to learners. Thin (issue 17, item 5):
parse, call ``marketplace.selectors``/``services``, answer a schema of ``marketplace.schemas``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from accounts.auth import EducatorSessionAuth, LearnerSessionAuth, ProfileSessionAuth
from config.envelope import Empty, Envelope, Page, ok
from config.fields import Id
from config.requests import ProfileRequest
from consent.gate import ConsentedLearnerAuth
from marketplace import selectors, services
from marketplace.schemas import (
    CreateMultipleIn,
    ListingDetailOut,
    ListingOut,
    ListingQuery,
    MyWaitingOut,
    SubjectOptionOut,
)

router = Router(tags=["marketplace"], auth=ProfileSessionAuth())


@router.get("", response=Envelope[Page[ListingOut]])
def listing_list(request: ProfileRequest, query: Query[ListingQuery]):
    """Listings on sale. Query: ``page``, ``limit``, ``search``, ``order_by`` (published_at,
    price, name, grade, starts_at; ``-`` descends), ``minprice``/``maxprice`` (VND, test-only
    price), ``mylistings`` (the caller's organization's own), ``grade``, ``subject`` (code).
    Subject names in the reader's language. Two queries."""
    rows, meta = selectors.listing_list(
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        minprice=query.minprice,
        maxprice=query.maxprice,
        mylistings=query.mylistings,
        organization_id=request.auth.organization_id,
        grade=query.grade,
        subject=query.subject.strip(),
    )
    return ok({"items": [selectors.listing_row(listing) for listing in rows], **meta})


@router.post("/create_multiple", response=Envelope[list[ListingOut]], auth=EducatorSessionAuth())
def listing_create_multiple(request: ProfileRequest, payload: CreateMultipleIn):
    """Publish approved presets with prices per add-on in VND (educators; all or nothing; see
    ``marketplace.services.listings_create`` for the errors)."""
    actor = request.auth
    listings = services.listings_create(actor=actor, items=[item.dict() for item in payload.items])
    return ok([selectors.listing_row(listing) for listing in listings], _("Published to the marketplace."))


@router.get("/subjects", response=Envelope[list[SubjectOptionOut]])
def listing_subjects(request: ProfileRequest, mylistings: bool = False):
    """The subjects of the listings on sale (``mylistings``: of the caller's organization), each
    once with its ``code`` (the list's ``subject`` filter) and its name in the caller's language
    (the other language when blank)."""
    organization_id = request.auth.organization_id if mylistings else None
    if mylistings and organization_id is None:
        return ok([])
    return ok(selectors.listing_subjects(organization_id=organization_id))


@router.get("/{listing_id}", response=Envelope[ListingDetailOut])
def listing_detail(request: ProfileRequest, listing_id: Id):
    """One listing on sale (or withdrawn, for its own organization); 404 otherwise. With
    ``on_waiting_list``: whether the caller is on its waiting list (issue 38 item 6)."""
    listing = selectors.listing_get(listing_id=listing_id, organization_id=request.auth.organization_id)
    return ok(selectors.listing_detail(listing, profile=request.auth))


@router.delete("/{listing_id}", response=Envelope[Empty], auth=EducatorSessionAuth())
def listing_withdraw(request: ProfileRequest, listing_id: Id):
    """Withdraw an own listing (409 ``listing_has_pending`` while purchases await payment)."""
    services.listing_withdraw(actor=request.auth, listing_id=listing_id)
    return ok({}, _("Withdrawn from the marketplace."))


@router.get("/{listing_id}/waiting-list", response=Envelope[MyWaitingOut], auth=LearnerSessionAuth())
def waiting_list_mine(request: ProfileRequest, listing_id: Id):
    """The caller's place on the waiting list of a listed test: ``status`` waiting or offered,
    ``position`` among those waiting (0 once offered), the offered batch and claim deadline
    (UTC). 404 when not on the list."""
    place = services.waiting_list_mine(profile=request.auth, listing_id=listing_id)
    return ok(place)


@router.post(
    "/{listing_id}/waiting-list", response={201: Envelope[MyWaitingOut]}, auth=ConsentedLearnerAuth()
)
def waiting_list_join(request: ProfileRequest, listing_id: Id):
    """Join the waiting list of a listed test whose every batch is full (learners; issue 5,
    item 5). data: the learner's ``status`` (waiting), ``position`` (1 = first in line).
    409 ``slots_available`` when a batch has a free slot, ``already_waiting``."""
    place = services.waiting_list_join(profile=request.auth, listing_id=listing_id)
    return Status(201, ok(place, _("You are on the waiting list. We will notify you when a slot frees.")))


@router.delete("/{listing_id}/waiting-list", response=Envelope[Empty], auth=LearnerSessionAuth())
def waiting_list_leave(request: ProfileRequest, listing_id: Id):
    """Leave the waiting list (an offered slot goes to the next in line). 404 when not on it."""
    services.waiting_list_leave(profile=request.auth, listing_id=listing_id)
    return ok({}, _("You left the waiting list."))
