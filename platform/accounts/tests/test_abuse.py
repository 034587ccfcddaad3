"""Abuse of the public identity calls (issue 16, items 3, 5 and 11): enumeration by timing, mail
flooding, guessing tokens, login CSRF, the admin's login, and the 401 of calls without a session.
Each test failed on the code before issue 16."""

from __future__ import annotations

import statistics
import time

import pytest
from django.core import mail
from django.test import Client

from accounts.tests.factories import PASSWORD, ProfileFactory, UserFactory

pytestmark = pytest.mark.django_db

J = "application/json"


def _post(url: str, body: dict, *, ip: str = "10.1.0.1", client: Client | None = None, **extra):
    return (client or Client(REMOTE_ADDR=ip)).post(url, body, content_type=J, **extra)


def test_login_takes_as_long_for_an_unknown_email_as_for_a_wrong_password(settings):
    """Median of 10 of each, interleaved, with the production hasher (argon2): within 20 %.
    Before, an unknown e-mail answered in about 4 ms and an existing one in about 140 ms."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]
    user = UserFactory(password="Real-pass-2026")
    ProfileFactory(user=user)
    known, unknown = [], []
    for i in range(10):
        for email, times in ((user.email, known), ("nobody.here@example.vn", unknown)):
            started = time.perf_counter()
            res = _post(
                "/public/api/auth/login", {"email": email, "password": "Wrong-pass-1"}, ip=f"10.2.{i}.1"
            )
            times.append(time.perf_counter() - started)
            assert res.status_code == 400 and res.json()["code"] == "invalid_credentials"
    fast, slow = sorted((statistics.median(known), statistics.median(unknown)))
    assert slow <= fast * 1.2, (statistics.median(known), statistics.median(unknown))


def test_forgot_password_flood_gets_429_after_three_mails_to_one_address(django_capture_on_commit_callbacks):
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        codes = [
            _post("/public/api/users/forgot-password", {"email": user.email}, ip=f"10.3.{i}.1").status_code
            for i in range(30)
        ]
    assert codes == [200] * 3 + [429] * 27
    assert [m.to for m in mail.outbox] == [[user.email]] * 3
    res = _post("/public/api/users/forgot-password", {"email": user.email}, HTTP_ACCEPT_LANGUAGE="en")
    assert res.status_code == 429
    assert res.json() == {
        "success": False,
        "message": "Too many requests. Please wait a few minutes and try again.",
        "code": "rate_limited",
        "errors": {},
    }
    res = _post("/public/api/users/forgot-password", {"email": user.email}, HTTP_ACCEPT_LANGUAGE="vi")
    assert res.json()["message"] == "Quá nhiều yêu cầu. Vui lòng đợi vài phút rồi thử lại."


def test_one_address_calling_public_endpoints_is_limited_per_ip(settings):
    settings.PUBLIC_RATE_PER_IP = "4/10m"
    cases = [
        ("/public/api/auth/resend-verification-email", lambda i: {"email": f"a{i}@example.vn"}),
        ("/public/api/users/forgot-password", lambda i: {"email": f"b{i}@example.vn"}),
        ("/public/api/auth/token-exchange", lambda i: {"token": f"guess-{i}"}),
        ("/public/api/users/learner/check-invitation", lambda i: {"token": f"guess-{i}"}),
        ("/public/api/users/verify-email", lambda i: {"token": f"guess-{i}"}),
    ]
    for url, body in cases:
        codes = [_post(url, body(i), ip="10.4.0.1").status_code for i in range(6)]
        assert codes[4:] == [429, 429], url
        assert 429 not in codes[:4], url
        assert _post(url, body(99), ip="10.4.0.2").status_code != 429, url


def test_register_is_limited_per_address():
    body = {"email": "flood@example.vn", "password": "x"}  # invalid otherwise: still counted
    codes = [_post("/public/api/users/register", body, ip=f"10.5.{i}.1").status_code for i in range(5)]
    assert codes[3:] == [429, 429]


def test_cross_site_text_plain_login_is_refused_and_starts_no_session(learner):
    """A page on another site POSTs the login as text/plain (no CORS preflight): refused; before,
    it answered 200 and set a session (login CSRF)."""
    client = Client(REMOTE_ADDR="10.6.0.1")
    body = f'{{"email": "{learner.user.email}", "password": "{PASSWORD}"}}'
    res = client.post(
        "/public/api/auth/login",
        body,
        content_type="text/plain",
        HTTP_ORIGIN="https://evil.example",
        HTTP_SEC_FETCH_SITE="cross-site",
    )
    assert res.status_code == 403 and res.json()["code"] == "csrf_failed"
    assert "sessionid" not in res.cookies
    res = client.post("/public/api/auth/login", body, content_type="text/plain")
    assert res.status_code == 415 and res.json()["code"] == "unsupported_media_type"
    assert "sessionid" not in res.cookies
    # The SPA's own call (same origin, JSON) logs in.
    res = client.post("/public/api/auth/login", body, content_type=J, HTTP_ORIGIN="http://testserver")
    assert res.status_code == 200 and "sessionid" in res.cookies


def test_admin_login_is_throttled_like_the_public_login(settings):
    """15 wrong passwords for the SuperAdmin, then the right one from the same address: refused
    (before, it logged in); from another address it works."""
    admin = UserFactory(is_staff=True, is_superuser=True, password="Admin-pass-2026")
    for _ in range(15):
        res = Client(REMOTE_ADDR="10.7.0.1").post(
            "/admin/login/", {"username": admin.email, "password": "wrong-one", "next": "/admin/"}
        )
        assert res.status_code == 200  # the form again, with its error
    client = Client(REMOTE_ADDR="10.7.0.1")
    res = client.post(
        "/admin/login/", {"username": admin.email, "password": "Admin-pass-2026", "next": "/admin/"}
    )
    assert res.status_code == 200 and "_auth_user_id" not in client.session
    other = Client(REMOTE_ADDR="10.7.0.2")
    res = other.post(
        "/admin/login/", {"username": admin.email, "password": "Admin-pass-2026", "next": "/admin/"}
    )
    assert res.status_code == 302 and other.session["_auth_user_id"] == str(admin.pk)


def test_every_api_operation_without_cookies_answers_401_envelope():
    """Issue 16, item 11: unsafe calls without cookies answered 403 ``csrf_failed``; every
    operation of /api/v1, whatever its method, answers the 401 envelope the client acts on."""
    import re

    from config.api import api

    schema = api.get_openapi_schema()
    client = Client(enforce_csrf_checks=True)
    seen = 0
    for path, operations in schema["paths"].items():
        url = re.sub(r"\{[^}]+\}", "1", path)
        for method in operations:
            res = getattr(client, method)(url, content_type=J)
            assert res.status_code == 401, (method, url, res.status_code)
            assert res.json()["code"] == "not_authenticated", (method, url)
            seen += 1
    assert seen > 100
