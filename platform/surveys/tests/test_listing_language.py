"""The survey's marketplace card in the reader's language (issue 38 item 6: on English pages the
free career survey's card kept its Vietnamese title while its report was in English). The
listing carries the survey's English name and description; the marketplace list, the listing's
detail and the cart pick them with ``config.i18n`` (Vietnamese where there is no English)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from marketplace.models import Listing
from surveys.models import Survey
from surveys.tests.helpers import J, allow, listed, published_survey

pytestmark = pytest.mark.django_db

NAME_VI = "Khảo sát định hướng nghề nghiệp (Holland – RIASEC)"
NAME_EN = "Career orientation survey (Holland – RIASEC)"
DESCRIPTION_VI = "48 nhận định về sở thích và thói quen hằng ngày"
DESCRIPTION_EN = "48 statements about everyday interests and habits"


def _card(client, listing_id: int, language: str) -> dict:
    items = client.get("/api/v1/marketplace?limit=50", HTTP_ACCEPT_LANGUAGE=language).json()["data"]["items"]
    return next(i for i in items if i["id"] == listing_id)


@pytest.fixture
def survey_listing(org_a, as_educator_a) -> tuple[int, int]:
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    assert listed(as_educator_a, survey_id) > 0
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(
            name=NAME_VI, name_en=NAME_EN, description=DESCRIPTION_VI, description_en=DESCRIPTION_EN
        )
    # the listing as the educator publishes it again (price changed): it copies the survey's texts
    res = as_educator_a.post(f"/api/v1/surveys/{survey_id}/market-publish", {"price_survey_report": 0})
    assert res.status_code == 200, res.json()
    return survey_id, res.json()["data"]["id"]


def test_the_survey_card_follows_the_readers_language(survey_listing):
    _survey_id, listing_id = survey_listing
    learner = client_for(ProfileFactory(has_pandai_survey_account=True, grade=10))
    english = _card(learner, listing_id, "en")
    assert (english["name"], english["description"]) == (NAME_EN, DESCRIPTION_EN)
    assert (english["name_lang"], english["description_lang"]) == ("en", "en")
    vietnamese = _card(learner, listing_id, "vi")
    assert (vietnamese["name"], vietnamese["description"]) == (NAME_VI, DESCRIPTION_VI)
    assert (vietnamese["name_lang"], vietnamese["description_lang"]) == ("vi", "vi")
    detail = learner.get(f"/api/v1/marketplace/{listing_id}", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert (detail["name"], detail["description"]) == (NAME_EN, DESCRIPTION_EN)


def test_the_cart_names_the_survey_in_the_readers_language(survey_listing):
    _survey_id, listing_id = survey_listing
    learner = client_for(ProfileFactory(has_pandai_survey_account=True, grade=10))
    res = learner.post(
        "/api/v1/shopping-cart", {"listing_id": listing_id, "addon": "survey_report"}, content_type=J
    )
    assert res.status_code in (200, 201), res.json()
    rows = learner.get("/api/v1/shopping-cart", HTTP_ACCEPT_LANGUAGE="en").json()["data"]["cartItems"]
    assert [(r["listing"]["name"], r["listing"]["name_lang"]) for r in rows] == [(NAME_EN, "en")]


def test_renaming_the_survey_renames_its_card_in_both_languages(org_a, as_educator_a, survey_listing):
    survey_id, listing_id = survey_listing
    detail = as_educator_a.get(f"/api/v1/surveys/{survey_id}").json()["data"]
    body = {**detail, "name": "Khảo sát nghề 2026", "name_en": "Career survey 2026"}
    res = as_educator_a.put(f"/api/v1/surveys/{survey_id}", body, content_type=J)
    assert res.status_code == 200, res.json()
    learner = client_for(ProfileFactory(has_pandai_survey_account=True, grade=10))
    assert _card(learner, listing_id, "en")["name"] == "Career survey 2026"
    assert _card(learner, listing_id, "vi")["name"] == "Khảo sát nghề 2026"


def test_a_survey_without_english_shows_its_vietnamese_on_english_pages(org_a, as_educator_a, survey_listing):
    survey_id, listing_id = survey_listing
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(name_en="", description_en="")
    as_educator_a.post(f"/api/v1/surveys/{survey_id}/market-publish", {"price_survey_report": 0})
    learner = client_for(ProfileFactory(has_pandai_survey_account=True, grade=10))
    english = _card(learner, listing_id, "en")
    assert (english["name"], english["description"]) == (NAME_VI, DESCRIPTION_VI)
    # the page marks the Vietnamese fallback (WCAG 3.1.2)
    assert (english["name_lang"], english["description_lang"]) == ("vi", "vi")


def test_a_description_the_educator_wrote_is_shown_in_both_languages(org_a, as_educator_a, survey_listing):
    """The educator's own text for the card has one language: it is not replaced by the survey's
    English description on English pages."""
    survey_id, listing_id = survey_listing
    res = as_educator_a.post(
        f"/api/v1/surveys/{survey_id}/market-publish",
        {"price_survey_report": 0, "description": "Miễn phí cho học sinh lớp 10."},
    )
    assert res.status_code == 200, res.json()
    learner = client_for(ProfileFactory(has_pandai_survey_account=True, grade=10))
    card = _card(learner, listing_id, "en")
    assert (card["description"], card["description_lang"]) == ("Miễn phí cho học sinh lớp 10.", "vi")
    assert _card(learner, listing_id, "en")["name"] == NAME_EN
    assert Listing.objects.get(pk=listing_id).name == NAME_VI
