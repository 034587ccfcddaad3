"""Publishing to the marketplace and listing (issue 5, item 6)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django_tenants.utils import schema_context

from assessments.models import Batch
from assessments.tests.test_presets_api import NOW, post, preset_body, put
from conftest import client_for

pytestmark = pytest.mark.django_db


def approved_preset(client, bank, round_id, **extra):
    preset = post(client, "/api/v1/test-presets", preset_body(bank, round_id, **extra)).json()["data"]
    post(client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 3})
    start = NOW + timedelta(days=5)
    post(
        client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "name": "Ca 1",
            "starts_at": start.isoformat(),
            "expires_at": (start + timedelta(hours=2)).isoformat(),
            "slots": 30,
        },
    )
    res = post(client, f"/api/v1/test-presets/{preset['id']}/approve")
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def test_publish_list_filter_and_withdraw(as_educator_a, bank, round_id, learner, educator_b, org_a):
    draft = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, name="Nháp")).json()[
        "data"
    ]
    preset = approved_preset(as_educator_a, bank, round_id)
    res = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": draft["id"], "price_test_only": 0}]},
    )
    assert res.status_code == 409 and res.json()["code"] == "preset_not_approved"
    res = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": -5, "price_test_advanced": 200_000_000}]},
    )
    assert res.status_code == 400 and set(res.json()["errors"]) == {
        "items.0.price_test_only",
        "items.0.price_test_advanced",
    }
    res = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": 1.5}]},
    )
    assert res.status_code == 422 and res.json()["code"] == "validation_error"
    res = post(
        as_educator_a,
        "/api/v1/marketplace/create_multiple",
        {
            "items": [
                {
                    "preset_id": preset["id"],
                    "price_test_only": 150000,
                    "price_test_advanced": 250000,
                    "price_survey_report": 0,
                }
            ]
        },
    )
    assert res.status_code == 200, res.json()
    listing = res.json()["data"][0]
    assert listing["price_test_only"] == 150000 and listing["grade"] == 9 and listing["available_slots"] == 30
    assert listing["subject_codes"] == ["toan"]
    assert as_educator_a.get(f"/api/v1/test-presets/{preset['id']}").json()["data"]["status"] == "published"
    assert (
        post(
            as_educator_a,
            "/api/v1/marketplace/create_multiple",
            {"items": [{"preset_id": preset["id"], "price_test_only": 1}]},
        ).json()["code"]
        == "already_listed"
    )

    learner_client = client_for(learner)
    page = learner_client.get(
        "/api/v1/marketplace?search=toán&minprice=100000&maxprice=200000&grade=9&subject=toan"
    ).json()["data"]
    assert [i["id"] for i in page["items"]] == [listing["id"]]
    assert learner_client.get("/api/v1/marketplace?maxprice=100000").json()["data"]["total"] == 0
    assert learner_client.get("/api/v1/marketplace?order_by=-price").status_code == 200
    assert client_for(educator_b).get("/api/v1/marketplace?mylistings=true").json()["data"]["total"] == 0
    assert as_educator_a.get("/api/v1/marketplace?mylistings=true").json()["data"]["total"] == 1
    assert learner_client.get(f"/api/v1/marketplace/{listing['id']}").json()["data"]["name"] == preset["name"]

    # Batches stay in step on the listing.
    batch_id = preset["batches"][0]["id"]
    start = NOW + timedelta(days=5)
    put(
        as_educator_a,
        f"/api/v1/test-presets/{preset['id']}/batches/{batch_id}",
        {
            "name": "Ca 1",
            "starts_at": start.isoformat(),
            "expires_at": (start + timedelta(hours=2)).isoformat(),
            "slots": 40,
        },
    )
    assert learner_client.get(f"/api/v1/marketplace/{listing['id']}").json()["data"]["available_slots"] == 40

    # Withdraw: refused while payments are pending; other organizations get 404; learners 403.
    assert learner_client.delete(f"/api/v1/marketplace/{listing['id']}").json()["code"] == "forbidden_role"
    assert client_for(educator_b).delete(f"/api/v1/marketplace/{listing['id']}").status_code == 404
    with schema_context(org_a.schema_name):
        Batch.objects.filter(pk=batch_id).update(available=39, pending=1)
    res = as_educator_a.delete(f"/api/v1/marketplace/{listing['id']}")
    assert res.status_code == 409 and res.json()["code"] == "listing_has_pending"
    with schema_context(org_a.schema_name):
        Batch.objects.filter(pk=batch_id).update(available=40, pending=0)
    assert as_educator_a.delete(f"/api/v1/marketplace/{listing['id']}").status_code == 200
    assert learner_client.get(f"/api/v1/marketplace/{listing['id']}").status_code == 404


def test_listing_list_constant_queries(as_educator_a, bank, round_id, django_assert_max_num_queries, learner):
    for i in range(4):
        preset = approved_preset(as_educator_a, bank, round_id, name=f"Đề {i}")
        post(
            as_educator_a,
            "/api/v1/marketplace/create_multiple",
            {"items": [{"preset_id": preset["id"], "price_test_only": 1000 * i}]},
        )
    client = client_for(learner)
    with django_assert_max_num_queries(5):  # + the session row
        assert client.get("/api/v1/marketplace?limit=50").json()["data"]["total"] == 4


def test_listing_subjects_for_the_filter(
    as_educator_a, bank, round_id, learner, educator_b, django_assert_max_num_queries
):
    for i in range(2):
        preset = approved_preset(as_educator_a, bank, round_id, name=f"Đề {i}")
        post(
            as_educator_a,
            "/api/v1/marketplace/create_multiple",
            {"items": [{"preset_id": preset["id"], "price_test_only": 0}]},
        )
    client = client_for(learner)
    with django_assert_max_num_queries(4):  # + the session row
        res = client.get("/api/v1/marketplace/subjects")
    assert res.status_code == 200 and res.json()["data"] == [{"code": "toan", "name": "Toán"}]
    english = client.get("/api/v1/marketplace/subjects", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert english == [{"code": "toan", "name": "Mathematics"}]
    assert as_educator_a.get("/api/v1/marketplace/subjects?mylistings=true").json()["data"] == [
        {"code": "toan", "name": "Toán"}
    ]
    assert client_for(educator_b).get("/api/v1/marketplace/subjects?mylistings=true").json()["data"] == []
    assert client.get("/api/v1/marketplace?subject=toan").json()["data"]["total"] == 2
