"""Survey management (issue 8, items 2 and 6): the SuperAdmin's toggle, roles, create from the
default, edit rules, publish, the marketplace listing with a cover checked by content, takers
and the distribution of Holland codes, tenant isolation and constant query counts."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tenants.utils import schema_context
from PIL import Image

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from marketplace.models import Listing
from surveys import content
from surveys.models import Survey
from surveys.tests.helpers import J, allow, answer_all, listed, post, published_survey, take

pytestmark = pytest.mark.django_db


def png(size=(40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def test_toggle_off_refuses_management_with_a_clear_code(org_a, as_educator_a, as_learner):
    allow(org_a, False)
    for method, url in (
        ("get", "/api/v1/surveys/list"),
        ("post", "/api/v1/surveys"),
        ("get", "/api/v1/surveys/1"),
        ("post", "/api/v1/surveys/1/publish"),
        ("post", "/api/v1/surveys/1/market-publish"),
        ("get", "/api/v1/surveys/1/takers"),
        ("get", "/api/v1/surveys/1/results"),
    ):
        res = post(as_educator_a, url) if method == "post" else as_educator_a.get(url)
        assert res.status_code == 403 and res.json()["code"] == "survey_management_disabled", url
    assert (
        "SuperAdmin"
        in as_educator_a.get("/api/v1/surveys/list", headers={"Accept-Language": "en"}).json()["message"]
    )
    # learners are refused by role; they have no management at all
    res = as_learner.get("/api/v1/surveys/list")
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"
    # and an educator cannot use the learner's list
    allow(org_a)
    assert as_educator_a.get("/api/v1/survey-users/my-list").json()["code"] == "forbidden_role"


def test_every_organization_has_the_default_draft(org_a, as_educator_a):
    allow(org_a)
    items = as_educator_a.get("/api/v1/surveys/list?status=draft").json()["data"]["items"]
    default = next(i for i in items if i["is_default"])
    assert default["statement_count"] == 48 and default["status"] == "draft"
    detail = as_educator_a.get(f"/api/v1/surveys/{default['id']}").json()["data"]
    assert [g["code"] for g in detail["groups"]] == list("RIASEC")
    assert all(len(g["careers"]["vi"]) >= 6 and len(g["fields"]["en"]) >= 6 for g in detail["groups"])
    assert [p["value"] for p in detail["scale"]] == [1, 2, 3, 4, 5]
    counts = {c: sum(1 for s in detail["statements"] if s["group"] == c) for c in "RIASEC"}
    assert counts == dict.fromkeys("RIASEC", 8)
    assert all(s["text"]["vi"] and s["text"]["en"] for s in detail["statements"])


def test_create_edit_publish_and_delete(org_a, as_educator_a):
    allow(org_a)
    res = post(as_educator_a, "/api/v1/surveys", {"name": "Khảo sát lớp 10"})
    assert res.status_code == 201
    survey = res.json()["data"]
    assert (
        survey["name"] == "Khảo sát lớp 10" and survey["status"] == "draft" and not survey["structure_locked"]
    )
    url = f"/api/v1/surveys/{survey['id']}"
    body = {k: survey[k] for k in ("name", "name_en", "description", "description_en", "scale", "groups")}
    body["statements"] = [{"group": s["group"], "text": s["text"]} for s in survey["statements"][:-1]]
    body.update(time_limit_minutes=25)

    # validation per field
    bad = {
        **body,
        "name": " ",
        "time_limit_minutes": 0,
        "scale": body["scale"][:3],
        "groups": body["groups"][:5],
    }
    bad["starts_at"], bad["ends_at"] = "2030-01-02T00:00:00Z", "2030-01-01T00:00:00Z"
    res = as_educator_a.put(url, bad, content_type=J)
    assert res.status_code == 400 and res.json()["code"] == "validation_error"
    assert {"name", "time_limit_minutes", "scale", "groups", "ends_at"} <= set(res.json()["errors"])

    # a draft may be incomplete, but cannot be published so
    res = as_educator_a.put(url, body, content_type=J)
    assert res.status_code == 200 and res.json()["data"]["statement_count"] == 47
    res = post(as_educator_a, f"{url}/publish")
    assert res.status_code == 409 and res.json()["code"] == "survey_incomplete"
    assert any("C" in reason for reason in res.json()["errors"]["statements"])
    body["statements"].append(
        {"group": "C", "text": {"vi": "Tôi thích lập danh sách việc cần làm.", "en": ""}}
    )
    assert as_educator_a.put(url, body, content_type=J).status_code == 200
    res = post(as_educator_a, f"{url}/publish")
    assert res.status_code == 200 and res.json()["data"]["status"] == "published"
    assert post(as_educator_a, f"{url}/publish").json()["code"] == "invalid_transition"

    # published: texts may change, the structure may not
    detail = as_educator_a.get(url).json()["data"]
    assert detail["structure_locked"] and detail["time_limit_minutes"] == 25
    body["statements"] = [
        {"id": s["id"], "group": s["group"], "text": s["text"]} for s in detail["statements"]
    ]
    body["statements"][0]["text"] = {"vi": "Câu đã sửa", "en": "Edited"}
    assert as_educator_a.put(url, body, content_type=J).status_code == 200
    assert as_educator_a.get(url).json()["data"]["statements"][0]["text"]["vi"] == "Câu đã sửa"
    moved = [dict(s) for s in body["statements"]]
    moved[0]["group"] = "R" if moved[0]["group"] != "R" else "I"
    res = as_educator_a.put(url, {**body, "statements": moved}, content_type=J)
    assert res.status_code == 409 and res.json()["code"] == "survey_locked"
    res = as_educator_a.delete(url)
    assert res.status_code == 409 and res.json()["code"] == "invalid_transition"

    # a copy is a new draft with the same content
    copy = post(as_educator_a, "/api/v1/surveys", {"copy_from": survey["id"]}).json()["data"]
    assert copy["status"] == "draft" and copy["statement_count"] == 48 and copy["name"].endswith("(bản sao)")
    assert as_educator_a.delete(f"/api/v1/surveys/{copy['id']}").status_code == 200
    assert as_educator_a.get(f"/api/v1/surveys/{copy['id']}").status_code == 404
    assert post(as_educator_a, "/api/v1/surveys", {"copy_from": 999_999}).status_code == 404

    # ended surveys are read-only
    post(as_educator_a, f"{url}/end")
    assert as_educator_a.put(url, body, content_type=J).json()["code"] == "survey_locked"


def test_market_publish_checks_the_cover_and_prices(org_a, as_educator_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    allow(org_a)
    draft = post(as_educator_a, "/api/v1/surveys", {}).json()["data"]["id"]
    res = as_educator_a.post(f"/api/v1/surveys/{draft}/market-publish", {"price_survey_report": "0"})
    assert res.status_code == 409 and res.json()["code"] == "survey_not_published"
    survey_id = published_survey(as_educator_a)
    url = f"/api/v1/surveys/{survey_id}/market-publish"
    res = as_educator_a.post(url, {"price_survey_report": "-5"})
    assert res.status_code == 400 and "price_survey_report" in res.json()["errors"]
    fake = SimpleUploadedFile("cover.png", b"<svg></svg>", content_type="image/png")
    res = as_educator_a.post(url, {"price_survey_report": "49000", "cover": fake})
    assert res.status_code == 400 and res.json()["code"] == "unsupported_image"
    cover = SimpleUploadedFile("cover.jpg", png(), content_type="image/jpeg")  # a PNG named .jpg: fine
    res = as_educator_a.post(url, {"price_survey_report": "49000", "description": "Miễn phí", "cover": cover})
    assert res.status_code == 200, res.json()
    listing = res.json()["data"]
    assert listing["kind"] == "survey" and listing["price_test_only"] == 0
    assert listing["price_survey_report"] == 49_000 and listing["cover_image"].endswith(".webp")
    assert listing["preset_id"] == survey_id and listing["description"] == "Miễn phí"
    # publishing again updates the same listing
    again = as_educator_a.post(url, {"price_survey_report": ""}).json()["data"]
    assert again["id"] == listing["id"] and again["price_survey_report"] is None
    assert again["cover_image"] == listing["cover_image"]
    row = next(
        i for i in as_educator_a.get("/api/v1/surveys/list").json()["data"]["items"] if i["id"] == survey_id
    )
    assert row["listing"]["id"] == listing["id"]
    # the marketplace shows it to learners
    market = client_for(ProfileFactory()).get("/api/v1/marketplace?search=riasec").json()["data"]["items"]
    assert [m["id"] for m in market] == [listing["id"]]
    assert post(as_educator_a, f"/api/v1/surveys/{survey_id}/market-withdraw").status_code == 200
    assert Listing.objects.get(pk=listing["id"]).status == "withdrawn"
    assert post(as_educator_a, f"/api/v1/surveys/{survey_id}/market-withdraw").status_code == 404


def test_takers_and_holland_code_distribution(org_a, as_educator_a, django_assert_max_num_queries):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    listing_id = listed(as_educator_a, survey_id)
    sheets = [
        {"S": 5, "E": 4, "A": 3},  # SEA
        {"S": 5, "E": 4, "A": 3},  # SEA
        {"I": 5, "R": 4, "C": 3.5},  # IRC (C 3.5 rounds: use 4 for C below)
    ]
    sheets[2] = {"I": 5, "R": 4, "C": 4, "A": 1, "S": 1, "E": 1}  # I, then R and C tie: R first
    for sheet in sheets:
        _p, client, usid = take(listing_id)
        answer_all(client, usid, by_group={**dict.fromkeys("RIASEC", 1), **sheet})
        assert post(client, f"/api/v1/surveys/submissions/{usid}/finish").status_code == 200
    for _ in range(3):
        _p, client, usid = take(listing_id)
        answer_all(client, usid, skip=5)
    take(listing_id)

    results = as_educator_a.get(f"/api/v1/surveys/{survey_id}/results").json()["data"]
    assert results["takers"] == 7 and results["completed"] == 3
    assert results["codes"] == [{"code": "SEA", "count": 2}, {"code": "IRC", "count": 1}]
    firsts = {r["code"]: r["count"] for r in results["first_letters"]}
    assert firsts == {"R": 0, "I": 1, "A": 0, "S": 2, "E": 0, "C": 0}
    assert {r["status"]: r["count"] for r in results["by_status"]} == {
        "completed": 3,
        "in_progress": 3,
        "not_started": 1,
    }
    means = {r["code"]: r["mean"] for r in results["mean_normalized"]}
    assert means["S"] == round((100 + 100 + 0) / 3, 1)

    with django_assert_max_num_queries(7):  # + the session row
        page = as_educator_a.get(f"/api/v1/surveys/{survey_id}/takers?limit=50").json()["data"]
    assert page["total"] == 7
    assert {r["status"] for r in page["items"]} == {"completed", "in_progress", "not_started"}
    done = as_educator_a.get(f"/api/v1/surveys/{survey_id}/takers?status=completed&order_by=holland_code")
    assert [r["holland_code"] for r in done.json()["data"]["items"]] == ["IRC", "SEA", "SEA"]
    assert all(r["answered"] == 48 for r in done.json()["data"]["items"])

    # an educator may open a taker's overview and results (spec: educators may open the overview)
    usid = done.json()["data"]["items"][0]["user_survey_id"]
    overview = as_educator_a.get(f"/api/v1/surveys/submissions/{usid}/overview").json()["data"]
    assert overview["holland_code"] == "IRC" and overview["learner_name"]
    assert as_educator_a.get(f"/api/v1/survey-users/{usid}/category-score").status_code == 200
    # but not take it
    assert post(as_educator_a, f"/api/v1/surveys/submissions/{usid}/start").json()["code"] == "forbidden_role"


def test_lists_run_a_constant_number_of_queries(org_a, as_educator_a, django_assert_max_num_queries):
    allow(org_a)
    for _ in range(4):
        listed(as_educator_a, published_survey(as_educator_a))
    with django_assert_max_num_queries(6):
        res = as_educator_a.get("/api/v1/surveys/list?limit=50&order_by=-takers")
    assert res.status_code == 200 and res.json()["data"]["total"] >= 5
    assert sum(1 for i in res.json()["data"]["items"] if i["listing"]) == 4
    assert as_educator_a.get("/api/v1/surveys/list?status=nope").json()["code"] == "validation_error"
    assert as_educator_a.get("/api/v1/surveys/list?order_by=nope").json()["code"] == "validation_error"


def test_another_organization_gets_404(org_a, org_b, as_educator_a, educator_b):
    allow(org_a)
    allow(org_b)
    survey_id = published_survey(as_educator_a)
    with schema_context(org_b.schema_name):
        assert not Survey.objects.filter(pk=survey_id).exists()
    _p, client, usid = take(listed(as_educator_a, survey_id))
    other = client_for(educator_b)
    for url in (
        f"/api/v1/surveys/{survey_id}",
        f"/api/v1/surveys/{survey_id}/takers",
        f"/api/v1/surveys/{survey_id}/results",
        f"/api/v1/surveys/submissions/{usid}/overview",
        f"/api/v1/survey-users/{usid}/category-score",
    ):
        assert other.get(url).status_code == 404, url
    assert post(other, f"/api/v1/surveys/{survey_id}/publish").status_code == 404
    assert post(other, f"/api/v1/surveys/submissions/{usid}/cancel").status_code == 404


def test_another_learner_gets_404(org_a, as_educator_a):
    allow(org_a)
    _p, client, usid = take(listed(as_educator_a, published_survey(as_educator_a)))
    stranger = client_for(ProfileFactory(has_pandai_survey_account=True))
    for url in (
        f"/api/v1/survey-users/{usid}",
        f"/api/v1/survey-users/{usid}/category-score",
        f"/api/v1/survey-users/{usid}/category-suitable",
        f"/api/v1/surveys/submissions/{usid}/overview",
        f"/api/v1/surveys/submissions/{usid}/questions",
        f"/api/v1/survey-users/{usid}/report/pdf",
    ):
        assert stranger.get(url).status_code == 404, url
    for url in (
        f"/api/v1/surveys/submissions/{usid}/start",
        f"/api/v1/survey-users/{usid}/checkout-analytic",
    ):
        assert post(stranger, url).status_code == 404, url
    res = post(
        stranger,
        "/api/v1/surveys/submissions/store-answer",
        {"user_survey_id": usid, "question_id": 1, "answer": 3},
    )
    assert res.status_code == 404


def test_content_rules():
    from config.errors import FieldErrors

    errors = FieldErrors()
    default = content.default_content()
    assert content.clean_groups(errors, default["groups"]) and not errors
    assert (
        content.missing_for_publish(
            default["groups"], [(s["group"], s["text"]) for s in default["statements"]]
        )
        == []
    )
    assert content.pick({"vi": "", "en": "Only English"}, "vi") == "Only English"
    assert content.pick_list({"vi": ["a"]}, "en") == ["a"]
