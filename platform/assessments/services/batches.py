"""Batches of a test preset: sittings with a slot count (issue 5, item 5). Slot counts move only
through ``services.slots``; every change here re-syncs the preset's marketplace listing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Batch
from assessments.services.presets import preset_get
from config.errors import ApplicationError, FieldErrors, not_found
from marketplace.services import listing_sync


def _batch_fields(errors: FieldErrors, data: dict[str, Any]) -> dict[str, Any]:
    starts, expires, slots = data.get("starts_at"), data.get("expires_at"), data.get("slots")
    if not isinstance(starts, datetime):
        errors.add("starts_at", _("Required"))
    if not isinstance(expires, datetime):
        errors.add("expires_at", _("Required"))
    elif isinstance(starts, datetime) and expires <= starts:
        errors.add("expires_at", _("The expiry time must be later than the start time."))
    if not isinstance(slots, int) or not 1 <= slots <= 100_000:
        errors.add("slots", _("Enter a number of slots from 1 to 100000."))
    return {
        "name": (data.get("name") or "").strip()[:120],
        "starts_at": starts,
        "expires_at": expires,
        "slots": slots,
    }


@transaction.atomic
def batch_create(*, preset_id: int, data: dict[str, Any]) -> Batch:
    """Add a batch: start and expiry (later than start), slots (all available at first)."""
    preset = preset_get(preset_id, lock=True)
    errors = FieldErrors()
    clean = _batch_fields(errors, data)
    errors.raise_if_any(_("The batch could not be saved."))
    batch = Batch.objects.create(preset=preset, available=clean["slots"], **clean)
    listing_sync(preset=preset)
    return batch


@transaction.atomic
def batch_update(*, preset_id: int, batch_id: int, data: dict[str, Any]) -> Batch:
    """Change name, times or slot count. Slots cannot fall below pending + taken; ``available``
    follows (never edited by hand)."""
    batch = Batch.objects.select_for_update().filter(pk=batch_id, preset_id=preset_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    errors = FieldErrors()
    clean = _batch_fields(errors, data)
    if isinstance(clean["slots"], int) and clean["slots"] < batch.pending + batch.taken:
        errors.add(
            "slots",
            _("At least %(n)d slots are already sold or reserved.") % {"n": batch.pending + batch.taken},
        )
    errors.raise_if_any(_("The batch could not be saved."))
    for key, value in clean.items():
        setattr(batch, key, value)
    batch.available = batch.slots - batch.pending - batch.taken
    batch.save()
    listing_sync(preset=batch.preset)
    return batch


@transaction.atomic
def batch_delete(*, preset_id: int, batch_id: int) -> None:
    """Delete a batch nobody has bought or reserved (409 ``batch_in_use``)."""
    batch = Batch.objects.select_for_update().filter(pk=batch_id, preset_id=preset_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    if batch.pending or batch.taken:
        raise ApplicationError(Code.BATCH_IN_USE, _("This batch has buyers or reservations."), status=409)
    preset = batch.preset
    batch.delete()
    listing_sync(preset=preset)
