"""Test banks (spec sections 3 and 5; issue 19): a name is required, only the creator renames or
deletes one, presets go in and out, and the preset list filters by bank."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import TestPreset
from config.errors import CommonErrorCode
from conftest import client_for

pytestmark = pytest.mark.django_db

J = "application/json"


@pytest.fixture
def as_colleague_a(org_a):
    return client_for(ProfileFactory(educator=True, organization=org_a))


def post(client, url, body=None):
    return client.post(url, body or {}, content_type=J)


def put(client, url, body=None):
    return client.put(url, body or {}, content_type=J)


def make_presets(org, *names: str) -> list[int]:
    with schema_context(org.schema_name):
        return [TestPreset.objects.create(name=name, created_by_profile_id=1).pk for name in names]


def make_test_bank(client, name="Đề thi HK1") -> dict:
    res = post(client, "/api/v1/test-banks", {"name": name})
    assert res.status_code == 201, res.json()
    return res.json()["data"]


def test_a_name_is_required_to_create_and_to_rename(as_educator_a):
    for name in ("", "   "):
        res = post(as_educator_a, "/api/v1/test-banks", {"name": name})
        assert res.status_code == 400 and res.json()["code"] == CommonErrorCode.VALIDATION_ERROR
        assert list(res.json()["errors"]) == ["name"]
    bank = make_test_bank(as_educator_a)
    res = put(as_educator_a, f"/api/v1/test-banks/{bank['id']}", {"name": "  "})
    assert res.status_code == 400 and res.json()["code"] == CommonErrorCode.VALIDATION_ERROR
    assert list(res.json()["errors"]) == ["name"]
    assert as_educator_a.get(f"/api/v1/test-banks/{bank['id']}").json()["data"]["name"] == "Đề thi HK1"


def test_only_the_creator_renames_or_deletes(as_educator_a, as_colleague_a):
    bank = make_test_bank(as_educator_a)
    res = put(as_colleague_a, f"/api/v1/test-banks/{bank['id']}", {"name": "Của tôi"})
    assert res.status_code == 403 and res.json()["code"] == Code.NOT_CREATOR
    res = as_colleague_a.delete(f"/api/v1/test-banks/{bank['id']}")
    assert res.status_code == 403 and res.json()["code"] == Code.NOT_CREATOR
    renamed = put(as_educator_a, f"/api/v1/test-banks/{bank['id']}", {"name": "Đề thi HK2"}).json()["data"]
    assert renamed["name"] == "Đề thi HK2"
    assert as_educator_a.delete(f"/api/v1/test-banks/{bank['id']}").status_code == 200
    assert as_educator_a.get(f"/api/v1/test-banks/{bank['id']}").status_code == 404


def test_presets_go_in_and_out_and_the_list_filters_by_bank(org_a, as_educator_a, as_colleague_a):
    algebra, geometry, english = make_presets(org_a, "Đại số 9", "Hình học 9", "Tiếng Anh 9")
    bank = make_test_bank(as_educator_a)
    other = make_test_bank(as_educator_a, "Đề thi thử")
    url = f"/api/v1/test-banks/{bank['id']}/presets"
    # Any educator of the organization fills a bank; adding twice keeps one.
    res = post(as_colleague_a, url, {"add": [algebra, geometry, algebra]})
    assert res.status_code == 200 and res.json()["data"]["preset_count"] == 2
    post(as_educator_a, f"/api/v1/test-banks/{other['id']}/presets", {"add": [algebra]})

    rows = as_educator_a.get(f"/api/v1/test-presets?test_bank_id={bank['id']}").json()["data"]
    assert {r["id"] for r in rows["items"]} == {algebra, geometry} and rows["total"] == 2
    by_id = {r["id"]: r for r in as_educator_a.get("/api/v1/test-presets").json()["data"]["items"]}
    assert by_id[algebra]["test_bank_ids"] == sorted([bank["id"], other["id"]])
    assert by_id[english]["test_bank_ids"] == []

    res = post(as_educator_a, url, {"remove": [algebra, english]})
    assert res.json()["data"]["preset_count"] == 1
    listed = as_educator_a.get("/api/v1/test-banks").json()["data"]["items"]
    assert {b["name"]: b["preset_count"] for b in listed} == {"Đề thi HK1": 1, "Đề thi thử": 1}

    # An unknown preset: 404 and nothing changes.
    res = post(as_educator_a, url, {"add": [english, 999_999]})
    assert res.status_code == 404 and res.json()["code"] == CommonErrorCode.NOT_FOUND
    assert as_educator_a.get(f"/api/v1/test-banks/{bank['id']}").json()["data"]["preset_count"] == 1

    # Deleting the bank leaves its presets.
    as_educator_a.delete(f"/api/v1/test-banks/{bank['id']}")
    assert as_educator_a.get(f"/api/v1/test-presets/{geometry}").status_code == 200


def test_another_organization_sees_none_of_it(org_a, as_educator_a, educator_b):
    (preset,) = make_presets(org_a, "Đại số 9")
    bank = make_test_bank(as_educator_a)
    other = client_for(educator_b)
    assert other.get("/api/v1/test-banks").json()["data"]["total"] == 0
    assert other.get(f"/api/v1/test-banks/{bank['id']}").status_code == 404
    assert post(other, f"/api/v1/test-banks/{bank['id']}/presets", {"add": [preset]}).status_code == 404
    assert other.get(f"/api/v1/test-presets?test_bank_id={bank['id']}").json()["data"]["total"] == 0
    # Their own bank cannot take A's preset: the id is unknown in their schema.
    theirs = make_test_bank(other, "B")
    assert post(other, f"/api/v1/test-banks/{theirs['id']}/presets", {"add": [preset]}).status_code == 404


def test_lists_answer_in_constant_queries(org_a, as_educator_a, django_assert_max_num_queries):
    presets = make_presets(org_a, *(f"Đề {i}" for i in range(8)))
    for i in range(6):
        bank = make_test_bank(as_educator_a, f"Ngân hàng {i}")
        post(as_educator_a, f"/api/v1/test-banks/{bank['id']}/presets", {"add": presets[i:]})
    for url in ["/api/v1/test-banks?limit=50", f"/api/v1/test-presets?limit=50&test_bank_id={bank['id']}"]:
        with django_assert_max_num_queries(6):
            assert as_educator_a.get(url).status_code == 200
