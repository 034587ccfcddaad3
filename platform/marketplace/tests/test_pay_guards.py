"""Paying never charges for a purchase that cannot complete (issue 6: "no paid purchase is lost")."""

from __future__ import annotations

import pytest

from accounts.tests.factories import ProfileFactory
from assessments.tests.test_presets_api import post
from assignments.tests.test_assignments_api import counts
from conftest import client_for
from marketplace.models import Transaction
from marketplace.payments import SimulatedProvider
from marketplace.tests.test_purchases import add, listed

pytestmark = pytest.mark.django_db


def test_a_test_assigned_directly_after_checkout_is_not_charged(
    as_educator_a, bank, round_id, org_a, monkeypatch
):
    charges = []
    real_charge = SimulatedProvider.charge

    def counting_charge(self, tx, **kwargs):
        charges.append(tx.pk)
        return real_charge(self, tx, **kwargs)

    monkeypatch.setattr(SimulatedProvider, "charge", counting_charge)
    preset_id, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=10)
    learner = ProfileFactory(organization=org_a, grade=9)
    client = client_for(learner)
    assert add(client, listing_id, batch_id).status_code == 200
    tx = post(client, "/api/v1/transaction/checkout", {}).json()["data"]
    assert counts(org_a, batch_id) == (9, 1, 0)
    # Meanwhile an educator assigns the same test directly (it takes a slot of its own).
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [learner.pk]},
    )
    assert res.status_code == 201, res.json()

    res = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    assert res.status_code == 409 and res.json()["code"] == "already_owned"
    assert charges == []
    stored = Transaction.objects.get(pk=tx["id"])
    assert stored.status == Transaction.Status.FAILED and stored.payment_id == ""
    assert counts(org_a, batch_id) == (9, 0, 1)  # the order's slot is free again
