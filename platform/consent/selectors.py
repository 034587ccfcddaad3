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
from config.envelope import page_bounds
from config.errors import ApplicationError, not_found
from config.i18n import localized
from consent.error_codes import ConsentErrorCode as Code
from consent.models import BirthDateChange, Consent, ConsentEvent, NoticeVersion, ParentRequest
from consent.rules import (
    AGE_UNKNOWN,
    Facts,
    age_band,
    consent_facts,
    consent_facts_many,
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
    can consent, and the language of the request (the learner's). While the link has not
    consented, ``earlier_consent`` is a parent's consent for the learner still recorded for an
    earlier version of the notices (by link or on paper; decision 0048: the parent is asked
    again), else null. 400 ``invalid_consent_link``."""
    request = request_of_token(token)
    consent = (
        request.consents.filter(subject=Consent.Subject.PARENT)
        .select_related("terms_version", "privacy_version")
        .first()
    )
    current = notices_current()
    earlier = None
    if consent is None:  # asked again after a new version (decision 0048): what the parent gave before
        earlier = (
            Consent.objects.filter(
                user_id=request.user_id, subject=Consent.Subject.PARENT, withdrawn_at__isnull=True
            )
            .select_related("terms_version", "privacy_version")
            .order_by("-given_at", "-id")
            .first()
        )
        if is_current(earlier, current):
            earlier = None
    return {
        "learner_name": request.user.name_or_email,
        "learner_email": request.user.email,
        "parent_email": request.parent_email,
        "status": "expired" if request.is_expired else request.status,
        "notices": notices_row(current),
        "consent": consent_row(consent),
        "earlier_consent": consent_row(earlier),
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
    """``None`` when the learner's data may be processed (buy, start a test, record a video, take
    the career survey: every operation behind ``consent.gate``); otherwise why not, in this order
    (decisions 0021 and 0048):

    1. ``consent_required``: no consent of their own to the current terms and privacy notice
       (never given, given for an earlier version, or withdrawn);
    2. ``date_of_birth_required``: the age cannot be checked (Law No. 91/2025/QH15, Article 24:
       a child's data needs the parent's consent, so the age comes first);
    3. ``parental_consent_required``: under 16 without a parent's or guardian's consent to the
       current notices (by the mailed link or on paper): none yet, one given for an earlier
       version, or withdrawn.

    Each reason has its own message; the SPA shows it as the server wrote it.
    """
    if not is_current(facts.own, facts.current):
        if facts.withdrawn_own:
            message = _(
                "You withdrew your consent to the terms and the privacy policy. Accept them again to continue."
            )
        elif facts.own is not None:
            message = _(
                "The terms or the privacy policy changed. Read the new version and accept it to continue."
            )
        else:
            message = _("Accept the current terms and privacy policy to continue.")
        return Verdict(Code.CONSENT_REQUIRED, message)
    if facts.band == AGE_UNKNOWN:
        return Verdict(
            Code.DATE_OF_BIRTH_REQUIRED, _("Enter your date of birth: we need your age before you continue.")
        )
    if needs_parent(facts.band) and not is_current(facts.parent, facts.current):
        if facts.withdrawn_parent:
            message = _(
                "Your parent or guardian withdrew their consent. Until they consent again you can "
                "browse, but not buy, take a test or the career survey, or record a video."
            )
        elif facts.parent is not None:
            message = _(
                "Waiting for your parent's consent to the new version: the terms or the privacy "
                "policy changed, so until your parent or guardian consents again you can browse, "
                "but not buy, take a test or the career survey, or record a video."
            )
        else:
            message = _(
                "Waiting for your parent's consent: you are under 16, so until your parent or "
                "guardian consents you can browse, but not buy, take a test or the career survey, "
                "or record a video."
            )
        return Verdict(Code.PARENTAL_CONSENT_REQUIRED, message)
    return None


def parent_outdated(facts: Facts) -> bool:
    """True for a learner under 16 whose parent's consent in force was given for an earlier
    version of the notices: the parent is asked again (decision 0048)."""
    return (
        needs_parent(facts.band) and facts.parent is not None and not is_current(facts.parent, facts.current)
    )


def standing(facts: Facts, verdict: Verdict | None) -> str:
    """How a roster learner stands (decision 0048), for the organization's consent list:
    ``clear`` (may be processed), ``renewal`` (refused only because their own or their parent's
    consent was given for an earlier version: not re-consented yet) or ``blocked`` (any other
    refusal: never consented, no date of birth, no parent's consent yet, withdrawn)."""
    if verdict is None:
        return "clear"
    own_outdated = facts.own is not None and not is_current(facts.own, facts.current)
    if verdict.code == Code.CONSENT_REQUIRED and own_outdated:
        return "renewal"
    if verdict.code == Code.PARENTAL_CONSENT_REQUIRED and parent_outdated(facts):
        return "renewal"
    return "blocked"


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


def _asks_parent(facts: Facts, request: ParentRequest | None) -> bool:
    """Whether the prompt asks the parent's e-mail: under 16 without a parent's consent to the
    current notices and with no request under way, that is none ever sent, or the one the parent
    answered for an earlier version (decision 0048: the parent is asked again by mail; a paper
    consent has no address, a link's is offered again). A pending, expired or withdrawn request is
    the banner's (resend, change the address)."""
    if not needs_parent(facts.band) or is_current(facts.parent, facts.current):
        return False
    if request is None:
        return True
    return parent_outdated(facts) and request.status == ParentRequest.Status.CONSENTED


def consent_state(*, profile: Profile) -> dict[str, Any]:
    """``ConsentStateOut`` of a LEARNER profile's person: the notices in force, the learner's own
    consent and whether it is for them, the age band, the parent's consent (``parent_outdated``:
    given for an earlier version, decision 0048) and request, what the blocking prompt must ask
    (``prompt``: ``terms``, ``date_of_birth``, ``parent_email``), and the gate's verdict
    (``blocked``: its code and message, or ``None``). An EDUCATOR profile is not asked:
    ``applies`` false, nothing to ask, nothing blocked."""
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
        if _asks_parent(facts, request):
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
        "parent_outdated": parent_outdated(facts),
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
    the notices in force, the age band, their own consent (versions, when) and whether it is for
    the notices in force, the parent's consent (by link or on paper, who recorded it and when, and
    ``parent_outdated`` when given for an earlier version), the pending request's state, whether
    the learner is blocked and how they stand (``standing``), and whether the caller may record a
    paper consent (an admin, when no parent's consent to the notices in force is recorded) or
    withdraw one."""
    from consent.birth_dates import pending_for_organization

    facts = consent_facts(profile.user_id)
    changes = (
        pending_for_organization(profile.organization_id, [profile.user_id])
        if profile.organization_id
        else {}
    )
    return member_row(
        profile,
        facts,
        last_parent_request(profile.user_id),
        can_record=can_record,
        change=changes.get(profile.user_id),
    )


def member_row(
    profile: Profile,
    facts: Facts,
    request: ParentRequest | None,
    *,
    can_record: bool,
    change: BirthDateChange | None = None,
) -> dict[str, Any]:
    """``MemberConsentOut`` of ``profile`` from its ``facts``, latest parent's ``request`` and
    the change of date of birth waiting for this organization's admin (``change``; issue 37, item
    5): ``member_consent`` for one learner, ``consent_roster`` for a page of them. An admin
    (``can_record``) may confirm or refuse that change (``can_decide_birth_date``)."""
    from consent.birth_dates import change_row

    verdict = consent_verdict(facts)
    return {
        "profile_id": profile.pk,
        "name": profile.user.name_or_email,
        "email": profile.user.email,
        "notices": notices_row(facts.current),
        "age_band": facts.band,
        "own": consent_row(facts.own),
        "consented": is_current(facts.own, facts.current),
        "parent": consent_row(facts.parent),
        "parent_withdrawn": facts.withdrawn_parent,
        "parent_outdated": parent_outdated(facts),
        "request_status": (("expired" if request.is_expired else request.status) if request else None),
        "blocked": {"code": verdict.code, "message": verdict.message} if verdict else None,
        "standing": standing(facts, verdict),
        "can_record_paper": can_record
        and needs_parent(facts.band)
        and not is_current(facts.parent, facts.current),
        "can_withdraw_paper": can_record
        and facts.parent is not None
        and facts.parent.source == Consent.Source.PAPER
        and facts.parent.organization_id == profile.organization_id,
        "birth_date_change": change_row(change),
        "can_decide_birth_date": can_record and change is not None,
    }


STANDINGS = ("clear", "renewal", "blocked")


def consent_roster(
    *,
    organization_id: int | None,
    standing_filter: str,
    search: str,
    page: int,
    limit: int,
    can_record: bool,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """GET /api/v1/organization/consents (decision 0048): the organization's learners (LEARNER
    profiles, not removed) with their consent, by name, as ``MemberConsentOut`` rows, filtered by
    ``standing_filter`` (``clear``, ``renewal``: not re-consented to a new version, ``blocked``;
    "" for all) and ``search`` (name or e-mail, case-insensitive), then paged (``page`` from 1,
    ``limit`` rows, ``config.envelope.page_bounds``). Returns the rows and ``{"total", "page",
    "limit"}`` as every page does, with ``counts`` per standing before the standing filter. Six
    queries whatever the roster's size: the learners, the notices, their consents, their dates of
    birth, their latest requests to parents (``consent.rules.consent_facts_many``), the changes of
    date of birth waiting for the organization's admin (issue 37, item 5). No
    organization (never for an educator's profile): no learner."""
    from django.db.models import Q

    from consent.birth_dates import pending_for_organization

    learners = (
        Profile.objects.select_related("user")
        .filter(
            organization__isnull=False, organization=organization_id, pandai_profile_role=Profile.Role.LEARNER
        )
        .exclude(status=Profile.Status.REMOVED)
        .order_by("user__name", "user__email", "id")
    )
    if search:
        learners = learners.filter(Q(user__name__icontains=search) | Q(user__email__icontains=search))
    profiles = list(learners)
    facts = consent_facts_many(sorted({p.user_id for p in profiles}))
    requests: dict[int, ParentRequest] = {}
    for request in (
        ParentRequest.objects.filter(user_id__in=list(facts))
        .exclude(status=ParentRequest.Status.REPLACED)
        .order_by("user_id", "-id")
    ):
        requests.setdefault(request.user_id, request)
    changes = pending_for_organization(organization_id, list(facts)) if organization_id else {}
    rows = [
        member_row(
            p, facts[p.user_id], requests.get(p.user_id), can_record=can_record, change=changes.get(p.user_id)
        )
        for p in profiles
    ]
    counts = {name: sum(1 for row in rows if row["standing"] == name) for name in STANDINGS}
    if standing_filter:
        rows = [row for row in rows if row["standing"] == standing_filter]
    page, limit = page_bounds(page, limit)
    start = (page - 1) * limit
    meta = {"total": len(rows), "page": page, "limit": limit, "counts": counts}
    return rows[start : start + limit], meta


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
