"""Changing a learner's shopping cart (spec section 5 "Marketplace and cart"; issue 6). The
rules of a line live in ``marketplace.selectors_cart``; the cart is read there too."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile
from config.errors import ApplicationError, not_found
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.models import Addon, CartItem, Listing
from marketplace.selectors_cart import (
    Line,
    blocks_for,
    cart_items,
    line_problem,
    owned_listing_ids,
    pending_keys,
)


def require_grade(profile: Profile) -> None:
    """Spec section 5: the grade must be set in the profile before using the marketplace
    (400 ``grade_required``). The caller is a learner (the operation's ``LearnerSessionAuth``)."""
    if not profile.grade:
        raise ApplicationError(
            Code.GRADE_REQUIRED, _("Set your grade in your profile before buying tests."), status=400
        )


@transaction.atomic
def cart_add(*, profile: Profile, listing_id: int | None, addon: str, batch_id: int | None) -> CartItem:
    """POST /api/v1/shopping-cart ``{"listing_id", "addon", "batch_id"}``: put a test in the cart,
    or change the add-on or batch of one already there. Rules of spec section 5: grade set
    (400 ``grade_required``), not already owned, the same subject and grade not in the cart or a
    pending transaction (``duplicate_subject_grade``), a batch with a free slot (``no_batch_slot``
    / ``no_slot_available``), a passed round when required (``round_not_passed``), an offered
    add-on (``cart_invalid``): 409 with the reason; 404 for an unknown listing."""
    require_grade(profile)
    Profile.objects.select_for_update().filter(pk=profile.pk).first()  # one cart change at a time
    listing = (
        Listing.objects.select_related("organization")
        .filter(pk=listing_id or 0, status=Listing.Status.ACTIVE)
        .first()
    )
    if listing is None:
        raise not_found(_("Listing not found."))
    line = Line(listing=listing, addon=addon or Addon.TEST_ONLY, batch_id=batch_id or None)
    taken = pending_keys(profile)
    for other in cart_items(profile):
        if other.listing_id != listing.pk:
            taken |= Line(other.listing, other.addon, other.batch_id).keys
    now = timezone.now()
    problem = line_problem(
        line, taken, owned_listing_ids(profile, [line]), blocks_for(profile, [line], now=now), now
    )
    if problem:
        raise ApplicationError(problem[0], problem[1], status=409)
    item, _created = CartItem.objects.update_or_create(
        profile=profile, listing=listing, defaults={"addon": line.addon, "batch_id": line.batch_id}
    )
    return item


def cart_remove(*, profile: Profile, item_id: int) -> None:
    """DELETE /api/v1/shopping-cart/{id}: 404 unless the row is the caller's."""
    deleted, _by_model = CartItem.objects.filter(pk=item_id, profile=profile).delete()
    if not deleted:
        raise not_found(_("This item is not in your cart."))
