"""The "test" listing kind (issue 17, item 6): what the marketplace sells of a test preset, a
slot in one of its batches, and what buying it gives, an assignment of the preset.

Registered with ``marketplace.listing_kinds`` from ``AssignmentsConfig.ready()``; the
marketplace calls it inside the listing's organization's schema and its own database
transaction (``marketplace.purchases``, ``marketplace.services``). Slot moves go through
``assessments.services.slots`` only; every slot freed is offered to the waiting list there.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from accounts.models import Profile
from assessments.models import Batch, TestPreset, WaitingListEntry
from assessments.services import slots
from assessments.services import waiting_list as waiting
from assignments.models import Assignment, Attempt
from assignments.services import assignment_create
from config.errors import ApplicationError
from marketplace.listing_kinds import (
    AssignedPurchase,
    BatchHold,
    Blocks,
    CartLine,
    ListingKindBase,
    ListingSource,
    Refusal,
    WaitingPlace,
)
from marketplace.models import Addon
from marketplace.services import listing_sync

W = WaitingListEntry.Status


class TestListingKind(ListingKindBase):
    """A test preset on the marketplace: batches with slots, a waiting list, a round
    requirement, and an assignment for each paid purchase."""

    def listing_fields(self, item: TestPreset) -> dict[str, Any]:
        """The listing fields mirroring ``item`` (a preset), batches in start order."""
        subjects = [
            {"code": s.subject.code, "name_vi": s.subject.name_vi, "name_en": s.subject.name_en}
            for s in item.subjects.select_related("subject")
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
            for b in Batch.objects.filter(preset=item).order_by("starts_at", "id")
        ]
        return {
            "name": item.name,
            "description": item.description,
            "grade": item.grade,
            "subjects": subjects,
            "duration_minutes": item.duration_minutes,
            "starts_at": item.starts_at,
            "ends_at": item.ends_at,
            "camera_proctoring": item.camera_proctoring,
            "batches": batches,
            "search_text": " ".join(
                [
                    item.name,
                    item.description,
                    *(s["name_vi"] for s in subjects),
                    *(s["name_en"] for s in subjects),
                ]
            ).lower(),
        }

    def listing_source(self, item_id: int) -> ListingSource | None:
        """The preset, locked; listable when approved or already published."""
        preset = TestPreset.objects.select_for_update().filter(pk=item_id).first()
        if preset is None:
            return None
        listable = preset.status in (TestPreset.Status.APPROVED, TestPreset.Status.PUBLISHED)
        return ListingSource(item=preset, name=preset.name, listable=listable)

    def mark_listed(self, item: TestPreset) -> None:
        """A listed preset is ``published``."""
        item.status = TestPreset.Status.PUBLISHED
        item.save(update_fields=["status", "updated_at"])

    def pending_purchases(self, item_id: int) -> int:
        """Slots of the preset's batches held by unpaid purchases."""
        return sum(Batch.objects.filter(preset_id=item_id).values_list("pending", flat=True))

    def blocks(self, *, profile_id: int, lines: list[CartLine], now: datetime) -> Blocks:
        """Round requirements (a released pass in a test of the required round) and live
        waiting-list offers of full batches. At most three queries for any number of lines."""
        blocks = Blocks(set(), set())
        required = dict(
            TestPreset.objects.filter(
                pk__in={ln.item_id for ln in lines}, required_round_id__isnull=False
            ).values_list("pk", "required_round_id")
        )
        passed: set[int] = set()
        if required:
            passed = set(
                Attempt.objects.filter(
                    assignment__learner_profile_id=profile_id,
                    assignment__preset__round_id__in=set(required.values()),
                    result=Attempt.Result.PASSED,
                    released_at__isnull=False,
                ).values_list("assignment__preset__round_id", flat=True)
            )
        blocks.round_blocked = {
            ln.listing_id for ln in lines if ln.item_id in required and required[ln.item_id] not in passed
        }
        full = [ln for ln in lines if ln.batch_full]
        if full:
            offered = set(
                WaitingListEntry.objects.filter(
                    preset_id__in={ln.item_id for ln in full},
                    learner_profile_id=profile_id,
                    status=W.OFFERED,
                    claim_expires_at__gt=now,
                ).values_list("preset_id", "offered_batch_id")
            )
            blocks.offers = {
                (ln.listing_id, ln.batch_id) for ln in full if (ln.item_id, ln.batch_id) in offered
            }
        return blocks

    def reserve(
        self, *, item_id: int, batch_id: int | None, profile_id: int, now: datetime
    ) -> BatchHold | Refusal | None:
        """Claim the learner's waiting-list offer of the batch, else reserve a free slot
        (available -> pending); the listing's batch summary follows."""
        batch = Batch.objects.select_related("preset").filter(pk=batch_id or 0, preset_id=item_id).first()
        if batch is None or batch.expires_at <= now:
            return "batch_ended"
        if not waiting.waiting_list_claim(
            preset_id=item_id, profile_id=profile_id, batch_id=batch.pk, now=now
        ):
            try:
                batch = slots.reserve(batch.pk)
            except ApplicationError as exc:
                if exc.code != "no_batch_slot":
                    raise
                others = Batch.objects.filter(preset_id=item_id, expires_at__gt=now, available__gt=0)
                return "batch_full" if others.exists() else "sold_out"
        listing_sync(preset=batch.preset)
        return BatchHold(batch_id=batch.pk, name=batch.name, starts_at=batch.starts_at)

    def release(self, *, batch_id: int) -> None:
        """pending -> available (offered to the waiting list); the listing follows."""
        batch = slots.release_pending(batch_id)
        listing_sync(preset=batch.preset)

    def fulfil(self, *, line: Any, profile: Profile, transaction_id: int) -> int:
        """Confirm the slot (pending -> taken) and create the learner's paid assignment of the
        preset in the line's batch, with its Enrollment and TestScheduled notification. Returns
        the assignment id."""
        slots.confirm(line.batch_id)
        batch = Batch.objects.get(pk=line.batch_id)
        preset = TestPreset.objects.get(pk=line.preset_id)
        (assignment,) = assignment_create(
            preset=preset,
            batch=batch,
            learners=[profile],
            source=Assignment.Source.PURCHASE,
            purchase_cost=line.price,
            transaction_id=transaction_id,
            advanced_report=line.addon == Addon.TEST_ADVANCED,
            paid=True,
        )
        listing_sync(preset=preset)
        return assignment.pk

    def waiting_place(self, *, item_id: int, profile: Profile) -> WaitingPlace | None:
        """The learner's live entry and, while waiting, their position (1 = first)."""
        entry = WaitingListEntry.objects.filter(
            preset_id=item_id, learner_profile_id=profile.pk, status__in=[W.WAITING, W.OFFERED]
        ).first()
        return None if entry is None else _place(entry)

    def waiting_join(self, *, item_id: int, profile: Profile) -> WaitingPlace:
        """``assessments.services.waiting_list.waiting_list_join`` and the new position."""
        return _place(waiting.waiting_list_join(preset_id=item_id, profile=profile))

    def waiting_leave(self, *, item_id: int, profile: Profile) -> None:
        """``assessments.services.waiting_list.waiting_list_leave``."""
        waiting.waiting_list_leave(preset_id=item_id, profile=profile)

    def assigned_purchase(self, *, assignment_id: int) -> AssignedPurchase | None:
        """The assignment, locked (its row only) until the payment's transaction ends."""
        assignment = (
            Assignment.objects.select_for_update(of=("self",))
            .select_related("preset")
            .filter(pk=assignment_id)
            .first()
        )
        if assignment is None:
            return None
        return AssignedPurchase(
            name=assignment.preset.name,
            cost=assignment.purchase_cost,
            payable=assignment.requires_purchase and not assignment.paid_at and assignment.purchase_cost > 0,
            paid_transaction_id=assignment.transaction_id if assignment.paid_at else None,
        )

    def assigned_purchase_paid(self, *, assignment_id: int, transaction_id: int, now: datetime) -> None:
        """Record the payment on the assignment."""
        Assignment.objects.filter(pk=assignment_id).update(
            paid_at=now, transaction_id=transaction_id, updated_at=now
        )


def _place(entry: WaitingListEntry) -> WaitingPlace:
    position = 0
    if entry.status == W.WAITING:
        position = WaitingListEntry.objects.filter(
            preset_id=entry.preset_id, status=W.WAITING, created_at__lte=entry.created_at
        ).count()
    return WaitingPlace(
        status=entry.status,
        position=position,
        offered_batch_id=entry.offered_batch_id,
        claim_expires_at=entry.claim_expires_at,
    )
