"""The consent facts in one statement (issue 35, item 2: each fast rule beside its twin): the gate
(``consent.gate.consent_gate``) reads the ``Facts`` of ``consent.rules`` in one SQL statement with
no ``SET search_path`` before it (a start of 2,000 learners at once, issue 23).

Its twin is ``consent.rules.consent_facts`` (the ORM, 4 queries); ``consent/tests/test_twins.py``
holds them equal, state by state. The statement repeats the rules of ``notices_current`` and
``consent_facts_many``: change them together. Since decision 0048 it reads the versions of the
parent's consent too, so that one given for an earlier notice no longer opens the gate.
"""

from __future__ import annotations

import functools

from accounts.models import Profile
from config import dates
from consent.models import Consent, NoticeVersion
from consent.rules import Facts, age_band

Kind = NoticeVersion.Kind


@functools.cache
def _gate_sql() -> str:
    """``gate_facts``' statement, every table named with its schema (``tenants.scope
    .public_table``), with the rules of ``notices_current`` (per kind, the latest version in
    force on ``day``), ``consent_facts_many`` (of each subject the latest consent not withdrawn
    with its versions, and whether any was given; the latest date of birth of the learner
    profiles)."""
    from tenants.scope import public_table

    notice, consent, profile = (public_table(m._meta.db_table) for m in (NoticeVersion, Consent, Profile))
    return f"""
SELECT
    (SELECT id FROM {notice} WHERE kind = %(terms)s AND effective_on <= %(day)s
        ORDER BY effective_on DESC, id DESC LIMIT 1),
    (SELECT id FROM {notice} WHERE kind = %(privacy)s AND effective_on <= %(day)s
        ORDER BY effective_on DESC, id DESC LIMIT 1),
    own.terms_version_id, own.privacy_version_id,
    EXISTS (SELECT 1 FROM {consent} WHERE user_id = %(user)s AND subject = %(learner)s),
    parent.terms_version_id, parent.privacy_version_id,
    EXISTS (SELECT 1 FROM {consent} WHERE user_id = %(user)s AND subject = %(parent)s),
    (SELECT max(date_of_birth) FROM {profile} WHERE user_id = %(user)s AND pandai_profile_role = %(role)s)
FROM (SELECT 1) AS one LEFT JOIN LATERAL (
    SELECT terms_version_id, privacy_version_id FROM {consent}
    WHERE user_id = %(user)s AND subject = %(learner)s AND withdrawn_at IS NULL
    ORDER BY given_at DESC, id DESC LIMIT 1
) AS own ON true LEFT JOIN LATERAL (
    SELECT terms_version_id, privacy_version_id FROM {consent}
    WHERE user_id = %(user)s AND subject = %(parent)s AND withdrawn_at IS NULL
    ORDER BY given_at DESC, id DESC LIMIT 1
) AS parent ON true
"""  # noqa: S608 (fixed SQL: table names only)


def gate_facts(user_id: int) -> Facts:
    """The ``Facts`` the verdict needs, in one statement with no ``SET search_path`` before it (a
    start of 2,000 learners at once, issue 23): the notices in force and the learner's own
    consent as ids only (``own`` and ``parent`` are unsaved stand-ins carrying the version ids;
    nothing shows them), the date of birth and age band. The same facts as ``consent_facts``
    for the verdict (``consent/tests/test_twins.py`` compares them state by state)."""
    from tenants.scope import qualified_cursor

    with qualified_cursor() as cursor:
        cursor.execute(
            _gate_sql(),
            {
                "user": user_id,
                "day": dates.today(),
                "terms": Kind.TERMS,
                "privacy": Kind.PRIVACY,
                "learner": Consent.Subject.LEARNER,
                "parent": Consent.Subject.PARENT,
                "role": Profile.Role.LEARNER,
            },
        )
        (
            terms,
            privacy,
            own_terms,
            own_privacy,
            any_own,
            parent_terms,
            parent_privacy,
            any_parent,
            born,
        ) = cursor.fetchone()
    own = None if own_terms is None else Consent(terms_version_id=own_terms, privacy_version_id=own_privacy)
    parent = (
        None
        if parent_terms is None
        else Consent(
            subject=Consent.Subject.PARENT, terms_version_id=parent_terms, privacy_version_id=parent_privacy
        )
    )
    return Facts(
        current={
            Kind.TERMS: NoticeVersion(pk=terms, kind=Kind.TERMS) if terms else None,
            Kind.PRIVACY: NoticeVersion(pk=privacy, kind=Kind.PRIVACY) if privacy else None,
        },
        own=own,
        born=born,
        band=age_band(born),
        parent=parent,
        withdrawn_own=own is None and any_own,
        withdrawn_parent=parent is None and any_parent,
    )
