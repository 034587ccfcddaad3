"""Consents in "Download my data" and in the account's deletion (issue 24, items 1 and 5)."""

from __future__ import annotations

from datetime import date

import pytest

from accounts.tests.factories import ProfileFactory
from consent.models import Consent, ConsentEvent, ParentRequest
from consent.personal_data import ConsentsSource
from consent.services import NOTICE_VERSION, parent_request_send
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

    summary = ConsentsSource().erase(person, lambda text: text)
    assert summary == {"consents_anonymized": 1, "parent_requests": 1, "consent_events": 1}
    kept = Consent.objects.get(user=child.user)
    assert kept.ip is None and kept.terms_version.version == NOTICE_VERSION
    assert not ParentRequest.objects.filter(user=child.user).exists()
    assert not ConsentEvent.objects.filter(user=child.user).exists()
