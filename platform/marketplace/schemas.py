"""Request and response schemas of the marketplace endpoints (spec section 7 "Marketplace and
cart", "Transactions and analytics"). Money is whole VND; instants are ISO 8601 UTC; every
response field typed (issue 17, item 5)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import BaseModel, model_validator

from config.fields import (
    CheckedInt,
    Choice,
    ColumnInt,
    ColumnText,
    DateIn,
    Description,
    Id,
    Limit,
    List,
    OrderBy,
    PageNo,
    Search,
)
from marketplace.models import Addon, CartItem, Listing, Transaction

Price = ColumnInt(Listing, "price_test_only")
AddonCode = ColumnText(CartItem, "addon")
LISTINGS_MAX = 100
"""Tests published in one POST /marketplace/create-multiple."""
CHECKOUT_ITEMS_MAX = 100
"""Lines of one checkout (a cart holds far fewer)."""


# --- listings ----------------------------------------------------------------------------------


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


class ListingBatchOut(Schema):
    """A batch of a listed test as the listing mirrors it: its slots and free slots now."""

    id: int
    name: str
    starts_at: datetime
    expires_at: datetime
    slots: int
    available: int


class ListingOut(Schema):
    id: int
    kind: Literal["test", "survey"]
    preset_id: int
    organization: OrganizationRef
    name: str  # in the reader's language, the other when blank (issue 38 item 6)
    name_lang: Literal["vi", "en"]  # the language ``name`` is in (the page's ``lang``)
    description: str
    description_lang: Literal["vi", "en"]
    grade: int | None
    subjects: list[str]
    subject_codes: list[str]
    cover_image: str | None
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    camera_proctoring: bool
    batches: list[ListingBatchOut]
    available_slots: int
    price_test_only: int
    price_test_advanced: int | None
    price_survey_report: int | None
    status: Literal["active", "withdrawn"]
    published_at: datetime


class ListingDetailOut(ListingOut):
    """GET /api/v1/marketplace/{id}: the listing and what its page needs to know about the
    reader. ``on_waiting_list``: the reader (a learner) waits on, or holds an offer from, the
    test's waiting list; the page asks for the place (``GET .../waiting-list``, 404 otherwise)
    only then (issue 38 item 6)."""

    on_waiting_list: bool


class CreateItem(Schema):
    preset_id: Id | None = None
    price_test_only: CheckedInt | None = None  # 0..100,000,000 VND, checked by the service
    price_test_advanced: CheckedInt | None = None
    price_survey_report: CheckedInt | None = None
    description: Description = ""


class CreateMultipleIn(Schema):
    items: List(CreateItem, LISTINGS_MAX) = []


class SubjectOptionOut(Schema):
    code: str
    name: str


class MyWaitingOut(Schema):
    status: Literal["waiting", "offered"]
    position: int
    offered_batch_id: int | None
    claim_expires_at: datetime | None


# --- shopping cart -----------------------------------------------------------------------------


class CartIn(Schema):
    listing_id: Id | None = None
    addon: AddonCode = Addon.TEST_ONLY
    batch_id: Id | None = None


class CartListingOut(Schema):
    id: int
    name: str
    name_lang: Literal["vi", "en"]
    grade: int | None
    subjects: list[str]
    organization: str
    cover_image: str | None
    price_test_only: int
    price_test_advanced: int | None


class CartBatchOut(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime
    available: int


class CartProblemOut(Schema):
    """Why a cart row cannot be bought as it is: the rule's ``code`` (``cart_invalid``,
    ``already_owned``, ``duplicate_subject_grade``, ``round_not_passed``, ``no_batch_slot``,
    ``no_slot_available``) and the localized ``reason``."""

    code: str
    reason: str


class CartItemOut(Schema):
    """A cart row: the listing, the chosen add-on and batch, its price now (VND), and
    ``problem`` when it can no longer be bought as is."""

    id: int
    listing: CartListingOut
    addon: str
    addon_name: str
    batch: CartBatchOut | None
    price: int
    problem: CartProblemOut | None


class CartOut(Schema):
    cartItems: list[CartItemOut]  # noqa: N815 (spec section 3 field name)
    count: int
    total: int


# --- transactions ------------------------------------------------------------------------------


class TransactionItemOut(Schema):
    id: int
    listing_id: int
    name: str
    organization: str
    grade: int | None
    addon: str
    addon_name: str
    batch_id: int | None  # none for a survey report (issue 8)
    batch_name: str
    batch_starts_at: datetime | None
    price: int
    assignment_id: int | None


class TransactionOut(Schema):
    """Spec section 3 "Transaction": name, date, amount (VND), remark, payment id, status."""

    id: int
    name: str
    date: datetime
    amount: int
    remark: str
    payment_id: str
    payment_provider: str
    status: Literal["PENDING", "COMPLETED", "CANCELLED", "EXPIRED", "FAILED"]
    status_name: str
    buyer_name: str
    expires_at: datetime
    completed_at: datetime | None
    closed_at: datetime | None
    failure_reason: str
    items: list[TransactionItemOut]


class TransactionQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    search: Search = ""
    order_by: OrderBy = ""
    mine_only: bool = False
    from_date: DateIn | None = None
    to_date: DateIn | None = None
    status: Choice = ""


class CheckoutItem(Schema):
    """``{"cart_item_id"}`` (a row of the cart) or ``{"listing_id", "addon", "batch_id"}``."""

    cart_item_id: Id | None = None
    listing_id: Id | None = None
    addon: AddonCode = Addon.TEST_ONLY
    batch_id: Id | None = None


class CheckoutIn(BaseModel):
    """The checkout body (spec section 7: "body items list, or an object"): ``{"items": [...]}``,
    a bare list of items, or one item object; ``{}`` = the whole cart. (A plain
    pydantic model: Ninja's ``Schema`` hands validators a wrapper instead of the JSON value.)"""

    items: List(CheckoutItem, CHECKOUT_ITEMS_MAX) = []

    @model_validator(mode="before")
    @classmethod
    def _one_shape(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"items": data}
        if isinstance(data, dict) and data and "items" not in data:
            return {"items": [data]}
        return data


class PayIn(Schema):
    transaction_id: Id
    idempotency_key: ColumnText(Transaction, "idempotency_key") = ""
    method: Choice = ""


class AddonOut(Schema):
    code: Literal["test_only", "test_advanced", "survey_report"]
    name: str
