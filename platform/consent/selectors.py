"""Reads of consent (issue 24, item 1; decision 0021): the notices as shown, the parent's link,
and the one verdict on whether a learner's data may be processed (``consent_verdict``), which the
gate (``consent.gate``) enforces and the learner's state (``consent_state``) shows. The facts the
verdict is made of are ``consent.rules`` (the ORM) and ``consent.statements`` (the gate's one
statement), side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, token_digest
from config.errors import ApplicationError, not_found
from config.i18n import localized
from consent.error_codes import ConsentErrorCode as Code
from consent.models import Consent, ConsentEvent, NoticeVersion, ParentRequest
from consent.rules import (
    AGE_UNKNOWN,
    Facts,
    age_band,
    consent_facts,
    needs_parent,
    notices_current,
)

Kind = NoticeVersion.Kind


# --- notices ------------------------------------------------------------------------------------


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
        "birth_date_change": _birth_date_change(profile.user_id) if applies else None,
    }


def _birth_date_change(user_id: int) -> dict[str, Any] | None:
    """The learner's change of date of birth held or refused (issue 37, item 5)."""
    from consent.birth_dates import change_row, learner_change

    return change_row(learner_change(user_id))


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
        **_member_birth_date_change(profile, can_decide=can_record),
    }


def _member_birth_date_change(profile: Profile, *, can_decide: bool) -> dict[str, Any]:
    """A roster learner's change of date of birth waiting for this organization's admin (issue
    37, item 5), and whether the caller (an admin) may confirm or refuse it."""
    from consent.birth_dates import change_row, pending_for_organization

    change = pending_for_organization(profile.organization_id, profile) if profile.organization_id else None
    return {
        "birth_date_change": change_row(change),
        "can_decide_birth_date": can_decide and change is not None,
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
