"""Registration tells a stranger nothing (issue 38 item 5): an e-mail address or a CCCD number
that already has an account answers exactly as a fresh registration does (201, "check your
e-mail"), no session starts, the existing account is left as it was, and its owner is mailed, in
their language, that someone tried to register with their address or number. Before, the answer
was 409 ``email_taken`` / ``cccd_taken``: anyone could test which addresses and numbers had an
account."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Profile, User
from accounts.tests.factories import ProfileFactory
from accounts.tests.test_api import SIGNUP, post

pytestmark = pytest.mark.django_db

URL = "/public/api/users/register"
FRESH = {
    "vi": {
        "success": True,
        "message": "Đăng ký thành công. Vui lòng kiểm tra e-mail để xác minh tài khoản.",
        "data": {"email": "new.learner@example.vn"},
    },
    "en": {
        "success": True,
        "message": "Registration successful. Check your e-mail to verify your account.",
        "data": {"email": "new.learner@example.vn"},
    },
}


def register(body: dict, language: str, capture) -> tuple[int, dict, set[str]]:
    client = Client()
    with capture(execute=True):
        res = post(client, URL, body, HTTP_ACCEPT_LANGUAGE=language)
    return res.status_code, res.json(), set(res.cookies) - {"csrftoken"}


def account_state(user: User) -> tuple:
    user.refresh_from_db()
    profiles = list(Profile.objects.filter(user=user).values_list("pk", "cccd", "class_name", "phone"))
    return (user.email, user.password, user.name, user.is_active, user.updated_at, profiles)


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_fresh_registration_answers_check_your_mail(language, django_capture_on_commit_callbacks):
    status, body, cookies = register(SIGNUP, language, django_capture_on_commit_callbacks)
    assert (status, body, cookies) == (201, FRESH[language], set())


@pytest.mark.parametrize(("language", "owner_language"), [("vi", "en"), ("en", "vi")])
def test_an_existing_email_answers_as_a_fresh_registration_and_mails_its_owner(
    language, owner_language, django_capture_on_commit_callbacks
):
    owner = ProfileFactory(user__email=SIGNUP["email"], user__preferred_language=owner_language).user
    before, profiles = account_state(owner), Profile.objects.count()
    taken = {**SIGNUP, "email": SIGNUP["email"].upper(), "name": "Kẻ lạ", "cccd": "079209009999"}
    status, body, cookies = register(taken, language, django_capture_on_commit_callbacks)
    assert (status, body, cookies) == (201, FRESH[language], set())
    assert account_state(owner) == before
    assert User.objects.filter(email__iexact=SIGNUP["email"]).count() == 1
    assert Profile.objects.count() == profiles
    subject = {
        "vi": "Có người đã thử đăng ký bằng thông tin của bạn",
        "en": "Someone tried to register with your details",
    }[owner_language]
    assert [(m.to, m.subject) for m in mail.outbox] == [([SIGNUP["email"]], subject)]
    line = {
        "vi": "Vừa có người thử tạo tài khoản mới bằng địa chỉ e-mail của bạn.",
        "en": "Someone just tried to create a new account with your e-mail address.",
    }[owner_language]
    assert line in mail.outbox[0].body and "/forgot-password" in mail.outbox[0].body
    assert "079209009999" not in mail.outbox[0].body  # nothing of what the stranger typed


def test_an_existing_cccd_answers_as_a_fresh_registration_and_mails_the_numbers_owner(
    django_capture_on_commit_callbacks,
):
    status, _, _ = register(SIGNUP, "vi", django_capture_on_commit_callbacks)
    assert status == 201
    owner = User.objects.get(email=SIGNUP["email"])
    before = account_state(owner)
    mail.outbox.clear()
    stranger = {**SIGNUP, "email": "someone.else@example.vn"}
    status, body, cookies = register(stranger, "en", django_capture_on_commit_callbacks)
    assert (status, body, cookies) == (
        201,
        {**FRESH["en"], "data": {"email": "someone.else@example.vn"}},
        set(),
    )
    assert account_state(owner) == before
    assert not User.objects.filter(email="someone.else@example.vn").exists()
    # The owner registered in Vietnamese: the mail is in Vietnamese, to the owner only.
    assert [(m.to, m.subject) for m in mail.outbox] == [
        ([SIGNUP["email"]], "Có người đã thử đăng ký bằng thông tin của bạn")
    ]
    assert "Vừa có người thử tạo tài khoản mới bằng số CCCD của bạn." in mail.outbox[0].body
    assert "someone.else@example.vn" not in mail.outbox[0].body


def test_both_taken_by_two_accounts_mails_each_owner_once(django_capture_on_commit_callbacks):
    register(SIGNUP, "vi", django_capture_on_commit_callbacks)
    email_owner = ProfileFactory(user__email="second@example.vn", user__preferred_language="en").user
    mail.outbox.clear()
    status, body, _ = register(
        {**SIGNUP, "email": "second@example.vn"}, "vi", django_capture_on_commit_callbacks
    )
    assert (status, body) == (201, {**FRESH["vi"], "data": {"email": "second@example.vn"}})
    assert sorted((m.to[0], m.subject) for m in mail.outbox) == [
        (SIGNUP["email"], "Có người đã thử đăng ký bằng thông tin của bạn"),
        (email_owner.email, "Someone tried to register with your details"),
    ]
    both = ProfileFactory(user__email="third@example.vn", user__preferred_language="en", cccd="079209007777")
    mail.outbox.clear()
    register(
        {**SIGNUP, "email": "third@example.vn", "cccd": "079209007777"},
        "vi",
        django_capture_on_commit_callbacks,
    )
    assert [(m.to, m.subject) for m in mail.outbox] == [
        ([both.user.email], "Someone tried to register with your details")
    ]
    assert (
        "Someone just tried to create a new account with your e-mail address and your CCCD number."
        in mail.outbox[0].body
    )


def test_the_forms_own_checks_stay(django_capture_on_commit_callbacks):
    """A taken address with a weak password is still refused for the password, as any address is."""
    ProfileFactory(user__email=SIGNUP["email"])
    weak = {**SIGNUP, "password": "12345678", "confirm_password": "12345678"}
    status, body, _ = register(weak, "en", django_capture_on_commit_callbacks)
    assert status == 400 and body["code"] == "validation_error" and "password" in body["errors"]
    assert mail.outbox == []


def test_the_password_is_hashed_for_a_taken_address_as_for_a_new_one(
    monkeypatch, django_capture_on_commit_callbacks
):
    """The same work on both paths: the answer's time does not tell the two apart."""
    from django.contrib.auth import base_user, hashers

    hashed: list[str] = []
    real = hashers.make_password

    def counting(password, *args, **kwargs):
        hashed.append(password)
        return real(password, *args, **kwargs)

    monkeypatch.setattr(base_user, "make_password", counting)  # User.set_password's
    monkeypatch.setattr("accounts.services.registration.make_password", counting)
    register(SIGNUP, "vi", django_capture_on_commit_callbacks)
    register({**SIGNUP, "cccd": "079209008888"}, "vi", django_capture_on_commit_callbacks)
    assert hashed == [SIGNUP["password"], SIGNUP["password"]]
