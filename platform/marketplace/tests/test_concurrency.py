"""No oversold slot under real concurrency (issue 6, item 3): 50 learners check out the last 5
slots of a batch at the same moment, each on its own database connection and request."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from marketplace.models import Transaction

LEARNERS = 50
SLOTS = 5


def _race_listing(org, educator):
    """A published preset with one batch of SLOTS slots in ``org``; returns (listing, batch)."""
    from assessments.tests.fixtures import approved_preset
    from marketplace.services import listings_create

    preset, batch = approved_preset(
        org, educator, code="Race", starts_at=timezone.now() + timedelta(days=2), slots=SLOTS
    )
    with schema_context(org.schema_name):
        (listing,) = listings_create(
            actor=educator, items=[{"preset_id": preset.pk, "price_test_only": 50_000}]
        )
    return listing, batch


@pytest.mark.django_db(transaction=True)
def test_fifty_learners_race_for_five_slots():
    from assessments.models import Batch
    from tenants.services import organization_create, organization_provision_now

    org = organization_create(name="Race", slug="race")
    org = organization_provision_now(organization_id=org.pk)
    try:
        educator = ProfileFactory(educator=True, organization=org, is_admin=True)
        listing, batch = _race_listing(org, educator)
        clients = [client_for(ProfileFactory(grade=9)) for _ in range(LEARNERS)]
        barrier = threading.Barrier(LEARNERS)

        def checkout(client):
            try:
                barrier.wait(timeout=30)
                res = client.post(
                    "/api/v1/transaction/checkout",
                    {"listing_id": listing.pk, "batch_id": batch.pk},
                    content_type="application/json",
                )
                body = res.json()
                return res.status_code, body.get("reason") or body.get("code") or "ok"
            finally:
                connection.close()

        with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
            results = list(pool.map(checkout, clients))
        won = [r for r in results if r[0] == 200]
        lost = [r for r in results if r[0] != 200]
        assert len(won) == SLOTS, results
        assert {r for r in lost} == {(409, "no_slot_available")}, results
        assert Transaction.objects.filter(status="PENDING").count() == SLOTS
        with schema_context(org.schema_name):
            b = Batch.objects.get(pk=batch.pk)
            assert (b.slots, b.available, b.pending, b.taken) == (SLOTS, 0, SLOTS, 0)
    finally:
        connection.set_schema_to_public()
        Transaction.objects.filter(items__organization=org).delete()
        org.refresh_from_db()
        org.delete(force_drop=True)


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_payments_charge_once(monkeypatch):
    """A double click or a retry racing the first request: both answer with the completed
    transaction, the provider is charged once, and one assignment exists."""
    from accounts.models import Enrollment
    from assessments.models import Batch
    from marketplace.payments import SimulatedProvider
    from tenants.services import organization_create, organization_provision_now

    charges = []
    real_charge = SimulatedProvider.charge

    def counting_charge(self, tx, **kwargs):
        charges.append(tx.pk)
        return real_charge(self, tx, **kwargs)

    monkeypatch.setattr(SimulatedProvider, "charge", counting_charge)
    org = organization_create(name="Pay race", slug="pay-race")
    org = organization_provision_now(organization_id=org.pk)
    try:
        educator = ProfileFactory(educator=True, organization=org, is_admin=True)
        listing, batch = _race_listing(org, educator)
        learner = ProfileFactory(grade=9)
        client = client_for(learner)
        tx = client.post(
            "/api/v1/transaction/checkout",
            {"listing_id": listing.pk, "batch_id": batch.pk},
            content_type="application/json",
        ).json()["data"]
        barrier = threading.Barrier(2)

        def pay(key):
            try:
                barrier.wait(timeout=30)
                res = client_for(learner).post(
                    "/api/v1/transaction/pay",
                    {"transaction_id": tx["id"], "idempotency_key": key},
                    content_type="application/json",
                )
                return res.status_code, res.json()["data"]["status"], res.json()["data"]["payment_id"]
            finally:
                connection.close()

        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(pay, ["click-1", "click-2"]))
        assert [r[:2] for r in results] == [(200, "COMPLETED"), (200, "COMPLETED")], results
        assert results[0][2] == results[1][2] and len(charges) == 1
        assert Enrollment.objects.filter(profile=learner).count() == 1
        with schema_context(org.schema_name):
            b = Batch.objects.get(pk=batch.pk)
            assert (b.available, b.pending, b.taken) == (SLOTS - 1, 0, 1)
    finally:
        connection.set_schema_to_public()
        Transaction.objects.filter(items__organization=org).delete()
        org.refresh_from_db()
        org.delete(force_drop=True)
