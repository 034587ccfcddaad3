"""A slot freed by the waiting list (an offer that lapses, a learner who leaves with an offer)
and claimed by nobody shows as free on the marketplace listing, so another learner can buy it
(issue 5, item 5, with the marketplace issue)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import WaitingListEntry
from assessments.services.waiting_list import waiting_list_lapse_due
from assessments.tests.test_presets_api import NOW, post
from assignments.tests.test_assignments_api import counts, org_learners, ready_preset
from conftest import client_for

pytestmark = pytest.mark.django_db


def _offered_to_waiter(as_educator_a, bank, round_id, org_a):
    """A published one-slot preset: a seat assigned, a learner waits, the seat is revoked, so the
    slot is held for the waiting learner. Returns (batch id, listing id, waiting learner)."""
    preset_id, batch_id, listing_id = ready_preset(as_educator_a, bank, round_id, slots_count=1, publish=True)
    seat = org_learners(org_a, 1)[0]
    assignment_id = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [seat.pk]},
    ).json()["data"][0]["id"]
    waiter = ProfileFactory()
    assert client_for(waiter).post(f"/api/v1/marketplace/{listing_id}/waiting-list").status_code == 201
    assert as_educator_a.delete(f"/api/v1/assignments/{assignment_id}").status_code == 200
    assert counts(org_a, batch_id) == (0, 1, 0)  # held for the waiting learner
    return batch_id, listing_id, waiter


def _listed_free(client, listing_id, batch_id) -> int:
    data = client.get(f"/api/v1/marketplace/{listing_id}").json()["data"]
    (batch,) = [b for b in data["batches"] if b["id"] == batch_id]
    return batch["available"]


def _buyer_can_add(listing_id, batch_id):
    buyer = client_for(ProfileFactory())
    assert _listed_free(buyer, listing_id, batch_id) == 1
    res = post(
        buyer, "/api/v1/shopping-cart", {"listing_id": listing_id, "batch_id": batch_id, "addon": "test_only"}
    )
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["count"] == 1


def test_lapsed_offer_frees_the_listing_slot(as_educator_a, bank, round_id, org_a, settings):
    batch_id, listing_id, waiter = _offered_to_waiter(as_educator_a, bank, round_id, org_a)
    other = client_for(ProfileFactory())
    assert _listed_free(other, listing_id, batch_id) == 0
    res = post(other, "/api/v1/shopping-cart", {"listing_id": listing_id, "batch_id": batch_id})
    assert res.status_code == 409 and res.json()["code"] == "no_slot_available"

    with schema_context(org_a.schema_name):
        later = NOW + timedelta(minutes=settings.WAITING_LIST_CLAIM_MINUTES + 60)
        assert waiting_list_lapse_due(now=later) == 1
        assert WaitingListEntry.objects.get(learner_profile_id=waiter.pk).status == "lapsed"
    assert counts(org_a, batch_id) == (1, 0, 0)  # nobody else waits: the slot is free
    _buyer_can_add(listing_id, batch_id)
    # and, a slot being free, joining the waiting list is (rightly) refused
    res = client_for(ProfileFactory()).post(f"/api/v1/marketplace/{listing_id}/waiting-list")
    assert res.status_code == 409 and res.json()["code"] == "slots_available"


def test_leaving_with_an_offer_frees_the_listing_slot(as_educator_a, bank, round_id, org_a):
    batch_id, listing_id, waiter = _offered_to_waiter(as_educator_a, bank, round_id, org_a)
    res = client_for(waiter).delete(f"/api/v1/marketplace/{listing_id}/waiting-list")
    assert res.status_code == 200, res.json()
    assert counts(org_a, batch_id) == (1, 0, 0)
    _buyer_can_add(listing_id, batch_id)
