"""Cart, checkout, payment, cancellation and expiry (issue 6; spec sections 5 and 7).

The one rule that must never break: a batch slot is never sold twice and no paid purchase is
lost. Checkout reserves every item's slot (``assessments.services.slots.reserve``: a conditional
UPDATE, so concurrent checkouts can never push ``available`` below zero) in the same database
transaction that creates the PENDING transaction, taking the batches in a fixed order
(organization, batch id) so multi-item carts cannot deadlock. Payment confirms the slots and
creates each assignment (organization schema) with its Enrollment row (public) in one database
transaction: all or nothing. Cancellation and expiry release the slots and offer them to the
waiting list. Money is whole VND."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tenants.utils import schema_context

from accounts.models import Enrollment, Profile
from config.errors import ApplicationError, not_found
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.models import ADDON_PRICE_FIELD, Addon, CartItem, Listing, Transaction, TransactionItem
from marketplace.payments import provider

T = Transaction.Status
TEST_ADDONS = (Addon.TEST_ONLY, Addon.TEST_ADVANCED)


@dataclass
class Line:
    """One item to buy: a listing, its add-on and batch, with the price (VND) it costs now."""

    listing: Listing
    addon: str
    batch_id: int | None
    cart_item_id: int | None = None

    @property
    def price(self) -> int:
        return getattr(self.listing, ADDON_PRICE_FIELD[self.addon]) or 0

    @property
    def keys(self) -> set[tuple[int | None, str]]:
        return {(self.listing.grade, s["code"]) for s in self.listing.subjects}

    def batch(self) -> dict[str, Any] | None:
        return next((b for b in self.listing.batches if b.get("id") == self.batch_id), None)


def require_grade(profile: Profile) -> None:
    """Spec section 5: the grade must be set in the profile before using the marketplace
    (400 ``grade_required``); learners only (403)."""
    from config.auth import require_learner_profile

    require_learner_profile(profile)
    if not profile.grade:
        raise ApplicationError(
            Code.GRADE_REQUIRED, _("Set your grade in your profile before buying tests."), status=400
        )


def _pending_keys(profile: Profile) -> set[tuple[int | None, str]]:
    keys: set[tuple[int | None, str]] = set()
    for grade, codes in TransactionItem.objects.filter(
        transaction__profile=profile, transaction__status=T.PENDING
    ).values_list("grade", "subject_codes"):
        keys |= {(grade, code) for code in codes}
    return keys


def _owned(profile: Profile, lines: list[Line]) -> set[int]:
    """Listing ids among ``lines`` whose preset the learner already holds (a live enrollment)."""
    wanted = {(ln.listing.organization_id, ln.listing.preset_id): ln.listing.pk for ln in lines}
    rows = Enrollment.objects.filter(
        profile=profile,
        kind=Enrollment.Kind.TEST,
        is_active=True,
        organization_id__in={k[0] for k in wanted},
        item_id__in={k[1] for k in wanted},
    ).values_list("organization_id", "item_id")
    return {wanted[r] for r in rows if r in wanted}


@dataclass
class Blocks:
    """What stands between a learner and the lines of a cart, read once per organization (not
    per line): the listings whose round requirement the learner has not passed (issue 7, item
    5: a released pass in a test of that round, same organization), and the (listing, batch)
    pairs for which the learner holds a live waiting-list offer (a full batch they may claim)."""

    round_blocked: set[int]
    offers: set[tuple[int, int | None]]


def _blocks(profile: Profile, lines: list[Line]) -> Blocks:
    from assessments.models import TestPreset, WaitingListEntry
    from assignments.models import Attempt

    blocks = Blocks(set(), set())
    by_org: dict[int, list[Line]] = {}
    for line in lines:
        if line.listing.kind != Listing.Kind.SURVEY:
            by_org.setdefault(line.listing.organization_id, []).append(line)
    now = timezone.now()
    for org_lines in by_org.values():
        with schema_context(org_lines[0].listing.organization.schema_name):
            required = dict(
                TestPreset.objects.filter(
                    pk__in={ln.listing.preset_id for ln in org_lines}, required_round_id__isnull=False
                ).values_list("pk", "required_round_id")
            )
            passed = set()
            if required:
                passed = set(
                    Attempt.objects.filter(
                        assignment__learner_profile_id=profile.pk,
                        assignment__preset__round_id__in=set(required.values()),
                        result=Attempt.Result.PASSED,
                        released_at__isnull=False,
                    ).values_list("assignment__preset__round_id", flat=True)
                )
            blocks.round_blocked |= {
                ln.listing.pk
                for ln in org_lines
                if ln.listing.preset_id in required and required[ln.listing.preset_id] not in passed
            }
            full = [ln for ln in org_lines if (ln.batch() or {}).get("available", 0) <= 0]
            if full:
                offered = set(
                    WaitingListEntry.objects.filter(
                        preset_id__in={ln.listing.preset_id for ln in full},
                        learner_profile_id=profile.pk,
                        status=WaitingListEntry.Status.OFFERED,
                        claim_expires_at__gt=now,
                    ).values_list("preset_id", "offered_batch_id")
                )
                blocks.offers |= {
                    (ln.listing.pk, ln.batch_id)
                    for ln in full
                    if (ln.listing.preset_id, ln.batch_id) in offered
                }
    return blocks


def _line_problem(
    line: Line, taken_keys: set, owned: set[int], blocks: Blocks, now
) -> tuple[str, str] | None:
    """(code, localized reason) when ``line`` cannot be bought now, else None. Reads the
    listing's batch summary (kept in step with the batches); checkout re-checks the real slot."""
    listing = line.listing
    if listing.status != Listing.Status.ACTIVE:
        return Code.CART_INVALID, _("%(name)s is no longer on sale.") % {"name": listing.name}
    if listing.kind == Listing.Kind.SURVEY:  # the survey report add-on (issue 8): no batch, no slot
        if line.addon != Addon.SURVEY_REPORT or listing.price_survey_report is None:
            return Code.CART_INVALID, _("This add-on is not offered for %(name)s.") % {"name": listing.name}
        return None
    if line.addon not in TEST_ADDONS or getattr(listing, ADDON_PRICE_FIELD[line.addon]) is None:
        return Code.CART_INVALID, _("This add-on is not offered for %(name)s.") % {"name": listing.name}
    if listing.pk in owned:
        return Code.ALREADY_OWNED, _("You already have %(name)s.") % {"name": listing.name}
    if line.keys & taken_keys:
        return Code.DUPLICATE_SUBJECT, _(
            "%(name)s: a test of the same subject and grade is already in your cart or waiting for payment."
        ) % {"name": listing.name}
    if listing.pk in blocks.round_blocked:
        return Code.ROUND_NOT_PASSED, _("%(name)s is for learners who passed the previous round.") % {
            "name": listing.name
        }
    batch = line.batch()
    if batch is None or datetime.fromisoformat(batch["expires_at"]) <= now:
        return Code.CART_INVALID, _("Choose a batch of %(name)s that has not ended.") % {"name": listing.name}
    if batch.get("available", 0) <= 0 and (listing.pk, line.batch_id) not in blocks.offers:
        if any(
            b.get("available", 0) > 0 and datetime.fromisoformat(b["expires_at"]) > now
            for b in listing.batches
        ):
            return Code.NO_BATCH_SLOT, _(
                "No batch slot: %(batch)s of %(name)s is full; choose another batch."
            ) % {
                "batch": batch.get("name") or batch["id"],
                "name": listing.name,
            }
        return Code.NO_SLOT_AVAILABLE, _("No slot available for %(name)s.") % {"name": listing.name}
    return None


# --- cart ------------------------------------------------------------------------------------


def cart_lines(profile: Profile) -> list[CartItem]:
    return list(
        CartItem.objects.filter(profile=profile)
        .select_related("listing__organization")
        .order_by("created_at", "id")
    )


@transaction.atomic
def cart_add(*, profile: Profile, data: dict[str, Any]) -> CartItem:
    """POST /api/v1/shopping-cart ``{"listing_id", "addon", "batch_id"}``: put a test in the cart,
    or change the add-on or batch of one already there. Rules of spec section 5: grade set
    (``grade_required``), not already owned, the same subject and grade not in the cart or a
    pending transaction (``duplicate_subject_grade``), a batch with a free slot (``no_batch_slot``
    / ``no_slot_available``), 409 with the reason; 404 for an unknown listing."""
    require_grade(profile)
    Profile.objects.select_for_update().filter(pk=profile.pk).first()  # one cart change at a time
    listing = (
        Listing.objects.select_related("organization")
        .filter(pk=data.get("listing_id") or 0, status=Listing.Status.ACTIVE)
        .first()
    )
    if listing is None:
        raise not_found(_("Listing not found."))
    line = Line(
        listing=listing,
        addon=data.get("addon") or Addon.TEST_ONLY,
        batch_id=int(data.get("batch_id") or 0) or None,
    )
    others = [c for c in cart_lines(profile) if c.listing_id != listing.pk]
    taken = _pending_keys(profile)
    for c in others:
        taken |= Line(c.listing, c.addon, c.batch_id).keys
    problem = _line_problem(line, taken, _owned(profile, [line]), _blocks(profile, [line]), timezone.now())
    if problem:
        raise ApplicationError(problem[0], problem[1], status=409)
    item, _created = CartItem.objects.update_or_create(
        profile=profile, listing=listing, defaults={"addon": line.addon, "batch_id": line.batch_id}
    )
    return item


def cart_remove(*, profile: Profile, item_id: int) -> None:
    """DELETE /api/v1/shopping-cart/{id}: 404 unless it is the caller's."""
    deleted, _by_model = CartItem.objects.filter(pk=item_id, profile=profile).delete()
    if not deleted:
        raise not_found(_("This item is not in your cart."))


# --- checkout --------------------------------------------------------------------------------


def _lines_from(profile: Profile, items: list[dict[str, Any]]) -> list[Line]:
    """Items are ``{"cart_item_id"}`` or ``{"listing_id", "addon", "batch_id"}``; none = the cart."""
    cart = {c.pk: c for c in cart_lines(profile)}
    if not items:
        return [Line(c.listing, c.addon, c.batch_id, c.pk) for c in cart.values()]
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
            lines.append(Line(c.listing, c.addon, c.batch_id, c.pk))
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


@transaction.atomic
def checkout(*, profile: Profile, items: list[dict[str, Any]]) -> Transaction:
    """POST /api/v1/transaction/checkout: one PENDING transaction for ``items`` (or the whole
    cart), each item's batch slot reserved in the same database transaction. Errors (nothing is
    written): 400 ``grade_required``; 409 ``checkout_failed`` with ``reason`` (the rule:
    ``free_only_cart``, ``duplicate_subject_grade``, ``already_owned``, ``no_batch_slot``,
    ``no_slot_available``, ``cart_invalid``), ``item`` (index) and ``errors["items.N"]``.
    The transaction expires after ``PENDING_TRANSACTION_MINUTES``."""
    from assessments.models import Batch
    from assessments.services import slots
    from assessments.services.waiting_list import waiting_list_claim
    from marketplace.services import listing_sync

    require_grade(profile)
    Profile.objects.select_for_update().filter(pk=profile.pk).first()  # one checkout per learner at a time
    lines = _lines_from(profile, items)
    if not lines:
        raise ApplicationError(Code.CHECKOUT_FAILED, _("Checkout Failed: your cart is empty."), status=400)
    now = timezone.now()
    taken = _pending_keys(profile)
    owned = _owned(profile, lines)
    blocks = _blocks(profile, lines)
    for index, line in enumerate(lines):
        problem = _line_problem(line, taken, owned, blocks, now)
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
        if listing.kind == Listing.Kind.SURVEY:
            TransactionItem.objects.create(
                transaction=tx,
                listing=listing,
                organization_id=listing.organization_id,
                preset_id=listing.preset_id,
                batch_id=None,
                addon=line.addon,
                name=listing.name,
                grade=listing.grade,
                subject_codes=[],
                price=line.price,
            )
            continue
        with schema_context(listing.organization.schema_name):
            batch = (
                Batch.objects.select_related("preset")
                .filter(pk=line.batch_id, preset_id=listing.preset_id)
                .first()
            )
            if batch is None or batch.expires_at <= now:
                raise _checkout_failed(
                    index,
                    Code.CART_INVALID,
                    _("Choose a batch of %(name)s that has not ended.") % {"name": listing.name},
                )
            if not waiting_list_claim(
                preset_id=listing.preset_id, profile_id=profile.pk, batch_id=batch.pk, now=now
            ):
                try:
                    batch = slots.reserve(batch.pk)
                except ApplicationError as exc:
                    if exc.code != "no_batch_slot":
                        raise
                    others = Batch.objects.filter(
                        preset_id=listing.preset_id, expires_at__gt=now, available__gt=0
                    )
                    if others.exists():
                        raise _checkout_failed(
                            index,
                            Code.NO_BATCH_SLOT,
                            _("No batch slot: %(batch)s of %(name)s is full; choose another batch.")
                            % {"batch": batch.name or batch.pk, "name": listing.name},
                        ) from exc
                    raise _checkout_failed(
                        index,
                        Code.NO_SLOT_AVAILABLE,
                        _("No slot available for %(name)s.") % {"name": listing.name},
                    ) from exc
            TransactionItem.objects.create(
                transaction=tx,
                listing=listing,
                organization_id=listing.organization_id,
                preset_id=listing.preset_id,
                batch_id=batch.pk,
                batch_name=batch.name,
                batch_starts_at=batch.starts_at,
                addon=line.addon,
                name=listing.name,
                grade=listing.grade,
                subject_codes=[s["code"] for s in listing.subjects],
                price=line.price,
            )
            listing_sync(preset=batch.preset)
    CartItem.objects.filter(profile=profile, listing_id__in=[line.listing.pk for line in lines]).delete()
    return tx


# --- payment, cancellation, expiry -----------------------------------------------------------


def _release(tx: Transaction, status: str, reason: str = "") -> None:
    """Close a PENDING ``tx`` as ``status`` and free its slots (offered to the waiting list)."""
    from assessments.models import Batch
    from assessments.services import slots
    from marketplace.services import listing_sync

    tx.status = status
    tx.closed_at = timezone.now()
    tx.failure_reason = reason[:300]
    tx.save(update_fields=["status", "closed_at", "failure_reason"])
    items = sorted(
        (i for i in tx.items.select_related("organization") if i.batch_id),
        key=lambda i: (i.organization_id, i.batch_id),
    )
    for item in items:
        with schema_context(item.organization.schema_name):
            slots.release_pending(item.batch_id)
            batch = Batch.objects.select_related("preset").get(pk=item.batch_id)
            listing_sync(preset=batch.preset)


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
    (cancelled, expired or failed; an overdue one is expired on the spot); 402
    ``payment_declined`` (the transaction is FAILED and its slots freed)."""
    from assessments.models import Batch, TestPreset
    from assessments.services import slots
    from assignments.models import Assignment
    from assignments.services import assignment_create
    from marketplace.services import listing_sync

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
            key = (idempotency_key or f"tx-{tx.pk}")[:80]
            if Transaction.objects.filter(idempotency_key=key).exclude(pk=tx.pk).exists():
                key = f"tx-{tx.pk}-{key}"[:80]
            gateway = provider()
            result = gateway.charge(tx, idempotency_key=key, method=method)
            tx.payment_provider, tx.payment_id, tx.idempotency_key = gateway.name, result.payment_id, key
            if not result.approved:
                tx.save(update_fields=["payment_provider", "payment_id", "idempotency_key"])
                _release(tx, T.FAILED, result.reason)
                declined = ApplicationError(
                    Code.PAYMENT_DECLINED,
                    _("The payment was declined; your slots were released."),
                    status=402,
                )
            else:
                items = sorted(
                    tx.items.select_related("organization", "listing"),
                    key=lambda i: (i.organization_id, i.batch_id or 0),
                )
                for item in items:
                    if item.batch_id is None:  # a survey report (issue 8): unlocked by the surveys app
                        from surveys.services import survey_report_purchased

                        with schema_context(item.organization.schema_name):
                            item.assignment_id = survey_report_purchased(
                                survey_id=item.preset_id, profile=profile, transaction_id=tx.pk
                            )
                        item.save(update_fields=["assignment_id"])
                        continue
                    with schema_context(item.organization.schema_name):
                        slots.confirm(item.batch_id)
                        batch = Batch.objects.get(pk=item.batch_id)
                        preset = TestPreset.objects.get(pk=item.preset_id)
                        (assignment,) = assignment_create(
                            preset=preset,
                            batch=batch,
                            learners=[profile],
                            source=Assignment.Source.PURCHASE,
                            purchase_cost=item.price,
                            transaction_id=tx.pk,
                            advanced_report=item.addon == Addon.TEST_ADVANCED,
                            paid=True,
                        )
                        item.assignment_id = assignment.pk
                        item.save(update_fields=["assignment_id"])
                        listing_sync(preset=preset)
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


def assignment_pay(
    *, profile: Profile, schema_name: str, assignment_id: int, idempotency_key: str = "", method: str = ""
) -> Transaction:
    """POST /api/v1/take-test/{id}/pay: pay the purchase cost (VND) of a test an educator
    assigned with "requires purchase" (issue 5, item 7), through the same payment provider as
    the marketplace. One COMPLETED transaction (no marketplace item: it is not a market sale, so
    market analytics leave it out) and the assignment marked paid, all or nothing. Paying again
    (double click, retry) returns the same transaction and charges once: the assignment row is
    locked while paying. Errors: 409 ``nothing_to_pay`` (no purchase required, or free); 402
    ``payment_declined`` (a FAILED transaction is recorded; the learner may try again)."""
    from assignments.models import Assignment

    declined = None
    with transaction.atomic():
        with schema_context(schema_name):
            assignment = (
                Assignment.objects.select_for_update(of=("self",))
                .select_related("preset")
                .filter(pk=assignment_id)
                .first()
            )
            if assignment is None:
                raise not_found(_("Assignment not found."))
            if assignment.paid_at and assignment.transaction_id:
                paid = Transaction.objects.filter(pk=assignment.transaction_id, profile=profile).first()
                if paid is not None:
                    return paid
            if not assignment.requires_purchase or assignment.paid_at or assignment.purchase_cost <= 0:
                raise ApplicationError(
                    Code.NOTHING_TO_PAY, _("There is nothing to pay for this test."), status=409
                )
        now = timezone.now()
        tx = Transaction.objects.create(
            profile=profile,
            buyer_name=profile.user.name_or_email,
            amount=assignment.purchase_cost,
            remark=_("Assigned test: %(name)s") % {"name": assignment.preset.name},
            expires_at=now,
        )
        key = (idempotency_key or f"assignment-{schema_name}-{assignment.pk}")[:80]
        if Transaction.objects.filter(idempotency_key=key).exclude(pk=tx.pk).exists():
            key = f"tx-{tx.pk}-{key}"[:80]
        gateway = provider()
        result = gateway.charge(tx, idempotency_key=key, method=method)
        tx.payment_provider, tx.payment_id, tx.idempotency_key = gateway.name, result.payment_id, key
        if not result.approved:
            tx.status, tx.closed_at, tx.failure_reason = T.FAILED, now, result.reason[:300]
            declined = ApplicationError(
                Code.PAYMENT_DECLINED, _("The payment was declined; nothing was charged."), status=402
            )
        else:
            tx.status, tx.completed_at = T.COMPLETED, now
            with schema_context(schema_name):
                assignment.paid_at, assignment.transaction_id = now, tx.pk
                assignment.save(update_fields=["paid_at", "transaction_id", "updated_at"])
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
    number expired. Called every minute by a huey periodic task."""
    now = now or timezone.now()
    count = 0
    for pk in list(
        Transaction.objects.filter(status=T.PENDING, expires_at__lte=now).values_list("pk", flat=True)
    ):
        with transaction.atomic():
            tx = (
                Transaction.objects.select_for_update(skip_locked=True)
                .filter(pk=pk, status=T.PENDING)
                .first()
            )
            if tx is None:
                continue
            _release(tx, T.EXPIRED)
            count += 1
    return count
