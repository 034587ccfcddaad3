"""The cart and the rules of a line (spec section 5 "Marketplace and cart"; issue 6): what a
learner's cart holds, and why a line cannot be bought now. Read by GET /api/v1/shopping-cart and
re-checked by ``marketplace.cart.cart_add`` and ``marketplace.purchases.checkout``.

Rules a product app knows (the round requirement, waiting-list offers) come from the listing
kind's handler (``marketplace.listing_kinds``), read once per organization."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.listing_kinds import Blocks, CartLine, handler
from marketplace.models import ADDON_PRICE_FIELD, Addon, CartItem, Listing, Transaction, TransactionItem
from marketplace.selectors import addon_name, subject_names
from tenants.scope import organization_schema

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
        if self.addon not in Addon.values:
            return 0
        return getattr(self.listing, ADDON_PRICE_FIELD[self.addon]) or 0

    @property
    def keys(self) -> set[tuple[int | None, str]]:
        """The (grade, subject code) pairs the line's test covers (one test of each per learner)."""
        return {(self.listing.grade, s["code"]) for s in self.listing.subjects}

    def batch(self) -> dict[str, Any] | None:
        """The chosen batch in the listing's batch summary, ``None`` when not there."""
        return next((b for b in self.listing.batches if b.get("id") == self.batch_id), None)


def cart_items(profile: Profile) -> list[CartItem]:
    """The learner's cart rows, oldest first, with their listings and organizations. One query."""
    return list(
        CartItem.objects.filter(profile=profile)
        .select_related("listing__organization")
        .order_by("created_at", "id")
    )


def cart_line(item: CartItem) -> Line:
    return Line(item.listing, item.addon, item.batch_id, item.pk)


def pending_keys(profile: Profile) -> set[tuple[int | None, str]]:
    """The (grade, subject code) pairs of the learner's transactions awaiting payment. One query."""
    keys: set[tuple[int | None, str]] = set()
    for grade, codes in TransactionItem.objects.filter(
        transaction__profile=profile, transaction__status=Transaction.Status.PENDING
    ).values_list("grade", "subject_codes"):
        keys |= {(grade, code) for code in codes}
    return keys


def owned_listing_ids(profile: Profile, lines: list[Line]) -> set[int]:
    """Listing ids among ``lines`` whose item the learner already holds (a live enrollment).
    One query; none for no lines."""
    if not lines:
        return set()
    wanted = {(ln.listing.organization_id, ln.listing.preset_id): ln.listing.pk for ln in lines}
    rows = Enrollment.objects.filter(
        profile=profile,
        kind=Enrollment.Kind.TEST,
        is_active=True,
        organization_id__in={k[0] for k in wanted},
        item_id__in={k[1] for k in wanted},
    ).values_list("organization_id", "item_id")
    return {wanted[r] for r in rows if r in wanted}


def blocks_for(profile: Profile, lines: list[Line], *, now: datetime) -> Blocks:
    """Round requirements not met and waiting-list offers held, for ``lines``: asked of each
    line's kind handler once per organization (and kind), in that organization's schema."""
    blocks = Blocks(set(), set())
    groups: dict[tuple[int, str], list[Line]] = {}
    for line in lines:
        groups.setdefault((line.listing.organization_id, line.listing.kind), []).append(line)
    for (_org, kind), group in groups.items():
        seen = [
            CartLine(
                listing_id=ln.listing.pk,
                item_id=ln.listing.preset_id,
                batch_id=ln.batch_id,
                batch_full=(ln.batch() or {}).get("available", 0) <= 0,
            )
            for ln in group
        ]
        with organization_schema(group[0].listing.organization.schema_name):
            found = handler(kind).blocks(profile_id=profile.pk, lines=seen, now=now)
        blocks.round_blocked |= found.round_blocked
        blocks.offers |= found.offers
    return blocks


def _ends(batch: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(batch["expires_at"])


def line_problem(
    line: Line, taken_keys: set[tuple[int | None, str]], owned: set[int], blocks: Blocks, now: datetime
) -> tuple[str, str] | None:
    """(code, localized reason) when ``line`` cannot be bought now, else None. Reads the
    listing's batch summary (kept in step with the batches); checkout re-checks the real slot.
    ``taken_keys``: (grade, subject) pairs already in the cart or awaiting payment."""
    listing = line.listing
    if listing.status != Listing.Status.ACTIVE:
        return Code.CART_INVALID, _("%(name)s is no longer on sale.") % {"name": listing.shown_name}
    if listing.kind == Listing.Kind.SURVEY:  # the survey report add-on (issue 8): no batch, no slot
        if line.addon != Addon.SURVEY_REPORT or listing.price_survey_report is None:
            return Code.CART_INVALID, _("This add-on is not offered for %(name)s.") % {
                "name": listing.shown_name
            }
        return None
    if line.addon not in TEST_ADDONS or getattr(listing, ADDON_PRICE_FIELD[line.addon]) is None:
        return Code.CART_INVALID, _("This add-on is not offered for %(name)s.") % {"name": listing.shown_name}
    if listing.pk in owned:
        return Code.ALREADY_OWNED, _("You already have %(name)s.") % {"name": listing.shown_name}
    if line.keys & taken_keys:
        return Code.DUPLICATE_SUBJECT, _(
            "%(name)s: a test of the same subject and grade is already in your cart or waiting for payment."
        ) % {"name": listing.shown_name}
    if listing.pk in blocks.round_blocked:
        return Code.ROUND_NOT_PASSED, _("%(name)s is for learners who passed the previous round.") % {
            "name": listing.shown_name
        }
    batch = line.batch()
    if batch is None or _ends(batch) <= now:
        return Code.CART_INVALID, _("Choose a batch of %(name)s that has not ended.") % {
            "name": listing.shown_name
        }
    if batch.get("available", 0) <= 0 and (listing.pk, line.batch_id) not in blocks.offers:
        if any(b.get("available", 0) > 0 and _ends(b) > now for b in listing.batches):
            return Code.NO_BATCH_SLOT, _(
                "No batch slot: %(batch)s of %(name)s is full; choose another batch."
            ) % {
                "batch": batch.get("name") or batch["id"],
                "name": listing.shown_name,
            }
        return Code.NO_SLOT_AVAILABLE, _("No slot available for %(name)s.") % {"name": listing.shown_name}
    return None


def cart_get(profile: Profile) -> dict[str, Any]:
    """GET /api/v1/shopping-cart as ``marketplace.schemas.CartOut``: ``cartItems`` (spec section
    3) with each row's listing (subject names for the reader, with fallback), add-on, batch,
    price now (VND) and ``problem`` (code and reason) when it cannot be bought as is; ``count``;
    ``total`` (VND). Educators have an empty cart. A constant number of queries: the cart, the
    pending keys, the owned tests, and the handler's blocks once per organization."""
    if profile.is_educator:
        return {"cartItems": [], "count": 0, "total": 0}
    lines = [cart_line(c) for c in cart_items(profile)]
    taken = pending_keys(profile)
    owned = owned_listing_ids(profile, lines)
    now = timezone.now()
    blocks = blocks_for(profile, lines, now=now)
    rows = []
    for line in lines:
        problem = line_problem(line, taken, owned, blocks, now)
        listing = line.listing
        batch = line.batch()
        rows.append(
            {
                "id": line.cart_item_id,
                "listing": {
                    "id": listing.pk,
                    "name": listing.shown_name,
                    "name_lang": listing.name_lang,
                    "grade": listing.grade,
                    "subjects": subject_names(listing),
                    "organization": listing.organization.shown_name,
                    "cover_image": None,
                    "price_test_only": listing.price_test_only,
                    "price_test_advanced": listing.price_test_advanced,
                },
                "addon": line.addon,
                "addon_name": addon_name(line.addon),
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
