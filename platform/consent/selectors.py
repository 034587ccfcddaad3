"""Reads of consent (issue 24, item 1; decision 0021): the current notice versions, the learner's
age from the date of birth (Vietnam day, ``config.dates``), and the one verdict on whether a
learner's data may be processed (``consent_verdict``), which the gate (``consent.gate``) enforces
and the learner's state (``consent_state``) shows.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, token_digest
from config import dates
from config.errors import ApplicationError, not_found
from config.i18n import localized
from consent.error_codes import ConsentErrorCode as Code
from consent.models import ADULT_AGE, CHILD_CONSENT_AGE, Consent, ConsentEvent, NoticeVersion, ParentRequest

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


def notices_for_birth_date(date_of_birth: str) -> dict[str, Any]:
    """``NoticesAgeOut``: the notices in force and, for ``date_of_birth`` (dd/mm/yyyy, as typed at
    sign-up), the age band and whether sign-up needs a parent's e-mail; ``unknown`` for a blank or
    invalid date (sign-up itself says why)."""
    from accounts.services.checks import parse_birth_date
    from config.errors import FieldErrors

    born = parse_birth_date(FieldErrors(), (date_of_birth or "").strip(), required=False)
    band = age_band(born)
    return {**notices_row(notices_current()), "age_band": band, "needs_parent": needs_parent(band)}


def notice_row(notice: NoticeVersion | None) -> dict[str, Any] | None:
    """``NoticeOut``: version, effective day (ISO date), what changed in the reader's language."""
    if notice is None:
        return None
    return {
        "version": notice.version,
        "effective_on": notice.effective_on,
        "summary": localized(notice, "summary"),
    }


def notices_row(current: dict[str, NoticeVersion | None]) -> dict[str, Any]:
    """``NoticesOut``: ``{"terms": NoticeOut | None, "privacy": NoticeOut | None}``."""
    return {"terms": notice_row(current[Kind.TERMS]), "privacy": notice_row(current[Kind.PRIVACY])}


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


# --- the parent's link ----------------------------------------------------------------------


def request_of_token(token: str, *, lock: bool = False) -> ParentRequest:
    """The request of a link's ``token`` (not replaced); 400 ``invalid_consent_link`` otherwise."""
    qs = ParentRequest.objects.select_related("user")
    if lock:
        qs = qs.select_for_update(of=("self",))
    request = qs.filter(token_hash=token_digest(token or "")).first() if token else None
    if request is None or request.status == ParentRequest.Status.REPLACED:
        raise ApplicationError(
            Code.INVALID_CONSENT_LINK,
            _("This link is not valid any more. Ask your child to send the request again."),
            status=400,
        )
    return request


def parent_link_view(*, token: str) -> dict[str, Any]:
    """``ParentLinkOut``: what /parental-consent/:token shows: the learner's name and e-mail,
    the parent's address, the notices in force, the link's state (``pending``, ``expired``,
    ``consented``, ``withdrawn``), when the parent consented or withdrew, until when the link
    can consent, and the language of the request (the learner's). 400 ``invalid_consent_link``."""
    request = request_of_token(token)
    consent = (
        request.consents.filter(subject=Consent.Subject.PARENT)
        .select_related("terms_version", "privacy_version")
        .first()
    )
    return {
        "learner_name": request.user.name_or_email,
        "learner_email": request.user.email,
        "parent_email": request.parent_email,
        "status": "expired" if request.is_expired else request.status,
        "notices": notices_row(notices_current()),
        "consent": consent_row(consent),
        "withdrawn_at": consent.withdrawn_at if consent else None,
        "expires_at": request.expires_at,
        "language": request.language,
    }


def parent_link_user(*, token: str):
    """The learner (``accounts.User``) whose parent holds the link ``token``, for the parent's
    other requests on the same link (a deletion, decision 0022). 400 ``invalid_consent_link``."""
    return request_of_token(token).user


# --- consents -----------------------------------------------------------------------------------


def is_current(consent: Consent | None, current: dict[str, NoticeVersion | None]) -> bool:
    """True when ``consent`` is for the current version of both notices."""
    return (
        consent is not None
        and consent.terms_version_id == getattr(current[Kind.TERMS], "pk", None)
        and consent.privacy_version_id == getattr(current[Kind.PRIVACY], "pk", None)
    )


def consented_now(user_id: int) -> bool:
    """True when the person's own consent to the notices in force is recorded and not withdrawn."""
    consent = (
        Consent.objects.filter(user_id=user_id, subject=Consent.Subject.LEARNER, withdrawn_at__isnull=True)
        .only("terms_version_id", "privacy_version_id")
        .first()
    )
    return is_current(consent, notices_current())


def last_parent_request(user_id: int) -> ParentRequest | None:
    """The learner's latest request to a parent that was not replaced by a newer one."""
    return ParentRequest.objects.filter(user_id=user_id).exclude(status=ParentRequest.Status.REPLACED).first()


@dataclass(frozen=True)
class Verdict:
    """Why a learner's data may not be processed now: a stable ``code`` and its localized
    ``message`` (``consent.gate.consent_gate`` raises them as a 403)."""

    code: str
    message: str


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


@functools.cache
def _gate_sql() -> str:
    """``gate_facts``' statement, every table named with its schema (``tenants.scope
    .public_table``), with the rules of ``notices_current`` (per kind, the latest version in
    force on ``day``), ``consent_facts`` (the latest consent not withdrawn, and whether any was
    given) and ``birth_date_of`` (the latest date of birth of the learner profiles)."""
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
    EXISTS (SELECT 1 FROM {consent} WHERE user_id = %(user)s AND subject = %(parent)s AND withdrawn_at IS NULL),
    EXISTS (SELECT 1 FROM {consent} WHERE user_id = %(user)s AND subject = %(parent)s),
    (SELECT max(date_of_birth) FROM {profile} WHERE user_id = %(user)s AND pandai_profile_role = %(role)s)
FROM (SELECT 1) AS one LEFT JOIN LATERAL (
    SELECT terms_version_id, privacy_version_id FROM {consent}
    WHERE user_id = %(user)s AND subject = %(learner)s AND withdrawn_at IS NULL
    ORDER BY given_at DESC, id DESC LIMIT 1
) AS own ON true
"""  # noqa: S608 (fixed SQL: table names only)


def gate_facts(user_id: int) -> Facts:
    """The ``Facts`` the verdict needs, in one statement with no ``SET search_path`` before it (a
    start of 2,000 learners at once, issue 23): the notices in force and the learner's own
    consent as ids only (``own`` and ``parent`` are unsaved stand-ins carrying the version ids;
    nothing shows them), the date of birth and age band. The same facts as ``consent_facts``
    for the verdict (``consent/tests/test_gate_facts.py`` compares them state by state)."""
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
        terms, privacy, own_terms, own_privacy, any_own, parent_now, any_parent, born = cursor.fetchone()
    own = None if own_terms is None else Consent(terms_version_id=own_terms, privacy_version_id=own_privacy)
    parent = Consent(subject=Consent.Subject.PARENT) if parent_now else None
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


def consent_verdict(facts: Facts) -> Verdict | None:
    """``None`` when the learner's data may be processed (buy, start a test, upload a video);
    otherwise why not, in this order (decision 0021):

    1. ``consent_required``: no consent of their own to the current terms and privacy notice
       (never given, a new version in force, or withdrawn);
    2. ``date_of_birth_required``: the age cannot be checked (Decree 13, Article 20: age first);
    3. ``parental_consent_required``: under 16 without a parent's or guardian's consent in force
       (by the mailed link or on paper): none yet, or withdrawn.
    """
    if not is_current(facts.own, facts.current):
        message = (
            _("You withdrew your consent to the terms and the privacy policy. Accept them again to continue.")
            if facts.withdrawn_own
            else _("Accept the current terms and privacy policy to continue.")
        )
        return Verdict(Code.CONSENT_REQUIRED, message)
    if facts.band == AGE_UNKNOWN:
        return Verdict(
            Code.DATE_OF_BIRTH_REQUIRED, _("Enter your date of birth: we need your age before you continue.")
        )
    if needs_parent(facts.band) and facts.parent is None:
        message = (
            _(
                "Your parent or guardian withdrew their consent. Until they consent again you can "
                "browse, but not buy, take a test or record a video."
            )
            if facts.withdrawn_parent
            else _(
                "You are under 16: until your parent or guardian consents you can browse, but not "
                "buy, take a test or record a video."
            )
        )
        return Verdict(Code.PARENTAL_CONSENT_REQUIRED, message)
    return None


# --- the learner's state (GET /api/v1/consent/me) -------------------------------------------------


def consent_row(consent: Consent | None) -> dict[str, Any] | None:
    """``ConsentOut``: whose, how, the versions, when (UTC), the parent's e-mail or the recorder."""
    if consent is None:
        return None
    return {
        "id": consent.pk,
        "subject": consent.subject,
        "source": consent.source,
        "terms_version": consent.terms_version.version,
        "privacy_version": consent.privacy_version.version,
        "given_at": consent.given_at,
        "parent_email": consent.parent_email,
        "recorded_by": consent.recorded_by_name,
        "note": consent.note,
    }


def parent_request_row(request: ParentRequest | None, *, limit_left: int) -> dict[str, Any] | None:
    """``ParentRequestOut``: the parent's address, state (``pending``, ``expired``,
    ``consented``, ``withdrawn``), when it was last sent and until when the link can consent,
    and how many more mails may be sent today."""
    if request is None:
        return None
    return {
        "parent_email": request.parent_email,
        "status": "expired" if request.is_expired else request.status,
        "sent_at": request.sent_at,
        "expires_at": request.expires_at,
        "mails_left": limit_left,
    }


def parent_mails_per_day() -> int:
    """Mails to parents a learner may have sent in 24 hours (``PARENT_CONSENT_MAILS_PER_DAY``, 5),
    first requests, resends and changes of address together."""
    return int(getattr(settings, "PARENT_CONSENT_MAILS_PER_DAY", 5))


def mails_left(user_id: int) -> int:
    """How many more mails to parents the learner may send now, of ``parent_mails_per_day()``."""
    sent = ConsentEvent.objects.filter(
        user_id=user_id, kind=ConsentEvent.Kind.PARENT_MAILED, at__gt=timezone.now() - timedelta(hours=24)
    ).count()
    return max(parent_mails_per_day() - sent, 0)


def consent_state(*, profile: Profile) -> dict[str, Any]:
    """``ConsentStateOut`` of a LEARNER profile's person: the notices in force, the learner's own
    consent and whether it is for them, the age band, the parent's consent and request, what the
    blocking prompt must ask (``prompt``: ``terms``, ``date_of_birth``, ``parent_email``), and the
    gate's verdict (``blocked``: its code and message, or ``None``). An EDUCATOR profile is not
    asked: ``applies`` false, nothing to ask, nothing blocked."""
    facts = consent_facts(profile.user_id)
    request = last_parent_request(profile.user_id)
    verdict = consent_verdict(facts)
    applies = not profile.is_educator
    prompt: list[str] = []
    if applies:
        if not is_current(facts.own, facts.current):
            prompt.append("terms")
        if facts.band == AGE_UNKNOWN:
            prompt.append("date_of_birth")
        if needs_parent(facts.band) and facts.parent is None and request is None:
            prompt.append("parent_email")
    return {
        "applies": applies,
        "notices": notices_row(facts.current),
        "consented": is_current(facts.own, facts.current),
        "own": consent_row(facts.own),
        "own_withdrawn": facts.withdrawn_own,
        "age_band": facts.band,
        "parent": consent_row(facts.parent),
        "parent_withdrawn": facts.withdrawn_parent,
        "request": parent_request_row(request, limit_left=mails_left(profile.user_id))
        if needs_parent(facts.band) and request
        else None,
        "prompt": prompt,
        "blocked": {"code": verdict.code, "message": verdict.message} if applies and verdict else None,
    }


def member_consent(*, profile: Profile, can_record: bool) -> dict[str, Any]:
    """``MemberConsentOut``: what an organization's educators see of a roster learner's consent:
    the age band, their own consent (versions, when), the parent's consent (by link or on paper,
    who recorded it and when), the pending request's state, whether the learner is blocked, and
    whether the caller may record a paper consent (an admin, when none is in force)."""
    facts = consent_facts(profile.user_id)
    request = last_parent_request(profile.user_id)
    verdict = consent_verdict(facts)
    return {
        "profile_id": profile.pk,
        "name": profile.user.name_or_email,
        "age_band": facts.band,
        "own": consent_row(facts.own),
        "consented": is_current(facts.own, facts.current),
        "parent": consent_row(facts.parent),
        "parent_withdrawn": facts.withdrawn_parent,
        "request_status": (("expired" if request.is_expired else request.status) if request else None),
        "blocked": {"code": verdict.code, "message": verdict.message} if verdict else None,
        "can_record_paper": can_record and facts.parent is None,
        "can_withdraw_paper": can_record
        and facts.parent is not None
        and facts.parent.source == Consent.Source.PAPER
        and facts.parent.organization_id == profile.organization_id,
    }


def roster_learner(organization_id: int, profile_id: int, *, lock: bool = False) -> Profile:
    """A LEARNER profile of the organization (not removed); 404 otherwise (another
    organization's learner included)."""
    qs = Profile.objects.select_related("user")
    if lock:
        qs = qs.select_for_update(of=("self",))
    profile = (
        qs.filter(pk=profile_id, organization_id=organization_id, pandai_profile_role=Profile.Role.LEARNER)
        .exclude(status=Profile.Status.REMOVED)
        .first()
    )
    if profile is None:
        raise not_found(_("Learner not found."))
    return profile
