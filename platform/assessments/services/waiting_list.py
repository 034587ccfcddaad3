"""The waiting list of a test preset (issue 5, item 5). A learner who finds every batch full
joins it; when a slot frees (a pending transaction cancelled or expired, a revoked assignment),
the first in line is offered it: the slot is held for them (available -> pending) until
``claim_expires_at`` (settings.WAITING_LIST_CLAIM_MINUTES), with a TestWaitingList notification.
A claim (checkout, issue 6) turns the hold into the purchase's reservation; a lapsed offer
releases the hold and the next in line is offered it. Every release here re-syncs the preset's
marketplace listing (``marketplace.services.listing_sync``), so a slot nobody claims shows as
free to buyers at once."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Batch, TestPreset, WaitingListEntry
from assessments.services import slots
from config.errors import ApplicationError, not_found
from config.jobs import due_sweep
from tenants.services import current_organization_id

W = WaitingListEntry.Status
LIVE = (W.WAITING, W.OFFERED)


def _listing_url(preset_id: int) -> str:
    from marketplace.models import Listing

    listing = (
        Listing.objects.filter(
            organization_id=current_organization_id(),
            kind=Listing.Kind.TEST,
            preset_id=preset_id,
            status=Listing.Status.ACTIVE,
        )
        .values_list("pk", flat=True)
        .first()
    )
    return f"/marketplace/{listing}" if listing else "/marketplace"


@transaction.atomic
def waiting_list_join(*, preset_id: int, profile) -> WaitingListEntry:
    """Put learner ``profile`` on the waiting list of a published preset whose every open batch is
    full. 409 ``slots_available`` when a batch still has a free slot (buy that instead),
    409 ``already_waiting`` when the learner is already on the list, 404 for an unknown or
    unpublished preset."""
    preset = (
        TestPreset.objects.select_for_update()
        .filter(pk=preset_id, status=TestPreset.Status.PUBLISHED)
        .first()
    )
    if preset is None:
        raise not_found(_("Test not found."))
    now = timezone.now()
    if Batch.objects.filter(preset=preset, expires_at__gt=now, available__gt=0).exists():
        raise ApplicationError(
            Code.SLOTS_AVAILABLE,
            _("A batch of this test still has free slots: choose it instead."),
            status=409,
        )
    if WaitingListEntry.objects.filter(
        preset=preset, learner_profile_id=profile.pk, status__in=LIVE
    ).exists():
        raise ApplicationError(Code.ALREADY_WAITING, _("You are already on the waiting list."), status=409)
    return WaitingListEntry.objects.create(
        preset=preset, learner_profile_id=profile.pk, learner_name=profile.user.name_or_email
    )


@transaction.atomic
def waiting_list_leave(*, preset_id: int, profile) -> None:
    """Take ``profile`` off the list; an offered slot it held goes to the next in line.
    404 when the learner is not on the list."""
    entry = (
        WaitingListEntry.objects.select_for_update()
        .filter(preset_id=preset_id, learner_profile_id=profile.pk, status__in=LIVE)
        .first()
    )
    if entry is None:
        raise not_found(_("You are not on the waiting list of this test."))
    held = entry.offered_batch_id if entry.status == W.OFFERED else None
    entry.status = W.LEFT
    entry.save(update_fields=["status"])
    if held:
        _release_and_sync(held)


def _release_and_sync(batch_id: int) -> None:
    """Release a held slot of ``batch_id`` (offered to the next in line) and bring the preset's
    marketplace listing in step, so a slot nobody claims shows as free to buyers."""
    from marketplace.services import listing_sync

    batch = slots.release_pending(batch_id)
    listing_sync(preset=batch.preset)


def offer_freed_slots(batch: Batch, *, now=None) -> list[WaitingListEntry]:
    """Offer each free slot of ``batch`` (an open batch) to the first waiting learners of its
    preset, in order of joining: hold the slot and notify them. Returns the offered entries.
    Runs in the caller's transaction and schema."""
    from accounts.models import Profile
    from notifications.models import Notification
    from notifications.services import notify

    now = now or timezone.now()
    if not slots.batch_open_for_sale(batch, now=now):
        return []
    offered: list[WaitingListEntry] = []
    while batch.available > 0:
        entry = (
            WaitingListEntry.objects.select_for_update(skip_locked=True)
            .filter(preset_id=batch.preset_id, status=W.WAITING)
            .order_by("created_at", "id")
            .first()
        )
        if entry is None:
            break
        batch = slots.reserve(batch.pk)
        entry.status = W.OFFERED
        entry.offered_batch = batch
        entry.claim_expires_at = now + timedelta(minutes=settings.WAITING_LIST_CLAIM_MINUTES)
        entry.save(update_fields=["status", "offered_batch", "claim_expires_at"])
        offered.append(entry)
    if offered:
        url = _listing_url(batch.preset_id)
        name = batch.name or _("Batch %(n)d") % {"n": batch.pk}
        for entry in offered:
            profile = Profile.objects.filter(pk=entry.learner_profile_id).first()
            if profile is None:
                continue
            notify(
                recipients=profile,
                notifiable_type=Notification.Type.TEST_WAITING_LIST,
                title_key="test_waiting_list.title",
                body_key="test_waiting_list.body",
                title_args={"test": batch.preset.name},
                body_args={"test": batch.preset.name, "batch": name},
                actions=[{"url": url, "target": "_self", "label": "action.book_slot"}],
            )
    return offered


def waiting_list_claim(*, preset_id: int, profile_id: int, batch_id: int, now=None) -> bool:
    """For checkout (issue 6): when ``profile_id`` holds a live offer of ``batch_id``, mark it
    claimed and return True — the held slot (already pending) becomes the purchase's; otherwise
    False and the caller reserves a slot as usual. Runs in the caller's transaction."""
    now = now or timezone.now()
    entry = (
        WaitingListEntry.objects.select_for_update()
        .filter(
            preset_id=preset_id,
            learner_profile_id=profile_id,
            status=W.OFFERED,
            offered_batch_id=batch_id,
            claim_expires_at__gt=now,
        )
        .first()
    )
    if entry is None:
        return False
    entry.status = W.CLAIMED
    entry.save(update_fields=["status"])
    return True


def waiting_list_lapse_due(*, now=None) -> int:
    """Lapse the offers whose claim time has passed: release each held slot, which offers it to
    the next in line. Returns the number lapsed (``config.jobs.due_sweep``: one transaction each,
    an offer being claimed wins). Runs in the current schema (the periodic task visits every
    organization)."""
    now = now or timezone.now()

    def lapse(entry: WaitingListEntry) -> None:
        entry.status = W.LAPSED
        entry.save(update_fields=["status"])
        if entry.offered_batch_id:
            _release_and_sync(entry.offered_batch_id)

    return due_sweep(WaitingListEntry.objects.filter(status=W.OFFERED, claim_expires_at__lte=now), lapse)
