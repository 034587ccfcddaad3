"""Hostile input never gives a 500 (issue 16 item 9): the global guards of config.middleware,
config.parsers, config.errors and the handler400/handler500 views, against real endpoints."""

from __future__ import annotations

import json
import logging

import pytest
from django.core import mail
from django.db import DataError
from django.test import Client

from accounts.models import User
from surveys.tests.helpers import allow

FORGOT = "/public/api/users/forgot-password"
RESEND = "/public/api/auth/resend-verification-email"
REGISTER = "/public/api/users/register"
VI_FIELDS = "Vui lòng sửa các trường được đánh dấu."
EN_FIELDS = "Please correct the highlighted fields."
VI_CHAR = "Giá trị này chứa ký tự không được phép."
EN_CHAR = "This value contains a character that is not allowed."
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

pytestmark = pytest.mark.django_db


def _lenient(client: Client) -> Client:
    """Answer 500s as responses instead of re-raising them in the test."""
    client.raise_request_exception = False
    return client


@pytest.fixture
def public() -> Client:
    return _lenient(Client())


def _post_json(client: Client, path: str, body, **extra):
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(path, data=data, content_type="application/json", **extra)


def _body(response) -> dict:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return response.json()


# --- body size -------------------------------------------------------------------------------------


def test_3mb_json_body_is_413_before_anything_is_read(public):
    users = User.objects.count()
    body = b'{"email": "' + b"a" * 3_000_000 + b'@x.vn"}'
    vi = _post_json(public, FORGOT, body)
    en = _post_json(public, FORGOT, body, **EN)
    assert vi.status_code == en.status_code == 413
    assert _body(vi) == {
        "success": False,
        "code": "request_too_large",
        "message": "Yêu cầu quá lớn: tối đa 2,5 MB.",
        "errors": {},
    }
    assert _body(en)["message"] == "The request is too large: at most 2.5 MB."
    assert mail.outbox == [] and User.objects.count() == users


def test_multipart_over_the_upload_cap_is_413(as_learner, settings):
    settings.UPLOAD_REQUEST_MAX_BYTES = 3 * 1024 * 1024
    response = as_learner.post(
        "/api/v1/users/profile/self/upload-photo",
        data=b"x" * (3 * 1024 * 1024 + 1),
        content_type="multipart/form-data; boundary=abc",
        **EN,
    )
    assert response.status_code == 413
    assert _body(response)["message"] == "The request is too large: at most 3 MB."
    assert _body(response)["code"] == "request_too_large"


# --- NUL bytes and lone surrogates -----------------------------------------------------------------


@pytest.mark.parametrize("path", [FORGOT, RESEND])
def test_nul_in_public_email_is_422_naming_the_field(public, path):
    response = _post_json(public, path, {"email": "a\x00b@x.vn"})
    assert response.status_code == 422
    assert _body(response) == {
        "success": False,
        "code": "validation_error",
        "message": VI_FIELDS,
        "errors": {"email": [VI_CHAR]},
    }
    assert mail.outbox == []


def test_nul_message_in_english(public):
    response = _post_json(public, FORGOT, {"email": "a\x00b@x.vn"}, **EN)
    assert _body(response)["message"] == EN_FIELDS
    assert _body(response)["errors"] == {"email": [EN_CHAR]}


def test_lone_surrogate_escape_in_register_writes_nothing(public):
    users = User.objects.count()
    body = '{"email": "new@x.vn", "password": "Secret#123", "confirm_password": "Secret#123", "name": "A\\ud800"}'
    response = _post_json(public, REGISTER, body)
    assert response.status_code == 422
    assert _body(response)["errors"] == {"name": [VI_CHAR]}
    assert User.objects.count() == users and mail.outbox == []


def test_nul_escape_in_nested_list_and_key_names_each_path(as_learner):
    body = '{"items": [{"listing_id": 1}, {"addon": "x\\u0000"}], "k\\u0000": 1}'
    response = _post_json(as_learner, "/api/v1/transaction/checkout", body)
    assert response.status_code == 422
    assert _body(response)["errors"] == {"items.1.addon": [VI_CHAR], "k\x00": [VI_CHAR]}


def test_surrogate_encoded_in_utf8_bytes_is_422(public):
    response = _post_json(public, FORGOT, b'{"email": "\xed\xa0\x80@x.vn"}')
    assert response.status_code == 422
    assert _body(response)["errors"] == {"email": [VI_CHAR]}


def test_valid_surrogate_pair_and_plain_text_pass(public):
    # An emoji sent as a JSON surrogate pair is a real character: not refused.
    response = _post_json(public, FORGOT, '{"email": "\\ud83d\\ude00@x.vn"}')
    assert response.status_code == 200


def test_nul_in_profile_update_changes_nothing(as_learner, learner):
    before = learner.user.name
    response = as_learner.put(
        "/api/v1/users/profile/self", data=json.dumps({"name": "X\x00Y"}), content_type="application/json"
    )
    assert response.status_code == 422
    assert _body(response)["errors"] == {"name": [VI_CHAR]}
    learner.user.refresh_from_db()
    assert learner.user.name == before


def test_nul_in_search_query_param_is_422(as_learner):
    response = as_learner.get("/api/v1/marketplace?search=a%00b&page=1")
    assert response.status_code == 422
    assert _body(response)["errors"] == {"search": [VI_CHAR]}


def test_nul_in_path_param_names_the_param(public):
    response = _post_json(public, "/public/api/users/learn%00er/check-invitation", {"token": "t"})
    assert response.status_code == 422
    assert _body(response)["errors"] == {"kind": [VI_CHAR]}


def test_nul_in_multipart_form_field_is_422(org_a, as_educator_a):
    # Multipart fields are parsed by Django, not the middleware: GuardedParser refuses them. The
    # educator manages surveys (else the role is refused first, decision 0041).
    allow(org_a)
    response = as_educator_a.post(
        "/api/v1/surveys/999999/market-publish",
        data={"price_survey_report": "1000", "description": "d\x00"},
    )
    assert response.status_code == 422
    assert _body(response)["errors"] == {"description": [VI_CHAR]}


def test_session_cookie_with_nul_is_no_session(public):
    public.cookies["sessionid"] = "abcdefgh\x00ijkl"
    response = public.get("/api/v1/auth/is-authorized")
    assert response.status_code == 401
    assert _body(response)["code"] == "not_authenticated"


# --- JSON depth and syntax -------------------------------------------------------------------------

DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize("path", ["/api/v1/shopping-cart", "/api/v1/transaction/checkout"])
def test_json_nested_100000_deep_is_422_before_parsing(as_learner, path):
    from marketplace.models import CartItem, Transaction

    carts, txs = CartItem.objects.count(), Transaction.objects.count()
    response = _post_json(as_learner, path, DEEP, **EN)
    assert response.status_code == 422
    assert _body(response) == {
        "success": False,
        "code": "validation_error",
        "message": EN_FIELDS,
        "errors": {"non_field_errors": ["The data is nested too deeply: at most 64 levels."]},
    }
    assert (CartItem.objects.count(), Transaction.objects.count()) == (carts, txs)


def test_json_depth_counts_brackets_outside_strings_only():
    from config.middleware import json_depth_exceeds

    assert not json_depth_exceeds(b'{"a": "' + b"[" * 500 + b'"}')
    assert not json_depth_exceeds(b"[" * 64 + b"]" * 64)
    assert json_depth_exceeds(b"[" * 65 + b"]" * 65)
    assert json_depth_exceeds(b'{"a\\"[": ' + b"{" * 70)


@pytest.mark.parametrize("body", [b'{"email": ', b'{"email": "\xff"}', b"\xff\xfe"])
def test_invalid_json_is_400(public, body):
    response = _post_json(public, FORGOT, body)
    assert response.status_code == 400
    assert _body(response) == {
        "success": False,
        "code": "invalid_json",
        "message": "Nội dung yêu cầu không phải là JSON hợp lệ.",
        "errors": {},
    }


# --- multipart -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/v1/users/profile/self/upload-photo"),
        ("post", "/api/v1/shopping-cart"),
        ("put", "/api/v1/users/profile/self"),
    ],
)
def test_multipart_without_boundary_is_400(as_learner, method, path):
    response = getattr(as_learner, method)(path, data=b"--x\r\n", content_type="multipart/form-data", **EN)
    assert response.status_code == 400
    assert _body(response) == {
        "success": False,
        "code": "invalid_multipart",
        "message": "The uploaded form data is malformed.",
        "errors": {},
    }


def test_form_body_to_an_endpoint_reading_raw_json_is_415(learner):
    # Checkout reads request.body itself; the CSRF check (enforced, as for a browser) has already
    # consumed the multipart stream through request.POST.
    from conftest import client_for

    client = client_for(learner)
    client.handler.enforce_csrf_checks = True
    token = client.get("/public/api/auth/csrf").json()["data"]["csrf_token"]
    response = client.post("/api/v1/transaction/checkout", data={"items": "1"}, HTTP_X_CSRFTOKEN=token, **EN)
    assert response.status_code == 415
    assert _body(response) == {
        "success": False,
        "code": "unsupported_media_type",
        "message": "Send the request body as JSON.",
        "errors": {},
    }


def test_too_many_files_is_400_envelope(as_learner, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 1
    response = as_learner.post(
        "/api/v1/users/profile/self/upload-photo", data={"file": [_file("a"), _file("b")]}
    )
    assert response.status_code == 400
    assert _body(response)["code"] == "invalid_multipart"


def _file(name: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(f"{name}.png", b"x", content_type="image/png")


# --- errors raised outside Ninja and the DataError net ----------------------------------------------


def test_exception_in_a_middleware_answers_the_500_envelope(monkeypatch):
    from tenants import middleware

    def boom(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(middleware, "session_profile", boom)
    client = _lenient(Client())
    response = client.get("/api/v1/auth/is-authorized", **EN)
    assert response.status_code == 500
    assert _body(response) == {
        "success": False,
        "code": "server_error",
        "message": "Something went wrong on our side. Please try again.",
        "errors": {},
    }
    vi = client.get("/public/api/auth/csrf")
    assert _body(vi)["message"] == "Hệ thống gặp sự cố. Vui lòng thử lại."
    # Other paths keep Django's page.
    page = client.get("/some/spa/route")
    assert page.status_code == 500 and not page["Content-Type"].startswith("application/json")


def test_request_error_in_a_middleware_answers_the_400_envelope(public):
    query = "&".join(f"f{i}=1" for i in range(1001))  # over DATA_UPLOAD_MAX_NUMBER_FIELDS
    response = public.get(f"/public/api/auth/csrf?{query}", **EN)
    assert response.status_code == 400
    assert _body(response) == {
        "success": False,
        "code": "bad_request",
        "message": "The request is malformed.",
        "errors": {},
    }


def test_database_refusing_a_value_is_400_and_logged(public, monkeypatch, caplog):
    from accounts.services import passwords as services

    def refuse(**kwargs):
        raise DataError("value too long for type character varying(255)")

    monkeypatch.setattr(services, "password_reset_request", refuse)
    with caplog.at_level(logging.WARNING, logger="config.errors"):
        response = _post_json(public, FORGOT, {"email": "a@x.vn"}, **EN)
    assert response.status_code == 400
    assert _body(response) == {
        "success": False,
        "code": "validation_error",
        "message": EN_FIELDS,
        "errors": {"non_field_errors": ["A value is too long or out of range."]},
    }
    assert [r.levelname for r in caplog.records if r.name == "config.errors"] == ["WARNING"]
