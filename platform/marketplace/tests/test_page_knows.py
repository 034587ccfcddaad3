"""What a page needs to know so that it asks nothing the server would refuse (issue 38 item 6:
every test's detail page asked for the learner's waiting-list place and logged a 404 when the
learner was not on the list; the preset form and /survey asked for the organization's surveys and
logged a 403 where survey management is off). The listing's detail says whether the reader is on
its waiting list (``on_waiting_list``); the session's user says whether the profile may manage
surveys (``survey_management``)."""

from __future__ import annotations

import pytest

from accounts.tests.factories import ProfileFactory
from assessments.tests.test_presets_api import post
from assignments.tests.test_assignments_api import org_learners, ready_preset
from conftest import client_for
from surveys.tests.helpers import allow

pytestmark = pytest.mark.django_db


def _on_list(client, listing_id: int) -> bool:
    res = client.get(f"/api/v1/marketplace/{listing_id}")
    assert res.status_code == 200, res.json()
    return res.json()["data"]["on_waiting_list"]


def test_the_listing_detail_says_whether_the_reader_is_on_its_waiting_list(
    as_educator_a, bank, round_id, org_a
):
    preset_id, batch_id, listing_id = ready_preset(as_educator_a, bank, round_id, slots_count=1, publish=True)
    waiter, other = client_for(ProfileFactory()), client_for(ProfileFactory())
    assert _on_list(waiter, listing_id) is False
    seat = org_learners(org_a, 1)[0]
    res = post(
        as_educator_a,
        "/api/v1/assignments",
        {"preset_id": preset_id, "batch_id": batch_id, "learner_profile_ids": [seat.pk]},
    )
    assert res.status_code == 201, res.json()
    assert waiter.post(f"/api/v1/marketplace/{listing_id}/waiting-list").status_code == 201

    assert _on_list(waiter, listing_id) is True
    assert _on_list(other, listing_id) is False
    assert _on_list(as_educator_a, listing_id) is False  # educators are on no waiting list
    assert waiter.delete(f"/api/v1/marketplace/{listing_id}/waiting-list").status_code == 200
    assert _on_list(waiter, listing_id) is False


def test_the_listing_list_carries_no_per_reader_flag(as_educator_a, bank, round_id):
    """The flag costs one look into the organization's schema: the detail has it, the list rows
    (many organizations) do not."""
    _preset_id, _batch_id, listing_id = ready_preset(as_educator_a, bank, round_id, publish=True)
    items = client_for(ProfileFactory()).get("/api/v1/marketplace").json()["data"]["items"]
    (row,) = [i for i in items if i["id"] == listing_id]
    assert "on_waiting_list" not in row


def _survey_management(client) -> bool:
    return client.get("/api/v1/auth/is-authorized").json()["data"]["user"]["survey_management"]


def test_the_session_says_whether_the_profile_may_manage_surveys(org_a, as_educator_a, as_learner):
    allow(org_a, False)
    assert _survey_management(as_educator_a) is False
    assert as_educator_a.get("/api/v1/surveys/list").status_code == 403
    allow(org_a, True)
    assert _survey_management(as_educator_a) is True
    assert as_educator_a.get("/api/v1/surveys/list").status_code == 200
    # a learner of the organization manages nothing, allowed or not
    assert _survey_management(client_for(ProfileFactory(organization=org_a))) is False
    assert _survey_management(as_learner) is False
