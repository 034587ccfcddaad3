"""Batch slot arithmetic: the only code that changes ``Batch.available``, ``pending`` and
``taken`` (issue 5, item 5). Every move is one conditional UPDATE that checks its row count, so
concurrent buyers can never push a count below zero; the table's CHECK constraints
(``slots = available + pending + taken``, none negative) are the last line of defence.

Moves (each in the caller's database transaction, inside the organization's schema):

- ``take``: available -> taken (a direct assignment).
- ``reserve``: available -> pending (checkout, issue 6; a waiting-list hold).
- ``confirm``: pending -> taken (payment completed, issue 6).
- ``release_pending``: pending -> available (a pending transaction cancelled or expired, a lapsed
  waiting-list offer); the freed slot is then offered to the waiting list.
- ``release_taken``: taken -> available (a revoked direct assignment); offered likewise.

After a move that lowers ``available``, the low-slot rule runs: when available slots fall to 20 %
or less of the slot count, the organization's educators get one BatchLowSlot notification per
batch (``low_slot_notified_at`` is set once with a conditional UPDATE).
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Batch
from config.errors import ApplicationError, not_found
from tenants.services import current_organization_id

LOW_SLOT_SHARE = 0.2  # issue 5, item 5: "20% or less"

_MOVES = {
    "take": ("available", "taken"),
    "reserve": ("available", "pending"),
    "confirm": ("pending", "taken"),
    "release_pending": ("pending", "available"),
    "release_taken": ("taken", "available"),
}


def _move(batch_id: int, kind: str, count: int = 1) -> Batch:
    source, target = _MOVES[kind]
    updated = Batch.objects.filter(pk=batch_id, **{f"{source}__gte": count}).update(
        **{source: F(source) - count, target: F(target) + count}
    )
    if not updated:
        if not Batch.objects.filter(pk=batch_id).exists():
            raise not_found(_("Batch not found."))
        if source == "available":
            raise ApplicationError(Code.NO_BATCH_SLOT, _("No batch slot"), status=409)
        raise ApplicationError(
            Code.NO_BATCH_SLOT,
            _("This batch has no %(state)s slot to release.") % {"state": source},
            status=409,
        )
    batch = Batch.objects.select_related("preset").get(pk=batch_id)
    if source == "available":
        low_slot_check(batch)
    return batch


def batch_open_for_sale(batch: Batch, *, now=None) -> bool:
    """A batch can be bought or assigned until it expires."""
    return (now or timezone.now()) < batch.expires_at


def take(batch_id: int, count: int = 1) -> Batch:
    """available -> taken; 409 ``no_batch_slot`` when fewer than ``count`` are available."""
    return _move(batch_id, "take", count)


def reserve(batch_id: int, count: int = 1) -> Batch:
    """available -> pending; 409 ``no_batch_slot`` when fewer than ``count`` are available."""
    return _move(batch_id, "reserve", count)


def confirm(batch_id: int, count: int = 1) -> Batch:
    """pending -> taken (a paid reservation)."""
    return _move(batch_id, "confirm", count)


def release_pending(batch_id: int, count: int = 1, *, offer: bool = True) -> Batch:
    """pending -> available, then (``offer``) hand the freed slot to the first on the waiting list."""
    batch = _move(batch_id, "release_pending", count)
    if offer:
        from assessments.services.waiting_list import offer_freed_slots

        offer_freed_slots(batch)
    return batch


def release_taken(batch_id: int, count: int = 1, *, offer: bool = True) -> Batch:
    """taken -> available, then (``offer``) hand the freed slot to the waiting list."""
    batch = _move(batch_id, "release_taken", count)
    if offer:
        from assessments.services.waiting_list import offer_freed_slots

        offer_freed_slots(batch)
    return batch


def low_slot_check(batch: Batch) -> bool:
    """Send the one BatchLowSlot notification of ``batch`` to the organization's active
    educators when available <= 20 % of slots and it was not sent before. True when sent."""
    if batch.slots <= 0 or batch.available > batch.slots * LOW_SLOT_SHARE:
        return False
    now = timezone.now()
    first = Batch.objects.filter(pk=batch.pk, low_slot_notified_at__isnull=True).update(
        low_slot_notified_at=now
    )
    if not first:
        return False
    from accounts.models import Profile
    from notifications.models import Notification
    from notifications.services import notify

    educators = Profile.objects.filter(
        organization_id=current_organization_id(),
        pandai_profile_role=Profile.Role.EDUCATOR,
        status=Profile.Status.ACTIVE,
    )
    name = batch.name or _("Batch %(n)d") % {"n": batch.pk}
    notify(
        recipients=list(educators),
        notifiable_type=Notification.Type.BATCH_LOW_SLOT,
        title_key="batch_low_slot.title",
        body_key="batch_low_slot.body",
        title_args={"batch": name},
        body_args={
            "batch": name,
            "test": batch.preset.name,
            "available": batch.available,
            "slots": batch.slots,
        },
        actions=[
            {"url": f"/assignment/batch-detail/{batch.pk}", "target": "_self", "label": "action.view_batch"}
        ],
    )
    return True
