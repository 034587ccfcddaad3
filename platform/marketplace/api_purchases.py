"""The cart and transaction endpoints of spec section 7 ("Marketplace and cart",
"Transactions and analytics"; issue 6): /api/v1/shopping-cart and /api/v1/transaction.
Learners buy; educators read the transactions that include their organization's tests. Thin
(issue 17, item 5): parse, call ``marketplace.cart``/``purchases``/``selectors*``, answer a
schema of ``marketplace.schemas``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Body, Query, Router

from accounts.auth import LearnerSessionAuth, ProfileSessionAuth
from config.envelope import Envelope, Page, ok
from config.fields import Id
from config.requests import ProfileRequest
from consent.gate import ConsentedLearnerAuth
from marketplace import cart, purchases, selectors
from marketplace.schemas import (
    AddonOut,
    CartIn,
    CartOut,
    CheckoutIn,
    PayIn,
    TransactionOut,
    TransactionQuery,
)
from marketplace.selectors_cart import cart_get

cart_router = Router(tags=["shopping cart"], auth=ProfileSessionAuth())
transaction_router = Router(tags=["transactions"], auth=ProfileSessionAuth())


# --- shopping cart ---------------------------------------------------------------------------


@cart_router.get("", response=Envelope[CartOut])
def cart_read(request: ProfileRequest):
    """The caller's cart: ``data.cartItems`` (spec section 3), ``count``, ``total`` (VND).
    Educators and profiles without items get an empty cart."""
    return ok(cart_get(request.auth))


@cart_router.post("", response=Envelope[CartOut], auth=LearnerSessionAuth())
def cart_add(request: ProfileRequest, payload: CartIn):
    """Add a listing with an add-on (test_only, test_advanced) and a batch, or change them; the
    rules of spec section 5 (409 with the reason, 400 ``grade_required``). data: the cart."""
    profile = request.auth
    cart.cart_add(
        profile=profile, listing_id=payload.listing_id, addon=payload.addon, batch_id=payload.batch_id
    )
    return ok(cart_get(profile), _("Added to your cart."))


@cart_router.delete("/{int:item_id}", response=Envelope[CartOut], auth=LearnerSessionAuth())
def cart_remove(request: ProfileRequest, item_id: Id):
    """Remove one cart row (404 unless it is the caller's). data: the cart."""
    profile = request.auth
    cart.cart_remove(profile=profile, item_id=item_id)
    return ok(cart_get(profile), _("Removed from your cart."))


# --- transactions ----------------------------------------------------------------------------


@transaction_router.get("", response=Envelope[Page[TransactionOut]])
def transaction_list(request: ProfileRequest, query: Query[TransactionQuery]):
    """Transactions, newest first: ``status`` (PENDING, COMPLETED, CANCELLED, EXPIRED, FAILED),
    ``from_date``/``to_date`` (inclusive Vietnam days), ``search`` (name, buyer, payment id),
    ``order_by`` created_at, amount, status, completed_at; ``mine_only`` for educators. The
    header reads page 1, limit 1, status PENDING (spec section 7). Three queries."""
    rows, meta = selectors.transaction_list(
        profile=request.auth,
        page=query.page,
        limit=query.limit,
        mine_only=query.mine_only,
        status=query.status,
        from_date=query.from_date,
        to_date=query.to_date,
        search=query.search,
        order_by=query.order_by,
    )
    return ok({"items": rows, **meta})


@transaction_router.get("/list-addons", response=Envelope[list[AddonOut]])
def list_addons(request: HttpRequest):
    """The add-ons a listing can price (spec section 7): test only, test + advanced report,
    survey report, with their names in the caller's language."""
    return ok(selectors.addon_options())


@transaction_router.get("/{int:transaction_id}", response=Envelope[TransactionOut])
def transaction_detail(request: ProfileRequest, transaction_id: Id):
    """One transaction the caller may see (404 otherwise, including other learners')."""
    return ok(selectors.transaction_get(profile=request.auth, transaction_id=transaction_id))


@transaction_router.post("/checkout", response=Envelope[TransactionOut], auth=ConsentedLearnerAuth())
def transaction_checkout(request: ProfileRequest, payload: Body[CheckoutIn]):
    """Check out ``{"items": [...]}``, a bare list of items, or one item object; an item is
    ``{"cart_item_id"}`` or ``{"listing_id", "addon", "batch_id"}``; ``{}`` = the whole cart.
    Creates one PENDING transaction with its slots reserved. Errors: ``Checkout Failed`` with
    ``reason`` and ``item`` (see ``marketplace.purchases.checkout``); 422 ``validation_error``
    for a body of another shape, or none."""
    profile = request.auth
    tx = purchases.checkout(profile=profile, items=[item.model_dump() for item in payload.items])
    return ok(
        selectors.transaction_get(profile=profile, transaction_id=tx.pk),
        _("Your order is waiting for payment."),
    )


@transaction_router.post("/pay", response=Envelope[TransactionOut], auth=ConsentedLearnerAuth())
def transaction_pay(request: ProfileRequest, payload: PayIn):
    """Pay a PENDING transaction (simulated provider; ``method`` "decline" simulates a declined
    card). Idempotent: paying again returns the same completed transaction. The key is
    ``idempotency_key`` or the ``Idempotency-Key`` header."""
    profile = request.auth
    key = payload.idempotency_key or request.headers.get("Idempotency-Key", "")
    tx = purchases.pay(
        profile=profile, transaction_id=payload.transaction_id, idempotency_key=key, method=payload.method
    )
    return ok(
        selectors.transaction_get(profile=profile, transaction_id=tx.pk),
        _("Payment completed. Your test is ready in My tests."),
    )


@transaction_router.delete(
    "/cancel/{int:transaction_id}", response=Envelope[TransactionOut], auth=LearnerSessionAuth()
)
def transaction_cancel(request: ProfileRequest, transaction_id: Id):
    """Cancel a PENDING transaction of the caller; its slots are freed."""
    profile = request.auth
    purchases.cancel(profile=profile, transaction_id=transaction_id)
    return ok(
        selectors.transaction_get(profile=profile, transaction_id=transaction_id), _("Transaction cancelled.")
    )
