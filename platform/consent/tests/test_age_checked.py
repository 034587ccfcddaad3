"""The age checked, not only declared (issue 37, item 5; decision 0049): the CCCD number's
birth-year digits against the date of birth (registration and /profile), a change of date of
birth across 16 held for confirmation (the organization's admin, or the parent by mail) while the
gate keeps the confirmed date, and the parent's date of birth on the consent link."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import Profile, User
from accounts.services.checks import cccd_birth_year
from accounts.tests.factories import ProfileFactory
from accounts.tests.test_api import SIGNUP
from config import dates
from conftest import client_for
from consent.models import BirthDateChange, Consent, ConsentEvent, ParentRequest
from consent.services import NOTICE_VERSION
from notifications.models import Notification

pytestmark = pytest.mark.django_db
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ACCEPT = {"accept_terms": True, "terms_version": NOTICE_VERSION, "privacy_version": NOTICE_VERSION}


def years_ago(years: int) -> date:
    today = dates.today()
    return date(today.year - years, 6, 1 if today.month != 6 else 2)


def post(client: Client, url: str, body: dict | None = None, **extra):
    return client.post(url, body or {}, content_type=J, **extra)


def put(client: Client, url: str, body: dict, **extra):
    return client.put(url, body, content_type=J, **extra)


def link_token(pattern: str) -> str:
    match = re.search(pattern, mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


# --- the CCCD digits -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "year"),
    [
        ("001208012345", 2008),  # 21st century, male: digit 4 is 2, digits 5-6 "08"
        ("001308012345", 2008),  # 21st century, female: 3
        ("079085012345", 1985),  # 20th century, male: 0, "85"
        ("079185012345", 1985),  # 20th century, female: 1
        ("079099000001", 1999),
        ("079200000001", 2000),
        ("001408012345", 2108),  # 22nd century: 4 or 5
        ("001908012345", 2308),  # 24th century: 8 or 9
        ("00120801234", None),  # not 12 digits
        ("00120801234a", None),
    ],
)
def test_the_birth_year_a_cccd_number_codes(number, year):
    assert cccd_birth_year(number) == year


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "The date of birth does not agree with the CCCD number: its 4th to 6th digits say you were "
            "born in 2008. Check both.",
        ),
        (
            "vi",
            "Ngày sinh không khớp với số CCCD: chữ số thứ 4 đến thứ 6 cho biết bạn sinh năm 2008. "
            "Hãy kiểm tra cả hai.",
        ),
    ],
)
def test_registration_refuses_a_cccd_whose_digits_disagree_with_the_date_of_birth(language, message):
    # born 14/03/2009 (SIGNUP) with a number that says 2008
    body = {**SIGNUP, **ACCEPT, "email": "lech@example.vn", "cccd": "079208001234"}
    res = post(Client(), "/public/api/users/register", body, HTTP_ACCEPT_LANGUAGE=language)
    assert res.status_code == 400
    assert res.json()["code"] == "cccd_birth_mismatch"
    assert res.json()["errors"] == {"cccd": [message]}
    assert not User.objects.filter(email="lech@example.vn").exists()


def test_registration_takes_numbers_of_both_centuries_that_agree():
    for email, born, number in (
        ("hai-nghin-le-tam@example.vn", "14/03/2008", "001308004321"),  # 2008: 3 and "08"
        ("mot-chin-tam-lam@example.vn", "20/10/1985", "079085004321"),  # 1985: 0 and "85"
    ):
        body = {**SIGNUP, **ACCEPT, "email": email, "date_of_birth": born, "cccd": number}
        res = post(Client(), "/public/api/users/register", {**body, "parent_email": "cha@example.vn"})
        assert res.status_code == 201, res.json()
        assert Profile.objects.get(user__email=email).cccd == number


def test_the_profile_refuses_a_date_of_birth_its_cccd_disagrees_with():
    learner = ProfileFactory(cccd="079209001234", date_of_birth=date(2009, 3, 14))
    client = client_for(learner)
    res = put(client, "/api/v1/users/profile/self", {"date_of_birth": "14/03/2010"}, **EN)
    assert res.status_code == 400 and res.json()["code"] == "cccd_birth_mismatch"
    assert res.json()["errors"] == {
        "date_of_birth": [
            "The date of birth does not agree with the CCCD number: its 4th to 6th digits say you were "
            "born in 2009. Check both."
        ]
    }
    learner.refresh_from_db()
    assert learner.date_of_birth == date(2009, 3, 14)
    # the same year is a self-service change
    res = put(client, "/api/v1/users/profile/self", {"date_of_birth": "20/09/2009"})
    assert res.status_code == 200 and res.json()["data"]["date_of_birth"] == "20/09/2009"


# --- a change of date of birth across 16 ----------------------------------------------------------


def test_a_childs_change_to_adult_is_held_for_the_parent_and_the_gate_keeps_the_confirmed_date(
    django_capture_on_commit_callbacks,
):
    born = years_ago(14)
    child = ProfileFactory(date_of_birth=born)
    client = client_for(child)
    with django_capture_on_commit_callbacks(execute=True):
        put(client, "/api/v1/consent/parent", {"parent_email": "me.lan@example.vn"})
    assert post(client, "/api/v1/transaction/checkout", **EN).json()["code"] == "parental_consent_required"

    with django_capture_on_commit_callbacks(execute=True):
        res = put(client, "/api/v1/users/profile/self", {"date_of_birth": "01/01/2000", "class_name": "9B"})
    assert res.status_code == 200, res.json()
    assert (res.json()["data"]["date_of_birth"], res.json()["data"]["class_name"]) == (
        born.strftime("%d/%m/%Y"),
        "9B",
    )  # the other fields are saved; the date waits
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert state["age_band"] == "child"
    change = state["birth_date_change"]
    assert (change["previous"], change["requested"], change["status"], change["confirmer"]) == (
        born.strftime("%d/%m/%Y"),
        "01/01/2000",
        "pending",
        "parent",
    )
    assert change["confirmer_name"] == "me.lan@example.vn"
    # the gate reads the confirmed date: still a child waiting for a parent
    res = post(client, "/api/v1/transaction/checkout", **EN)
    assert res.status_code == 403 and res.json()["code"] == "parental_consent_required"
    assert mail.outbox[-1].to == ["me.lan@example.vn"]
    assert "01/01/2000" in mail.outbox[-1].body
    token = link_token(r"/birth-date-confirm/([\w-]+)\?lang=")
    assert list(
        ConsentEvent.objects.filter(user=child.user, kind="birth_date_requested").values_list(
            "detail", flat=True
        )
    ) == [f"{born.strftime('%d/%m/%Y')} -> 01/01/2000 (parent)"]

    view = post(Client(), "/public/api/consent/birth-date/check", {"token": token}).json()["data"]
    assert (view["learner_name"], view["change"]["status"]) == (child.user.name, "pending")
    res = post(Client(), "/public/api/consent/birth-date/confirm", {"token": token}, **EN)
    assert res.status_code == 200 and res.json()["message"] == "The new date of birth is confirmed."
    child.refresh_from_db()
    assert child.date_of_birth == date(2000, 1, 1)
    assert client.get("/api/v1/consent/me").json()["data"]["blocked"] is None  # an adult now
    assert ConsentEvent.objects.filter(
        user=child.user, kind="birth_date_confirmed", actor_name="me.lan@example.vn"
    ).exists()
    assert Notification.objects.filter(recipient=child, title_key="birth_date_confirmed.title").exists()


def test_a_roster_adults_change_to_a_child_goes_to_the_admin_who_confirms_or_refuses(
    org_a, educator_a, educator_b
):
    adult = ProfileFactory(organization=org_a, date_of_birth=years_ago(20))
    client = client_for(adult)
    res = put(client, "/api/v1/users/profile/self", {"date_of_birth": years_ago(13).strftime("%d/%m/%Y")})
    assert res.status_code == 200, res.json()
    adult.refresh_from_db()
    assert adult.date_of_birth == years_ago(20)
    change = BirthDateChange.objects.get(user=adult.user)
    assert (change.status, change.confirmer, change.organization_id) == ("pending", "admin", org_a.pk)
    note = Notification.objects.get(recipient=educator_a, title_key="birth_date_change.title")
    assert note.body_args["requested"] == years_ago(13).strftime("%d/%m/%Y")
    state = client.get("/api/v1/consent/me", **EN).json()["data"]["birth_date_change"]
    assert (state["confirmer"], state["confirmer_name"]) == ("admin", org_a.shown_name)

    admin = client_for(educator_a)
    seen = admin.get(f"/api/v1/organization/members/{adult.pk}/consent").json()["data"]
    assert seen["can_decide_birth_date"] is True and seen["birth_date_change"]["status"] == "pending"
    # another organization's admin: 404
    other = post(client_for(educator_b), f"/api/v1/organization/members/{adult.pk}/birth-date/confirm")
    assert other.status_code == 404
    res = post(admin, f"/api/v1/organization/members/{adult.pk}/birth-date/refuse", **EN)
    assert res.status_code == 200 and res.json()["message"] == "The change of date of birth is refused."
    assert res.json()["data"]["birth_date_change"] is None
    adult.refresh_from_db()
    assert adult.date_of_birth == years_ago(20)
    assert client.get("/api/v1/consent/me").json()["data"]["birth_date_change"]["status"] == "refused"
    again = post(admin, f"/api/v1/organization/members/{adult.pk}/birth-date/confirm", **EN)
    assert again.status_code == 409 and again.json()["code"] == "no_birth_date_change"

    # asked again and confirmed: the profile takes it, the gate then asks for a parent
    put(client, "/api/v1/users/profile/self", {"date_of_birth": years_ago(13).strftime("%d/%m/%Y")})
    assert post(admin, f"/api/v1/organization/members/{adult.pk}/birth-date/confirm").status_code == 200
    adult.refresh_from_db()
    assert adult.date_of_birth == years_ago(13)
    assert client.get("/api/v1/consent/me").json()["data"]["blocked"]["code"] == "parental_consent_required"
    kinds = list(ConsentEvent.objects.filter(user=adult.user).order_by("id").values_list("kind", flat=True))
    assert kinds == [
        "birth_date_requested",
        "birth_date_refused",
        "birth_date_requested",
        "birth_date_confirmed",
    ]


def test_changes_that_do_not_cross_16_or_come_before_any_consent_are_self_service():
    child = ProfileFactory(date_of_birth=years_ago(14))
    res = put(
        client_for(child), "/api/v1/users/profile/self", {"date_of_birth": years_ago(13).strftime("%d/%m/%Y")}
    )
    assert res.status_code == 200 and res.json()["data"]["date_of_birth"] == years_ago(13).strftime(
        "%d/%m/%Y"
    )
    fresh = ProfileFactory(date_of_birth=years_ago(14), consented=False)
    assert not Consent.objects.filter(user=fresh.user).exists()
    res = put(client_for(fresh), "/api/v1/users/profile/self", {"date_of_birth": "01/01/2000"})
    assert res.status_code == 200 and res.json()["data"]["date_of_birth"] == "01/01/2000"
    assert not BirthDateChange.objects.exists()


def test_with_no_parent_known_the_learner_names_who_confirms(django_capture_on_commit_callbacks):
    adult = ProfileFactory(date_of_birth=years_ago(30))  # no organization, never asked a parent
    client = client_for(adult)
    body = {"date_of_birth": years_ago(12).strftime("%d/%m/%Y")}
    res = put(client, "/api/v1/users/profile/self", body, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {"parent_email": ["Required"]}
    assert res.json()["message"] == (
        "A change of date of birth across 16 is confirmed by your parent or guardian: enter their e-mail."
    )
    with django_capture_on_commit_callbacks(execute=True):
        res = put(client, "/api/v1/users/profile/self", {**body, "parent_email": "Bo.Tu@Example.vn"})
    assert res.status_code == 200, res.json()
    assert BirthDateChange.objects.get(user=adult.user).parent_email == "bo.tu@example.vn"
    assert mail.outbox[-1].to == ["bo.tu@example.vn"]
    # typing the confirmed date again cancels it
    put(client, "/api/v1/users/profile/self", {"date_of_birth": years_ago(30).strftime("%d/%m/%Y")})
    assert BirthDateChange.objects.get(user=adult.user).status == "cancelled"
    token = link_token(r"/birth-date-confirm/([\w-]+)\?lang=")
    res = post(Client(), "/public/api/consent/birth-date/confirm", {"token": token}, **EN)
    assert res.status_code == 400 and res.json()["code"] == "invalid_consent_link"


# --- the parent's date of birth on the consent link -----------------------------------------------


def test_a_parent_whose_date_of_birth_does_not_match_stops_the_consent_and_both_are_told(
    django_capture_on_commit_callbacks,
):
    born = years_ago(14)
    child = ProfileFactory(date_of_birth=born, user__name="Lê Thu Hà", user__preferred_language="vi")
    client = client_for(child)
    with django_capture_on_commit_callbacks(execute=True):
        put(client, "/api/v1/consent/parent", {"parent_email": "me.ha@example.vn"})
    token = link_token(r"/parental-consent/([\w-]+)\?lang=")
    link = {"token": token, **ACCEPT}

    res = post(Client(), "/public/api/consent/parent/consent", {**link, "child_birth_date": "xx"}, **EN)
    assert res.status_code == 400 and res.json()["errors"] == {
        "relationship": ["Confirm that you are the parent or the legal guardian."],
        "child_birth_date": ["Enter the date as dd/mm/yyyy."],
    }
    wrong = date(born.year - 1, born.month, born.day).strftime("%d/%m/%Y")
    with django_capture_on_commit_callbacks(execute=True):
        res = post(
            Client(),
            "/public/api/consent/parent/consent",
            {**link, "relationship": "parent", "child_birth_date": wrong},
            **EN,
        )
    assert res.status_code == 409 and res.json()["code"] == "birth_date_mismatch"
    assert res.json()["message"] == (
        "The date of birth you entered is not the one Lê Thu Hà gave, so your consent was not recorded. "
        "We have asked Lê Thu Hà to check it and send you a new request."
    )
    assert not Consent.objects.filter(user=child.user, subject="parent").exists()
    assert ParentRequest.objects.get(user=child.user).status == "mismatch"
    assert ConsentEvent.objects.filter(user=child.user, kind="parent_mismatch").exists()
    # the child: a notification and a mail in their language
    note = Notification.objects.get(recipient=child, title_key="parent_mismatch.title")
    assert note.body_args == {"parent": "me.ha@example.vn"}
    assert mail.outbox[-1].to == [child.user.email]
    assert mail.outbox[-1].subject == "Cha mẹ bạn chưa được ghi nhận đồng ý: hãy kiểm tra ngày sinh của bạn"
    # the link now says so, and cannot consent even with the right date
    assert (
        post(Client(), "/public/api/consent/parent/check", {"token": token}).json()["data"]["status"]
        == "mismatch"
    )
    right = {**link, "relationship": "parent", "child_birth_date": born.strftime("%d/%m/%Y")}
    assert post(Client(), "/public/api/consent/parent/consent", right).json()["code"] == "birth_date_mismatch"
    # the learner sends a new request (a minute later: the mails' interval); the parent's right
    # date is recorded with the relationship
    ConsentEvent.objects.filter(kind="parent_mailed").update(at=timezone.now() - timedelta(minutes=2))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(client, "/api/v1/consent/parent/resend").status_code == 200
    token = link_token(r"/parental-consent/([\w-]+)\?lang=")
    res = post(
        Client(), "/public/api/consent/parent/consent", {**right, "token": token, "relationship": "guardian"}
    )
    assert res.status_code == 200, res.json()
    consent = Consent.objects.get(user=child.user, subject="parent")
    assert (consent.relationship, consent.child_birth_date) == ("guardian", born)
