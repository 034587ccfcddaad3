"""Direct assignment, batch slots, the low-slot rule and the waiting list (issue 5, items 5 and 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assessments.models import Batch, WaitingListEntry
from assessments.services import slots
from assessments.services.waiting_list import waiting_list_claim, waiting_list_lapse_due
from assessments.tests.test_presets_api import NOW, post, preset_body
from config.dates import VN
from config.errors import ApplicationError
from conftest import client_for
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def ready_preset(client, bank, round_id, *, slots_count=30, publish=False):
    """An approved preset with a generated form and one batch of ``slots_count`` slots."""
    preset = post(client, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    post(client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 3})
    start = NOW + timedelta(days=5)
    batch = post(
        client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "name": "Ca 1",
            "starts_at": start.isoformat(),
            "expires_at": (start + timedelta(hours=2)).isoformat(),
            "slots": slots_count,
        },
    ).json()["data"]
    assert post(client, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200
    listing = None
    if publish:
        res = post(
            client,
            "/api/v1/marketplace/create_multiple",
            {"items": [{"preset_id": preset["id"], "price_test_only": 100_000}]},
        )
        assert res.status_code == 200, res.json()
        listing = res.json()["data"][0]["id"]
    return preset["id"], batch["id"], listing


def org_learners(org, n):
    return [ProfileFactory(organization=org) for _ in range(n)]


def counts(org, batch_id):
    with schema_context(org.schema_name):
        b = Batch.objects.get(pk=batch_id)
        assert b.slots == b.available + b.pending + b.taken
        return b.available, b.pending, b.taken


def test_direct_assignment_validation_and_success(as_educator_a, educator_a, bank, round_id, org_a, org_b):
    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id)
    mine = org_learners(org_a, 2)
    stranger = ProfileFactory(organization=org_b)
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [], "attempts_allowed": 0},
    )
    assert res.status_code == 400
    assert set(res.json()["errors"]) == {"learner_profile_ids", "attempts_allowed"}
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {
            "preset_id": preset_id,
            "batch_id": batch_id,
            "learner_profile_ids": [mine[0].pk, stranger.pk],
            "requires_purchase": True,
            "purchase_cost": 0,
        },
    )
    assert res.status_code == 400
    assert set(res.json()["errors"]) == {"learner_profile_ids", "purchase_cost"}
    assert counts(org_a, batch_id) == (30, 0, 0)

    due = (NOW + timedelta(days=6)).isoformat()
    body = {
        "preset_id": preset_id,
        "batch_id": batch_id,
        "learner_profile_ids": [p.pk for p in mine],
        "attempts_allowed": 2,
        "due_at": due,
        "requires_purchase": True,
        "purchase_cost": 50_000,
    }
    res = post(as_educator_a, "/api/v1/assignments", body)
    assert res.status_code == 201, res.json()
    rows = res.json()["data"]
    assert {r["learner_profile_id"] for r in rows} == {p.pk for p in mine}
    assert (
        rows[0]["source"] == "direct"
        and rows[0]["attempts_allowed"] == 2
        and rows[0]["purchase_cost"] == 50_000
    )
    assert counts(org_a, batch_id) == (28, 0, 2)
    assert Enrollment.objects.filter(profile__in=mine, organization=org_a, kind="test").count() == 2
    scheduled = Notification.objects.filter(recipient__in=mine, notifiable_type="TestScheduled")
    assert scheduled.count() == 2 and "starts_at" in scheduled.first().body_args

    res = post(as_educator_a, "/api/v1/assignments", {**body, "learner_profile_ids": [mine[0].pk]})
    assert res.status_code == 409 and res.json()["code"] == "already_assigned"
    assert counts(org_a, batch_id) == (28, 0, 2)

    listed = as_educator_a.get(f"/api/v1/assignments?preset_id={preset_id}&order_by=learner_name").json()[
        "data"
    ]
    assert listed["total"] == 2 and listed["items"][0]["batch"]["id"] == batch_id
    overview = as_educator_a.get("/api/v1/assignments/overview").json()["data"]
    assert overview["assignments"]["direct"] == 2 and overview["batches"]["taken"] == 2


def test_draft_preset_and_full_batch_refused_without_change(as_educator_a, bank, round_id, org_a):
    draft = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    start = NOW + timedelta(days=5)
    draft_batch = post(
        as_educator_a,
        f"/api/v1/test-presets/{draft['id']}/batches",
        {"starts_at": start.isoformat(), "expires_at": (start + timedelta(hours=1)).isoformat(), "slots": 5},
    ).json()["data"]
    people = org_learners(org_a, 3)
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": draft["id"], "batch_id": draft_batch["id"], "learner_profile_ids": [people[0].pk]},
    )
    assert res.status_code == 409 and res.json()["code"] == "preset_not_assignable"

    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id, slots_count=2)
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [p.pk for p in people]},
    )
    assert res.status_code == 409 and res.json()["code"] == "no_batch_slot"
    assert counts(org_a, batch_id) == (2, 0, 0)
    with schema_context(org_a.schema_name):
        from assignments.models import Assignment

        assert not Assignment.objects.filter(preset_id=preset_id).exists()


def test_messages_count_the_learners(as_educator_a, bank, round_id, org_a):
    """The messages say "Assigned to 1 learner." and "No batch slot: 0 free, 1 learner chosen." in English (issue
    19: the messages said "1 learners"); "Đã giao bài cho 2 học sinh." in Vietnamese."""
    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id, slots_count=3)
    people = org_learners(org_a, 4)

    def assign(learners, language):
        return as_educator_a.post(
            "/api/v1/assignments",
            {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [p.pk for p in learners]},
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE=language,
        )

    assert assign(people[:1], "en").json()["message"] == "Assigned to 1 learner."
    assert assign(people[1:3], "vi").json()["message"] == "Đã giao bài cho 2 học sinh."
    res = assign(people[3:], "en")
    assert res.status_code == 409 and res.json()["message"] == "No batch slot: 0 free, 1 learner chosen."


def test_low_slot_notification_sent_once(as_educator_a, educator_a, bank, round_id, org_a):
    colleague = ProfileFactory(educator=True, organization=org_a)
    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id, slots_count=10)
    people = org_learners(org_a, 9)

    def assign(group):
        res = post(
            as_educator_a,
            "/api/v1/assignments",
            {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [p.pk for p in group]},
        )
        assert res.status_code == 201, res.json()
        return res.json()["data"]

    assign(people[:7])  # 3 of 10 left: 30 %, no notification
    assert not Notification.objects.filter(notifiable_type="BatchLowSlot").exists()
    rows = assign(people[7:8])  # 2 of 10 left: 20 %
    low = Notification.objects.filter(notifiable_type="BatchLowSlot")
    assert set(low.values_list("recipient_id", flat=True)) == {educator_a.pk, colleague.pk}
    assert low.first().body_args["available"] == 2
    res = as_educator_a.delete(f"/api/v1/assignments/{rows[0]['id']}")
    assert res.status_code == 200 and res.json()["data"]["status"] == "revoked"
    assert counts(org_a, batch_id) == (3, 0, 7)
    assign(people[7:9])
    assert Notification.objects.filter(notifiable_type="BatchLowSlot").count() == 2  # still one per educator


def test_waiting_list_hand_over_and_lapse(as_educator_a, bank, round_id, org_a, settings):
    preset_id, batch_id, listing_id = ready_preset(as_educator_a, bank, round_id, slots_count=1, publish=True)
    first, second = ProfileFactory(), ProfileFactory()
    url = f"/api/v1/marketplace/{listing_id}/waiting-list"
    res = client_for(first).post(url)
    assert res.status_code == 409 and res.json()["code"] == "slots_available"

    seat = org_learners(org_a, 1)
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [seat[0].pk]},
    )
    assignment_id = res.json()["data"][0]["id"]
    res = client_for(first).post(url)
    assert res.status_code == 201 and res.json()["data"]["position"] == 1
    assert client_for(first).post(url).json()["code"] == "already_waiting"
    assert client_for(second).post(url).json()["data"]["position"] == 2
    assert client_for(second).get(url).json()["data"] == {
        "status": "waiting",
        "position": 2,
        "offered_batch_id": None,
        "claim_expires_at": None,
    }
    assert as_educator_a.post(url).status_code == 403  # educators do not queue

    as_educator_a.delete(f"/api/v1/assignments/{assignment_id}")
    assert counts(org_a, batch_id) == (0, 1, 0)  # held for the first in line
    offer = Notification.objects.get(recipient=first, notifiable_type="TestWaitingList")
    assert offer.actions[0]["url"] == f"/marketplace/{listing_id}"
    assert not Notification.objects.filter(recipient=second, notifiable_type="TestWaitingList").exists()
    waiting = as_educator_a.get(f"/api/v1/waiting-list?preset_id={preset_id}").json()["data"]["items"]
    assert [(w["learner_profile_id"], w["status"]) for w in waiting] == [
        (first.pk, "offered"),
        (second.pk, "waiting"),
    ]

    with schema_context(org_a.schema_name):
        assert (
            waiting_list_lapse_due(now=NOW + timedelta(minutes=settings.WAITING_LIST_CLAIM_MINUTES - 1)) == 0
        )
        assert waiting_list_lapse_due(now=NOW + timedelta(days=1)) == 1
        entries = dict(WaitingListEntry.objects.values_list("learner_profile_id", "status"))
    assert entries == {first.pk: "lapsed", second.pk: "offered"}
    assert counts(org_a, batch_id) == (0, 1, 0)
    assert client_for(second).get(url).json()["data"]["offered_batch_id"] == batch_id
    with schema_context(org_a.schema_name), transaction.atomic():
        assert not waiting_list_claim(preset_id=preset_id, profile_id=first.pk, batch_id=batch_id)
        assert waiting_list_claim(preset_id=preset_id, profile_id=second.pk, batch_id=batch_id)

    res = client_for(first).delete(url)
    assert res.status_code == 404


def test_leaving_with_an_offer_passes_it_on(as_educator_a, bank, round_id, org_a):
    preset_id, batch_id, listing_id = ready_preset(as_educator_a, bank, round_id, slots_count=1, publish=True)
    seat = org_learners(org_a, 1)[0]
    a = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [seat.pk]},
    ).json()["data"][0]
    first, second = ProfileFactory(), ProfileFactory()
    url = f"/api/v1/marketplace/{listing_id}/waiting-list"
    client_for(first).post(url)
    client_for(second).post(url)
    as_educator_a.delete(f"/api/v1/assignments/{a['id']}")
    assert client_for(first).delete(url).status_code == 200
    assert Notification.objects.filter(recipient=second, notifiable_type="TestWaitingList").exists()
    assert counts(org_a, batch_id) == (0, 1, 0)


def test_slot_moves_never_go_negative(org_a, as_educator_a, bank, round_id):
    _, batch_id, _ = ready_preset(as_educator_a, bank, round_id, slots_count=2)
    with schema_context(org_a.schema_name):
        slots.reserve(batch_id, 2)
        with pytest.raises(ApplicationError) as exc:
            slots.take(batch_id)
        assert exc.value.code == "no_batch_slot"
        with pytest.raises(ApplicationError):
            slots.confirm(batch_id, 3)
        slots.confirm(batch_id, 1)
        slots.release_pending(batch_id, 1)
        assert counts(org_a, batch_id) == (1, 0, 1)
        with pytest.raises(IntegrityError), transaction.atomic():
            Batch.objects.filter(pk=batch_id).update(available=5)  # the CHECK keeps the sum


def test_isolation_and_constant_queries(
    as_educator_a, educator_b, bank, round_id, org_a, django_assert_max_num_queries
):
    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id)
    people = org_learners(org_a, 5)
    a = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [p.pk for p in people]},
    ).json()["data"][0]
    other = client_for(educator_b)
    assert other.get(f"/api/v1/assignments/{a['id']}").status_code == 404
    assert other.delete(f"/api/v1/assignments/{a['id']}").status_code == 404
    assert other.get(f"/api/v1/batches/{batch_id}").status_code == 404
    assert other.get("/api/v1/assignments").json()["data"]["total"] == 0
    assert client_for(people[0]).get("/api/v1/assignments").status_code == 403
    res = post(
        other,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [people[0].pk]},
    )
    assert res.status_code == 404
    for url in (
        "/api/v1/assignments?limit=50",
        "/api/v1/batches?limit=50",
        f"/api/v1/waiting-list?preset_id={preset_id}",
    ):
        with django_assert_max_num_queries(8):
            assert as_educator_a.get(url).status_code == 200
    batches = as_educator_a.get("/api/v1/batches?state=upcoming").json()["data"]
    assert batches["items"][0]["state"] == "upcoming" and batches["items"][0]["taken"] == 5


def test_assignable_tests_figures_listing_and_queries(
    as_educator_a, educator_b, bank, round_id, org_a, django_assert_max_num_queries
):
    listed_id, listed_batch, listing = ready_preset(
        as_educator_a, bank, round_id, slots_count=10, publish=True
    )
    plain_id, plain_batch, _ = ready_preset(as_educator_a, bank, round_id, slots_count=4)
    draft = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id, name="Nháp")).json()[
        "data"
    ]
    people = org_learners(org_a, 3)
    post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": listed_id, "batch_id": listed_batch, "learner_profile_ids": [p.pk for p in people]},
    )
    revoked = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": plain_id, "batch_id": plain_batch, "learner_profile_ids": [people[0].pk]},
    ).json()["data"][0]
    assert as_educator_a.delete(f"/api/v1/assignments/{revoked['id']}").status_code == 200

    with django_assert_max_num_queries(8):
        res = as_educator_a.get("/api/v1/assignments/tests?order_by=name&limit=50")
    assert res.status_code == 200, res.json()
    rows = {r["id"]: r for r in res.json()["data"]["items"]}
    assert draft["id"] not in rows and set(rows) == {listed_id, plain_id}
    first = rows[listed_id]
    assert first["status"] == "published" and first["listing_id"] == listing
    assert (first["batch_count"], first["live_batches"]) == (1, 1)
    assert (first["slots"], first["available"], first["pending"], first["taken"]) == (10, 7, 0, 3)
    assert (first["direct"], first["purchased"], first["waiting"]) == (3, 0, 0)
    assert first["subjects"] == ["Toán"]
    second = rows[plain_id]
    assert second["listing_id"] is None and second["direct"] == 0 and second["available"] == 4

    unlisted = as_educator_a.get("/api/v1/assignments/tests?listed=false").json()["data"]["items"]
    assert [r["id"] for r in unlisted] == [plain_id]
    assert [
        r["id"] for r in as_educator_a.get("/api/v1/assignments/tests?listed=true").json()["data"]["items"]
    ] == [listed_id]
    assert as_educator_a.get("/api/v1/assignments/tests?status=approved").json()["data"]["total"] == 1
    assert as_educator_a.get("/api/v1/assignments/tests?order_by=price").status_code == 400
    assert client_for(educator_b).get("/api/v1/assignments/tests").json()["data"]["total"] == 0
    assert client_for(people[0]).get("/api/v1/assignments/tests").status_code == 403


def test_a_test_without_the_camera_is_announced_without_it(as_educator_a, bank, round_id, org_a):
    """The TestScheduled notification of a test taken without the camera does not ask the learner
    to prepare one (found on the demo's THPT mock exam, issue 39: "Hãy chuẩn bị camera" for a test
    that never opens it); a proctored test's still does."""
    preset_id, batch_id, _ = ready_preset(as_educator_a, bank, round_id)
    with schema_context(org_a.schema_name):
        from assessments.models import TestPreset

        TestPreset.objects.filter(pk=preset_id).update(camera_proctoring=False)
    learner = org_learners(org_a, 1)[0]
    body = {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [learner.pk]}
    assert post(as_educator_a, "/api/v1/assignments", body).status_code == 201
    client = client_for(learner)
    vi = client.get("/api/v1/notification/list", HTTP_ACCEPT_LANGUAGE="vi").json()["data"]["items"][0]
    en = client.get("/api/v1/notification/list", HTTP_ACCEPT_LANGUAGE="en").json()["data"]["items"][0]
    starts = (NOW + timedelta(days=5)).astimezone(VN)
    name = vi["body_args"]["test"]
    assert vi["body"] == (
        f"Bài {name} của bạn bắt đầu lúc {starts:%H:%M %d/%m/%Y}. "
        "Hãy chuẩn bị một phòng yên tĩnh; bài này không dùng camera."
    )
    assert en["body"] == (
        f"Your test {name} starts at {starts.day} {starts:%b %Y, %H:%M}. "
        "Find a quiet room; this test does not use the camera."
    )
