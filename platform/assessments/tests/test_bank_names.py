"""A question bank's name is unique in its place (issue 38 item 6, decision 0052): in one
organization, two banks with the same parent (or both at the top level) cannot share a name,
compared without case and extra whitespace. Refused with 409 ``bank_name_taken`` and the
message under ``name``; the database refuses it too, so two simultaneous creates cannot both
pass."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import QuestionBank
from conftest import client_for

pytestmark = pytest.mark.django_db

J = "application/json"
TAKEN_VI = "Đã có một ngân hàng câu hỏi tên này ở đây."
TAKEN_EN = "A question bank with this name already exists here."


def create(client, name, parent_id=None, lang="vi"):
    return client.post(
        "/api/v1/question-banks",
        {"name": name, "parent_id": parent_id},
        content_type=J,
        headers={"accept-language": lang},
    )


def update(client, bank_id, body, lang="vi"):
    return client.put(
        f"/api/v1/question-banks/{bank_id}", body, content_type=J, headers={"accept-language": lang}
    )


def names_at(client, parent_id=None):
    url = "/api/v1/question-banks" + (f"?parent_id={parent_id}" if parent_id else "")
    return sorted(row["name"] for row in client.get(url).json()["data"]["items"])


def test_a_second_bank_with_the_same_name_at_the_top_level_is_refused(as_educator_a):
    assert create(as_educator_a, "Toán 9").status_code == 201
    res = create(as_educator_a, "Toán 9")
    assert res.status_code == 409
    assert res.json()["code"] == "bank_name_taken"
    assert res.json()["errors"] == {"name": [TAKEN_VI]}
    assert names_at(as_educator_a) == ["Toán 9"]


def test_the_compare_ignores_case_and_extra_whitespace_and_answers_in_english(as_educator_a):
    assert create(as_educator_a, "Toán 9").status_code == 201
    for variant in ("toán 9", "  TOÁN   9 ", "Toán\t9"):
        res = create(as_educator_a, variant, lang="en")
        assert res.status_code == 409, variant
        assert res.json()["errors"] == {"name": [TAKEN_EN]}
        assert res.json()["message"] == TAKEN_EN
    assert names_at(as_educator_a) == ["Toán 9"]


def test_a_decomposed_spelling_is_the_same_name(as_educator_a):
    """Vietnamese keyboards may send "á" as "a" + a combining acute: the same name to a reader."""
    assert create(as_educator_a, "Toán 9").status_code == 201
    assert create(as_educator_a, "To\u0061\u0301n 9").status_code == 409


def test_diacritics_make_a_different_name(as_educator_a):
    assert create(as_educator_a, "Toán 9").status_code == 201
    assert create(as_educator_a, "Toan 9").status_code == 201
    assert names_at(as_educator_a) == ["Toan 9", "Toán 9"]


def test_the_same_name_in_another_folder_is_allowed(as_educator_a):
    top = create(as_educator_a, "Toán 9").json()["data"]
    other = create(as_educator_a, "Vật lý 9").json()["data"]
    assert create(as_educator_a, "Chương 1", top["id"]).status_code == 201
    assert create(as_educator_a, "Chương 1", other["id"]).status_code == 201
    res = create(as_educator_a, "chương 1", top["id"])
    assert res.status_code == 409 and res.json()["code"] == "bank_name_taken"
    # a folder may carry its parent's name: it is not in the same place
    assert create(as_educator_a, "Toán 9", top["id"]).status_code == 201
    assert names_at(as_educator_a, top["id"]) == ["Chương 1", "Toán 9"]


def test_a_colleagues_bank_counts_too(as_educator_a, org_a):
    """The place is the organization's, not the author's: a colleague's bank holds the name."""
    assert create(as_educator_a, "Toán 9").status_code == 201
    colleague = client_for(ProfileFactory(educator=True, organization=org_a))
    res = create(colleague, "Toán 9")
    assert res.status_code == 409 and res.json()["code"] == "bank_name_taken"


def test_another_organization_may_use_the_name(as_educator_a, educator_b):
    assert create(as_educator_a, "Toán 9").status_code == 201
    assert create(client_for(educator_b), "Toán 9").status_code == 201


def test_rename_to_an_existing_name_is_refused_and_changes_nothing(as_educator_a):
    create(as_educator_a, "Toán 9")
    second = create(as_educator_a, "Vật lý 9").json()["data"]
    res = update(as_educator_a, second["id"], {"name": " TOÁN 9"}, lang="en")
    assert res.status_code == 409
    assert res.json()["code"] == "bank_name_taken"
    assert res.json()["errors"] == {"name": [TAKEN_EN]}
    assert names_at(as_educator_a) == ["Toán 9", "Vật lý 9"]
    # its own name in another case is a rename, not a clash
    res = update(as_educator_a, second["id"], {"name": "VẬT LÝ 9"})
    assert res.status_code == 200 and res.json()["data"]["name"] == "VẬT LÝ 9"


def test_moving_into_a_folder_with_that_name_is_refused(as_educator_a):
    top = create(as_educator_a, "Toán 9").json()["data"]
    create(as_educator_a, "Chương 1", top["id"])
    loose = create(as_educator_a, "chương 1").json()["data"]
    res = update(as_educator_a, loose["id"], {"move": True, "parent_id": top["id"]})
    assert res.status_code == 409 and res.json()["code"] == "bank_name_taken"
    assert res.json()["errors"] == {"name": [TAKEN_VI]}
    assert names_at(as_educator_a, top["id"]) == ["Chương 1"]


def test_the_database_refuses_a_duplicate_the_check_did_not_see(educator_a):
    """Two simultaneous creates both pass the check; the unique index stops the second."""
    from tenants.services import _schema_name_for

    with schema_context(_schema_name_for("org-a")):
        QuestionBank.objects.create(name="Toán 9", created_by_profile_id=educator_a.pk)
        with pytest.raises(IntegrityError), transaction.atomic():
            QuestionBank.objects.create(name=" toán  9", created_by_profile_id=educator_a.pk)
        parent = QuestionBank.objects.create(name="Hình học", created_by_profile_id=educator_a.pk)
        QuestionBank.objects.create(name="Chương 1", parent=parent, created_by_profile_id=educator_a.pk)
        with pytest.raises(IntegrityError), transaction.atomic():
            QuestionBank.objects.create(name="CHƯƠNG 1", parent=parent, created_by_profile_id=educator_a.pk)


def test_a_lost_race_answers_the_field_error_not_a_500(as_educator_a, monkeypatch):
    """When the check runs before the other create commits, the index's refusal becomes the same
    409 (not a 500)."""
    from assessments.services import banks

    assert create(as_educator_a, "Toán 9").status_code == 201
    monkeypatch.setattr(banks, "_name_taken", lambda **kwargs: False)
    res = create(as_educator_a, "Toán 9", lang="en")
    assert res.status_code == 409
    assert res.json()["code"] == "bank_name_taken"
    assert res.json()["errors"] == {"name": [TAKEN_EN]}
