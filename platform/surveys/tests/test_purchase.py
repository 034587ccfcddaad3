"""The full report (issue 8, item 4): checkout-analytic puts the survey-report add-on into a
checkout, paying through the marketplace API unlocks it, and the PDF downloads."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from conftest import client_for
from marketplace.models import Transaction, TransactionItem
from surveys.models import Submission
from surveys.tests.helpers import allow, answer_all, listed, post, published_survey, take

pytestmark = pytest.mark.django_db


def finished(listing_id, by_group=None, profile=None):
    profile, client, usid = take(listing_id, profile)
    answer_all(client, usid, by_group=by_group or {"I": 5, "R": 4, "C": 4})
    assert post(client, f"/api/v1/surveys/submissions/{usid}/finish").status_code == 200
    return profile, client, usid


def test_checkout_pay_unlocks_the_report_and_the_pdf(org_a, as_educator_a):
    allow(org_a)
    listing_id = listed(as_educator_a, published_survey(as_educator_a), price=49_000)
    profile, client, usid = finished(listing_id)
    res = client.get(f"/api/v1/survey-users/{usid}/report/pdf")
    assert res.status_code == 403 and res.json()["code"] == "report_locked"

    res = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic")
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["report_unlocked"] is False and data["report_price"] == 49_000
    tx = data["transaction"]
    assert tx["status"] == "PENDING" and tx["amount"] == 49_000
    item = TransactionItem.objects.get(transaction_id=tx["id"])
    assert (item.addon, item.listing_id, item.batch_id) == ("survey_report", listing_id, None)
    # asking again returns the same pending transaction
    again = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic").json()["data"]
    assert again["transaction"]["id"] == tx["id"]
    assert Transaction.objects.filter(profile=profile).count() == 1

    res = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    assert res.status_code == 200 and res.json()["data"]["status"] == "COMPLETED"
    with schema_context(org_a.schema_name):
        submission = Submission.objects.get(enrollment_id=usid)
        assert submission.report_unlocked and submission.report_transaction_id == tx["id"]
        item.refresh_from_db()
        assert item.assignment_id == submission.pk
    overview = client.get(f"/api/v1/survey-users/{usid}").json()["data"]
    assert overview["report_unlocked"] is True
    suitable = client.get(f"/api/v1/survey-users/{usid}/category-suitable").json()["data"]
    assert (
        suitable["report_unlocked"]
        and suitable["groups"][0]["combinations"]
        and suitable["groups"][0]["tips"]
    )

    for lang in ("vi", "en"):
        pdf = client.get(f"/api/v1/survey-users/{usid}/report/pdf", headers={"Accept-Language": lang})
        assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
        assert pdf.content.startswith(b"%PDF") and len(pdf.content) > 20_000
        assert "IRC" in pdf["Content-Disposition"]
    res = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic")
    assert res.status_code == 409 and res.json()["code"] == "report_already_unlocked"
    # the organization's educators may read the unlocked report too
    assert as_educator_a.get(f"/api/v1/survey-users/{usid}/report/pdf").status_code == 200


def test_free_and_unoffered_reports(org_a, as_educator_a):
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    listing_id = listed(as_educator_a, survey_id, price=0)
    _p, client, usid = finished(listing_id)
    data = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic").json()["data"]
    assert data == {"transaction": None, "report_unlocked": True, "report_price": 0}
    assert client.get(f"/api/v1/survey-users/{usid}/report/pdf").status_code == 200

    listed(as_educator_a, survey_id, price="")  # the report is no longer offered
    _p, client, usid = finished(listing_id)
    res = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic")
    assert res.status_code == 409 and res.json()["code"] == "report_not_offered"


def test_checkout_needs_the_grade_like_every_purchase(org_a, as_educator_a):
    allow(org_a)
    listing_id = listed(as_educator_a, published_survey(as_educator_a))
    _p, client, usid = finished(
        listing_id, profile=ProfileFactory(grade=None, has_pandai_survey_account=True)
    )
    res = post(client, f"/api/v1/survey-users/{usid}/checkout-analytic")
    assert res.status_code == 400 and res.json()["code"] == "grade_required"


def test_report_bought_from_the_marketplace_before_taking(org_a, as_educator_a):
    """The add-on bought straight from the listing (cart or checkout) creates the learner's
    survey with the report already unlocked."""
    allow(org_a)
    listing_id = listed(as_educator_a, published_survey(as_educator_a))
    profile = ProfileFactory()
    client = client_for(profile)
    res = post(
        client,
        "/api/v1/transaction/checkout",
        {"items": [{"listing_id": listing_id, "addon": "survey_report"}]},
    )
    assert res.status_code in (200, 201), res.json()
    tx_id = res.json()["data"]["id"]
    assert post(client, "/api/v1/transaction/pay", {"transaction_id": tx_id}).status_code == 200
    enrollment = Enrollment.objects.get(profile=profile, kind="survey")
    profile.refresh_from_db()
    assert profile.has_pandai_survey_account
    row = client.get(f"/api/v1/survey-users/{enrollment.pk}").json()["data"]
    assert row["status"] == "not_started" and row["report_unlocked"] is True
