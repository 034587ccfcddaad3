"""Publishing presets to the marketplace, keeping listings in step (issue 5, item 6), and the
waiting list of a listed test (issue 5, item 5). What a listing mirrors comes from the handler of
its kind (``marketplace.listing_kinds``, issue 17 item 6): this module imports no product app."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Profile
from config.errors import ApplicationError, FieldErrors, not_found
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.listing_kinds import WaitingPlace, handler
from marketplace.models import Listing
from tenants.scope import organization_schema
from tenants.services import current_organization_id

MAX_PRICE = 100_000_000  # VND


def _price(errors: FieldErrors, field: str, value: Any, *, required: bool) -> int | None:
    if value is None or value == "":
        if required:
            errors.add(field, _("Required"))
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_PRICE:
        errors.add(field, _("Enter a whole number of VND from 0 to 100,000,000."))
        return None
    return value


@transaction.atomic
def listings_create(*, actor, items: list[dict[str, Any]]) -> list[Listing]:
    """POST /api/v1/marketplace/create_multiple: publish approved presets of the actor's
    organization, each ``{"preset_id", "price_test_only", "price_test_advanced",
    "price_survey_report", "description"}`` (prices in VND, 0 = free; the test-only price is
    required). All or nothing: 400 ``validation_error`` (per item ``items.N.field``), 404 for an
    unknown preset, 409 ``preset_not_approved`` / ``already_listed``."""
    organization = actor.organization
    tests = handler(Listing.Kind.TEST)
    errors = FieldErrors()
    if not items:
        errors.add("items", _("Choose at least one test."))
    clean = []
    for index, item in enumerate(items):
        clean.append(
            {
                "preset_id": item.get("preset_id"),
                "price_test_only": _price(
                    errors, f"items.{index}.price_test_only", item.get("price_test_only"), required=True
                ),
                "price_test_advanced": _price(
                    errors,
                    f"items.{index}.price_test_advanced",
                    item.get("price_test_advanced"),
                    required=False,
                ),
                "price_survey_report": _price(
                    errors,
                    f"items.{index}.price_survey_report",
                    item.get("price_survey_report"),
                    required=False,
                ),
                "description": (item.get("description") or "").strip(),
            }
        )
    errors.raise_if_any(_("The tests could not be published."))
    created = []
    for item in clean:
        source = tests.listing_source(item["preset_id"]) if item["preset_id"] else None
        if source is None:
            raise not_found(_("Test not found."))
        if not source.listable:
            raise ApplicationError(
                Code.PRESET_NOT_APPROVED,
                _("Only an approved test can be published: %(name)s.") % {"name": source.name},
                status=409,
            )
        if Listing.objects.filter(
            organization=organization,
            kind=Listing.Kind.TEST,
            preset_id=source.item.pk,
            status=Listing.Status.ACTIVE,
        ).exists():
            raise ApplicationError(
                Code.ALREADY_LISTED,
                _("%(name)s is already on the marketplace.") % {"name": source.name},
                status=409,
            )
        snapshot = tests.listing_fields(source.item)
        if item["description"]:
            snapshot["description"] = item["description"]
        created.append(
            Listing.objects.create(
                organization=organization,
                kind=Listing.Kind.TEST,
                preset_id=source.item.pk,
                published_by_profile_id=actor.id,
                price_test_only=item["price_test_only"],
                price_test_advanced=item["price_test_advanced"],
                price_survey_report=item["price_survey_report"],
                **snapshot,
            )
        )
        tests.mark_listed(source.item)
    return created


def listing_sync(*, preset) -> None:
    """Refresh the active listing of ``preset`` (called when its batches change); a no-op when it
    is not listed. Runs in the current (the organization's) schema."""
    organization_id = current_organization_id()
    listing = Listing.objects.filter(
        organization_id=organization_id,
        kind=Listing.Kind.TEST,
        preset_id=preset.pk,
        status=Listing.Status.ACTIVE,
    ).first()
    if listing is not None:
        snapshot = handler(Listing.Kind.TEST).listing_fields(preset)
        snapshot.pop("description")
        Listing.objects.filter(pk=listing.pk).update(**snapshot)


@transaction.atomic
def listing_withdraw(*, actor, listing_id: int) -> Listing:
    """DELETE /api/v1/marketplace/{id}: take an own organization's listing off sale. Refused
    (409 ``listing_has_pending``) while a batch of it has pending transactions."""
    listing = Listing.objects.select_for_update().filter(pk=listing_id, status=Listing.Status.ACTIVE).first()
    if listing is None or listing.organization_id != actor.organization_id:
        raise not_found(_("Listing not found."))
    with organization_schema(listing.organization.schema_name):
        pending = handler(listing.kind).pending_purchases(listing.preset_id)
    if pending:
        raise ApplicationError(
            Code.LISTING_HAS_PENDING,
            ngettext(
                "This test cannot be withdrawn: %(n)d purchase is waiting for payment.",
                "This test cannot be withdrawn: %(n)d purchases are waiting for payment.",
                pending,
            )
            % {"n": pending},
            status=409,
        )
    listing.status = Listing.Status.WITHDRAWN
    listing.save(update_fields=["status", "updated_at"])
    return listing


# --- the waiting list of a listed test (issue 5, item 5) -------------------------------------


def _waiting_listing(listing_id: int) -> Listing:
    listing = (
        Listing.objects.select_related("organization")
        .filter(pk=listing_id, status=Listing.Status.ACTIVE, kind=Listing.Kind.TEST)
        .first()
    )
    if listing is None:
        raise not_found(_("Listing not found."))
    return listing


def waiting_list_mine(*, profile: Profile, listing_id: int) -> WaitingPlace:
    """GET /api/v1/marketplace/{id}/waiting-list: the learner's place on the waiting list of a
    listed test. 404 for an unknown listing or when not on the list."""
    listing = _waiting_listing(listing_id)
    with organization_schema(listing.organization.schema_name):
        place = handler(listing.kind).waiting_place(item_id=listing.preset_id, profile=profile)
    if place is None:
        raise not_found(_("You are not on the waiting list of this test."))
    return place


def waiting_list_join(*, profile: Profile, listing_id: int) -> WaitingPlace:
    """POST /api/v1/marketplace/{id}/waiting-list: join the waiting list of a listed test whose
    every batch is full. 404; 409 ``slots_available``, ``already_waiting``."""
    listing = _waiting_listing(listing_id)
    with organization_schema(listing.organization.schema_name):
        return handler(listing.kind).waiting_join(item_id=listing.preset_id, profile=profile)


def waiting_list_leave(*, profile: Profile, listing_id: int) -> None:
    """DELETE /api/v1/marketplace/{id}/waiting-list: leave it (an offered slot goes to the next
    in line). 404 when not on it."""
    listing = _waiting_listing(listing_id)
    with organization_schema(listing.organization.schema_name):
        handler(listing.kind).waiting_leave(item_id=listing.preset_id, profile=profile)
