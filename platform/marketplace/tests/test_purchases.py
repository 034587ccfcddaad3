"""Cart, checkout, payment, cancellation and expiry (issue 6)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import WaitingListEntry
from assessments.tests.test_presets_api import post, preset_body
from assignments.models import Assignment
from assignments.tests.test_assignments_api import counts, ready_preset
from conftest import client_for
from marketplace import purchases
from marketplace.models import CartItem, Listing, Transaction
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def listed(client, bank, round_id, *, slots_count=30, name=None, subject=None, price=100_000):
    """A published preset with one batch; returns (preset id, batch id, listing id)."""
    preset_id, batch_id, _ = ready_preset(client, bank, round_id, slots_count=slots_count)
    res = post(
        client,
        "/api/v1/marketplace/create_multiple",
        {
            "items": [
                {"preset_id": preset_id, "price_test_only": price, "price_test_advanced": price + 80_000}
            ]
        },
    )
    assert res.status_code == 200, res.json()
    return preset_id, batch_id, res.json()["data"][0]["id"]


def add(client, listing_id, batch_id, addon="test_only"):
    return post(
        client, "/api/v1/shopping-cart", {"listing_id": listing_id, "batch_id": batch_id, "addon": addon}
    )


def test_cart_rules(as_educator_a, bank, round_id, org_a):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id)
    no_grade = ProfileFactory(grade=None)
    res = add(client_for(no_grade), listing_id, batch_id)
    assert res.status_code == 400 and res.json()["code"] == "grade_required"
    assert add(as_educator_a, listing_id, batch_id).status_code == 403

    learner = ProfileFactory()
    client = client_for(learner)
    assert add(client, listing_id, 999_999).json()["code"] == "cart_invalid"
    assert add(client, listing_id, batch_id, addon="survey_report").json()["code"] == "cart_invalid"
    res = add(client, listing_id, batch_id, addon="test_advanced")
    assert res.status_code == 200, res.json()
    cart = res.json()["data"]
    assert (
        cart["count"] == 1 and cart["total"] == 180_000 and cart["cartItems"][0]["addon"] == "test_advanced"
    )
    assert (
        add(client, listing_id, batch_id).json()["data"]["total"] == 100_000
    )  # changes the add-on, no duplicate
    # another test of the same subject (toán) and grade (9) cannot join the cart
    _, batch2, listing2 = listed(as_educator_a, bank, round_id)
    res = add(client, listing2, batch2)
    assert res.status_code == 409 and res.json()["code"] == "duplicate_subject_grade"
    item_id = cart["cartItems"][0]["id"]
    assert client_for(ProfileFactory()).delete(f"/api/v1/shopping-cart/{item_id}").status_code == 404
    assert client.delete(f"/api/v1/shopping-cart/{item_id}").json()["data"]["count"] == 0
    assert client.get("/api/v1/shopping-cart").json()["data"]["cartItems"] == []


def test_checkout_pay_creates_assignment_once(as_educator_a, bank, round_id, org_a):
    preset_id, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=10)
    learner = ProfileFactory()
    client = client_for(learner)
    add(client, listing_id, batch_id, addon="test_advanced")
    res = post(client, "/api/v1/transaction/checkout", {})
    assert res.status_code == 200, res.json()
    tx = res.json()["data"]
    assert tx["status"] == "PENDING" and tx["amount"] == 180_000 and tx["items"][0]["batch_id"] == batch_id
    assert counts(org_a, batch_id) == (9, 1, 0)
    assert CartItem.objects.filter(profile=learner).count() == 0
    with schema_context(org_a.schema_name):
        assert not Assignment.objects.exists()  # tenant data only on payment
    assert not Enrollment.objects.filter(profile=learner).exists()
    # the header's red dot
    pending = client.get("/api/v1/transaction?page=1&limit=1&status=PENDING").json()["data"]
    assert pending["total"] == 1
    # the same subject and grade cannot be bought again while pending
    _, batch2, listing2 = listed(as_educator_a, bank, round_id)
    assert add(client, listing2, batch2).json()["code"] == "duplicate_subject_grade"
    # another learner cannot see or pay it
    other = client_for(ProfileFactory())
    assert other.get(f"/api/v1/transaction/{tx['id']}").status_code == 404
    assert post(other, "/api/v1/transaction/pay", {"transaction_id": tx["id"]}).status_code == 404

    first = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"], "idempotency_key": "k-1"})
    assert first.status_code == 200, first.json()
    again = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"], "idempotency_key": "k-1"})
    third = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    paid = first.json()["data"]
    assert paid["status"] == "COMPLETED" and paid["payment_id"].startswith("SIM-")
    assert again.json()["data"]["payment_id"] == paid["payment_id"] == third.json()["data"]["payment_id"]
    assert counts(org_a, batch_id) == (9, 0, 1)
    with schema_context(org_a.schema_name):
        (assignment,) = Assignment.objects.filter(learner_profile_id=learner.pk)
        assert (
            assignment.source == "purchase"
            and assignment.advanced_report
            and assignment.purchase_cost == 180_000
        )
        assert assignment.transaction_id == tx["id"] and assignment.paid_at
    assert paid["items"][0]["assignment_id"] == assignment.pk
    assert Enrollment.objects.filter(profile=learner, item_id=preset_id, object_id=assignment.pk).count() == 1
    assert Notification.objects.filter(recipient=learner, notifiable_type="TestScheduled").count() == 1
    # owned now: cannot be added again
    assert add(client, listing_id, batch_id).json()["code"] == "already_owned"
    assert client.delete(f"/api/v1/transaction/cancel/{tx['id']}").json()["code"] == "transaction_not_pending"


def test_free_only_cart_and_slot_errors(as_educator_a, bank, round_id, org_a):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=1, price=0)
    learner = client_for(ProfileFactory())
    add(learner, listing_id, batch_id)
    res = post(learner, "/api/v1/transaction/checkout", {})
    assert res.status_code == 400 and res.json()["reason"] == "free_only_cart"
    assert res.json()["message"].startswith(("Checkout Failed", "Thanh toán"))
    assert counts(org_a, batch_id) == (1, 0, 0)

    _, full_batch, full_listing = listed(as_educator_a, bank, round_id, slots_count=1)
    a, b = ProfileFactory(grade=11), ProfileFactory(grade=11)
    assert (
        post(
            client_for(a),
            "/api/v1/transaction/checkout",
            {"listing_id": full_listing, "batch_id": full_batch},
        ).status_code
        == 200
    )
    res = post(
        client_for(b), "/api/v1/transaction/checkout", [{"listing_id": full_listing, "batch_id": full_batch}]
    )
    assert res.status_code == 409 and res.json()["reason"] == "no_slot_available"
    assert res.json()["errors"] == {"items.0": [res.json()["errors"]["items.0"][0]]}
    assert counts(org_a, full_batch) == (0, 1, 0)
    assert Transaction.objects.filter(profile=b).count() == 0


def test_cancel_and_expiry_free_slots_and_offer_waiting_list(as_educator_a, bank, round_id, org_a):
    preset_id, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=1)
    buyer, waiter = ProfileFactory(), ProfileFactory()
    tx = post(
        client_for(buyer),
        "/api/v1/transaction/checkout",
        {"items": [{"listing_id": listing_id, "batch_id": batch_id}]},
    )
    tx_id = tx.json()["data"]["id"]
    assert client_for(waiter).post(f"/api/v1/marketplace/{listing_id}/waiting-list").status_code == 201
    res = client_for(buyer).delete(f"/api/v1/transaction/cancel/{tx_id}")
    assert res.status_code == 200 and res.json()["data"]["status"] == "CANCELLED"
    assert counts(org_a, batch_id) == (0, 1, 0)  # held for the waiting learner
    assert Notification.objects.filter(recipient=waiter, notifiable_type="TestWaitingList").exists()
    # the offered learner checks out the held slot (no second reservation)
    res = post(
        client_for(waiter), "/api/v1/transaction/checkout", {"listing_id": listing_id, "batch_id": batch_id}
    )
    assert res.status_code == 200, res.json()
    assert counts(org_a, batch_id) == (0, 1, 0)
    with schema_context(org_a.schema_name):
        assert WaitingListEntry.objects.get(learner_profile_id=waiter.pk).status == "claimed"
    # expiry frees the slot
    assert purchases.expire_due(now=timezone.now() + timedelta(minutes=5)) == 0
    assert purchases.expire_due(now=timezone.now() + timedelta(hours=1)) == 1
    assert counts(org_a, batch_id) == (1, 0, 0)
    tx2 = Transaction.objects.get(profile=waiter)
    assert tx2.status == "EXPIRED"
    res = post(client_for(waiter), "/api/v1/transaction/pay", {"transaction_id": tx2.pk})
    assert res.status_code == 409 and res.json()["code"] == "transaction_not_pending"


def test_declined_payment_fails_and_frees(as_educator_a, bank, round_id, org_a):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=3)
    learner = ProfileFactory()
    client = client_for(learner)
    tx_id = post(
        client, "/api/v1/transaction/checkout", {"listing_id": listing_id, "batch_id": batch_id}
    ).json()["data"]["id"]
    res = post(client, "/api/v1/transaction/pay", {"transaction_id": tx_id, "method": "decline"})
    assert res.status_code == 402 and res.json()["code"] == "payment_declined"
    assert Transaction.objects.get(pk=tx_id).status == "FAILED"
    assert counts(org_a, batch_id) == (3, 0, 0)


def test_lists_isolation_and_queries(
    as_educator_a, educator_b, bank, round_id, org_a, django_assert_max_num_queries
):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=20)
    buyers = [ProfileFactory() for _ in range(4)]
    for b in buyers:
        tx = post(
            client_for(b), "/api/v1/transaction/checkout", {"listing_id": listing_id, "batch_id": batch_id}
        ).json()["data"]
        post(client_for(b), "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    mine = client_for(buyers[0]).get("/api/v1/transaction").json()["data"]
    assert mine["total"] == 1 and mine["items"][0]["status"] == "COMPLETED"
    org_view = as_educator_a.get("/api/v1/transaction?status=COMPLETED").json()["data"]
    assert org_view["total"] == 4
    assert client_for(educator_b).get("/api/v1/transaction").json()["data"]["total"] == 0
    assert client_for(educator_b).get(f"/api/v1/transaction/{mine['items'][0]['id']}").status_code == 404
    assert as_educator_a.get(f"/api/v1/transaction/{mine['items'][0]['id']}").status_code == 200
    today = timezone.localdate().isoformat()
    assert (
        as_educator_a.get(f"/api/v1/transaction?from_date={today}&to_date={today}").json()["data"]["total"]
        == 4
    )
    addons = client_for(buyers[0]).get("/api/v1/transaction/list-addons").json()["data"]
    assert [a["code"] for a in addons] == ["test_only", "test_advanced", "survey_report"]
    for client in (as_educator_a, client_for(buyers[0])):
        with django_assert_max_num_queries(10):
            assert client.get("/api/v1/transaction?limit=50").status_code == 200
    shopper = client_for(ProfileFactory(grade=12))
    add(shopper, listing_id, batch_id)
    with CaptureQueriesContext(connection) as one:
        assert shopper.get("/api/v1/shopping-cart").json()["data"]["count"] == 1
    assert len(one) <= 10
    # More lines of the same organization (other subjects), one of them needing a passed round:
    # the same number of queries.
    from assessments.models import Round, TestPreset

    for code in ("van", "anh"):
        _, other_batch, other_listing = listed(as_educator_a, bank, round_id)
        other = Listing.objects.get(pk=other_listing)
        Listing.objects.filter(pk=other.pk).update(subjects=[{**other.subjects[0], "code": code}])
        assert add(shopper, other_listing, other_batch).status_code == 200
    with schema_context(org_a.schema_name):
        TestPreset.objects.filter(pk=other.preset_id).update(required_round=Round.objects.get(pk=round_id))
    with CaptureQueriesContext(connection) as three:
        cart = shopper.get("/api/v1/shopping-cart").json()["data"]
    assert cart["count"] == 3 and cart["cartItems"][2]["problem"]["code"] == "round_not_passed"
    assert len(three) == len(one) + 1  # the attempts of the required round, once


def test_learner_sees_purchased_assignments(
    as_educator_a, bank, round_id, org_a, django_assert_max_num_queries
):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id, slots_count=5)
    learner = ProfileFactory()
    client = client_for(learner)
    tx = post(
        client, "/api/v1/transaction/checkout", {"listing_id": listing_id, "batch_id": batch_id}
    ).json()["data"]
    assert client.get("/api/v1/assignment-users/my-list").json()["data"]["total"] == 0  # not paid yet
    post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    with django_assert_max_num_queries(8):
        page = client.get("/api/v1/assignment-users/my-list?limit=20").json()["data"]
    (row,) = page["items"]
    assert row["status"] == "assigned" and row["source"] == "purchase" and row["batch_id"] == batch_id
    assert row["purchase_cost"] == 100_000 and row["organization"] == org_a.shown_name
    assert client.get(f"/api/v1/assignment-users/{row['enrollment_id']}").json()["data"]["id"] == row["id"]
    assert (
        client_for(ProfileFactory()).get(f"/api/v1/assignment-users/{row['enrollment_id']}").status_code
        == 404
    )
    assert as_educator_a.get("/api/v1/assignment-users/my-list").status_code == 403


def test_round_requirement(as_educator_a, bank, round_id, org_a):
    from sitting.tests.test_taking import open_test, save, start

    round2 = post(
        as_educator_a,
        "/api/v1/rounds",
        {
            "name": "Vòng 2",
            "starts_at": timezone.now().isoformat(),
            "expires_at": (timezone.now() + timedelta(days=9)).isoformat(),
        },
    ).json()["data"]["id"]
    body = preset_body(bank, round2, required_round_id=round_id)
    preset = post(as_educator_a, "/api/v1/test-presets", body).json()["data"]
    post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 2})
    start_at = timezone.now() + timedelta(days=2)
    batch2 = post(
        as_educator_a,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "starts_at": start_at.isoformat(),
            "expires_at": (start_at + timedelta(hours=1)).isoformat(),
            "slots": 5,
        },
    ).json()["data"]["id"]
    post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/approve")
    listing = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": 1000}]},
    ).json()["data"][0]["id"]
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    res = add(client, listing, batch2)
    assert res.status_code == 409 and res.json()["code"] == "round_not_passed"
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    for q in client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]:
        save(client, eid, q["id"], {"value": True}, 1, token)
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})  # passed, released
    assert add(client, listing, batch2).status_code == 200
