"""The CCCD number at rest and on the way out (issue 24, item 6; decision 0023): encrypted in the
column, found through its keyed hash, one account per number, in full to its owner only."""

from __future__ import annotations

import hashlib
import hmac
import importlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from cryptography.fernet import Fernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connection
from django.test import Client

from accounts.cccd import cccd_digest, cccd_masked, cccd_shown
from accounts.models import Profile
from accounts.tests.factories import ProfileFactory
from accounts.tests.test_api import SIGNUP, post
from config.data_keys import data_keys
from conftest import client_for

pytestmark = pytest.mark.django_db

NUMBER = SIGNUP["cccd"]  # "079209001234"
MASKED = "********1234"


def raw_row(profile_id: int) -> tuple[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT cccd, cccd_hash FROM accounts_profile WHERE id = %s", [profile_id])
        return cursor.fetchone()


def register(body: dict, language: str = "vi"):
    return post(Client(), "/public/api/users/register", body, HTTP_ACCEPT_LANGUAGE=language)


# --- at rest ---------------------------------------------------------------------------------


def test_registered_number_is_encrypted_in_the_column_and_decrypts():
    assert register(SIGNUP).status_code == 201
    profile = Profile.objects.get(user__email=SIGNUP["email"])
    column, digest = raw_row(profile.pk)
    assert NUMBER not in column and column.startswith("gAAAAA")  # a Fernet token, not the digits
    assert Fernet(settings.CCCD_KEYS[0]).decrypt(column.encode()).decode() == NUMBER
    expected = hmac.new(settings.CCCD_HASH_KEY.encode(), NUMBER.encode(), hashlib.sha256).hexdigest()
    assert digest == expected and NUMBER not in digest
    assert Profile.objects.get(pk=profile.pk).cccd == NUMBER  # the model reads it in clear


def test_no_number_stays_blank_and_a_change_through_save_rehashes():
    profile = ProfileFactory()
    assert raw_row(profile.pk) == ("", "")
    profile.cccd = NUMBER
    profile.save(update_fields=["cccd"])
    column, digest = raw_row(profile.pk)
    assert column.startswith("gAAAAA") and digest == cccd_digest(NUMBER)
    profile.cccd = ""
    profile.save()
    assert raw_row(profile.pk) == ("", "")


def test_key_rotation_new_key_first_old_still_reads_then_reencrypt(settings):
    old_key = settings.CCCD_KEYS[0]
    profile = ProfileFactory(cccd=NUMBER)
    old_token, _digest = raw_row(profile.pk)
    new_key = Fernet.generate_key().decode()
    settings.CCCD_KEYS = [new_key, old_key]
    assert Profile.objects.get(pk=profile.pk).cccd == NUMBER  # read with the old key
    call_command("cccd_reencrypt", stdout=open("/dev/null", "w"))
    token, digest = raw_row(profile.pk)
    assert token != old_token and Fernet(new_key).decrypt(token.encode()).decode() == NUMBER
    settings.CCCD_KEYS = [new_key]  # the old key can go now
    assert Profile.objects.get(pk=profile.pk).cccd == NUMBER and digest == cccd_digest(NUMBER)
    settings.CCCD_KEYS = [Fernet.generate_key().decode()]  # a key that never wrote it
    with pytest.raises(ImproperlyConfigured, match="cccd_reencrypt"):
        Profile.objects.get(pk=profile.pk)


def test_migration_encrypts_existing_plain_rows_and_reverses():
    migration = importlib.import_module("accounts.migrations.0005_profile_cccd_encrypted")
    profile = ProfileFactory()
    with connection.cursor() as cursor:  # a row as it was before the migration
        cursor.execute(
            "UPDATE accounts_profile SET cccd = %s, cccd_hash = '' WHERE id = %s", [NUMBER, profile.pk]
        )
    editor = SimpleNamespace(connection=connection)
    migration.encrypt_existing(None, editor)
    column, digest = raw_row(profile.pk)
    assert column.startswith("gAAAAA") and digest == cccd_digest(NUMBER)
    assert Profile.objects.get(pk=profile.pk).cccd == NUMBER
    migration.decrypt_existing(None, editor)
    assert raw_row(profile.pk) == (NUMBER, "")


# --- keys from the environment ------------------------------------------------------------------


def test_keys_required_in_production_and_derived_stably_elsewhere():
    with pytest.raises(ImproperlyConfigured, match="CCCD_KEYS and CCCD_HASH_KEY must be set in production"):
        data_keys({}, secret_key="s" * 50, production=True)
    first = data_keys({}, secret_key="s" * 50, production=False)
    assert first == data_keys({}, secret_key="s" * 50, production=False)  # same in every process
    assert first != data_keys({}, secret_key="t" * 50, production=False)
    assert first[0][0] != first[1]  # one label per key
    key = Fernet.generate_key().decode()
    env = {"CCCD_KEYS": f" {key} , {first[0][0]}", "CCCD_HASH_KEY": "h" * 32}
    assert data_keys(env, secret_key="x", production=True) == ([key, first[0][0]], "h" * 32)
    with pytest.raises(ImproperlyConfigured, match="Fernet key"):
        data_keys({"CCCD_KEYS": "not-a-key", "CCCD_HASH_KEY": "h" * 32}, secret_key="x", production=True)
    with pytest.raises(ImproperlyConfigured, match="at least 32 characters"):
        data_keys({"CCCD_KEYS": key, "CCCD_HASH_KEY": "short"}, secret_key="x", production=True)


# --- one account per number, through the hash ----------------------------------------------------


def test_a_number_registered_to_another_account_creates_nothing():
    """One account per number; the caller is not told (issue 38 item 5: the answer is a fresh
    registration's, the owner is mailed; accounts/tests/test_registration_tells_nothing.py)."""
    assert register(SIGNUP).status_code == 201
    res = register({**SIGNUP, "email": "someone.else@example.vn"}, "en")
    assert res.status_code == 201, res.json()
    assert not Profile.objects.filter(user__email="someone.else@example.vn").exists()
    assert Profile.objects.filter(cccd_hash=cccd_digest(NUMBER)).count() == 1
    assert register({**SIGNUP, "email": "third@example.vn", "cccd": "079209005678"}).status_code == 201
    assert Profile.objects.filter(user__email="third@example.vn").exists()


def test_validation_of_twelve_digits_is_unchanged():
    for language, text in (
        ("vi", "Số CCCD phải gồm đúng 12 chữ số."),
        ("en", "The CCCD number must be exactly 12 digits."),
    ):
        res = register({**SIGNUP, "cccd": "07920900123"}, language)
        assert res.status_code == 400 and res.json()["errors"]["cccd"] == [text]


# --- shown: in full to the owner, masked to anyone else ------------------------------------------


def test_mask_keeps_the_last_four_digits():
    assert cccd_masked(NUMBER) == MASKED and cccd_masked("") == ""
    profile = ProfileFactory(cccd=NUMBER)
    assert cccd_shown(profile, viewer_user_id=profile.user_id) == NUMBER
    assert cccd_shown(profile, viewer_user_id=profile.user_id + 1) == MASKED
    assert cccd_shown(profile, viewer_user_id=None) == MASKED


def test_owner_reads_the_full_number_an_organization_admin_the_masked_one(org_a, educator_a):
    learner = ProfileFactory(organization=org_a, cccd=NUMBER)
    mine = client_for(learner).get("/api/v1/auth/is-authorized").json()["data"]["user"]
    assert mine["cccd"] == NUMBER
    activity = client_for(educator_a).get(f"/api/v1/organization/members/{learner.pk}/activity")
    assert activity.status_code == 200 and activity.json()["data"]["cccd"] == MASKED


def test_superadmin_sees_the_masked_number_in_django_admin(admin_client):
    profile = ProfileFactory(cccd=NUMBER)
    page = admin_client.get(f"/admin/accounts/profile/{profile.pk}/change/").content.decode()
    assert MASKED in page and NUMBER not in page


# Every response schema of both OpenAPI documents with a field named like "cccd": who reads it.
OWNER_ONLY = {"CurrentUserOut"}  # the session's own profile
MASKED_FOR_OTHERS = {"LearnerActivityOut"}  # an organization admin reading a learner


def test_every_api_answer_with_a_cccd_is_known_and_tested():
    from config.api import api, public_api

    found = set()
    for ninja_api in (api, public_api):
        schemas = ninja_api.get_openapi_schema()["components"]["schemas"]
        for name, schema in schemas.items():
            if any("cccd" in prop.lower() for prop in schema.get("properties", {})) and not name.endswith(
                "In"
            ):
                found.add(name)
    assert found == OWNER_ONLY | MASKED_FOR_OTHERS, (
        "a new answer carries the CCCD: show it with accounts.cccd.cccd_shown and add it here with a test"
    )


# Every module of the back end that reads or writes a CCCD (exports, PDFs and imports included):
# a new one must show it through accounts.cccd.cccd_shown and be added here after review.
CCCD_MODULES = {
    "accounts/admin.py": "SuperAdmin: masked",
    "accounts/api.py": "signup docstring",
    "accounts/cccd.py": "the field, the hash and the one rule",
    "accounts/error_codes.py": "cccd_birth_mismatch (issue 37, item 5): a code, no number",
    "accounts/services/profiles.py": "a new date of birth checked against the owner's own number; never shown",
    "accounts/models.py": "the column",
    "accounts/schemas.py": "RegisterIn (in), CurrentUserOut (owner)",
    "accounts/selectors.py": "current_user: the owner's own",
    "accounts/services/cccd.py": "re-encryption",
    "accounts/services/checks.py": "12 digits",
    "accounts/services/registration.py": "signup and uniqueness",
    "config/data_keys.py": "the keys",
    "config/fields.py": "a docstring",
    "config/joined.py": "a docstring: its rows decrypt the field as the ORM does (from_db_value)",
    "config/settings.py": "the keys",
    "data_requests/personal_data.py": "the owner's own export (in full); deletion clears it through save()",
    "people/api.py": "activity docstring",
    "people/schemas.py": "LearnerActivityOut (masked)",
    "people/selectors.py": "learner_activity: masked",
    "people/services.py": "a removed learner's details copied to the same user's own profile",
    "privacy/registry.py": "the measure's name (issue 37, item 7): no number",
    "privacy/record.py": "the measure's text in the record of processing: no number",
}


def test_every_module_touching_the_cccd_is_reviewed():
    root = Path(settings.PLATFORM_DIR)
    found = {
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "/tests/" not in str(path)
        and "/migrations/" not in str(path)
        and "cccd" in path.read_text().lower()
    }
    found.discard("accounts/management/commands/cccd_reencrypt.py")
    assert found - set(CCCD_MODULES) == set(), "review how these show the CCCD (accounts.cccd.cccd_shown)"
    assert {"accounts/selectors.py", "people/selectors.py", "accounts/admin.py"} <= found


def test_no_response_carries_the_number_to_another_user(org_a, educator_a):
    """The number appears in no answer an admin gets about the learner (lists included)."""
    learner = ProfileFactory(organization=org_a, cccd=NUMBER)
    admin = client_for(educator_a)
    for url in (
        "/api/v1/users/profile/list?pandai_profile_role=LEARNER",
        f"/api/v1/organization/members/{learner.pk}/activity",
        f"/api/v1/organization/members/{learner.pk}/events",
    ):
        res = admin.get(url)
        assert res.status_code == 200, (url, res.json())
        assert NUMBER not in json.dumps(res.json()), url
    assert re.search(
        r"\*{8}1234", json.dumps(admin.get(f"/api/v1/organization/members/{learner.pk}/activity").json())
    )
