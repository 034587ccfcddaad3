"""Rounds, presets, generation, approval and batches (issue 5)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import Batch
from assessments.tests.fixtures import NOW as FIXTURE_NOW
from conftest import client_for

pytestmark = pytest.mark.django_db

J = "application/json"
NOW = FIXTURE_NOW


def post(client, url, body=None):
    return client.post(url, body or {}, content_type=J)


def put(client, url, body=None):
    return client.put(url, body or {}, content_type=J)


def preset_body(bank, round_id, **extra):
    return {
        "name": "Đánh giá năng lực Toán 9",
        "grade": 9,
        "duration_minutes": 45,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "passing_score": 5,
        "round_id": round_id,
        "subjects": [
            {
                "subject_id": bank["subject"],
                "items": [
                    {"cluster_id": bank["t1"], "complexity_level_id": bank["nb"], "count": 4},
                    {"cluster_id": bank["s1"], "complexity_level_id": bank["th"], "count": 2},
                ],
            }
        ],
        "attribute_requirements": [{"key": "province", "value": "79"}],
        "attribute_outcomes": [{"key": "scholarship", "value": "yes"}],
        **extra,
    }


def test_round_rules_and_status(as_educator_a):
    res = post(
        as_educator_a,
        "/api/v1/rounds",
        {"name": "", "starts_at": NOW.isoformat(), "expires_at": NOW.isoformat()},
    )
    assert res.status_code == 400 and set(res.json()["errors"]) == {"name", "expires_at"}
    upcoming = post(
        as_educator_a,
        "/api/v1/rounds",
        {
            "name": "Vòng 2",
            "starts_at": (NOW + timedelta(days=2)).isoformat(),
            "expires_at": (NOW + timedelta(days=9)).isoformat(),
        },
    ).json()["data"]
    assert upcoming["status"] == "upcoming"
    closed = post(as_educator_a, f"/api/v1/rounds/{upcoming['id']}/close", {"closed": True}).json()["data"]
    assert closed["status"] == "closed"
    listed = as_educator_a.get("/api/v1/rounds?status=closed").json()["data"]
    assert [r["id"] for r in listed["items"]] == [upcoming["id"]]


def test_preset_validation_rules(as_educator_a, bank, round_id):
    res = post(as_educator_a, "/api/v1/test-presets", {"name": ""})
    assert res.status_code == 400
    assert {"name", "grade", "duration_minutes", "ends_at", "subjects", "round_id"} <= set(
        res.json()["errors"]
    )
    bad = preset_body(
        bank,
        round_id,
        ends_at=(NOW - timedelta(days=1)).isoformat(),
        attribute_outcomes=[{"key": "scholarship", "value": "a"}, {"key": "Scholarship", "value": "b"}],
    )
    bad["subjects"][0]["items"].append({"cluster_id": bank["nb"], "count": 0})
    res = post(as_educator_a, "/api/v1/test-presets", bad)
    errors = res.json()["errors"]
    assert "ends_at" in errors and "attribute_outcomes.1.key" in errors
    assert "subjects.0.items.2.cluster_id" in errors and "subjects.0.items.2.count" in errors
    res = post(
        as_educator_a,
        "/api/v1/test-presets",
        {**preset_body(bank, round_id), "subjects": [{"subject_id": bank["subject"], "items": []}]},
    )
    assert "subjects.0.items" in res.json()["errors"]


def test_generation_reproducible_and_shortfalls(as_educator_a, bank, round_id):
    preset = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    res = post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 42})
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["question_count"] == 6 and res.json()["data"]["max_score"] == 8.0
    first = [
        r["question"]["id"]
        for r in as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/form").json()["data"]
    ]
    post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 7})
    post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 42})
    again = [
        r["question"]["id"]
        for r in as_educator_a.get(f"/api/v1/test-presets/{preset['id']}/form").json()["data"]
    ]
    assert first == again and len(set(first)) == 6

    short = preset_body(bank, round_id)
    short["subjects"][0]["items"] = [
        {"cluster_id": bank["t1"], "complexity_level_id": bank["th"], "count": 5},
        {"cluster_id": bank["t2"], "count": 4},
    ]
    other = post(as_educator_a, "/api/v1/test-presets", short).json()["data"]
    res = post(as_educator_a, f"/api/v1/test-presets/{other['id']}/generate")
    body = res.json()
    assert res.status_code == 400 and body["code"] == "generation_failed"
    assert [(s["needed"], s["available"], s["missing"]) for s in body["shortfalls"]] == [(5, 3, 2), (4, 2, 2)]
    assert body["message"].startswith("Tạo đề thất bại") or "Failed to generate test" in body["message"]


def test_swap_reorder_and_lock_after_approval(as_educator_a, bank, round_id, org_a):
    preset = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    pid = preset["id"]
    post(as_educator_a, f"/api/v1/test-presets/{pid}/generate", {"seed": 1})
    form = as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]
    nb_row = form[0]
    swapped = post(as_educator_a, f"/api/v1/test-presets/{pid}/form/{nb_row['id']}/swap").json()["data"]
    assert swapped["question"]["id"] not in {r["question"]["id"] for r in form}
    order = [r["id"] for r in reversed(form)]
    assert put(as_educator_a, f"/api/v1/test-presets/{pid}/form/order", {"order": order}).status_code == 200
    assert [r["id"] for r in as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]] == order
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}/form/order", {"order": order[:-1]})
    assert res.status_code == 400 and res.json()["code"] == "reorder_failed"

    plain = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=False))
    assert post(plain, f"/api/v1/test-presets/{pid}/approve").json()["code"] == "not_org_admin"
    assert post(as_educator_a, f"/api/v1/test-presets/{pid}/approve").json()["data"]["status"] == "approved"
    assert post(as_educator_a, f"/api/v1/test-presets/{pid}/generate").json()["code"] == "preset_locked"
    assert (
        put(as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id)).json()["code"]
        == "preset_locked"
    )
    assert (
        put(as_educator_a, f"/api/v1/test-presets/{pid}/form/order", {"order": order}).json()["code"]
        == "reorder_failed"
    )


def test_saving_the_same_blueprint_keeps_the_form_swappable(as_educator_a, bank, round_id):
    """A preset saved again (its name changed, the blueprint as it was, or its subjects reordered)
    keeps its form, and every row can still be swapped (the rows' blueprint items used to be
    recreated, leaving the form's links empty: the swap answered 404)."""
    pid = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]["id"]
    post(as_educator_a, f"/api/v1/test-presets/{pid}/generate", {"seed": 1})
    form = as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}", preset_body(bank, round_id, name="Toán 9, đợt 2"))
    assert res.status_code == 200, res.json()
    again = as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]
    assert [r["question"]["id"] for r in again] == [r["question"]["id"] for r in form]
    for row in again:
        res = post(as_educator_a, f"/api/v1/test-presets/{pid}/form/{row['id']}/swap")
        assert res.status_code == 200, res.json()

    reordered = preset_body(bank, round_id)
    reordered["subjects"][0]["items"].reverse()  # the same items in another order: the same test
    assert put(as_educator_a, f"/api/v1/test-presets/{pid}", reordered).status_code == 200
    rows = as_educator_a.get(f"/api/v1/test-presets/{pid}/form").json()["data"]
    assert len(rows) == 6
    res = post(as_educator_a, f"/api/v1/test-presets/{pid}/form/{rows[-1]['id']}/swap")
    assert res.status_code == 200, res.json()


def test_approval_needs_form_and_passing_score_within_max(as_educator_a, bank, round_id):
    # Raw points (decision 0056): the maximum is the generated form's, known at approval only.
    preset = post(
        as_educator_a,
        "/api/v1/test-presets",
        preset_body(bank, round_id, passing_score=50, score_scale="raw"),
    ).json()["data"]
    res = post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/approve")
    assert (
        res.status_code == 400 and res.json()["code"] == "preset_not_ready" and "form" in res.json()["errors"]
    )
    post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate")
    res = post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/approve")
    assert set(res.json()["errors"]) == {"passing_score"}
    assert (
        post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/reject", {"comment": ""}).status_code == 400
    )
    assert (
        post(
            as_educator_a, f"/api/v1/test-presets/{preset['id']}/reject", {"comment": "Điểm đạt quá cao"}
        ).json()["data"]["status"]
        == "rejected"
    )


def test_batches_rules_and_slot_invariant(as_educator_a, bank, round_id, org_a):
    pid = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]["id"]
    start = NOW + timedelta(days=3)
    res = post(
        as_educator_a,
        f"/api/v1/test-presets/{pid}/batches",
        {"starts_at": start.isoformat(), "expires_at": start.isoformat(), "slots": 0},
    )
    assert res.status_code == 400 and set(res.json()["errors"]) == {"expires_at", "slots"}
    batch = post(
        as_educator_a,
        f"/api/v1/test-presets/{pid}/batches",
        {
            "name": "Ca 1",
            "starts_at": start.isoformat(),
            "expires_at": (start + timedelta(hours=2)).isoformat(),
            "slots": 10,
        },
    ).json()["data"]
    assert (batch["slots"], batch["available"], batch["pending"], batch["taken"], batch["low_slot"]) == (
        10,
        10,
        0,
        0,
        False,
    )
    with schema_context(org_a.schema_name):
        Batch.objects.filter(pk=batch["id"]).update(available=1, taken=9)
        with pytest.raises(IntegrityError), transaction.atomic():
            Batch.objects.filter(pk=batch["id"]).update(available=2)  # would no longer add up
    body = {
        "name": "Ca 1",
        "starts_at": start.isoformat(),
        "expires_at": (start + timedelta(hours=2)).isoformat(),
    }
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}/batches/{batch['id']}", {**body, "slots": 5})
    assert res.status_code == 400 and "slots" in res.json()["errors"]
    res = put(as_educator_a, f"/api/v1/test-presets/{pid}/batches/{batch['id']}", {**body, "slots": 12})
    assert res.json()["data"]["available"] == 3
    assert (
        as_educator_a.delete(f"/api/v1/test-presets/{pid}/batches/{batch['id']}").json()["code"]
        == "batch_in_use"
    )
    detail = as_educator_a.get(f"/api/v1/test-presets/{pid}").json()["data"]
    assert detail["batches"][0]["low_slot"] is False and detail["attribute_requirements"] == [
        {"key": "province", "value": "79"}
    ]


def test_isolation_and_list_queries(as_educator_a, educator_b, bank, round_id, django_assert_max_num_queries):
    pid = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]["id"]
    other = client_for(educator_b)
    assert other.get(f"/api/v1/test-presets/{pid}").status_code == 404
    assert post(other, f"/api/v1/test-presets/{pid}/generate").status_code == 404
    assert other.get("/api/v1/test-presets").json()["data"]["total"] == 0
    for _ in range(5):
        post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id))
    with django_assert_max_num_queries(6):  # + the session row
        listed = as_educator_a.get("/api/v1/test-presets?limit=50").json()["data"]
    assert listed["total"] == 6
    assert listed["items"][0]["subject_ids"] == [bank["subject"]] and listed["items"][0]["starts_at"]
    with django_assert_max_num_queries(6):  # + the session row
        as_educator_a.get("/api/v1/rounds")
