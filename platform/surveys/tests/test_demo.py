"""The demo surveys of seed_demo (issue 8, item 7): the default survey published and listed,
a completed survey, one in progress (the prompt shows), a distribution; idempotent."""

from __future__ import annotations

import pytest

from accounts.tests.factories import ProfileFactory, UserFactory
from conftest import client_for
from marketplace.models import Listing
from surveys.demo import REPORT_PRICE, seed_demo_surveys

pytestmark = pytest.mark.django_db


def test_demo_surveys(org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    both = ProfileFactory(organization=org_a, user=UserFactory(email="learner.both@demo.vn"))
    public = ProfileFactory(user=UserFactory(email="learner@demo.vn"))
    pupil = ProfileFactory(organization=org_a, user=UserFactory(email="hocsinh01@demo.vn"), grade=9)

    assert seed_demo_surveys(organization=org_a) == 3
    assert seed_demo_surveys(organization=org_a) == 0  # twice: nothing new
    listing = Listing.objects.get(organization=org_a, kind="survey", status="active")
    assert listing.price_test_only == 0 and listing.price_survey_report == REPORT_PRICE
    assert listing.cover_image.endswith(".webp")

    done = client_for(both).get("/api/v1/survey-users/my-list").json()["data"]["items"]
    assert [(i["status"], i["holland_code"], i["answered"]) for i in done] == [("completed", "SAE", 48)]
    prompt = client_for(public).get(
        "/api/v1/survey-users/my-list?page=1&limit=5&order_by=-created_at&status=in_progress"
    )
    (ongoing,) = prompt.json()["data"]["items"]
    assert ongoing["answered"] == 20 and ongoing["total"] == 48
    public.refresh_from_db()
    assert public.has_pandai_survey_account
    code = client_for(pupil).get("/api/v1/survey-users/my-list").json()["data"]["items"][0]["holland_code"]
    assert code == "IRC"

    org_a.survey_management_allowed = True
    org_a.save(update_fields=["survey_management_allowed"])
    educator = client_for(admin)
    survey_id = listing.preset_id
    results = educator.get(f"/api/v1/surveys/{survey_id}/results").json()["data"]
    assert results["completed"] == 2 and {c["code"] for c in results["codes"]} == {"SAE", "IRC"}
