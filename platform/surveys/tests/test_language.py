"""Bilingual survey texts for the reader, with fallback to the other language (issue 17, items 2
and 7): an English reader of a survey with no English name, description, group name or statement
text sees the Vietnamese one at every place the learner sees it (the available list, the
learner's list, the overview, the questions)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from surveys import content
from surveys.models import Survey, SurveyStatement
from surveys.tests.helpers import allow, listed, post, published_survey

pytestmark = pytest.mark.django_db

NAME = "Khảo sát hướng nghiệp 10A"
DESCRIPTION = "Chỉ có tiếng Việt."
GROUP_R = "Kỹ thuật"
STATEMENT = "Tôi thích sửa xe đạp."


def _vietnamese_only(org, survey_id: int) -> None:
    with schema_context(org.schema_name):
        survey = Survey.objects.get(pk=survey_id)
        survey.name, survey.name_en = NAME, ""
        survey.description, survey.description_en = DESCRIPTION, ""
        survey.groups = [
            {**g, "name": {"vi": GROUP_R, "en": ""}} if g["code"] == "R" else g for g in survey.groups
        ]
        survey.save()
        SurveyStatement.objects.filter(survey_id=survey_id).update(text={"vi": STATEMENT, "en": ""})


def test_an_english_reader_sees_the_vietnamese_text_where_there_is_no_english(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    listing_id = listed(as_educator_a, survey_id)
    _vietnamese_only(org_a, survey_id)
    client = client_for(ProfileFactory(has_pandai_survey_account=True))
    en = {"HTTP_ACCEPT_LANGUAGE": "en"}

    available = client.get("/api/v1/survey-users/available", **en).json()["data"]
    assert [(i["name"], i["description"]) for i in available] == [(NAME, DESCRIPTION)]
    usid = post(client, "/api/v1/survey-users", {"listing_id": listing_id}).json()["data"]["id"]
    mine = client.get("/api/v1/survey-users/my-list", **en).json()["data"]["items"]
    assert [i["name"] for i in mine] == [NAME]
    overview = client.get(f"/api/v1/survey-users/{usid}", **en).json()["data"]
    assert (overview["name"], overview["description"]) == (NAME, DESCRIPTION)
    assert overview["scale"][0] == {"value": 1, "label": "Strongly disagree"}  # English where there is

    assert post(client, f"/api/v1/surveys/submissions/{usid}/start").status_code == 200
    data = client.get(f"/api/v1/surveys/submissions/{usid}/questions", **en).json()["data"]
    assert data["groups"][0] == {"code": "R", "name": GROUP_R}
    assert data["groups"][1] == {"code": "I", "name": "Investigative"}
    assert {q["text"] for q in data["questions"]} == {STATEMENT}


def test_pick_falls_back_both_ways_and_lists_too():
    assert content.pick({"vi": "Toán", "en": ""}, "en") == "Toán"
    assert content.pick({"vi": " ", "en": "Maths"}, "vi") == "Maths"
    assert content.pick("plain", "en") == "plain" and content.pick(None, "en") == ""
    assert content.pick_list({"vi": ["Kỹ sư"], "en": []}, "en") == ["Kỹ sư"]
    assert content.pick_list({"vi": [], "en": ["Engineer"]}, "vi") == ["Engineer"]
