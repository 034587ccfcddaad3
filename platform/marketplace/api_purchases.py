"""The cart and transaction endpoints of spec section 7 ("Marketplace and cart",
"Transactions and analytics"; issue 6): /api/v1/shopping-cart and /api/v1/transaction.
Learners buy; educators read the transactions that include their organization's tests."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema

from accounts.models import Profile
from config.auth import require_learner
from config.envelope import Envelope, Page, ok, order_by_checked, paginate
from config.errors import not_found
from config.fields import Choice, ColumnText, DateIn, Id, Limit, List, OrderBy, PageNo, Search
from marketplace import purchases, selectors
from marketplace.models import Addon, CartItem, Transaction

cart_router = Router(tags=["shopping cart"])
transaction_router = Router(tags=["transactions"])


# --- shopping cart ---------------------------------------------------------------------------


AddonCode = ColumnText(CartItem, "addon")
CHECKOUT_ITEMS_MAX = 100
"""Lines of one checkout (a cart holds far fewer)."""


class CartIn(Schema):
    listing_id: Id | None = None
    addon: AddonCode = Addon.TEST_ONLY
    batch_id: Id | None = None


class CartListingOut(Schema):
    id: int
    name: str
    grade: int | None
    subjects: list[str]
    organization: str
    cover_image: str | None
    price_test_only: int
    price_test_advanced: int | None


class CartBatchOut(Schema):
    id: int
    name: str
    starts_at: str
    expires_at: str
    available: int


class CartItemOut(Schema):
    """A cart row: the listing, the chosen add-on and batch, its price now (VND), and
    ``problem`` (code and reason) when it can no longer be bought as is."""

    id: int
    listing: CartListingOut
    addon: str
    addon_name: str
    batch: CartBatchOut | None
    price: int
    problem: dict[str, str] | None


class CartOut(Schema):
    cartItems: list[CartItemOut]  # noqa: N815 (spec section 3 field name)
    count: int
    total: int


def _cart(profile: Profile) -> dict[str, Any]:
    from django.utils import translation

    english = translation.get_language() == "en"
    items = purchases.cart_lines(profile)
    taken = purchases._pending_keys(profile)
    lines = [purchases.Line(c.listing, c.addon, c.batch_id, c.pk) for c in items]
    owned = purchases._owned(profile, lines) if lines else set()
    blocks = purchases._blocks(profile, lines)
    now = timezone.now()
    rows = []
    for line in lines:
        problem = purchases._line_problem(line, taken, owned, blocks, now)
        listing = line.listing
        batch = line.batch()
        rows.append(
            {
                "id": line.cart_item_id,
                "listing": {
                    "id": listing.pk,
                    "name": listing.name,
                    "grade": listing.grade,
                    "subjects": [s["name_en" if english else "name_vi"] for s in listing.subjects],
                    "organization": listing.organization.shown_name,
                    "cover_image": None,
                    "price_test_only": listing.price_test_only,
                    "price_test_advanced": listing.price_test_advanced,
                },
                "addon": line.addon,
                "addon_name": str(Addon(line.addon).label) if line.addon in Addon.values else line.addon,
                "batch": {
                    "id": batch["id"],
                    "name": batch.get("name") or "",
                    "starts_at": batch["starts_at"],
                    "expires_at": batch["expires_at"],
                    "available": batch.get("available", 0),
                }
                if batch
                else None,
                "price": line.price,
                "problem": {"code": str(problem[0]), "reason": problem[1]} if problem else None,
            }
        )
    return {"cartItems": rows, "count": len(rows), "total": sum(r["price"] for r in rows)}


@cart_router.get("", response=Envelope[CartOut])
def cart_get(request: HttpRequest):
    """The caller's cart: ``data.cartItems`` (spec section 3), ``count``, ``total`` (VND).
    Educators and profiles without items get an empty cart."""
    profile = request.auth
    if profile.is_educator:
        return ok({"cartItems": [], "count": 0, "total": 0})
    return ok(_cart(profile))


@cart_router.post("", response=Envelope[CartOut])
def cart_add(request: HttpRequest, payload: CartIn):
    """Add a listing with an add-on (test_only, test_advanced) and a batch, or change them; the
    rules of spec section 5 (409 with the reason, 400 ``grade_required``). data: the cart."""
    profile = require_learner(request)
    purchases.cart_add(profile=profile, data=payload.dict())
    return ok(_cart(profile), _("Added to your cart."))


@cart_router.delete("/{int:item_id}", response=Envelope[CartOut])
def cart_remove(request: HttpRequest, item_id: Id):
    """Remove one cart row (404 unless it is the caller's). data: the cart."""
    profile = require_learner(request)
    purchases.cart_remove(profile=profile, item_id=item_id)
    return ok(_cart(profile), _("Removed from your cart."))


# --- transactions ----------------------------------------------------------------------------


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
    status: str
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
    cart_item_id: Id | None = None
    listing_id: Id | None = None
    addon: AddonCode = Addon.TEST_ONLY
    batch_id: Id | None = None


class CheckoutIn(Schema):
    items: List(CheckoutItem, CHECKOUT_ITEMS_MAX) = []


class PayIn(Schema):
    transaction_id: Id
    idempotency_key: ColumnText(Transaction, "idempotency_key") = ""
    method: Choice = ""


class AddonOut(Schema):
    code: str
    name: str


TX_ORDER = {
    "created_at": "created_at",
    "amount": "visible_amount",
    "status": "status",
    "completed_at": "completed_at",
}


def _tx(tx: Transaction) -> dict[str, Any]:
    return selectors.transaction_row(tx)


def _visible(profile: Profile, mine_only: bool = True):
    """Learners see their own transactions; educators those that include their organization's
    tests, with only their organization's lines and amount (``marketplace.selectors``)."""
    return selectors.transactions_visible(profile=profile, mine_only=mine_only)


def _local_midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


@transaction_router.get("", response=Envelope[Page[TransactionOut]])
def transaction_list(request: HttpRequest, query: Query[TransactionQuery]):
    """Transactions, newest first: ``status`` (PENDING, COMPLETED, CANCELLED, EXPIRED, FAILED),
    ``from_date``/``to_date`` (inclusive days, Vietnam time), ``search`` (name, buyer, payment
    id), ``order_by`` created_at, amount, status, completed_at; ``mine_only`` for educators. The
    header reads page 1, limit 1, status PENDING (spec section 7). Three queries."""
    profile = request.auth
    qs = _visible(profile, query.mine_only)
    if query.status:
        qs = qs.filter(status=query.status.upper())
    if query.from_date:
        qs = qs.filter(created_at__gte=_local_midnight(query.from_date))
    if query.to_date:
        qs = qs.filter(created_at__lt=_local_midnight(query.to_date) + timedelta(days=1))
    qs = selectors.transactions_search(qs, profile=profile, mine_only=query.mine_only, term=query.search)
    qs = qs.order_by(*order_by_checked(query.order_by, TX_ORDER, "-created_at"))
    rows, meta = paginate(qs, page=query.page, limit=query.limit)
    return ok({"items": [_tx(t) for t in rows], **meta})


@transaction_router.get("/list-addons", response=Envelope[list[AddonOut]])
def list_addons(request: HttpRequest):
    """The add-ons a listing can price (spec section 7): test only, test + advanced report,
    survey report, with their names in the caller's language."""
    return ok([{"code": a.value, "name": str(a.label)} for a in Addon])


@transaction_router.get("/{int:transaction_id}", response=Envelope[TransactionOut])
def transaction_detail(request: HttpRequest, transaction_id: Id):
    """One transaction the caller may see (404 otherwise, including other learners')."""
    tx = _visible(request.auth, mine_only=not request.auth.is_educator).filter(pk=transaction_id).first()
    if tx is None:
        raise not_found(_("Transaction not found."))
    return ok(_tx(tx))


@transaction_router.post("/checkout", response=Envelope[TransactionOut])
def transaction_checkout(request: HttpRequest):
    """Check out ``{"items": [...]}``, a bare list of items, or one item object; an item is
    ``{"cart_item_id"}`` or ``{"listing_id", "addon", "batch_id"}``; no items = the whole cart.
    Creates one PENDING transaction with its slots reserved. Errors: ``Checkout Failed`` with
    ``reason`` and ``item`` (see ``marketplace.purchases.checkout``)."""
    import json

    from config.errors import ApplicationError, CommonErrorCode

    profile = require_learner(request)
    try:
        body = json.loads(request.body or b"{}")
    except ValueError as exc:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR, _("Enter a valid value."), status=400
        ) from exc
    raw = body.get("items", []) if isinstance(body, dict) and "items" in body else body
    if isinstance(raw, dict):
        raw = [raw] if raw else []
    if not isinstance(raw, list):
        raise ApplicationError(CommonErrorCode.VALIDATION_ERROR, _("Enter a list."), status=400)
    try:
        items = [CheckoutItem(**i).dict() for i in raw]
    except Exception as exc:  # pydantic validation of a hand-parsed body
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR, _("Enter a valid value."), status=400
        ) from exc
    tx = purchases.checkout(profile=profile, items=items)
    return ok(_tx(_visible(profile).get(pk=tx.pk)), _("Your order is waiting for payment."))


@transaction_router.post("/pay", response=Envelope[TransactionOut])
def transaction_pay(request: HttpRequest, payload: PayIn):
    """Pay a PENDING transaction (simulated provider; ``method`` "decline" simulates a declined
    card). Idempotent: paying again returns the same completed transaction. The key is
    ``idempotency_key`` or the ``Idempotency-Key`` header."""
    profile = require_learner(request)
    key = payload.idempotency_key or request.headers.get("Idempotency-Key", "")
    tx = purchases.pay(
        profile=profile, transaction_id=payload.transaction_id, idempotency_key=key, method=payload.method
    )
    return ok(_tx(_visible(profile).get(pk=tx.pk)), _("Payment completed. Your test is ready in My tests."))


@transaction_router.delete("/cancel/{int:transaction_id}", response=Envelope[TransactionOut])
def transaction_cancel(request: HttpRequest, transaction_id: Id):
    """Cancel a PENDING transaction of the caller; its slots are freed."""
    profile = require_learner(request)
    purchases.cancel(profile=profile, transaction_id=transaction_id)
    return ok(_tx(_visible(profile).get(pk=transaction_id)), _("Transaction cancelled."))
