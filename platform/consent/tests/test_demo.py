"""The demo consents of seed_demo (issue 24, item 1, and issue 37, item 2, "Done when"): the roster
with paper consents, a 14-year-old waiting for her parent, every demo learner able to buy but
hocsinh01, who consented with her parent under the notices' earlier version and is asked again;
running it twice changes nothing."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.tests.factories import ProfileFactory, UserFactory
from config.errors import ApplicationError
from consent.demo import (
    RENEWAL_EMAIL,
    WAITING_EMAIL,
    WAITING_PARENT,
    seed_demo_consents,
    seed_demo_roster_consents,
    seed_demo_waiting_learner,
)
from consent.gate import consent_gate
from consent.models import Consent, ParentRequest
from consent.selectors import consent_state
from consent.services import NOTICE_VERSION

pytestmark = pytest.mark.django_db


def test_demo_consents(org_a, educator_a, django_capture_on_commit_callbacks):
    pupils = [ProfileFactory(organization=org_a, date_of_birth=None, consented=False) for _ in range(3)]
    renewal = ProfileFactory(
        organization=org_a, user=UserFactory(email=RENEWAL_EMAIL), date_of_birth=None, consented=False
    )
    buyer = ProfileFactory(user=UserFactory(email="learner@demo.vn"), consented=False)
    assert seed_demo_consents(emails=["learner@demo.vn", "nobody@demo.vn"]) == 1
    assert seed_demo_roster_consents(organization=org_a, admin=educator_a) == 4
    with django_capture_on_commit_callbacks(execute=True):
        waiting = seed_demo_waiting_learner(password="Demo@12345")
    for learner in [*pupils, buyer]:
        learner.refresh_from_db()
        consent_gate(learner)  # may buy and take tests
    paper = Consent.objects.get(user=pupils[0].user, subject="parent")
    assert (paper.source, paper.recorded_by, paper.organization) == ("paper", educator_a, org_a)
    assert paper.terms_version.version == NOTICE_VERSION == "2.0"
    assert pupils[0].date_of_birth.year == 2011

    # hocsinh01 (15): her own and her parent's paper consent are to version 1.0; asked again.
    renewal.refresh_from_db()
    assert sorted(
        Consent.objects.filter(user=renewal.user).values_list("subject", "source", "terms_version__version")
    ) == [("learner", "signup", "1.0"), ("parent", "paper", "1.0")]
    state = consent_state(profile=renewal)
    assert (state["age_band"], state["prompt"], state["parent_outdated"]) == (
        "child",
        ["terms", "parent_email"],
        True,
    )
    with pytest.raises(ApplicationError) as refused:
        consent_gate(renewal)
    assert refused.value.code == "consent_required"

    profile = waiting.profiles.get()
    state = consent_state(profile=profile)
    assert state["age_band"] == "child" and state["blocked"]["code"] == "parental_consent_required"
    assert state["request"]["status"] == "pending" and state["request"]["parent_email"] == WAITING_PARENT
    assert mail.outbox[-1].to == [WAITING_PARENT] and "/parental-consent/" in mail.outbox[-1].body
    assert waiting.check_password("Demo@12345") and waiting.email == WAITING_EMAIL

    # Twice: nothing new.
    assert seed_demo_consents(emails=["learner@demo.vn"]) == 0
    assert seed_demo_roster_consents(organization=org_a, admin=educator_a) == 0
    assert Consent.objects.filter(user=renewal.user).count() == 2
    seed_demo_waiting_learner(password="Demo@12345")
    assert ParentRequest.objects.filter(user=waiting).count() == 1
    assert Consent.objects.filter(user=waiting).count() == 1
