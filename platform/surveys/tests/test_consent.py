"""The free career survey is behind the consent gate (issue 37, item 3; decision 0048): a
14-year-old whose parent has not consented cannot open the survey account, take the survey from
the marketplace, start it, answer or finish it, and reads why; once the parent consents she can;
after the parent withdraws, the survey she holds stops where it is, its answers kept."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from consent.models import Consent
from consent.tests.factories import consent_given
from consent.tests.test_gate import BLOCKED_EN, BLOCKED_VI, WITHDRAWN_EN
from surveys.tests.helpers import allow, answer, listed, post, published_survey, questions

pytestmark = pytest.mark.django_db
FOURTEEN = date(2012, 3, 12)


def refused(res, message: str = BLOCKED_EN) -> None:
    assert res.status_code == 403, res.json()
    assert (res.json()["code"], res.json()["message"]) == ("parental_consent_required", message)


def test_a_child_without_a_parents_consent_cannot_take_the_career_survey(org_a, as_educator_a):
    allow(org_a)
    listing_id = listed(as_educator_a, published_survey(as_educator_a))
    child = ProfileFactory(date_of_birth=FOURTEEN, has_pandai_survey_account=False)
    client = client_for(child)
    en = {"HTTP_ACCEPT_LANGUAGE": "en"}

    refused(client.post("/api/v1/users/register-pandai-survey", **en))
    refused(
        client.post("/api/v1/survey-users", {"listing_id": listing_id}, content_type="application/json", **en)
    )
    res = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    refused(res, BLOCKED_VI)  # Vietnamese by default
    assert client.get("/api/v1/survey-users/my-list").json()["data"]["items"] == []  # nothing made

    parent = consent_given(child.user, subject="parent", source="paper")
    assert client.post("/api/v1/users/register-pandai-survey").status_code == 200
    res = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    assert res.status_code == 201, res.json()
    usid = res.json()["data"]["id"]
    assert post(client, f"/api/v1/surveys/submissions/{usid}/start").status_code == 200
    first = questions(client, usid)["questions"][0]["id"]
    assert answer(client, usid, first, 4).status_code == 200

    parent.withdrawn_at = timezone.now()
    parent.save(update_fields=["withdrawn_at"])
    body = {"user_survey_id": usid, "question_id": first, "answer": 5}
    refused(
        client.post("/api/v1/surveys/submissions/store-answer", body, content_type="application/json", **en),
        WITHDRAWN_EN,
    )
    refused(client.post(f"/api/v1/surveys/submissions/{usid}/finish", **en), WITHDRAWN_EN)
    refused(client.post(f"/api/v1/surveys/submissions/{usid}/start", **en), WITHDRAWN_EN)
    # What was answered before the withdrawal stays recorded (its deletion is the data request's).
    kept = questions(client, usid)
    assert (kept["answered"], kept["questions"][0]["answer"]) == (1, 4)
    assert Consent.objects.get(user=child.user, subject="parent").withdrawn_at is not None
