"""Consent recorded and versioned (issue 24, item 1, "Tests"): the consent record's fields
(exact versions, time, address), the parent's token stored hashed, its expiry and the resend
limit, the parent's mail (recipient, subject, link, the learner's language, as the file backend
writes it), a new version asking again, the learner's withdrawal, invitations, and paper consent
(admins only, their own organization's roster)."""

from __future__ import annotations

import hashlib
import re
from datetime import date, timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import Profile, User
from accounts.services.invitations import invitation_create
from accounts.tests.factories import ProfileFactory
from accounts.tests.test_api import SIGNUP
from config import dates
from conftest import client_for
from consent.models import Consent, ConsentEvent, NoticeVersion, ParentRequest
from consent.services import NOTICE_VERSION, NOTICE_VERSION_DAY
from consent.tests.factories import consent_given, notices_earlier, notices_in_force

pytestmark = pytest.mark.django_db
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ACCEPT = {"accept_terms": True, "terms_version": NOTICE_VERSION, "privacy_version": NOTICE_VERSION}
# what the parent confirms with the consent (issue 37, item 5): the relationship and the child's
# date of birth (the ``child`` fixture's)
PARENT_OF_CHILD = {"relationship": "parent", "child_birth_date": "01/06/2011"}
CHILD = {
    **SIGNUP,
    "email": "be.an@example.vn",
    "date_of_birth": "01/06/2011",
    "cccd": "079211001234",
    **ACCEPT,
}


def post(client: Client, url: str, body: dict | None = None, **extra):
    return client.post(url, body or {}, content_type=J, **extra)


def token_in(body: str) -> str:
    match = re.search(r"/parental-consent/([\w-]+)\?lang=(vi|en)", body)
    assert match, body
    return match.group(1)


# --- sign-up --------------------------------------------------------------------------------------


def test_signup_records_the_exact_versions_time_and_address_and_mails_the_parent(
    django_capture_on_commit_callbacks,
):
    before = timezone.now()
    client = Client(REMOTE_ADDR="198.51.100.23")
    with django_capture_on_commit_callbacks(execute=True):
        res = post(client, "/public/api/users/register", {**CHILD, "parent_email": "Bo.An@Example.vn"}, **EN)
    assert res.status_code == 201, res.json()
    user = User.objects.get(email="be.an@example.vn")
    consent = Consent.objects.get(user=user)
    terms, privacy = notices_in_force()
    assert (consent.subject, consent.source) == ("learner", "signup")
    assert (consent.terms_version, consent.privacy_version) == (terms, privacy)
    assert consent.terms_version.version == NOTICE_VERSION == consent.privacy_version.version
    assert before <= consent.given_at <= timezone.now() and consent.given_at.utcoffset() == timedelta(0)
    assert consent.ip == "198.51.100.23" and consent.language == "en" and consent.withdrawn_at is None

    request = ParentRequest.objects.get(user=user)
    assert (
        request.parent_email == "bo.an@example.vn"
        and request.status == "pending"
        and request.language == "en"
    )
    parent_mail = next(m for m in mail.outbox if m.to == ["bo.an@example.vn"])
    assert parent_mail.subject == "Nguyễn Văn An asks for your consent as their parent or guardian"
    token = token_in(parent_mail.body)
    assert "/parental-consent/" in parent_mail.body and "?lang=en" in parent_mail.body
    assert request.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert not ParentRequest.objects.filter(token_hash=token).exists()  # only the digest is stored
    expires = request.sent_at + timedelta(days=7)
    assert request.expires_at == expires
    assert "You can consent through this link until" in parent_mail.body


def test_signup_without_consent_or_under_16_without_a_parent_is_refused():
    body = {**CHILD, "accept_terms": False}
    res = post(Client(), "/public/api/users/register", body, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {
        "accept_terms": ["Accept the terms and the privacy policy to continue."],
        "parent_email": ["Required"],
    }
    res = post(Client(), "/public/api/users/register", {**CHILD, "parent_email": CHILD["email"]}, **EN)
    assert res.json()["errors"] == {
        "parent_email": ["Enter your parent's or guardian's e-mail, not your own."]
    }
    res = post(
        Client(),
        "/public/api/users/register",
        {**CHILD, "parent_email": "p@example.vn", "terms_version": "0.9"},
        **EN,
    )
    assert res.status_code == 409 and res.json()["code"] == "notice_changed"
    assert res.json()["notices"]["terms"]["version"] == NOTICE_VERSION
    assert not User.objects.filter(email=CHILD["email"]).exists()
    # 16 and over: no parent needed.
    res = post(Client(), "/public/api/users/register", {**SIGNUP, **ACCEPT, "email": "lon@example.vn"})
    assert res.status_code == 201 and not ParentRequest.objects.exists()


def test_the_notices_and_the_age_band_for_the_signup_step():
    res = Client().get("/public/api/consent/notices?date_of_birth=01/06/2011", **EN).json()["data"]
    notice = {
        "version": "2.0",
        "effective_on": max(NOTICE_VERSION_DAY, dates.today()).isoformat(),
        "summary": (
            "Now under the Law on Personal Data Protection No. 91/2025/QH15 and Decree "
            "356/2025/ND-CP (which replaced Decree 13/2023/ND-CP); the career survey needs consent too."
        ),
    }
    assert res == {"terms": notice, "privacy": notice, "age_band": "child", "needs_parent": True}
    vi = Client().get("/public/api/consent/notices").json()["data"]["privacy"]["summary"]
    assert vi.startswith("Căn cứ Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15 và Nghị định 356/2025/NĐ-CP")
    assert Client().get("/public/api/consent/notices").json()["data"]["age_band"] == "unknown"
    res = Client().get("/public/api/consent/notices?date_of_birth=03/03/2021").json()["data"]
    assert res["age_band"] == "under_7" and res["needs_parent"] is True


def test_the_parent_mail_as_the_file_backend_writes_it(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    with django_capture_on_commit_callbacks(execute=True):
        post(Client(), "/public/api/users/register", {**CHILD, "parent_email": "me@example.vn"})
    raws = [p.read_bytes() for p in sorted(Path(tmp_path).iterdir())]
    messages = [
        message_from_bytes(part, policy=policy.default)
        for raw in raws
        for part in raw.split(b"\n" + b"-" * 79 + b"\n")
        if part.strip()
    ]
    parent = next(m for m in messages if m["To"] == "me@example.vn")
    assert (
        parent["Subject"].strip()
        == "Nguyễn Văn An yêu cầu sự đồng ý của bạn với tư cách cha mẹ hoặc người giám hộ"
    )
    text = parent.get_body(("plain",)).get_content()
    assert "?lang=vi" in text and "Theo Luật Bảo vệ dữ liệu cá nhân (số 91/2025/QH15, Điều 24)" in text
    assert (
        "Bạn được đề nghị đồng ý với điều khoản sử dụng (phiên bản 2.0) và chính sách bảo mật "
        "(phiên bản 2.0) hiện hành."
    ) in " ".join(text.split())
    assert "Nghị định 13" not in text


# --- the parent's link ------------------------------------------------------------------------------


@pytest.fixture
def child(db):
    """A 15-year-old learner who consented; no parent asked yet."""
    return ProfileFactory(date_of_birth=date(2011, 6, 1))


def ask(client, django_capture_on_commit_callbacks, email="me@example.vn", **extra):
    with django_capture_on_commit_callbacks(execute=True):
        return client.put("/api/v1/consent/parent", {"parent_email": email}, content_type=J, **extra)


def test_parent_link_expires_and_a_resend_gives_a_new_link(child, django_capture_on_commit_callbacks):
    client = client_for(child)
    assert ask(client, django_capture_on_commit_callbacks).status_code == 200
    old = token_in(mail.outbox[-1].body)
    ParentRequest.objects.update(sent_at=timezone.now() - timedelta(days=7, seconds=1))
    ConsentEvent.objects.update(at=timezone.now() - timedelta(minutes=5))
    assert (
        post(Client(), "/public/api/consent/parent/check", {"token": old}).json()["data"]["status"]
        == "expired"
    )
    res = post(Client(), "/public/api/consent/parent/consent", {"token": old, **ACCEPT}, **EN)
    assert res.status_code == 410 and res.json()["code"] == "consent_link_expired"
    assert client.get("/api/v1/consent/me").json()["data"]["request"]["status"] == "expired"

    with django_capture_on_commit_callbacks(execute=True):
        res = client.post("/api/v1/consent/parent/resend", **EN)
    assert res.status_code == 200 and res.json()["data"]["request"]["status"] == "pending"
    new = token_in(mail.outbox[-1].body)
    assert new != old
    res = post(Client(), "/public/api/consent/parent/check", {"token": old}, **EN)
    assert res.status_code == 400 and res.json()["code"] == "invalid_consent_link"
    view = post(Client(), "/public/api/consent/parent/check", {"token": new}).json()["data"]
    assert view["learner_email"] == child.user.email and view["status"] == "pending"
    assert view["notices"]["terms"]["version"] == NOTICE_VERSION and view["language"] == "en"


def test_parent_mails_are_limited(child, settings, django_capture_on_commit_callbacks):
    client = client_for(child)
    assert ask(client, django_capture_on_commit_callbacks).status_code == 200
    res = client.post("/api/v1/consent/parent/resend", **EN)
    assert res.status_code == 429 and res.json()["code"] == "parent_mail_too_soon"
    settings.PARENT_CONSENT_MAIL_INTERVAL = 0
    for _ in range(4):
        assert client.post("/api/v1/consent/parent/resend").status_code == 200
    assert client.get("/api/v1/consent/me").json()["data"]["request"]["mails_left"] == 0
    res = client.post("/api/v1/consent/parent/resend", **EN)
    assert res.status_code == 429 and res.json() == {
        "success": False,
        "code": "parent_mail_limit",
        "message": "5 e-mails were sent to parents in the last 24 hours, the most allowed. Try again tomorrow.",
        "errors": {},
    }
    res = ask(client, django_capture_on_commit_callbacks, email="bo@example.vn")  # a new address counts too
    assert res.status_code == 429
    ConsentEvent.objects.update(at=timezone.now() - timedelta(hours=25))
    assert ask(client, django_capture_on_commit_callbacks, email="bo@example.vn").status_code == 200
    assert ParentRequest.objects.filter(user=child.user, status="replaced").count() == 1


def test_a_parent_consent_records_its_fields_and_withdrawal_schedules_deletion(
    child, django_capture_on_commit_callbacks
):
    from data_requests.models import DataRequest

    client = client_for(child)
    ask(client, django_capture_on_commit_callbacks)
    token = token_in(mail.outbox[-1].body)
    res = post(
        Client(REMOTE_ADDR="2001:db8::7"),
        "/public/api/consent/parent/consent",
        {"token": token, **ACCEPT, **PARENT_OF_CHILD},
    )
    assert res.status_code == 200, res.json()
    consent = Consent.objects.get(user=child.user, subject="parent")
    assert (consent.source, consent.parent_email, consent.ip) == (
        "parent_link",
        "me@example.vn",
        "2001:db8::7",
    )
    assert consent.terms_version.version == NOTICE_VERSION and consent.request.status == "consented"
    res = post(Client(REMOTE_ADDR="2001:db8::8"), "/public/api/consent/parent/withdraw", {"token": token})
    consent.refresh_from_db()
    assert (
        consent.withdrawn_at is not None
        and consent.withdrawn_by == "parent"
        and consent.withdrawn_ip == "2001:db8::8"
    )
    deletion = DataRequest.objects.get(user=child.user, kind="deletion")
    assert (deletion.status, deletion.requested_by) == ("scheduled", "consent_withdrawn")
    view = res.json()["data"]
    assert view["status"] == "withdrawn" and view["withdrawn_at"]
    # The link still opens; consenting again needs a new request from the learner.
    res = post(Client(), "/public/api/consent/parent/consent", {"token": token, **ACCEPT}, **EN)
    assert res.status_code == 400 and res.json()["code"] == "invalid_consent_link"


def test_a_new_version_asks_the_learner_again(child):
    adult = ProfileFactory()
    client = client_for(adult)
    assert client.get("/api/v1/consent/me").json()["data"]["prompt"] == []
    NoticeVersion.objects.create(
        kind="privacy", version="2.1", effective_on=dates.today(), summary_en="Videos kept 90 days."
    )
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert state["prompt"] == ["terms"] and state["consented"] is False
    assert state["notices"]["privacy"] == {
        "version": "2.1",
        "effective_on": dates.today().isoformat(),
        "summary": "Videos kept 90 days.",
    }
    assert state["blocked"] == {
        "code": "consent_required",
        "message": "The terms or the privacy policy changed. Read the new version and accept it to continue.",
    }
    res = post(client, "/api/v1/consent/prompt", {**ACCEPT}, **EN)
    assert res.status_code == 409 and res.json()["code"] == "notice_changed"
    res = post(client, "/api/v1/consent/prompt", {**ACCEPT, "privacy_version": "2.1"})
    assert res.status_code == 200 and res.json()["data"]["prompt"] == []
    latest = Consent.objects.filter(user=adult.user).first()
    assert (latest.source, latest.privacy_version.version) == ("prompt", "2.1")


def test_the_prompt_asks_the_date_of_birth_then_the_parent(django_capture_on_commit_callbacks):
    invited = ProfileFactory(date_of_birth=None)
    client = client_for(invited)
    assert client.get("/api/v1/consent/me").json()["data"]["prompt"] == ["date_of_birth"]
    res = post(client, "/api/v1/consent/prompt", {"date_of_birth": "02/02/2012"}, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {"parent_email": ["Required"]}
    with django_capture_on_commit_callbacks(execute=True):
        res = post(
            client, "/api/v1/consent/prompt", {"date_of_birth": "02/02/2012", "parent_email": "ba@example.vn"}
        )
    assert res.status_code == 200, res.json()
    state = res.json()["data"]
    assert (
        state["prompt"] == []
        and state["age_band"] == "child"
        and state["request"]["parent_email"] == "ba@example.vn"
    )
    invited.refresh_from_db()
    assert invited.date_of_birth == date(2012, 2, 2)
    assert mail.outbox[-1].to == ["ba@example.vn"]
    assert post(client, "/api/v1/consent/prompt", {}).json()["code"] == "nothing_to_consent"


def test_the_learner_withdraws_from_the_profile_and_consenting_again_cancels_the_deletion():
    from data_requests.models import DataRequest

    adult = ProfileFactory()
    client = client_for(adult)
    res = client.post("/api/v1/consent/withdraw", REMOTE_ADDR="192.0.2.4")
    assert res.status_code == 200 and res.json()["data"] == {"withdrawn": 1}
    consent = Consent.objects.get(user=adult.user)
    assert consent.withdrawn_by == "learner" and consent.withdrawn_ip == "192.0.2.4"
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert state["own_withdrawn"] is True and state["prompt"] == ["terms"]
    assert state["blocked"] == {
        "code": "consent_required",
        "message": "You withdrew your consent to the terms and the privacy policy. Accept them again to continue.",
    }
    assert DataRequest.objects.get(user=adult.user).status == "scheduled"
    assert client.post("/api/v1/consent/withdraw").json()["code"] == "not_consented"
    assert post(client, "/api/v1/consent/prompt", ACCEPT).status_code == 200
    assert DataRequest.objects.get(user=adult.user).status == "cancelled"


def test_accepting_a_learner_invitation_records_consent(org_a, educator_a):
    _, token = invitation_create(
        organization=org_a, email="moi@example.vn", role="LEARNER", invited_by=educator_a
    )
    body = {
        "token": token,
        "name": "Học Sinh Mới",
        "password": "Hoc-tap-2026!",
        "confirm_password": "Hoc-tap-2026!",
    }
    res = post(Client(), "/public/api/users/learner/register-invited", body, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {
        "accept_terms": ["Accept the terms and the privacy policy to continue."]
    }
    res = post(
        Client(REMOTE_ADDR="192.0.2.77"), "/public/api/users/learner/register-invited", {**body, **ACCEPT}
    )
    assert res.status_code == 200, res.json()
    consent = Consent.objects.get(user__email="moi@example.vn")
    assert (consent.source, consent.ip) == ("invitation", "192.0.2.77")
    # No date of birth came with the invitation: the prompt asks it before anything is bought.
    profile = Profile.objects.get(user__email="moi@example.vn")
    assert client_for(profile).get("/api/v1/consent/me").json()["data"]["prompt"] == ["date_of_birth"]


# --- paper consent ----------------------------------------------------------------------------------


def test_paper_consent_by_an_admin_of_the_learners_own_organization(org_a, educator_a, educator_b):
    pupil = ProfileFactory(organization=org_a, date_of_birth=date(2012, 9, 9))
    url = f"/api/v1/organization/members/{pupil.pk}/consent"
    teacher = ProfileFactory(educator=True, organization=org_a)
    seen = client_for(teacher).get(url, **EN).json()["data"]
    assert seen["blocked"]["code"] == "parental_consent_required" and seen["can_record_paper"] is False
    res = post(client_for(teacher), f"{url}/paper", {"note": "Phiếu lưu tại văn phòng"}, **EN)
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    assert client_for(educator_b).get(url).status_code == 404
    assert post(client_for(educator_b), f"{url}/paper", {}).status_code == 404
    assert client_for(pupil).get(url).status_code == 403  # a learner
    public = ProfileFactory()  # not on the roster
    assert (
        post(
            client_for(educator_a), f"/api/v1/organization/members/{public.pk}/consent/paper", {}
        ).status_code
        == 404
    )

    before = timezone.now()
    res = post(
        client_for(educator_a), f"{url}/paper", {"note": "Phiếu lưu tại văn phòng"}, REMOTE_ADDR="192.0.2.9"
    )
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["blocked"] is None and data["parent"]["source"] == "paper"
    assert data["parent"]["recorded_by"] == educator_a.user.name and data["can_withdraw_paper"] is True
    consent = Consent.objects.get(user=pupil.user, subject="parent")
    assert consent.recorded_by == educator_a and consent.organization == org_a and consent.ip == "192.0.2.9"
    assert before <= consent.given_at <= timezone.now() and consent.note == "Phiếu lưu tại văn phòng"
    assert post(client_for(educator_a), f"{url}/paper", {}).json()["code"] == "parent_request_not_needed"

    res = client_for(educator_a).delete(f"{url}/paper")
    assert res.status_code == 200 and res.json()["data"]["blocked"]["code"] == "parental_consent_required"
    consent.refresh_from_db()
    assert consent.withdrawn_by == "admin"


def test_an_educator_profile_is_not_asked(educator_a):
    state = client_for(educator_a).get("/api/v1/consent/me").json()["data"]
    assert state["applies"] is False and state["prompt"] == [] and state["blocked"] is None


def test_migrate_creates_the_laws_version_of_the_notices_once():
    """A fresh database gets version 2.0 only; one that had 1.0 gets 2.0 beside it, in force from
    its day (or the day it arrives), so that everyone who consented to 1.0 is asked again."""
    from consent.services import notices_ensure

    Consent.objects.all().delete()
    NoticeVersion.objects.all().delete()
    notices_ensure()
    notices_ensure()
    day = max(NOTICE_VERSION_DAY, dates.today())
    assert sorted(NoticeVersion.objects.values_list("kind", "version", "effective_on")) == [
        ("privacy", "2.0", day),
        ("terms", "2.0", day),
    ]
    NoticeVersion.objects.all().delete()
    earlier = notices_earlier()
    notices_ensure()
    assert sorted(NoticeVersion.objects.values_list("kind", "version")) == [
        ("privacy", "1.0"),
        ("privacy", "2.0"),
        ("terms", "1.0"),
        ("terms", "2.0"),
    ]
    assert notices_in_force()[0].version == "2.0" and earlier[0].effective_on == date(2026, 11, 1)
    assert consent_given(ProfileFactory(consented=False).user).terms_version == notices_in_force()[0]
