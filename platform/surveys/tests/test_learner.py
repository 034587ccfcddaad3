"""The learner's survey list across organizations (issue 8, item 3 and the ongoing-survey
prompt of spec section 2), surveys linked to test presets, and the query budget."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import TestPreset
from conftest import client_for
from sitting.tests.test_taking import open_test
from surveys.models import Submission
from surveys.tests.helpers import allow, answer_all, listed, post, published_survey, take

pytestmark = pytest.mark.django_db


def _prompt(client):
    """The call of the ongoing-survey prompt (spec section 2)."""
    return client.get(
        "/api/v1/survey-users/my-list",
        {"page": 1, "limit": 5, "order_by": "-created_at", "status": "in_progress"},
    )


def test_my_list_across_organizations_in_constant_queries(
    org_a, org_b, as_educator_a, educator_b, django_assert_max_num_queries
):
    allow(org_a)
    allow(org_b)
    as_b = client_for(educator_b)
    listings_a = [listed(as_educator_a, published_survey(as_educator_a)) for _ in range(3)]
    listing_b = listed(as_b, published_survey(as_b))
    profile = ProfileFactory(has_pandai_survey_account=True)
    client = client_for(profile)
    with django_assert_max_num_queries(4):
        assert client.get("/api/v1/survey-users/my-list").json()["data"]["items"] == []

    ids = [take(listing, profile)[2] for listing in (listing_b, *listings_a)]
    with django_assert_max_num_queries(6):
        page = client.get("/api/v1/survey-users/my-list?limit=10").json()["data"]
    assert page["total"] == 4 and [i["id"] for i in page["items"]] == ids[::-1]  # newest first
    orgs = {i["organization"]["name"] for i in page["items"]}
    assert orgs == {org_a.shown_name, org_b.shown_name}
    row = page["items"][0]
    assert row["survey_id"] == row["id"] and row["status"] == "not_started" and row["total"] == 48

    # nothing in progress: the prompt finds nothing
    assert _prompt(client).json()["data"]["items"] == []
    # start two (the older in org_b, the newer in org_a): the prompt reads the newest
    post(client, f"/api/v1/surveys/submissions/{ids[0]}/start")
    post(client, f"/api/v1/surveys/submissions/{ids[2]}/start")
    with django_assert_max_num_queries(6):
        items = _prompt(client).json()["data"]["items"]
    assert [i["survey_id"] for i in items] == [ids[2], ids[0]]
    # a completed one is no longer in progress
    answer_all(client, ids[2])
    post(client, f"/api/v1/surveys/submissions/{ids[2]}/finish")
    assert [i["survey_id"] for i in _prompt(client).json()["data"]["items"]] == [ids[0]]
    done = client.get("/api/v1/survey-users/my-list?status=completed").json()["data"]["items"]
    assert [(i["id"], len(i["holland_code"]), i["answered"]) for i in done] == [(ids[2], 3, 48)]

    # paging, search, sort and filters
    second = client.get("/api/v1/survey-users/my-list?limit=3&page=2").json()["data"]
    assert second["total"] == 4 and [i["id"] for i in second["items"]] == [ids[0]]
    found = client.get("/api/v1/survey-users/my-list", {"search": org_b.name}).json()["data"]["items"]
    assert [i["id"] for i in found] == [ids[0]]
    by_name = client.get("/api/v1/survey-users/my-list?order_by=name").json()["data"]["items"]
    assert len(by_name) == 4
    assert client.get("/api/v1/survey-users/my-list?order_by=bad").json()["code"] == "validation_error"
    assert client.get("/api/v1/survey-users/my-list?status=bad").json()["code"] == "validation_error"
    english = client.get("/api/v1/survey-users/my-list", headers={"Accept-Language": "en"}).json()["data"]
    assert english["items"][0]["name"].startswith("Career orientation survey")
    # another learner sees none of them
    assert client_for(ProfileFactory()).get("/api/v1/survey-users/my-list").json()["data"]["total"] == 0


def test_surveys_linked_to_a_test_preset(org_a, as_educator_a, bank, round_id):
    allow(org_a)
    ((learner, test_enrollment),) = open_test(as_educator_a, bank, round_id, org_a)
    learner.has_pandai_survey_account = True
    learner.save(update_fields=["has_pandai_survey_account"])
    survey_id = published_survey(as_educator_a)  # published, not listed
    client = client_for(learner)
    assert client.get("/api/v1/survey-users/available").json()["data"] == []
    with schema_context(org_a.schema_name):
        TestPreset.objects.update(survey_ids=[survey_id])
    offered = client.get("/api/v1/survey-users/available").json()["data"]
    assert [(o["source"], o["organization_survey_id"], o["test_enrollment_id"]) for o in offered] == [
        ("test", survey_id, test_enrollment)
    ]
    body = {"test_enrollment_id": test_enrollment, "survey_id": survey_id}
    res = post(client, "/api/v1/survey-users", body)
    assert res.status_code == 201 and res.json()["data"]["status"] == "not_started"
    assert client.get("/api/v1/survey-users/available").json()["data"] == []
    with schema_context(org_a.schema_name):
        assert Submission.objects.get(enrollment_id=res.json()["data"]["id"]).source == "test"
    # a survey the preset does not link, or someone else's test, is 404
    stranger = client_for(ProfileFactory(has_pandai_survey_account=True))
    assert post(stranger, "/api/v1/survey-users", body).status_code == 404
    assert post(client, "/api/v1/survey-users", {**body, "survey_id": survey_id + 1000}).status_code == 404
    assert post(client, "/api/v1/survey-users", {}).json()["code"] == "validation_error"
