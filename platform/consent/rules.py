"""The consent facts in Python (issue 35, item 2: each fast rule beside its twin): the notices in
force, the learner's age band from the date of birth (Vietnam day, ``config.dates``), and the
``Facts`` the verdict (``consent.selectors.consent_verdict``) is made of, read with the ORM
(``consent_facts``, 4 queries) as the learner's state and the educators' roster show them.

Its twin is ``consent.statements.gate_facts``: the same facts in one statement for the gate (a
start of 2,000 learners at once, issue 23). ``consent/tests/test_twins.py`` holds them equal,
state by state; a change to one of ``notices_current``, ``birth_date_of`` or ``consent_facts``
is a change to ``consent.statements`` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from accounts.models import Profile
from config import dates
from consent.models import ADULT_AGE, CHILD_CONSENT_AGE, Consent, NoticeVersion

Kind = NoticeVersion.Kind


# --- notices ------------------------------------------------------------------------------------


def notices_current(*, day: date | None = None) -> dict[str, NoticeVersion | None]:
    """``{"terms": NoticeVersion | None, "privacy": ...}``: for each kind, the version with the
    latest ``effective_on`` on or before ``day`` (today in Vietnam by default). One query."""
    day = day or dates.today()
    current: dict[str, NoticeVersion | None] = {Kind.TERMS: None, Kind.PRIVACY: None}
    for notice in NoticeVersion.objects.filter(effective_on__lte=day).order_by(
        "kind", "-effective_on", "-id"
    ):
        if current.get(notice.kind) is None:
            current[notice.kind] = notice
    return current


# --- age ----------------------------------------------------------------------------------------


def age_on(born: date, day: date) -> int:
    """Whole years from ``born`` to ``day`` (a birthday on 29 February counts from 1 March in
    other years)."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


AGE_UNKNOWN, AGE_UNDER_7, AGE_CHILD, AGE_ADULT = "unknown", "under_7", "child", "adult"


def age_band(born: date | None, *, day: date | None = None) -> str:
    """``unknown`` (no date of birth), ``under_7``, ``child`` (7 to 15) or ``adult`` (16 and over)
    on ``day`` (today in Vietnam by default): Decree 13/2023/ND-CP, Article 20."""
    if born is None:
        return AGE_UNKNOWN
    age = age_on(born, day or dates.today())
    if age >= ADULT_AGE:
        return AGE_ADULT
    return AGE_CHILD if age >= CHILD_CONSENT_AGE else AGE_UNDER_7


def needs_parent(band: str) -> bool:
    """True for a learner under 16 (``under_7`` or ``child``)."""
    return band in (AGE_UNDER_7, AGE_CHILD)


def birth_date_of(user_id: int) -> date | None:
    """The learner's date of birth: from their LEARNER profiles, the latest date when they
    disagree (the youngest age, so the stricter rule), ``None`` when no profile has one."""
    return (
        Profile.objects.filter(
            user_id=user_id, pandai_profile_role=Profile.Role.LEARNER, date_of_birth__isnull=False
        )
        .order_by("-date_of_birth")
        .values_list("date_of_birth", flat=True)
        .first()
    )


# --- the facts ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the verdict and the learner's state are made of (4 queries)."""

    current: dict[str, NoticeVersion | None]
    own: Consent | None
    born: date | None
    band: str
    parent: Consent | None
    withdrawn_own: bool
    withdrawn_parent: bool


def consent_facts(user_id: int) -> Facts:
    """The notices in force, the learner's own and parent's consents, date of birth and age band,
    as a page shows them (4 queries; the gate reads the same facts in one statement:
    ``gate_facts``)."""
    current = notices_current()
    consents_of = Consent.objects.filter(user_id=user_id).select_related(
        "terms_version", "privacy_version", "recorded_by__user"
    )
    consents = list(consents_of.order_by("-given_at", "-id")[:50])
    own = next((c for c in consents if c.subject == Consent.Subject.LEARNER and not c.withdrawn_at), None)
    parent = next((c for c in consents if c.subject == Consent.Subject.PARENT and not c.withdrawn_at), None)
    last_own = next((c for c in consents if c.subject == Consent.Subject.LEARNER), None)
    last_parent = next((c for c in consents if c.subject == Consent.Subject.PARENT), None)
    born = birth_date_of(user_id)
    return Facts(
        current=current,
        own=own,
        born=born,
        band=age_band(born),
        parent=parent,
        withdrawn_own=own is None and last_own is not None,
        withdrawn_parent=parent is None and last_parent is not None,
    )
