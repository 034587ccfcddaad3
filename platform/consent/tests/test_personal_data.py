"""Consents in "Download my data" and in the account's deletion (issue 24, items 1 and 5)."""

from __future__ import annotations

from datetime import date

import pytest

from accounts.tests.factories import ProfileFactory
from consent.models import BirthDateChange, Consent, ConsentEvent, ParentRequest
from consent.personal_data import ConsentsSource
from consent.services import NOTICE_VERSION, parent_request_send
from consent.tests.factories import consent_given
from data_requests.sources import person_for, sources

pytestmark = pytest.mark.django_db


def test_consents_are_exported_then_anonymized():
    assert "consents" in [s.name for s in sources()]
    child = ProfileFactory(date_of_birth=date(2011, 6, 1))
    Consent.objects.filter(user=child.user).update(ip="192.0.2.1")
    parent_request_send(user=child.user, parent_email="me@example.vn", ip="192.0.2.1")
    person = person_for(child.user)
    (part,) = ConsentsSource().export(person)
    assert part.path == "consents.json"
    (own,) = part.data["consents"]
    assert (own["subject"], own["terms_version"], own["ip"]) == ("learner", NOTICE_VERSION, "192.0.2.1")
    assert own["given_at"].endswith("+07:00")
    assert part.data["parent_requests"][0]["parent_email"] == "me@example.vn"
    assert [e["kind"] for e in part.data["history"]] == ["parent_mailed"]
    assert part.data["birth_date_changes"] == []

    # issue 37, item 5: the parent's confirmed date of birth and a held change are the child's data
    consent_given(
        child.user,
        subject="parent",
        source="parent_link",
        relationship="parent",
        child_birth_date=date(2011, 6, 1),
    )
    BirthDateChange.objects.create(
        user=child.user,
        profile=child,
        previous=date(2011, 6, 1),
        requested=date(2000, 1, 1),
        confirmer="parent",
        parent_email="me@example.vn",
    )
    (part,) = ConsentsSource().export(person)
    parent = next(c for c in part.data["consents"] if c["subject"] == "parent")
    assert (parent["relationship"], parent["child_birth_date"]) == ("parent", "2011-06-01")
    (change,) = part.data["birth_date_changes"]
    assert (change["previous"], change["requested"], change["status"]) == (
        "2011-06-01",
        "2000-01-01",
        "pending",
    )

    summary = ConsentsSource().erase(person, lambda text: text)
    assert summary == {
        "consents_anonymized": 2,
        "parent_requests": 1,
        "birth_date_changes": 1,
        "consent_events": 1,
    }
    assert Consent.objects.get(user=child.user, subject="parent").child_birth_date is None
    assert not BirthDateChange.objects.filter(user=child.user).exists()
    kept = Consent.objects.get(user=child.user, subject="learner")
    assert kept.ip is None and kept.terms_version.version == NOTICE_VERSION
    assert not ParentRequest.objects.filter(user=child.user).exists()
    assert not ConsentEvent.objects.filter(user=child.user).exists()
