"""The identity API of spec section 7 "Authentication and users", end to end over HTTP."""

from __future__ import annotations

import io
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from PIL import Image

from accounts.models import Invitation, Profile, User
from accounts.services.invitations import invitation_create
from accounts.tests.factories import PASSWORD, ProfileFactory, UserFactory
from conftest import client_for
from consent.services import NOTICE_VERSION

pytestmark = pytest.mark.django_db(transaction=False)

J = "application/json"

SIGNUP = {
    "email": "new.learner@example.vn",
    "password": "Hoc-tap-2026!",
    "confirm_password": "Hoc-tap-2026!",
    "name": "Nguyễn Văn An",
    "gender": "male",
    "date_of_birth": "14/03/2009",
    "cccd": "079209001234",
    "class_name": "10A1",
    "school_name": "THPT Lê Quý Đôn",
    "district_text": "Quận 3",
    "province_code": "79",
    "curriculum": "Kết nối tri thức",
    "phone": "0901234567",
    "contact_email": "parent@example.vn",
    # consent (issue 24, item 1): the notices in force accepted
    "accept_terms": True,
    "terms_version": NOTICE_VERSION,
    "privacy_version": NOTICE_VERSION,
}


def post(client: Client, url: str, body: dict | None = None, **extra):
    return client.post(url, body or {}, content_type=J, **extra)


def link_from_last_mail(pattern: str) -> str:
    body = mail.outbox[-1].body
    match = re.search(pattern, body)
    assert match, body
    return match.group(0)


# --- registration -> verification -> login -> switch -> logout ----------------------------------


def test_full_path_register_verify_login_switch_logout(org_a, django_capture_on_commit_callbacks):
    client = Client()
    with django_capture_on_commit_callbacks(execute=True):
        res = post(client, "/public/api/users/register", SIGNUP)
    assert res.status_code == 201, res.json()
    assert res.json()["data"]["email"] == SIGNUP["email"]
    user = User.objects.get(email=SIGNUP["email"])
    assert not user.is_active
    profile = user.profiles.get()
    assert profile.pandai_profile_role == "LEARNER" and profile.cccd == "079209001234"

    # Not verified yet: login refused with a code that offers a resend.
    res = post(client, "/public/api/auth/login", {"email": SIGNUP["email"], "password": SIGNUP["password"]})
    assert res.status_code == 403 and res.json()["code"] == "email_not_verified"

    token = link_from_last_mail(r"token=[\w:\-]+").split("=", 1)[1]
    assert mail.outbox[-1].to == [SIGNUP["email"]]
    res = post(client, "/public/api/users/verify-email", {"token": token})
    assert res.status_code == 200, res.json()

    res = post(
        client, "/public/api/auth/login", {"email": SIGNUP["email"].upper(), "password": SIGNUP["password"]}
    )
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["user"]["email"] == SIGNUP["email"]
    assert data["user"]["pandai_profile_role"] == "LEARNER"
    assert data["current_profile_id"] == profile.id
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", data["user"]["createdAt"])  # no milliseconds

    # A second profile (educator of org A) appears after an invitation is accepted elsewhere.
    educator = Profile.objects.create(user=user, pandai_profile_role="EDUCATOR", organization=org_a)
    res = client.get("/api/v1/users/my-profiles")
    assert [p["id"] for p in res.json()["data"]["profiles"]] == [profile.id, educator.id]

    res = post(client, "/api/v1/users/switch-profile", {"profile_id": educator.id})
    assert res.status_code == 200
    res = client.get("/api/v1/auth/is-authorized")
    user_out = res.json()["data"]["user"]
    assert user_out["pandai_profile_role"] == "EDUCATOR"
    assert user_out["educatorOrganizationId"] == org_a.id
    assert res.json()["data"]["current_profile_id"] == educator.id

    res = post(client, "/api/v1/auth/logout")
    assert res.status_code == 200
    assert client.get("/api/v1/auth/is-authorized").status_code == 401


def test_register_validation_rules_each_field():
    bad = {
        **SIGNUP,
        "email": "not-an-email",
        "confirm_password": "different",
        "cccd": "12345",
        "date_of_birth": "2009-03-14",
        "gender": "other",
        "province_code": "999",
        "name": "",
    }
    res = post(Client(), "/public/api/users/register", bad)
    assert res.status_code == 400
    body = res.json()
    assert body["code"] == "validation_error" and body["success"] is False
    assert set(body["errors"]) >= {
        "email",
        "confirm_password",
        "cccd",
        "date_of_birth",
        "gender",
        "province_code",
        "name",
    }
    assert not User.objects.filter(email="not-an-email").exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cccd", "0792090012345"),
        ("cccd", "07920900123a"),
        ("date_of_birth", "31/12/2999"),
        ("password", "12345678"),
    ],
)
def test_register_rejects_single_bad_field(field, value):
    body = {**SIGNUP, field: value}
    if field == "password":
        body["confirm_password"] = value
    res = post(Client(), "/public/api/users/register", body)
    assert res.status_code == 400
    assert field in res.json()["errors"]
    assert not User.objects.filter(email=SIGNUP["email"]).exists()


def test_register_duplicate_email_creates_nothing():
    """Answered as a fresh registration (accounts/tests/test_registration_tells_nothing.py)."""
    UserFactory(email=SIGNUP["email"])
    res = post(Client(), "/public/api/users/register", {**SIGNUP, "email": SIGNUP["email"].upper()})
    assert res.status_code == 201
    assert User.objects.filter(email=SIGNUP["email"]).count() == 1


def test_messages_follow_accept_language():
    vi = post(Client(), "/public/api/auth/login", {"email": "x@example.vn", "password": "wrong-pass"})
    en = post(
        Client(),
        "/public/api/auth/login",
        {"email": "x@example.vn", "password": "wrong-pass"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert vi.json()["code"] == en.json()["code"] == "invalid_credentials"
    assert en.json()["message"].startswith("Login Failed")
    assert vi.json()["message"] != en.json()["message"]
    assert "Đăng nhập" in vi.json()["message"]
    fr = post(
        Client(),
        "/public/api/auth/login",
        {"email": "x@example.vn", "password": "wrong-pass"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert fr.json()["message"] == vi.json()["message"]  # Vietnamese is the fallback


def test_verify_email_rejects_tampered_token():
    res = post(Client(), "/public/api/users/verify-email", {"token": "abc:def"})
    assert res.status_code == 400 and res.json()["code"] == "invalid_verification_link"


def test_resend_verification_same_answer_for_unknown_email(django_capture_on_commit_callbacks):
    user = UserFactory(is_active=False, email_verified_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        known = post(Client(), "/public/api/auth/resend-verification-email", {"email": user.email})
        unknown = post(Client(), "/public/api/auth/resend-verification-email", {"email": "nobody@example.vn"})
    assert known.status_code == unknown.status_code == 200
    assert known.json()["message"] == unknown.json()["message"]
    assert [m.to for m in mail.outbox] == [[user.email]]


# --- login -------------------------------------------------------------------------------------


def test_login_wrong_password_and_missing_fields(learner):
    res = post(Client(), "/public/api/auth/login", {"email": learner.user.email, "password": "nope-nope"})
    assert res.status_code == 400 and res.json()["code"] == "invalid_credentials"
    res = post(Client(), "/public/api/auth/login", {})
    assert res.status_code == 400 and set(res.json()["errors"]) == {"email", "password"}


def test_login_rotates_session_id_and_sets_safe_cookie(learner):
    client = Client()
    client.get("/public/api/auth/csrf")
    session = client.session
    session["probe"] = 1
    session.save()
    before = client.cookies["sessionid"].value
    res = post(client, "/public/api/auth/login", {"email": learner.user.email, "password": PASSWORD})
    assert res.status_code == 200
    cookie = res.cookies["sessionid"]
    assert cookie.value != before
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def _login(ip: str, email: str, password: str):
    return post(Client(REMOTE_ADDR=ip), "/public/api/auth/login", {"email": email, "password": password})


def test_login_guessing_stops_at_the_limit_without_locking_the_owner_out(learner, settings):
    """Issue 16, item 3: 25 wrong passwords from one address get 400 five times, then 429 from
    the sixth on; the owner's right password from another address still logs in."""
    codes = [_login("10.0.0.1", learner.user.email, "bad-bad-bad").status_code for _ in range(25)]
    assert codes == [400] * 5 + [429] * 20
    res = _login("10.0.0.1", learner.user.email, PASSWORD)
    assert res.status_code == 429 and res.json()["code"] == "login_rate_limited"
    assert _login("10.0.0.2", learner.user.email, PASSWORD).status_code == 200
    # Another account from the guessing address is not affected by this account's pair limit.
    other = ProfileFactory()
    assert _login("10.0.0.1", other.user.email, PASSWORD).status_code == 200


def test_login_account_ceiling_stops_guessing_spread_over_addresses(learner, settings):
    settings.LOGIN_RATE_ACCOUNT_CEILING = "6/h"
    codes = [_login(f"10.0.3.{i}", learner.user.email, "bad-bad-bad").status_code for i in range(8)]
    assert codes == [400] * 6 + [429] * 2


def test_successful_logins_do_not_count_against_the_account(learner, settings):
    settings.LOGIN_RATE_PER_ACCOUNT = "2/5m"
    for i in range(5):
        res = post(
            Client(REMOTE_ADDR=f"10.0.1.{i}"),
            "/public/api/auth/login",
            {"email": learner.user.email, "password": PASSWORD},
        )
        assert res.status_code == 200


def test_login_rate_limited_per_ip(learner, settings):
    settings.LOGIN_RATE_PER_IP = "4/5m"
    for i in range(4):
        post(
            Client(REMOTE_ADDR="10.9.9.9"),
            "/public/api/auth/login",
            {"email": f"u{i}@example.vn", "password": "x-x-x-x-x"},
        )
    res = post(
        Client(REMOTE_ADDR="10.9.9.9"),
        "/public/api/auth/login",
        {"email": learner.user.email, "password": PASSWORD},
    )
    assert res.status_code == 429
    res = post(
        Client(REMOTE_ADDR="10.9.9.10"),
        "/public/api/auth/login",
        {"email": learner.user.email, "password": PASSWORD},
    )
    assert res.status_code == 200


def test_csrf_enforced_on_unsafe_api_calls(learner):
    client = Client(enforce_csrf_checks=True)
    res = post(client, "/public/api/auth/login", {"email": learner.user.email, "password": PASSWORD})
    assert res.status_code == 200
    res = post(client, "/api/v1/auth/logout")
    assert res.status_code == 403 and res.json()["code"] == "csrf_failed"
    token = client.get("/public/api/auth/csrf").json()["data"]["csrf_token"]
    res = post(client, "/api/v1/auth/logout", HTTP_X_CSRFTOKEN=token)
    assert res.status_code == 200


def test_no_session_is_401_everywhere():
    client = Client()
    for method, url in [
        ("get", "/api/v1/auth/is-authorized"),
        ("get", "/api/v1/users/my-profiles"),
        ("get", "/api/v1/users/profile/list"),
        ("get", "/api/v1/auth/request-token-exchange"),
        ("put", "/api/v1/users/profile/self"),
        ("post", "/api/v1/users/register-pandai-survey"),
    ]:
        res = getattr(client, method)(url, content_type=J)
        assert res.status_code == 401, url
        assert res.json()["code"] == "not_authenticated"


def test_unknown_api_path_is_404_envelope():
    res = Client().get("/api/v1/does-not-exist")
    assert res.status_code == 404 and res.json()["code"] == "not_found"


def test_password_change_ends_other_sessions(learner):
    client = client_for(learner)
    assert client.get("/api/v1/auth/is-authorized").status_code == 200
    learner.user.set_password("Another-pass-2026")
    learner.user.save()
    assert client.get("/api/v1/auth/is-authorized").status_code == 401


# --- token exchange ----------------------------------------------------------------------------


def test_token_exchange_once(learner):
    token = client_for(learner).get("/api/v1/auth/request-token-exchange").json()["data"]["token"]
    other = Client()
    res = post(other, "/public/api/auth/token-exchange", {"token": token})
    assert res.status_code == 200
    assert other.get("/api/v1/auth/is-authorized").json()["data"]["current_profile_id"] == learner.id
    res = post(Client(), "/public/api/auth/token-exchange", {"token": token})
    assert res.status_code == 400 and res.json()["code"] == "invalid_token_exchange"


def test_token_exchange_expires_after_60_seconds(learner):
    from accounts.models import TokenExchange

    res = client_for(learner).get("/api/v1/auth/request-token-exchange").json()["data"]
    assert res["expires_in"] == 60
    TokenExchange.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    res = post(Client(), "/public/api/auth/token-exchange", {"token": res["token"]})
    assert res.status_code == 400 and res.json()["code"] == "invalid_token_exchange"


# --- passwords ---------------------------------------------------------------------------------


def test_forgot_and_reset_password(learner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        res = post(Client(), "/public/api/users/forgot-password", {"email": learner.user.email})
        unknown = post(Client(), "/public/api/users/forgot-password", {"email": "ghost@example.vn"})
    assert res.status_code == unknown.status_code == 200
    assert res.json()["message"] == unknown.json()["message"]
    assert len(mail.outbox) == 1
    link = link_from_last_mail(r"uid=[\w-]+&token=[\w-]+")
    uid, token = (part.split("=", 1)[1] for part in link.split("&"))

    res = post(
        Client(),
        "/public/api/users/reset-password",
        {"uid": uid, "token": token, "password": "Moi-mat-khau-9", "confirm_password": "x"},
    )
    assert res.status_code == 400 and "confirm_password" in res.json()["errors"]
    res = post(
        Client(),
        "/public/api/users/reset-password",
        {"uid": uid, "token": token, "password": "Moi-mat-khau-9", "confirm_password": "Moi-mat-khau-9"},
    )
    assert res.status_code == 200
    res = post(
        Client(),
        "/public/api/users/reset-password",
        {
            "uid": uid,
            "token": token,
            "password": "Lan-nua-mat-khau-1",
            "confirm_password": "Lan-nua-mat-khau-1",
        },
    )
    assert res.status_code == 400 and res.json()["code"] == "invalid_reset_link"  # the link works once
    res = post(
        Client(), "/public/api/auth/login", {"email": learner.user.email, "password": "Moi-mat-khau-9"}
    )
    assert res.status_code == 200


# --- profiles ----------------------------------------------------------------------------------


def test_switch_profile_refuses_someone_elses_profile(learner, educator_b):
    client = client_for(learner)
    res = post(client, "/api/v1/users/switch-profile", {"profile_id": educator_b.id})
    assert res.status_code == 404 and res.json()["code"] == "profile_not_found"
    assert client.get("/api/v1/auth/is-authorized").json()["data"]["current_profile_id"] == learner.id


def test_my_profiles_filter_by_role(learner, org_a):
    educator = ProfileFactory(user=learner.user, educator=True, organization=org_a)
    res = client_for(learner).get("/api/v1/users/my-profiles?role=EDUCATOR")
    assert [p["id"] for p in res.json()["data"]["profiles"]] == [educator.id]
    assert res.json()["data"]["profiles"][0]["organization"] == {
        "id": org_a.id,
        "name": org_a.name,
        "logo": None,
    }


def test_update_profile_self_and_validation(learner):
    client = client_for(learner)
    res = client.put(
        "/api/v1/users/profile/self",
        {
            "name": "Tên Mới",
            "grade": 11,
            "class_name": "11A2",
            "province_code": "1",
            "date_of_birth": "01/02/2008",
        },
        content_type=J,
    )
    assert res.status_code == 200, res.json()
    user = res.json()["data"]
    assert (
        user["name"],
        user["grade"],
        user["class_name"],
        user["province_code"],
        user["date_of_birth"],
    ) == (
        "Tên Mới",
        11,
        "11A2",
        "1",
        "01/02/2008",
    )
    res = client.put(
        "/api/v1/users/profile/self", {"grade": 13, "alternate_email": "bad", "gender": "x"}, content_type=J
    )
    assert res.status_code == 400
    assert set(res.json()["errors"]) == {"grade", "alternate_email", "gender"}
    learner.refresh_from_db()
    assert learner.grade == 11  # nothing written on error


def test_set_grade(learner):
    client = client_for(learner)
    assert (
        client.put("/api/v1/users/profile/self/grade", {"grade": 12}, content_type=J).json()["data"]["grade"]
        == 12
    )
    res = client.put("/api/v1/users/profile/self/grade", {"grade": None}, content_type=J)
    assert res.status_code == 400 and "grade" in res.json()["errors"]
    res = client.put("/api/v1/users/profile/self/grade", {"grade": "abc"}, content_type=J)
    assert res.status_code == 422 and res.json()["code"] == "validation_error"


def _image_bytes(fmt: str, size=(1200, 800)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (30, 120, 200)).save(buffer, format=fmt)
    return buffer.getvalue()


def _upload(client, name: str, content: bytes, content_type: str = "image/png"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(
        "/api/v1/users/profile/self/upload-photo",
        {"file": SimpleUploadedFile(name, content, content_type=content_type)},
    )


def test_upload_photo_real_image_is_reencoded(
    learner, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(learner)
    res = _upload(client, "me.jpg", _image_bytes("JPEG"), "image/jpeg")
    assert res.status_code == 200, res.json()
    learner.refresh_from_db()
    stored = tmp_path / learner.photo
    assert stored.suffix == ".webp"
    with Image.open(stored) as img:
        assert img.format == "WEBP" and max(img.size) == settings.PROFILE_PHOTO_MAX_SIDE
    assert res.json()["data"]["profileImage"].endswith(".webp")

    # A second upload replaces the first and deletes its file once the change commits (issue 37).
    with django_capture_on_commit_callbacks(execute=True):
        _upload(client, "again.png", _image_bytes("PNG"))
    assert not stored.exists()

    res = client.delete("/api/v1/users/profile/self/remove-photo")
    assert res.status_code == 200 and res.json()["data"]["profileImage"] is None


def test_upload_photo_rejects_renamed_text_and_oversized(learner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(learner)
    _upload(client, "ok.png", _image_bytes("PNG"))
    learner.refresh_from_db()
    kept = learner.photo

    res = _upload(client, "evil.png", b"just some text, not an image" * 10)
    assert res.status_code == 400 and res.json()["code"] == "unsupported_image"

    settings.PROFILE_PHOTO_MAX_BYTES = 10_000
    res = _upload(client, "huge.png", _image_bytes("PNG", (2000, 2000)) + b"\0" * 20_000)
    assert res.status_code == 413 and res.json()["code"] == "image_too_large"

    res = client.post("/api/v1/users/profile/self/upload-photo", {})
    assert res.status_code == 400 and "file" in res.json()["errors"]
    learner.refresh_from_db()
    assert learner.photo == kept and (tmp_path / kept).exists()


def test_profile_list_educators_only_and_own_organization(educator_a, educator_b, org_a, learner):
    mates = [ProfileFactory(organization=org_a, user__name=f"Học sinh {i}") for i in range(3)]
    ProfileFactory(organization=educator_b.organization)  # another tenant's learner
    client = client_for(educator_a)
    res = client.get("/api/v1/users/profile/list?role=LEARNER&order_by=-name&limit=2&page=1")
    assert res.status_code == 200
    data = res.json()["data"]
    assert data["total"] == 3 and data["limit"] == 2 and len(data["items"]) == 2
    assert [row["name"] for row in data["items"]] == sorted((m.user.name for m in mates), reverse=True)[:2]
    res = client.get("/api/v1/users/profile/list?search=" + mates[0].user.email)
    assert {row["id"] for row in res.json()["data"]["items"]} == {mates[0].id}
    assert client.get("/api/v1/users/profile/list?order_by=password").status_code == 400
    res = client_for(learner).get("/api/v1/users/profile/list")
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"


def test_profile_list_constant_queries(educator_a, org_a, django_assert_max_num_queries):
    client = client_for(educator_a)
    for _ in range(15):
        ProfileFactory(organization=org_a, invited_by=educator_a)
    with django_assert_max_num_queries(8):
        res = client.get("/api/v1/users/profile/list?limit=50")
    assert len(res.json()["data"]["items"]) == 16


def test_register_pandai_survey(learner, educator_a):
    res = post(client_for(learner), "/api/v1/users/register-pandai-survey")
    assert res.status_code == 200 and res.json()["data"]["has_pandai_survey_account"] is True
    res = post(client_for(educator_a), "/api/v1/users/register-pandai-survey")
    assert res.status_code == 403 and res.json()["code"] == "learner_only"


# --- invitations -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["educator", "learner"])
def test_invitation_accept_new_account(kind, org_a, educator_a, django_capture_on_commit_callbacks):
    role = kind.upper()
    with django_capture_on_commit_callbacks(execute=True):
        invitation, token = invitation_create(
            organization=org_a, email="invitee@example.vn", role=role, invited_by=educator_a
        )
    assert f"/invitation/{token}" in mail.outbox[-1].body
    client = Client()
    res = post(client, f"/public/api/users/{kind}/check-invitation", {"token": token})
    assert res.status_code == 200
    data = res.json()["data"]
    assert (
        data["email"] == "invitee@example.vn"
        and data["organization"]["id"] == org_a.id
        and data["has_account"] is False
    )
    other = "learner" if kind == "educator" else "educator"
    assert post(client, f"/public/api/users/{other}/check-invitation", {"token": token}).status_code == 400

    res = post(
        client,
        f"/public/api/users/{kind}/register-invited",
        {"token": token, "name": "Người Mới", "password": "Ab-123456789", "confirm_password": "x"},
    )
    assert res.status_code == 400 and "confirm_password" in res.json()["errors"]
    res = post(
        client,
        f"/public/api/users/{kind}/register-invited",
        {
            "token": token,
            "name": "Người Mới",
            "password": "Ab-123456789",
            "confirm_password": "Ab-123456789",
            **{k: SIGNUP[k] for k in ("accept_terms", "terms_version", "privacy_version")},  # issue 24
        },
    )
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["user"]["pandai_profile_role"] == role
    profile = Profile.objects.get(user__email="invitee@example.vn")
    assert profile.organization == org_a and profile.invited_by == educator_a
    invitation.refresh_from_db()
    assert invitation.status == "accepted"
    # The token is used now.
    res = post(Client(), f"/public/api/users/{kind}/check-invitation", {"token": token})
    assert res.status_code == 400 and res.json()["code"] == "invalid_invitation"


def test_invitation_existing_account_needs_its_password(org_a, learner):
    _, token = invitation_create(
        organization=org_a, email=learner.user.email, role="LEARNER", invited_by=None
    )
    res = post(
        Client(), "/public/api/users/learner/register-invited", {"token": token, "password": "wrong-one-1"}
    )
    assert res.status_code == 400 and res.json()["code"] == "invitation_wrong_password"
    res = post(Client(), "/public/api/users/learner/register-invited", {"token": token, "password": PASSWORD})
    assert res.status_code == 200
    assert learner.user.profiles.count() == 2


def test_invitation_reject_and_expired_and_duplicate(org_a):
    _, token = invitation_create(organization=org_a, email="a@example.vn", role="EDUCATOR", invited_by=None)
    res = post(Client(), "/public/api/users/educator/reject-invitation", {"token": token})
    assert res.status_code == 200
    assert (
        post(Client(), "/public/api/users/educator/register-invited", {"token": token}).json()["code"]
        == "invalid_invitation"
    )

    invitation, token = invitation_create(
        organization=org_a, email="b@example.vn", role="EDUCATOR", invited_by=None
    )
    from config.errors import ApplicationError

    with pytest.raises(ApplicationError) as exc:
        invitation_create(organization=org_a, email="B@example.vn", role="EDUCATOR", invited_by=None)
    assert exc.value.code == "already_invited"
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(days=8))
    res = post(Client(), "/public/api/users/educator/check-invitation", {"token": token})
    assert res.status_code == 400 and res.json()["code"] == "invalid_invitation"
    assert post(Client(), "/public/api/users/educator/check-invitation", {"token": "nope"}).status_code == 400
    assert post(Client(), "/public/api/users/teacher/check-invitation", {"token": token}).status_code == 404


def test_provinces_list():
    data = Client().get("/public/api/provinces").json()["data"]
    assert len(data) == 34 and {"code": "79", "name": "Thành phố Hồ Chí Minh"} in data
