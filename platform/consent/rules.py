"""The consent facts in Python (issue 35, item 2: each fast rule beside its twin): the notices in
force, the learner's age band from the date of birth (Vietnam day, ``config.dates``), and the
``Facts`` the verdict (``consent.selectors.consent_verdict``) is made of, read with the ORM
(``consent_facts``, 3 queries; ``consent_facts_many`` for a roster, 3 queries whatever its size)
as the learner's state and the educators' roster show them.

Its twin is ``consent.statements.gate_facts``: the same facts in one statement for the gate (a
start of 2,000 learners at once, issue 23). ``consent/tests/test_twins.py`` holds them equal,
state by state; a change to one of ``notices_current`` or ``consent_facts_many``
is a change to ``consent.statements`` too.

A consent is to a version (decision 0048): the learner's own and the parent's consent each name
the versions of the terms and of the privacy notice they were given for; one given for an
earlier version stays recorded (what was done under it stays lawful) but no longer lets new
processing through (``consent.selectors.is_current``).
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
    on ``day`` (today in Vietnam by default): the child's consent from 7 with the parent's under
    16 (Law on Personal Data Protection No. 91/2025/QH15, Article 24; decision 0048)."""
    if born is None:
        return AGE_UNKNOWN
    age = age_on(born, day or dates.today())
    if age >= ADULT_AGE:
        return AGE_ADULT
    return AGE_CHILD if age >= CHILD_CONSENT_AGE else AGE_UNDER_7


def needs_parent(band: str) -> bool:
    """True for a learner under 16 (``under_7`` or ``child``)."""
    return band in (AGE_UNDER_7, AGE_CHILD)


# --- the facts ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the verdict and the learner's state are made of.

    ``own`` and ``parent`` are the latest consent of each kind that was not withdrawn, whatever
    versions it was given for (``consent.selectors.is_current`` says whether it is for the
    notices in force); ``withdrawn_*`` is true when every consent of that kind was withdrawn."""

    current: dict[str, NoticeVersion | None]
    own: Consent | None
    born: date | None
    band: str
    parent: Consent | None
    withdrawn_own: bool
    withdrawn_parent: bool


def consent_facts_many(user_ids: list[int]) -> dict[int, Facts]:
    """``{user_id: Facts}`` for every id of ``user_ids``, in 3 queries whatever their number (the
    notices in force, the people's consents, their learner profiles' dates of birth): the
    organization's consent roster reads its learners at once (decision 0048)."""
    current = notices_current()
    consents: dict[int, list[Consent]] = {user_id: [] for user_id in user_ids}
    for consent in (
        Consent.objects.filter(user_id__in=user_ids)
        .select_related("terms_version", "privacy_version", "recorded_by__user")
        .order_by("user_id", "-given_at", "-id")
    ):
        consents[consent.user_id].append(consent)
    born = birth_dates_of(user_ids)
    return {user_id: _facts(current, consents[user_id], born.get(user_id)) for user_id in user_ids}


def birth_dates_of(user_ids: list[int]) -> dict[int, date]:
    """``{user_id: date of birth}`` of the people of ``user_ids`` who have one, in one query: from
    their LEARNER profiles, the latest date when they disagree (the youngest age, so the stricter
    rule). The date the gate reads (``consent.statements.gate_facts`` is its twin)."""
    born: dict[int, date] = {}
    for user_id, day in (
        Profile.objects.filter(
            user_id__in=user_ids, pandai_profile_role=Profile.Role.LEARNER, date_of_birth__isnull=False
        )
        .order_by("user_id", "-date_of_birth")
        .values_list("user_id", "date_of_birth")
    ):
        if day is not None:  # excluded by the filter; the column is nullable
            born.setdefault(user_id, day)  # the latest date when they disagree: the youngest age
    return born


def birth_date_of(user_id: int) -> date | None:
    """The learner's date of birth as the gate reads it (``birth_dates_of`` for one person);
    ``None`` when no LEARNER profile has one (issue 37, item 5: a change across 16 and the
    parent's date of birth are compared with it)."""
    return birth_dates_of([user_id]).get(user_id)


def _facts(current: dict[str, NoticeVersion | None], consents: list[Consent], born: date | None) -> Facts:
    """The ``Facts`` of one person from their consents (newest first) and date of birth."""
    own = next((c for c in consents if c.subject == Consent.Subject.LEARNER and not c.withdrawn_at), None)
    parent = next((c for c in consents if c.subject == Consent.Subject.PARENT and not c.withdrawn_at), None)
    any_own = any(c.subject == Consent.Subject.LEARNER for c in consents)
    any_parent = any(c.subject == Consent.Subject.PARENT for c in consents)
    return Facts(
        current=current,
        own=own,
        born=born,
        band=age_band(born),
        parent=parent,
        withdrawn_own=own is None and any_own,
        withdrawn_parent=parent is None and any_parent,
    )


def consent_facts(user_id: int) -> Facts:
    """The notices in force, the learner's own and parent's consents, date of birth and age band,
    as a page shows them (``consent_facts_many`` for one person; the gate reads the same facts in
    one statement: ``consent.statements.gate_facts``)."""
    return consent_facts_many([user_id])[user_id]
