"""The twins of the consent facts (issue 35, item 2): the gate reads its facts in one statement
(``consent.statements.gate_facts``, issue 23); the learner's state reads them with the ORM
(``consent.rules.consent_facts``). Both must give the same verdict in
every state a learner can be in, so the banner and the refusal never disagree (decision 0021)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Profile
from accounts.tests.factories import ProfileFactory
from config import dates
from consent.models import Consent, NoticeVersion
from consent.rules import consent_facts
from consent.selectors import consent_verdict
from consent.statements import gate_facts
from consent.tests.factories import consent_given, notices_in_force

pytestmark = pytest.mark.django_db

ADULT, CHILD = date(2000, 1, 1), date(2014, 6, 1)


def verdict_code(facts) -> str | None:
    verdict = consent_verdict(facts)
    return verdict.code if verdict else None


def both(user_id: int) -> tuple[str | None, str | None]:
    """(the gate's verdict, the learner's state's verdict)."""
    return verdict_code(gate_facts(user_id)), verdict_code(consent_facts(user_id))


def learner(born: date | None) -> Profile:
    return ProfileFactory(date_of_birth=born)


def test_the_gate_and_the_learners_state_agree_in_every_state(org_a):
    adult = learner(ADULT)  # ProfileFactory gives the learner's own consent to the notices in force
    assert both(adult.user_id) == (None, None)

    Consent.objects.filter(user=adult.user).update(withdrawn_at=timezone.now())
    assert both(adult.user_id) == ("consent_required", "consent_required")
    facts = gate_facts(adult.user_id)
    assert (facts.withdrawn_own, facts.own) == (True, None)
    consent_given(adult.user)
    assert both(adult.user_id) == (None, None)

    unknown = learner(None)
    consent_given(unknown.user)
    assert both(unknown.user_id) == ("date_of_birth_required", "date_of_birth_required")

    child = learner(CHILD)
    consent_given(child.user)
    assert both(child.user_id) == ("parental_consent_required", "parental_consent_required")
    parent = consent_given(child.user, subject="parent", source="email_link")
    assert both(child.user_id) == (None, None)
    parent.withdrawn_at = timezone.now()
    parent.save()
    assert both(child.user_id) == ("parental_consent_required", "parental_consent_required")
    assert gate_facts(child.user_id).withdrawn_parent is True

    # the youngest of the learner's dates of birth counts: an adult's second profile says 2014
    ProfileFactory(user=adult.user, organization=org_a, date_of_birth=CHILD)
    assert gate_facts(adult.user_id).born == consent_facts(adult.user_id).born == CHILD

    # a new privacy notice in force tomorrow changes nothing today, and asks again once in force
    other = learner(ADULT)
    NoticeVersion.objects.create(
        kind="privacy", version="2.1", effective_on=dates.today() + timedelta(days=1)
    )
    assert both(other.user_id) == (None, None)
    NoticeVersion.objects.filter(version="2.1").update(effective_on=dates.today())
    assert both(other.user_id) == ("consent_required", "consent_required")
    assert gate_facts(other.user_id).withdrawn_own is False  # a new version, not a withdrawal


def test_the_gate_is_one_statement_with_no_search_path_of_its_own():
    adult = learner(ADULT)
    terms, privacy = notices_in_force()
    with CaptureQueriesContext(connection) as queries:
        facts = gate_facts(adult.user_id)
    assert (facts.born, facts.band) == (ADULT, "adult")
    assert (facts.own.terms_version_id, facts.own.privacy_version_id) == (terms.pk, privacy.pk)
    assert (facts.current["terms"].pk, facts.current["privacy"].pk) == (terms.pk, privacy.pk)
    assert len(queries.captured_queries) == 1
    assert '"public"."consent_consent"' in queries.captured_queries[0]["sql"]


def test_the_twins_agree_on_consents_to_an_earlier_version(org_a):
    """Decision 0048: a consent is to a version. The learner's own or the parent's consent given
    for version 1.0 no longer opens the gate once 2.0 is in force; both twins say so, and say it
    is a new version (not a withdrawal), then agree again once each consents to 2.0."""
    from consent.selectors import parent_outdated, standing

    own_earlier = learner(ADULT)
    Consent.objects.filter(user=own_earlier.user).delete()
    consent_given(own_earlier.user, earlier=True)
    assert both(own_earlier.user_id) == ("consent_required", "consent_required")
    facts = gate_facts(own_earlier.user_id)
    assert facts.own is not None and facts.withdrawn_own is False
    assert standing(consent_facts(own_earlier.user_id), consent_verdict(facts)) == "renewal"
    consent_given(own_earlier.user)
    assert both(own_earlier.user_id) == (None, None)

    child = learner(CHILD)  # their own consent to 2.0 (ProfileFactory)
    consent_given(child.user, subject="parent", source="paper", earlier=True)
    assert both(child.user_id) == ("parental_consent_required", "parental_consent_required")
    for facts in (gate_facts(child.user_id), consent_facts(child.user_id)):
        assert parent_outdated(facts) is True and facts.withdrawn_parent is False
    assert standing(consent_facts(child.user_id), consent_verdict(gate_facts(child.user_id))) == "renewal"
    renewed = consent_given(child.user, subject="parent", source="parent_link")
    assert both(child.user_id) == (None, None)
    assert parent_outdated(gate_facts(child.user_id)) is False

    # The renewed consent withdrawn, the earlier one still recorded: refused either way.
    renewed.withdrawn_at = timezone.now()
    renewed.save()
    assert both(child.user_id) == ("parental_consent_required", "parental_consent_required")
    Consent.objects.filter(user=child.user, subject="parent").update(withdrawn_at=timezone.now())
    assert gate_facts(child.user_id).withdrawn_parent is consent_facts(child.user_id).withdrawn_parent is True

    # Many at once read the same facts as one by one (the organization's roster).
    from consent.rules import consent_facts_many

    many = consent_facts_many([own_earlier.user_id, child.user_id])
    assert verdict_code(many[child.user_id]) == "parental_consent_required"
    assert many[own_earlier.user_id] == consent_facts(own_earlier.user_id)
