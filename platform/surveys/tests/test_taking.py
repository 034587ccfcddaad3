"""Taking a survey (issue 8, item 3): obtaining it, start, stable shuffled order, idempotent
answer saves, finish refused with missing answers, scoring on a hand-computed sheet, and the
status transitions of spec section 4."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from conftest import client_for
from surveys.models import Submission, SubmissionAnswer, Survey
from surveys.tests.helpers import allow, answer, answer_all, listed, post, published_survey, questions, take

pytestmark = pytest.mark.django_db


@pytest.fixture
def listing_id(org_a, as_educator_a):
    allow(org_a)
    return listed(as_educator_a, published_survey(as_educator_a))


def test_obtaining_needs_a_survey_account_and_is_idempotent(listing_id, org_a):
    profile = ProfileFactory()  # no survey account yet
    client = client_for(profile)
    res = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    assert res.status_code == 403 and res.json()["code"] == "survey_account_required"
    assert post(client, "/api/v1/users/register-pandai-survey").status_code == 200
    res = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    assert res.status_code == 201, res.json()
    data = res.json()["data"]
    assert data["status"] == "not_started" and data["statement_count"] == 48 and data["group_count"] == 6
    assert data["id"] == data["survey_id"] and data["report_price"] == 49_000 and data["can_start"]
    enrollment = Enrollment.objects.get(pk=data["id"])
    assert (enrollment.profile_id, enrollment.organization_id, enrollment.kind) == (
        profile.pk,
        org_a.pk,
        "survey",
    )
    again = post(client, "/api/v1/survey-users", {"listing_id": listing_id})
    assert again.status_code == 200 and again.json()["data"]["id"] == data["id"]
    assert Enrollment.objects.filter(profile=profile, kind="survey").count() == 1
    # the survey is no longer offered to this learner
    available = client.get("/api/v1/survey-users/available").json()["data"]
    assert all(item["listing_id"] != listing_id for item in available)
    other = client_for(ProfileFactory(has_pandai_survey_account=True))
    offered = other.get("/api/v1/survey-users/available").json()["data"]
    assert any(item["listing_id"] == listing_id and item["statement_count"] == 48 for item in offered)
    assert post(client, "/api/v1/survey-users", {"listing_id": 999_999}).status_code == 404


def test_start_stable_order_idempotent_answers_and_finish(listing_id, org_a):
    profile, client, usid = take(listing_id)
    res = client.get(f"/api/v1/surveys/submissions/{usid}/questions")
    assert res.status_code == 409 and res.json()["code"] == "survey_not_started"
    res = post(client, f"/api/v1/surveys/submissions/{usid}/start")
    assert res.status_code == 200 and res.json()["data"]["status"] == "in_progress"
    first = questions(client, usid)
    assert first["total"] == 48 and first["editable"] and len(first["scale"]) == 5
    ids = [q["id"] for q in first["questions"]]
    with schema_context(org_a.schema_name):
        authored = list(
            Survey.objects.get(pk=Submission.objects.get(enrollment_id=usid).survey_id)
            .statements.order_by("position")
            .values_list("id", flat=True)
        )
    assert sorted(ids) == sorted(authored) and ids != authored  # shuffled
    assert post(client, f"/api/v1/surveys/submissions/{usid}/start").status_code == 200  # resume
    assert [q["id"] for q in questions(client, usid)["questions"]] == ids  # stable

    q0 = first["questions"][0]
    assert answer(client, usid, q0["id"], 2).json()["data"]["answered"] == 1
    res = answer(client, usid, q0["id"], 5)  # the same statement again: replaced, not added
    assert res.status_code == 200 and res.json()["data"]["answered"] == 1
    progress = {p["code"]: p for p in res.json()["data"]["progress"]}
    assert progress[q0["group"]] == {"code": q0["group"], "answered": 1, "total": 8}
    with schema_context(org_a.schema_name):
        rows = SubmissionAnswer.objects.filter(submission__enrollment_id=usid)
        assert list(rows.values_list("value", flat=True)) == [5]
    assert questions(client, usid)["questions"][0]["answer"] == 5  # resume after reload
    for bad in (0, 6, None):
        res = answer(client, usid, q0["id"], bad)
        assert res.status_code == 400 and res.json()["code"] == "invalid_answer", bad
    for bad in ("3", True, 2.5, [3]):  # not a whole number: the typed body refuses it
        res = answer(client, usid, q0["id"], bad)
        assert res.status_code == 422 and "answer" in res.json()["errors"], bad
    assert answer(client, usid, 999_999, 3).json()["code"] == "invalid_answer"

    # finish is refused while statements are unanswered, and lists them in the learner's order
    res = post(client, f"/api/v1/surveys/submissions/{usid}/finish")
    assert res.status_code == 409 and res.json()["code"] == "survey_unanswered"
    missing = res.json()["unanswered"]
    assert len(missing) == 47 and missing[0]["number"] == 2 and missing[0]["id"] == ids[1]

    values = {"R": 1, "I": 2, "A": 3, "S": 5, "E": 4, "C": 3}
    for q in first["questions"]:
        answer(client, usid, q["id"], values[q["group"]])
    res = post(client, f"/api/v1/surveys/submissions/{usid}/finish")
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["status"] == "completed" and res.json()["data"]["holland_code"] == "SEA"

    scores = client.get(f"/api/v1/survey-users/{usid}/category-score").json()["data"]
    by_code = {g["code"]: g for g in scores["groups"]}
    assert [(c, by_code[c]["raw"], by_code[c]["normalized"]) for c in "RIASEC"] == [
        ("R", 8, 0.0),
        ("I", 16, 25.0),
        ("A", 24, 50.0),
        ("S", 40, 100.0),
        ("E", 32, 75.0),
        ("C", 24, 50.0),
    ]
    # A and C tie at 50: equal "strongly agree" counts (none), so the RIASEC order puts A first
    assert scores["ranking"] == ["S", "E", "A", "C", "I", "R"] and scores["tie_broken"] is True
    suitable = client.get(f"/api/v1/survey-users/{usid}/category-suitable").json()["data"]
    assert [g["code"] for g in suitable["groups"]] == ["S", "E", "A"]
    social = suitable["groups"][0]
    assert social["name"] == "Xã hội (Social)" and "Giáo viên" in social["careers"] and social["fields"]
    assert social["combinations"] == [] and social["tips"] == ""  # with the full report only
    english = client.get(f"/api/v1/survey-users/{usid}/category-suitable", headers={"Accept-Language": "en"})
    assert english.json()["data"]["groups"][0]["careers"][0] == "Teacher"

    for url in ("start", "finish"):
        res = post(client, f"/api/v1/surveys/submissions/{usid}/{url}")
        assert res.status_code == 409 and res.json()["code"] == "survey_already_completed"
    assert answer(client, usid, q0["id"], 3).json()["code"] == "survey_already_completed"
    done = questions(client, usid)
    assert done["status"] == "completed" and done["editable"] is False


def test_results_need_a_completed_survey(listing_id):
    _profile, client, usid = take(listing_id)
    res = client.get(f"/api/v1/survey-users/{usid}/category-score")
    assert res.status_code == 409 and res.json()["code"] == "survey_not_completed"


def test_time_limit_expires_an_unfinished_survey(listing_id, org_a):
    _profile, client, usid = take(listing_id)
    answer_all(client, usid, skip=3)
    with schema_context(org_a.schema_name):
        Submission.objects.filter(enrollment_id=usid).update(
            deadline_at=timezone.now() - timedelta(seconds=1)
        )
    assert client.get(f"/api/v1/survey-users/{usid}").json()["data"]["status"] == "expired"
    items = client.get("/api/v1/survey-users/my-list?status=expired").json()["data"]["items"]
    assert [i["id"] for i in items] == [usid]
    res = post(client, f"/api/v1/surveys/submissions/{usid}/finish")
    assert res.status_code == 409 and res.json()["code"] == "survey_expired"
    with schema_context(org_a.schema_name):
        assert Submission.objects.get(enrollment_id=usid).status == "expired"  # stored once touched


def test_time_limit_sets_the_deadline(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(time_limit_minutes=20)
    _p, client, usid = take(listed(as_educator_a, survey_id))
    data = post(client, f"/api/v1/surveys/submissions/{usid}/start").json()["data"]
    started = timezone.datetime.fromisoformat(data["started_at"])
    assert timezone.datetime.fromisoformat(data["deadline_at"]) - started == timedelta(minutes=20)


def test_pending_until_the_survey_opens_and_ended_after(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(starts_at=timezone.now() + timedelta(days=1))
    _p, client, usid = take(listed(as_educator_a, survey_id))
    assert client.get(f"/api/v1/survey-users/{usid}").json()["data"]["status"] == "pending"
    res = post(client, f"/api/v1/surveys/submissions/{usid}/start")
    assert res.status_code == 409 and res.json()["code"] == "survey_not_open"
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(
            starts_at=timezone.now() - timedelta(days=2), ends_at=timezone.now() - timedelta(days=1)
        )
    assert client.get(f"/api/v1/survey-users/{usid}").json()["data"]["status"] == "ended"
    res = post(client, f"/api/v1/surveys/submissions/{usid}/start")
    assert res.status_code == 409 and res.json()["code"] == "survey_ended"


def test_educators_end_and_cancel(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    listing_id = listed(as_educator_a, survey_id)
    _p, done_client, done = take(listing_id)
    answer_all(done_client, done)
    assert post(done_client, f"/api/v1/surveys/submissions/{done}/finish").status_code == 200
    _p, client, usid = take(listing_id)
    answer_all(client, usid, skip=10)
    _p, idle_client, idle = take(listing_id)

    # an educator cancels one learner's unfinished survey
    res = post(as_educator_a, f"/api/v1/surveys/submissions/{idle}/cancel")
    assert res.status_code == 200
    assert idle_client.get(f"/api/v1/survey-users/{idle}").json()["data"]["status"] == "cancelled"
    assert (
        post(as_educator_a, f"/api/v1/surveys/submissions/{done}/cancel").json()["code"]
        == "invalid_transition"
    )

    # ending the survey ends the unfinished ones and withdraws the listing; completed ones stay
    res = post(as_educator_a, f"/api/v1/surveys/{survey_id}/end")
    assert res.status_code == 200 and res.json()["data"]["status"] == "ended"
    assert client.get(f"/api/v1/survey-users/{usid}").json()["data"]["status"] == "ended"
    assert done_client.get(f"/api/v1/survey-users/{done}").json()["data"]["status"] == "completed"
    assert answer(client, usid, 1, 3).json()["code"] == "survey_ended"
    assert res.json()["data"]["listing"] is None
    assert post(as_educator_a, f"/api/v1/surveys/{survey_id}/end").json()["code"] == "invalid_transition"
    assert post(as_educator_a, f"/api/v1/surveys/{survey_id}/cancel").json()["code"] == "invalid_transition"

    # cancelling another published survey cancels its unfinished submissions
    other = published_survey(as_educator_a)
    _p, other_client, other_usid = take(listed(as_educator_a, other))
    assert post(as_educator_a, f"/api/v1/surveys/{other}/cancel").json()["data"]["status"] == "cancelled"
    assert other_client.get(f"/api/v1/survey-users/{other_usid}").json()["data"]["status"] == "cancelled"
    res = post(other_client, f"/api/v1/surveys/submissions/{other_usid}/start")
    assert res.json()["code"] == "survey_cancelled"


def test_a_survey_with_no_questions_cannot_start(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    listing_id = listed(as_educator_a, survey_id)
    _p, client, usid = take(listing_id)
    with schema_context(org_a.schema_name):
        Survey.objects.get(pk=survey_id).statements.all().delete()
    res = post(client, f"/api/v1/surveys/submissions/{usid}/start")
    assert res.status_code == 409 and res.json()["code"] == "survey_no_questions"


def test_an_educator_enables_a_learners_survey_account(listing_id, org_a, as_educator_a):
    """Spec section 6: educators can enable a survey account (the people API); the learner can
    then take a survey without opening the account themselves."""
    pupil = ProfileFactory(organization=org_a)
    client = client_for(pupil)
    assert post(client, "/api/v1/survey-users", {"listing_id": listing_id}).status_code == 403
    res = as_educator_a.put(
        f"/api/v1/organization/members/{pupil.pk}",
        {"has_pandai_survey_account": True},
        content_type="application/json",
    )
    assert res.status_code == 200, res.json()
    me = client.get("/api/v1/auth/is-authorized").json()["data"]["user"]
    assert me["has_pandai_survey_account"] is True
    assert post(client, "/api/v1/survey-users", {"listing_id": listing_id}).status_code == 201
