"""A new version of the notices asks again (issue 37, item 2; decision 0048). Consent is to a
version: once the notices are at a version newer than the one a learner or a parent agreed to,
the gate refuses new processing as for a missing consent (the learner's own: ``consent_required``;
the parent's: ``parental_consent_required`` with its own message) until they consent to the new
one; what was recorded under the earlier version stays. The learner is asked again at the next
visit (the prompt) and, under 16, gives the parent's address, to which the request is mailed; an
organization admin sees who has not re-consented and may record a paper consent to the new
version. Over HTTP, with the parent's link read from the mail."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.core import mail
from django.test import Client

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from consent.models import Consent, ParentRequest
from consent.tests.factories import consent_given
from consent.tests.test_gate import RENEWAL_EN, RENEWAL_VI
from sitting.tests.test_taking import open_test, start

pytestmark = pytest.mark.django_db
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FIFTEEN = date(2011, 6, 1)
ACCEPT = {"accept_terms": True, "terms_version": "2.0", "privacy_version": "2.0"}
CHANGED_EN = "The terms or the privacy policy changed. Read the new version and accept it to continue."


def consented_to_the_earlier_version(profile, *, parent: str | None = None, parent_email: str = "") -> None:
    """``profile``'s person consented to version 1.0 only (and their parent, ``paper`` or
    ``parent_link``), as every learner did before the Law's version of the notices."""
    Consent.objects.filter(user=profile.user).delete()
    consent_given(profile.user, earlier=True)
    if parent:
        extra = (
            {"organization": profile.organization} if parent == "paper" else {"parent_email": parent_email}
        )
        consent_given(profile.user, subject="parent", source=parent, earlier=True, **extra)


def refused(res, code: str, message: str) -> None:
    assert res.status_code == 403, res.json()
    assert (res.json()["code"], res.json()["message"]) == (code, message)


def test_a_learner_who_consented_to_an_earlier_version_is_asked_again_and_may_start_once_consented(
    as_educator_a, bank, round_id, org_a
):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    learner.date_of_birth = date(2005, 1, 1)
    learner.save()
    consented_to_the_earlier_version(learner)
    client = client_for(learner)

    refused(
        client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J, **EN),
        "consent_required",
        CHANGED_EN,
    )
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert (state["prompt"], state["consented"], state["own_withdrawn"]) == (["terms"], False, False)
    assert state["own"]["terms_version"] == "1.0" and state["notices"]["terms"]["version"] == "2.0"

    res = client.post("/api/v1/consent/prompt", ACCEPT, content_type=J)
    assert res.status_code == 200 and res.json()["data"]["blocked"] is None
    assert start(client, eid, no_camera=True).status_code == 200
    kept = Consent.objects.filter(user=learner.user).order_by("given_at")
    assert [(c.terms_version.version, c.source, c.withdrawn_at) for c in kept] == [
        ("1.0", "signup", None),  # what was done under 1.0 stays recorded
        ("2.0", "prompt", None),
    ]


def test_a_15_year_olds_parent_is_asked_again_by_mail_and_the_gate_opens_once_they_consent(
    as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
):
    ((pupil, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    pupil.date_of_birth = FIFTEEN
    pupil.save()
    consented_to_the_earlier_version(pupil, parent="paper")  # the school's paper form, version 1.0
    client = client_for(pupil)

    # Asked again at the next visit: the new version, and the parent's address (paper had none).
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert state["prompt"] == ["terms", "parent_email"]
    assert (state["parent"]["source"], state["parent"]["terms_version"], state["parent_outdated"]) == (
        "paper",
        "1.0",
        True,
    )
    refused(
        client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J, **EN),
        "consent_required",
        CHANGED_EN,
    )

    res = client.post("/api/v1/consent/prompt", ACCEPT, content_type=J, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {"parent_email": ["Required"]}
    with django_capture_on_commit_callbacks(execute=True):
        res = client.post(
            "/api/v1/consent/prompt", {**ACCEPT, "parent_email": "me.lan@example.vn"}, content_type=J, **EN
        )
    assert res.status_code == 200, res.json()
    state = res.json()["data"]
    assert state["prompt"] == [] and state["request"]["status"] == "pending"
    assert state["blocked"] == {"code": "parental_consent_required", "message": RENEWAL_EN}

    # Until the parent consents again: refused, with the renewal's own message, in both languages.
    refused(
        client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J, **EN),
        "parental_consent_required",
        RENEWAL_EN,
    )
    refused(
        client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J),
        "parental_consent_required",
        RENEWAL_VI,
    )

    parent_mail = mail.outbox[-1]
    assert parent_mail.to == ["me.lan@example.vn"]
    body = " ".join(parent_mail.body.split())
    assert "Under Vietnam's Law on Personal Data Protection (No. 91/2025/QH15, Article 24)" in body
    assert (
        "You are asked to consent to the terms and conditions (version 2.0) and the privacy policy "
        "(version 2.0) in force."
    ) in body
    token = re.search(r"/parental-consent/([\w-]+)\?lang=en", parent_mail.body).group(1)
    link = Client()
    view = link.post("/public/api/consent/parent/check", {"token": token}, content_type=J).json()["data"]
    assert (view["status"], view["notices"]["privacy"]["version"]) == ("pending", "2.0")
    assert (view["earlier_consent"]["source"], view["earlier_consent"]["terms_version"]) == ("paper", "1.0")
    # the parent confirms the relationship and the child's date of birth (issue 37, item 5)
    answer = {"relationship": "parent", "child_birth_date": FIFTEEN.strftime("%d/%m/%Y")}
    res = link.post(
        "/public/api/consent/parent/consent", {"token": token, **ACCEPT, **answer}, content_type=J
    )
    assert res.status_code == 200, res.json()

    assert client.get("/api/v1/consent/me").json()["data"]["blocked"] is None
    assert start(client, eid, no_camera=True).status_code == 200
    view = link.post("/public/api/consent/parent/check", {"token": token}, content_type=J).json()["data"]
    assert (view["status"], view["consent"]["terms_version"], view["earlier_consent"]) == (
        "consented",
        "2.0",
        None,
    )
    parents = Consent.objects.filter(user=pupil.user, subject="parent").order_by("given_at")
    assert [(c.source, c.terms_version.version, c.withdrawn_at) for c in parents] == [
        ("paper", "1.0", None),  # the paper form stays the basis of what was done under 1.0
        ("parent_link", "2.0", None),
    ]


def test_a_parent_who_consented_by_link_is_offered_again_at_the_same_address(
    django_capture_on_commit_callbacks,
):
    child = ProfileFactory(date_of_birth=FIFTEEN)
    consented_to_the_earlier_version(child, parent="parent_link", parent_email="bo.minh@example.vn")
    ParentRequest.objects.create(
        user=child.user, parent_email="bo.minh@example.vn", token_hash="0" * 64, status="consented"
    )
    client = client_for(child)
    state = client.get("/api/v1/consent/me").json()["data"]
    assert state["prompt"] == ["terms", "parent_email"]
    assert state["parent"]["parent_email"] == "bo.minh@example.vn"  # the prompt offers it again
    with django_capture_on_commit_callbacks(execute=True):
        res = client.post(
            "/api/v1/consent/prompt", {**ACCEPT, "parent_email": "bo.minh@example.vn"}, content_type=J
        )
    assert res.status_code == 200, res.json()
    assert mail.outbox[-1].to == ["bo.minh@example.vn"]
    assert list(ParentRequest.objects.filter(user=child.user).values_list("status", flat=True)) == [
        "pending",
        "replaced",  # the earlier link stops; the new one consents to 2.0
    ]
    # Asked once: the banner resends from now on.
    assert client.get("/api/v1/consent/me").json()["data"]["prompt"] == []


def test_an_admin_sees_who_has_not_re_consented_and_records_a_paper_consent_to_the_new_version(
    org_a, org_b, educator_a, educator_b
):
    renewal = ProfileFactory(organization=org_a, date_of_birth=FIFTEEN, user__name="Bùi Thu Hà")
    consented_to_the_earlier_version(renewal, parent="paper")
    clear = ProfileFactory(organization=org_a, date_of_birth=FIFTEEN, user__name="An Minh Khôi")
    consent_given(clear.user, subject="parent", source="paper")
    waiting = ProfileFactory(organization=org_a, date_of_birth=FIFTEEN, user__name="Cao Bảo Ngọc")
    ProfileFactory(organization=org_b, date_of_birth=FIFTEEN, user__name="Đỗ Gia Huy")  # another roster
    admin = client_for(educator_a)

    res = admin.get("/api/v1/organization/consents?standing=renewal", **EN)
    assert res.status_code == 200, res.json()
    page = res.json()["data"]
    assert (page["total"], page["counts"]) == (1, {"clear": 1, "renewal": 1, "blocked": 1})
    (row,) = page["items"]
    assert (row["profile_id"], row["name"], row["standing"], row["parent_outdated"]) == (
        renewal.pk,
        "Bùi Thu Hà",
        "renewal",
        True,
    )
    assert (
        row["own"]["terms_version"],
        row["parent"]["terms_version"],
        row["notices"]["terms"]["version"],
    ) == (
        "1.0",
        "1.0",
        "2.0",
    )
    assert row["can_record_paper"] is True and row["blocked"]["code"] == "consent_required"
    everyone = admin.get("/api/v1/organization/consents").json()["data"]["items"]
    assert [(r["name"], r["standing"]) for r in everyone] == [
        ("An Minh Khôi", "clear"),
        ("Bùi Thu Hà", "renewal"),
        ("Cao Bảo Ngọc", "blocked"),
    ]
    assert waiting.pk == everyone[2]["profile_id"]
    assert [
        r["name"] for r in admin.get("/api/v1/organization/consents?search=thu").json()["data"]["items"]
    ] == ["Bùi Thu Hà"]
    assert [
        r["name"] for r in client_for(educator_b).get("/api/v1/organization/consents").json()["data"]["items"]
    ] == ["Đỗ Gia Huy"]
    assert client_for(renewal).get("/api/v1/organization/consents").status_code == 403  # a learner

    res = admin.post(
        f"/api/v1/organization/members/{renewal.pk}/consent/paper", {"note": "Phiếu 2.0"}, content_type=J
    )
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert (data["parent"]["terms_version"], data["parent_outdated"], data["can_record_paper"]) == (
        "2.0",
        False,
        False,
    )
    assert data["standing"] == "renewal"  # her own consent is still to 1.0: she is asked at login
    consent_given(renewal.user)
    assert admin.get("/api/v1/organization/consents?standing=renewal").json()["data"]["total"] == 0
    res = admin.post(f"/api/v1/organization/members/{renewal.pk}/consent/paper", {}, content_type=J)
    assert res.status_code == 409 and res.json()["code"] == "parent_request_not_needed"

    # Withdrawing on paper withdraws both forms of this organization, the earlier one's too.
    assert admin.delete(f"/api/v1/organization/members/{renewal.pk}/consent/paper").status_code == 200
    assert not Consent.objects.filter(user=renewal.user, subject="parent", withdrawn_at__isnull=True).exists()
    state = client_for(renewal).get("/api/v1/consent/me", **EN).json()["data"]
    assert state["parent_withdrawn"] is True and state["blocked"]["message"].startswith(
        "Your parent or guardian withdrew their consent."
    )
