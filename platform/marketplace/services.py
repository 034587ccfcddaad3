"""Publishing presets to the marketplace and keeping listings in step (issue 5, item 6)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django_tenants.utils import schema_context

from config.errors import ApplicationError, FieldErrors, not_found
from marketplace.error_codes import MarketplaceErrorCode as Code
from marketplace.models import Listing

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


def preset_snapshot(preset) -> dict[str, Any]:
    """The listing fields that mirror a preset (run inside the organization's schema)."""
    from assessments.models import Batch

    subjects = [
        {"code": s.subject.code, "name_vi": s.subject.name_vi, "name_en": s.subject.name_en}
        for s in preset.subjects.select_related("subject")
    ]
    batches = [
        {
            "id": b.pk,
            "name": b.name,
            "starts_at": b.starts_at.isoformat(),
            "expires_at": b.expires_at.isoformat(),
            "slots": b.slots,
            "available": b.available,
        }
        for b in Batch.objects.filter(preset=preset).order_by("starts_at", "id")
    ]
    return {
        "name": preset.name,
        "description": preset.description,
        "grade": preset.grade,
        "subjects": subjects,
        "duration_minutes": preset.duration_minutes,
        "starts_at": preset.starts_at,
        "ends_at": preset.ends_at,
        "camera_proctoring": preset.camera_proctoring,
        "batches": batches,
        "search_text": " ".join(
            [
                preset.name,
                preset.description,
                *(s["name_vi"] for s in subjects),
                *(s["name_en"] for s in subjects),
            ]
        ).lower(),
    }


@transaction.atomic
def listings_create(*, actor, items: list[dict[str, Any]]) -> list[Listing]:
    """POST /api/v1/marketplace/create_multiple: publish approved presets of the actor's
    organization, each ``{"preset_id", "price_test_only", "price_test_advanced",
    "price_survey_report", "description"}`` (prices in VND, 0 = free; the test-only price is
    required). All or nothing: 400 ``validation_error`` (per item ``items.N.field``), 404 for an
    unknown preset, 409 ``preset_not_approved`` / ``already_listed``."""
    from assessments.models import TestPreset

    organization = actor.organization
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
        preset = TestPreset.objects.select_for_update().filter(pk=item["preset_id"]).first()
        if preset is None:
            raise not_found(_("Test not found."))
        if preset.status not in (TestPreset.Status.APPROVED, TestPreset.Status.PUBLISHED):
            raise ApplicationError(
                Code.PRESET_NOT_APPROVED,
                _("Only an approved test can be published: %(name)s.") % {"name": preset.name},
                status=409,
            )
        if Listing.objects.filter(
            organization=organization,
            kind=Listing.Kind.TEST,
            preset_id=preset.pk,
            status=Listing.Status.ACTIVE,
        ).exists():
            raise ApplicationError(
                Code.ALREADY_LISTED,
                _("%(name)s is already on the marketplace.") % {"name": preset.name},
                status=409,
            )
        snapshot = preset_snapshot(preset)
        if item["description"]:
            snapshot["description"] = item["description"]
        created.append(
            Listing.objects.create(
                organization=organization,
                kind=Listing.Kind.TEST,
                preset_id=preset.pk,
                published_by_profile_id=actor.id,
                price_test_only=item["price_test_only"],
                price_test_advanced=item["price_test_advanced"],
                price_survey_report=item["price_survey_report"],
                **snapshot,
            )
        )
        preset.status = TestPreset.Status.PUBLISHED
        preset.save(update_fields=["status", "updated_at"])
    return created


def listing_sync(*, preset) -> None:
    """Refresh the active listing of ``preset`` (called when its batches change); a no-op when it
    is not listed. Runs in the current (the organization's) schema."""
    from tenants.services import current_organization_id

    organization_id = current_organization_id()
    listing = Listing.objects.filter(
        organization_id=organization_id,
        kind=Listing.Kind.TEST,
        preset_id=preset.pk,
        status=Listing.Status.ACTIVE,
    ).first()
    if listing is not None:
        snapshot = preset_snapshot(preset)
        snapshot.pop("description")
        Listing.objects.filter(pk=listing.pk).update(**snapshot)


@transaction.atomic
def listing_withdraw(*, actor, listing_id: int) -> Listing:
    """DELETE /api/v1/marketplace/{id}: take an own organization's listing off sale. Refused
    (409 ``listing_has_pending``) while a batch of it has pending transactions."""
    from assessments.models import Batch

    listing = Listing.objects.select_for_update().filter(pk=listing_id, status=Listing.Status.ACTIVE).first()
    if listing is None or listing.organization_id != actor.organization_id:
        raise not_found(_("Listing not found."))
    with schema_context(listing.organization.schema_name):
        pending = sum(Batch.objects.filter(preset_id=listing.preset_id).values_list("pending", flat=True))
    if pending:
        raise ApplicationError(
            Code.LISTING_HAS_PENDING,
            _("This test cannot be withdrawn: %(n)d purchases are waiting for payment.") % {"n": pending},
            status=409,
        )
    listing.status = Listing.Status.WITHDRAWN
    listing.save(update_fields=["status", "updated_at"])
    return listing
