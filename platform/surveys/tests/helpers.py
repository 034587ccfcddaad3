"""Test helpers: an organization allowed to manage surveys, a published and listed default
survey, and learners holding it."""

from __future__ import annotations

from accounts.tests.factories import ProfileFactory
from conftest import client_for

J = "application/json"


def post(client, url, body=None):
    return client.post(url, body or {}, content_type=J)


def allow(org, allowed: bool = True) -> None:
    org.survey_management_allowed = allowed
    org.save(update_fields=["survey_management_allowed"])


def published_survey(client) -> int:
    """A new survey from the default content, published; its id."""
    res = post(client, "/api/v1/surveys", {})
    assert res.status_code == 201, res.json()
    survey_id = res.json()["data"]["id"]
    res = post(client, f"/api/v1/surveys/{survey_id}/publish")
    assert res.status_code == 200, res.json()
    return survey_id


def listed(client, survey_id: int, price: int | str = 49_000) -> int:
    """The survey on the marketplace (free to take, report at ``price``); the listing id."""
    res = client.post(f"/api/v1/surveys/{survey_id}/market-publish", {"price_survey_report": price})
    assert res.status_code == 200, res.json()
    return res.json()["data"]["id"]


def take(listing_id: int, profile=None):
    """A learner (with a survey account) holding the listed survey: (profile, client, id)."""
    profile = profile or ProfileFactory(has_pandai_survey_account=True)
    client = client_for(profile)
    res = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    assert res.status_code in (200, 201), res.json()
    return profile, client, res.json()["data"]["id"]


def questions(client, user_survey_id: int) -> dict:
    res = client.get(f"/api/v1/surveys/submissions/{user_survey_id}/questions")
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def answer(client, user_survey_id: int, question_id: int, value):
    return post(
        client,
        "/api/v1/surveys/submissions/store-answer",
        {"user_survey_id": user_survey_id, "question_id": question_id, "answer": value},
    )


def answer_all(client, user_survey_id: int, by_group: dict[str, int] | None = None, skip: int = 0) -> dict:
    """Start and answer every statement (``by_group`` value per group code, default 3), leaving
    the last ``skip`` unanswered; returns the questions payload."""
    assert post(client, f"/api/v1/surveys/submissions/{user_survey_id}/start").status_code == 200
    data = questions(client, user_survey_id)
    todo = data["questions"][: len(data["questions"]) - skip]
    for q in todo:
        value = (by_group or {}).get(q["group"], 3)
        res = answer(client, user_survey_id, q["id"], value)
        assert res.status_code == 200, res.json()
    return data
