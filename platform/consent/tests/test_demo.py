"""The demo consents of seed_demo (issue 24, item 1, "Done when"): the roster with paper consents,
a 14-year-old waiting for her parent, every demo learner able to buy; running it twice changes
nothing."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.tests.factories import ProfileFactory, UserFactory
from consent.demo import (
    WAITING_EMAIL,
    WAITING_PARENT,
    seed_demo_consents,
    seed_demo_roster_consents,
    seed_demo_waiting_learner,
)
from consent.gate import consent_gate
from consent.models import Consent, ParentRequest
from consent.selectors import consent_state

pytestmark = pytest.mark.django_db


def test_demo_consents(org_a, educator_a, django_capture_on_commit_callbacks):
    pupils = [ProfileFactory(organization=org_a, date_of_birth=None, consented=False) for _ in range(3)]
    buyer = ProfileFactory(user=UserFactory(email="learner@demo.vn"), consented=False)
    assert seed_demo_consents(emails=["learner@demo.vn", "nobody@demo.vn"]) == 1
    assert seed_demo_roster_consents(organization=org_a, admin=educator_a) == 3
    with django_capture_on_commit_callbacks(execute=True):
        waiting = seed_demo_waiting_learner(password="Demo@12345")
    for learner in [*pupils, buyer]:
        learner.refresh_from_db()
        consent_gate(learner)  # may buy and take tests
    paper = Consent.objects.get(user=pupils[0].user, subject="parent")
    assert (paper.source, paper.recorded_by, paper.organization) == ("paper", educator_a, org_a)
    assert pupils[0].date_of_birth.year == 2011

    profile = waiting.profiles.get()
    state = consent_state(profile=profile)
    assert state["age_band"] == "child" and state["blocked"]["code"] == "parental_consent_required"
    assert state["request"]["status"] == "pending" and state["request"]["parent_email"] == WAITING_PARENT
    assert mail.outbox[-1].to == [WAITING_PARENT] and "/parental-consent/" in mail.outbox[-1].body
    assert waiting.check_password("Demo@12345") and waiting.email == WAITING_EMAIL

    # Twice: nothing new.
    assert seed_demo_consents(emails=["learner@demo.vn"]) == 0
    assert seed_demo_roster_consents(organization=org_a, admin=educator_a) == 0
    seed_demo_waiting_learner(password="Demo@12345")
    assert ParentRequest.objects.filter(user=waiting).count() == 1
    assert Consent.objects.filter(user=waiting).count() == 1
