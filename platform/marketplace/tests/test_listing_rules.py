"""Listing rules of issue 19, section 1: the free seats a listing shows count only batches that
have not ended; a negative or fractional price is refused on its field."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from conftest import client_for
from marketplace.models import Listing
from marketplace.tests.test_listings_api import approved_preset, post

pytestmark = pytest.mark.django_db


def test_the_seat_count_leaves_out_ended_batches(as_educator_a, bank, round_id, learner):
    preset = approved_preset(as_educator_a, bank, round_id)
    res = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": 0}]},
    )
    listing_id = res.json()["data"][0]["id"]
    listing = Listing.objects.get(pk=listing_id)
    (running,) = listing.batches
    now = timezone.now()
    ended = {
        **running,
        "id": running["id"] + 1000,
        "name": "Ca đã kết thúc",
        "starts_at": (now - timedelta(days=2)).isoformat(),
        "expires_at": (now - timedelta(days=2) + timedelta(hours=2)).isoformat(),
        "slots": 25,
        "available": 25,
    }
    Listing.objects.filter(pk=listing_id).update(batches=[ended, running])

    client = client_for(learner)
    card = client.get("/api/v1/marketplace").json()["data"]["items"][0]
    assert (card["available_slots"], len(card["batches"])) == (30, 2)
    assert client.get(f"/api/v1/marketplace/{listing_id}").json()["data"]["available_slots"] == 30


@pytest.mark.parametrize(
    ("price", "status", "message"),
    [
        (-150000, 400, "Enter a whole number of VND from 0 to 100,000,000."),
        (1500.5, 422, "Enter a whole number."),
        ("-150.000", 400, "Enter a whole number of VND from 0 to 100,000,000."),
    ],
)
def test_a_negative_or_fractional_price_is_refused_on_its_field(
    as_educator_a, bank, round_id, price, status, message
):
    """The server half of "a negative or non-integer VND price is refused with a message"."""
    preset = approved_preset(as_educator_a, bank, round_id)
    res = as_educator_a.post(
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": price}]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert (res.status_code, res.json()["code"]) == (status, "validation_error")
    assert res.json()["errors"] == {"items.0.price_test_only": [message]}
    assert Listing.objects.filter(preset_id=preset["id"]).count() == 0
