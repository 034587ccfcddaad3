"""Checkout, payment, cancellation and expiry (issue 6; spec sections 5 and 7). The cart is in
``marketplace.cart``, the rules of a line in ``marketplace.selectors_cart``.

The one rule that must never break: a batch slot is never sold twice and no paid purchase is
lost. Checkout reserves every item's slot (through the listing kind's handler,
``marketplace.listing_kinds``: a conditional UPDATE, so concurrent checkouts can never push
``available`` below zero) in the same database transaction that creates the PENDING transaction,
taking the batches in a fixed order (organization, batch id) so multi-item carts cannot
deadlock. Payment charges once (``marketplace.payments.charge``), then confirms the slots and
gives the learner what they bought (the handler's ``fulfil``: an assignment, a survey report)
in each organization's schema, in one database transaction: all or nothing. Cancellation and
expiry release the slots and offer them to the waiting list. Money is whole VND."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from config.errors import ApplicationError, not_found
from config.jobs import due_sweep
from marketplace.cart import require_grade
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.listing_kinds import BatchHold, handler
from marketplace.models import Addon, CartItem, Listing, Transaction, TransactionItem
from marketplace.payments import charge
from marketplace.selectors_cart import (
    Line,
    blocks_for,
    cart_items,
    cart_line,
    line_problem,
    owned_listing_ids,
    pending_keys,
)
from tenants.scope import organization_schema

T = Transaction.Status

# --- checkout --------------------------------------------------------------------------------


def _lines_from(profile: Profile, items: list[dict[str, Any]]) -> list[Line]:
    """Items are ``{"cart_item_id"}`` or ``{"listing_id", "addon", "batch_id"}``; none = the cart."""
    cart = {c.pk: c for c in cart_items(profile)}
    if not items:
        return [cart_line(c) for c in cart.values()]
    lines = []
    listing_ids = [i.get("listing_id") for i in items if i.get("listing_id")]
    listings = {
        lst.pk: lst for lst in Listing.objects.select_related("organization").filter(pk__in=listing_ids)
    }
    for index, item in enumerate(items):
        if item.get("cart_item_id"):
            c = cart.get(int(item["cart_item_id"]))
            if c is None:
                raise ApplicationError(
                    Code.CHECKOUT_FAILED,
                    _("Checkout Failed: item %(n)d is not in your cart.") % {"n": index + 1},
                    status=404,
                )
            lines.append(cart_line(c))
        else:
            listing = listings.get(item.get("listing_id"))
            if listing is None:
                raise ApplicationError(
                    Code.CHECKOUT_FAILED,
                    _("Checkout Failed: item %(n)d: listing not found.") % {"n": index + 1},
                    status=404,
                )
            lines.append(
                Line(listing, item.get("addon") or Addon.TEST_ONLY, int(item.get("batch_id") or 0) or None)
            )
    return lines


def _checkout_failed(index: int, code: str, reason: str, status: int = 409) -> ApplicationError:
    return ApplicationError(
        Code.CHECKOUT_FAILED,
        _("Checkout Failed: %(reason)s") % {"reason": reason},
        status=status,
        errors={f"items.{index}": [reason]},
        extra={"reason": str(code), "item": index},
    )


def _refused(index: int, refusal: str, listing: Listing, batch_id: int | None) -> ApplicationError:
    """The checkout failure of a slot the handler could not reserve (``listing_kinds.Refusal``)."""
    if refusal == "batch_full":
        batch = next((b for b in listing.batches if b.get("id") == batch_id), {})
        return _checkout_failed(
            index,
            Code.NO_BATCH_SLOT,
            _("No batch slot: %(batch)s of %(name)s is full; choose another batch.")
            % {"batch": batch.get("name") or batch_id, "name": listing.shown_name},
        )
    if refusal == "sold_out":
        return _checkout_failed(
            index, Code.NO_SLOT_AVAILABLE, _("No slot available for %(name)s.") % {"name": listing.shown_name}
        )
    return _checkout_failed(
        index,
        Code.CART_INVALID,
        _("Choose a batch of %(name)s that has not ended.") % {"name": listing.shown_name},
    )


@transaction.atomic
def checkout(*, profile: Profile, items: list[dict[str, Any]]) -> Transaction:
    """POST /api/v1/transaction/checkout: one PENDING transaction for ``items`` (each
    ``{"cart_item_id"}`` or ``{"listing_id", "addon", "batch_id"}``; none = the whole cart), each
    item's batch slot reserved in the same database transaction. Errors (nothing is written):
    400 ``grade_required``; 404 ``checkout_failed`` for an item not in the cart or an unknown
    listing; 400 ``checkout_failed`` for an empty cart or ``free_only_cart``; 409
    ``checkout_failed`` with ``reason`` (the rule: ``duplicate_subject_grade``,
    ``already_owned``, ``round_not_passed``, ``no_batch_slot``, ``no_slot_available``,
    ``cart_invalid``), ``item`` (index) and ``errors["items.N"]``. The transaction expires after
    ``PENDING_TRANSACTION_MINUTES``. The operation is behind the consent gate (its
    authentication, ``consent.gate.ConsentedLearnerAuth``; decision 0048): 403
    ``consent_required`` / ``date_of_birth_required`` / ``parental_consent_required`` before
    anything is read."""
    require_grade(profile)
    Profile.objects.select_for_update().filter(pk=profile.pk).first()  # one checkout per learner at a time
    lines = _lines_from(profile, items)
    if not lines:
        raise ApplicationError(Code.CHECKOUT_FAILED, _("Checkout Failed: your cart is empty."), status=400)
    now = timezone.now()
    taken = pending_keys(profile)
    owned = owned_listing_ids(profile, lines)
    blocks = blocks_for(profile, lines, now=now)
    for index, line in enumerate(lines):
        problem = line_problem(line, taken, owned, blocks, now)
        if problem:
            raise _checkout_failed(index, *problem)
        taken |= line.keys
    if sum(line.price for line in lines) == 0:
        raise _checkout_failed(
            0, Code.FREE_ONLY, _("the cart needs at least one test that is not free."), 400
        )
    tx = Transaction.objects.create(
        profile=profile,
        buyer_name=profile.user.name_or_email,
        amount=sum(line.price for line in lines),
        remark=", ".join(line.listing.name for line in lines)[:300],
        expires_at=now + timedelta(minutes=settings.PENDING_TRANSACTION_MINUTES),
    )
    order = sorted(
        range(len(lines)), key=lambda i: (lines[i].listing.organization_id, lines[i].batch_id or 0)
    )
    for index in order:
        line = lines[index]
        listing = line.listing
        with organization_schema(listing.organization.schema_name):
            hold = handler(listing.kind).reserve(
                item_id=listing.preset_id, batch_id=line.batch_id, profile_id=profile.pk, now=now
            )
        if isinstance(hold, str):
            raise _refused(index, hold, listing, line.batch_id)
        TransactionItem.objects.create(
            transaction=tx,
            listing=listing,
            organization_id=listing.organization_id,
            preset_id=listing.preset_id,
            addon=line.addon,
            name=listing.name,
            grade=listing.grade,
            price=line.price,
            **_held(hold, listing),
        )
    CartItem.objects.filter(profile=profile, listing_id__in=[line.listing.pk for line in lines]).delete()
    return tx


def _held(hold: BatchHold | None, listing: Listing) -> dict[str, Any]:
    """The batch columns of a checkout line: none for a kind without slots (a survey report)."""
    if hold is None:
        return {"batch_id": None, "subject_codes": []}
    return {
        "batch_id": hold.batch_id,
        "batch_name": hold.name,
        "batch_starts_at": hold.starts_at,
        "subject_codes": [s["code"] for s in listing.subjects],
    }


# --- payment, cancellation, expiry -----------------------------------------------------------


def _release(tx: Transaction, status: str, reason: str = "") -> None:
    """Close a PENDING ``tx`` as ``status`` and free its slots (offered to the waiting list),
    in a fixed order (organization, batch id)."""
    tx.status = status
    tx.closed_at = timezone.now()
    tx.failure_reason = reason[:300]
    tx.save(update_fields=["status", "closed_at", "failure_reason"])
    items = sorted(
        (i for i in tx.items.select_related("organization", "listing") if i.batch_id),
        key=lambda i: (i.organization_id, i.batch_id),
    )
    for item in items:
        with organization_schema(item.organization.schema_name):
            handler(item.listing.kind).release(batch_id=item.batch_id)


def _held_meanwhile(profile: Profile, tx: Transaction) -> str | None:
    """The name of a test of ``tx`` that the learner has come to hold since checkout (an
    educator assigned it directly), checked before charging so that a payment never ends in a
    rollback after the money moved; None when there is none. One query."""
    tests = [i for i in tx.items.all() if i.batch_id]
    if not tests:
        return None
    wanted = Q()
    for item in tests:
        wanted |= Q(organization_id=item.organization_id, item_id=item.preset_id)
    held = (
        Enrollment.objects.filter(wanted, profile=profile, kind=Enrollment.Kind.TEST, is_active=True)
        .values_list("organization_id", "item_id")
        .first()
    )
    if held is None:
        return None
    return next(i.name for i in tests if (i.organization_id, i.preset_id) == held)


def _own_pending(profile: Profile, transaction_id: int) -> Transaction:
    tx = Transaction.objects.select_for_update().filter(pk=transaction_id, profile=profile).first()
    if tx is None:
        raise not_found(_("Transaction not found."))
    return tx


def pay(*, profile: Profile, transaction_id: int, idempotency_key: str = "", method: str = "") -> Transaction:
    """POST /api/v1/transaction/pay: charge a PENDING transaction through the payment provider
    and complete the purchase: confirm each slot, create the learner's assignment (with its
    Enrollment row and a TestScheduled notification) in each organization's schema, all or
    nothing. Paying again (double click, a retry after a timeout, the same or no key) returns
    the completed transaction and charges once. Errors: 404; 409 ``transaction_not_pending``
    (cancelled, expired or failed; an overdue one is expired on the spot); 409
    ``already_owned`` (the learner came to hold a test of it since checkout: nothing charged,
    the order FAILED); 402 ``payment_declined`` (the transaction is FAILED and its slots
    freed). The operation is behind the consent gate (``consent.gate.ConsentedLearnerAuth``:
    403 before anything is charged; decision 0048)."""
    declined = None
    with transaction.atomic():
        tx = _own_pending(profile, transaction_id)
        if tx.status == T.COMPLETED:
            return tx
        if tx.status == T.PENDING and tx.expires_at <= timezone.now():
            _release(tx, T.EXPIRED)
        if tx.status != T.PENDING:
            declined = ApplicationError(
                Code.NOT_PENDING,
                _("This transaction is %(status)s and cannot be paid.")
                % {"status": tx.get_status_display().lower()},
                status=409,
            )
        elif held := _held_meanwhile(profile, tx):
            # Assigned the same test directly since checkout: charge nothing, free the slots.
            _release(tx, T.FAILED, f"already holds {held}")
            declined = ApplicationError(
                Code.ALREADY_OWNED,
                _("You already have %(name)s; the order was cancelled and nothing was charged.")
                % {"name": held},
                status=409,
            )
        else:
            result = charge(tx, idempotency_key=idempotency_key, default_key=f"tx-{tx.pk}", method=method)
            if not result.approved:
                tx.save(update_fields=["payment_provider", "payment_id", "idempotency_key"])
                _release(tx, T.FAILED, result.reason)
                declined = ApplicationError(
                    Code.PAYMENT_DECLINED,
                    _("The payment was declined; your slots were released."),
                    status=402,
                )
            else:
                _fulfil(tx, profile)
                tx.status = T.COMPLETED
                tx.completed_at = timezone.now()
                tx.save(
                    update_fields=[
                        "status",
                        "completed_at",
                        "payment_provider",
                        "payment_id",
                        "idempotency_key",
                    ]
                )
    if declined is not None:
        raise declined
    return tx


def _fulfil(tx: Transaction, profile: Profile) -> None:
    """Give the learner every line of the charged ``tx`` (the kind handler's ``fulfil`` in each
    organization's schema, in a fixed order) and write the id it returns on the line."""
    items = sorted(
        tx.items.select_related("organization", "listing"),
        key=lambda i: (i.organization_id, i.batch_id or 0),
    )
    for item in items:
        with organization_schema(item.organization.schema_name):
            item.assignment_id = handler(item.listing.kind).fulfil(
                line=item, profile=profile, transaction_id=tx.pk
            )
        item.save(update_fields=["assignment_id"])


def assignment_pay(
    *, profile: Profile, schema_name: str, assignment_id: int, idempotency_key: str = "", method: str = ""
) -> Transaction:
    """POST /api/v1/take-test/{id}/pay: pay the purchase cost (VND) of a test an educator
    assigned with "requires purchase" (issue 5, item 7), through the same payment provider as
    the marketplace. One COMPLETED transaction (no marketplace item: it is not a market sale, so
    market analytics leave it out) and the assignment marked paid, all or nothing. Paying again
    (double click, retry) returns the same transaction and charges once: the assignment row is
    locked while paying. Errors: 409 ``nothing_to_pay`` (no purchase required, or free); 402
    ``payment_declined`` (a FAILED transaction is recorded; the learner may try again); 404
    for an unknown assignment. The operation is behind the consent gate
    (``consent.gate.ConsentedLearnerAuth``: 403 before anything is charged; decision 0048)."""
    tests = handler(Listing.Kind.TEST)
    declined = None
    with transaction.atomic():
        with organization_schema(schema_name):
            due = tests.assigned_purchase(assignment_id=assignment_id)
        if due is None:
            raise not_found(_("Assignment not found."))
        if due.paid_transaction_id:
            paid = Transaction.objects.filter(pk=due.paid_transaction_id, profile=profile).first()
            if paid is not None:
                return paid
        if not due.payable:
            raise ApplicationError(
                Code.NOTHING_TO_PAY, _("There is nothing to pay for this test."), status=409
            )
        now = timezone.now()
        tx = Transaction.objects.create(
            profile=profile,
            buyer_name=profile.user.name_or_email,
            amount=due.cost,
            remark=_("Assigned test: %(name)s") % {"name": due.name},
            expires_at=now,
        )
        result = charge(
            tx,
            idempotency_key=idempotency_key,
            default_key=f"assignment-{schema_name}-{assignment_id}",
            method=method,
        )
        if not result.approved:
            tx.status, tx.closed_at, tx.failure_reason = T.FAILED, now, result.reason[:300]
            declined = ApplicationError(
                Code.PAYMENT_DECLINED, _("The payment was declined; nothing was charged."), status=402
            )
        else:
            tx.status, tx.completed_at = T.COMPLETED, now
            with organization_schema(schema_name):
                tests.assigned_purchase_paid(assignment_id=assignment_id, transaction_id=tx.pk, now=now)
        tx.save()
    if declined is not None:
        raise declined
    return tx


@transaction.atomic
def cancel(*, profile: Profile, transaction_id: int) -> Transaction:
    """DELETE /api/v1/transaction/cancel/{id}: cancel the caller's PENDING transaction and free
    its slots (the waiting list is offered them). 404; 409 ``transaction_not_pending``."""
    tx = _own_pending(profile, transaction_id)
    if tx.status != T.PENDING:
        raise ApplicationError(
            Code.NOT_PENDING,
            _("This transaction is %(status)s and cannot be cancelled.")
            % {"status": tx.get_status_display().lower()},
            status=409,
        )
    _release(tx, T.CANCELLED)
    return tx


def expire_due(*, now=None) -> int:
    """Expire PENDING transactions past ``expires_at`` and free their slots; one database
    transaction each, rows locked with SKIP LOCKED (a payment in progress wins). Returns the
    number expired (``config.jobs.due_sweep``). Called every minute by a huey periodic task."""
    now = now or timezone.now()
    return due_sweep(
        Transaction.objects.filter(status=T.PENDING, expires_at__lte=now), lambda tx: _release(tx, T.EXPIRED)
    )
