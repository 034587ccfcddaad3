"""Consent endpoints (issue 24, item 1; decision 0021). Thin: parse -> service -> out.

Mounted by ``config.api``: ``router`` at /api/v1/consent/ (the learner), ``organization_router``
at /api/v1/organization/ (a roster learner's consent; paper consent by organization admins) and
``public_router`` at /public/api/consent/ (the notices in force; the parent's link).
"""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema

from accounts.auth import (
    EducatorSessionAuth,
    LearnerSessionAuth,
    OrgAdminSessionAuth,
    ProfileSessionAuth,
)
from accounts.throttling import public_call_limit
from config.client import client_address
from config.envelope import Envelope, ok
from config.fields import DateText, Id, Limit, PageNo, Search
from config.requests import ProfileRequest
from consent import birth_dates, selectors, services
from consent.schemas import (
    BirthDateLinkOut,
    ConsentRosterOut,
    ConsentStateOut,
    MemberConsentOut,
    NoticesAgeOut,
    PaperConsentIn,
    ParentConsentIn,
    ParentEmailIn,
    ParentLinkOut,
    ParentTokenIn,
    PromptIn,
    WithdrawnOut,
)

router = Router(tags=["consent"], auth=ProfileSessionAuth())
organization_router = Router(tags=["consent"], auth=EducatorSessionAuth())
public_router = Router(tags=["consent (public)"])


def _state(request: ProfileRequest) -> dict:
    return selectors.consent_state(profile=request.auth)


# --- the learner: /api/v1/consent/... ----------------------------------------------------------


@router.get("me", response=Envelope[ConsentStateOut])
def consent_me(request: HttpRequest):
    """The current profile's consent state: the notices in force, the own and the parent's
    consent, the age band, the parent's request, what the blocking prompt asks (``prompt``) and
    why buying, starting a test or recording video is refused (``blocked``: code and message, or
    null). An educator profile: ``applies`` false."""
    return ok(_state(request))


@router.post("prompt", response=Envelope[ConsentStateOut], auth=LearnerSessionAuth())
def consent_prompt(request: ProfileRequest, payload: PromptIn):
    """Answer the blocking prompt: ``accept_terms`` with the versions read, the
    ``date_of_birth`` (dd/mm/yyyy) and the ``parent_email``, as ``prompt`` asked. Errors: 400
    ``validation_error``; 409 ``notice_changed`` (the current notices in ``notices``) or
    ``nothing_to_consent``; 429 ``parent_mail_too_soon`` / ``parent_mail_limit``."""
    services.prompt_answer(profile=request.auth, data=payload.dict(), ip=client_address(request))
    return ok(_state(request), _("Thank you. Your answer is recorded."))


@router.post("withdraw", response=Envelope[WithdrawnOut], auth=LearnerSessionAuth())
def consent_withdraw(request: ProfileRequest):
    """Withdraw the learner's own consent: buying, tests and video stop at once and the account's
    deletion is scheduled after the grace period (consenting again in time cancels it). 409
    ``not_consented`` when none is in force."""
    count = services.learner_withdraw(profile=request.auth, ip=client_address(request))
    return ok({"withdrawn": count}, _("Your consent is withdrawn."))


@router.post("parent/resend", response=Envelope[ConsentStateOut], auth=LearnerSessionAuth())
def parent_resend(request: ProfileRequest):
    """Mail the request to the parent again (a new link; the old one stops working). Errors: 409
    ``parent_request_not_needed``; 400 ``validation_error`` (no address yet); 429
    ``parent_mail_too_soon`` / ``parent_mail_limit``."""
    services.parent_request_resend(profile=request.auth, ip=client_address(request))
    return ok(_state(request), _("The request was sent to your parent or guardian again."))


@router.put("parent", response=Envelope[ConsentStateOut], auth=LearnerSessionAuth())
def parent_change(request: ProfileRequest, payload: ParentEmailIn):
    """Send the request to another parent's or guardian's address. Errors as ``parent/resend``,
    and 400 ``validation_error`` on ``parent_email`` (required, valid, not the learner's own)."""
    services.parent_email_change(
        profile=request.auth, parent_email=payload.parent_email, ip=client_address(request)
    )
    return ok(_state(request), _("The request was sent to the new address."))


# --- an organization's roster: /api/v1/organization/members/{id}/consent ------------------------


class RosterQuery(Schema):
    standing: Literal["", "clear", "renewal", "blocked"] = ""
    search: Search = ""
    page: PageNo = 1
    limit: Limit = 20


@organization_router.get("consents", response=Envelope[ConsentRosterOut])
def consent_roster(request: ProfileRequest, query: Query[RosterQuery]):
    """The organization's learners with their consent (decision 0048), by name: each row as
    ``members/{id}/consent`` answers it, ``standing`` clear | renewal (their own or their
    parent's consent is for an earlier version of the notices: not re-consented) | blocked.
    Query: ``standing`` (one of them, "" for all), ``search`` (name or e-mail), ``page``,
    ``limit`` (at most 100). ``counts``: per standing, before the standing filter. Educators of
    the organization; ``can_record_paper`` for its admins."""
    rows, meta = selectors.consent_roster(
        organization_id=request.auth.organization_id,
        standing_filter=query.standing,
        search=query.search.strip(),
        page=query.page,
        limit=query.limit,
        can_record=request.auth.is_admin,
    )
    return ok({"items": rows, **meta})


@organization_router.get("members/{profile_id}/consent", response=Envelope[MemberConsentOut])
def member_consent(request: ProfileRequest, profile_id: Id):
    """A learner's consent (own, parent's by link or on paper, request, whether blocked), for the
    organization's educators; ``can_record_paper`` for its admins. 404 for an id that is not a
    learner of the caller's organization."""
    learner = selectors.roster_learner(request.auth.organization_id, profile_id)
    return ok(selectors.member_consent(profile=learner, can_record=request.auth.is_admin))


@organization_router.post(
    "members/{profile_id}/consent/paper", response=Envelope[MemberConsentOut], auth=OrgAdminSessionAuth()
)
def paper_consent_record(request: ProfileRequest, profile_id: Id, payload: PaperConsentIn):
    """Record a parent's consent obtained on paper (``note``: where the form is kept), to the
    notices in force (also after a new version, decision 0048). 403 ``not_org_admin``; 404 for
    another organization's learner; 409 ``parent_request_not_needed`` (one to the notices in
    force is recorded)."""
    services.paper_consent_record(
        actor=request.auth, profile_id=profile_id, note=payload.note, ip=client_address(request)
    )
    learner = selectors.roster_learner(request.auth.organization_id, profile_id)
    return ok(selectors.member_consent(profile=learner, can_record=True), _("Paper consent recorded."))


@organization_router.delete(
    "members/{profile_id}/consent/paper", response=Envelope[MemberConsentOut], auth=OrgAdminSessionAuth()
)
def paper_consent_withdraw(request: ProfileRequest, profile_id: Id):
    """Record that the parent withdrew the paper consent. 403 ``not_org_admin``; 404; 409
    ``not_consented``."""
    services.paper_consent_withdraw(actor=request.auth, profile_id=profile_id, ip=client_address(request))
    learner = selectors.roster_learner(request.auth.organization_id, profile_id)
    return ok(selectors.member_consent(profile=learner, can_record=True), _("Paper consent withdrawn."))


# --- public: /public/api/consent/... -----------------------------------------------------------


class BirthDateQuery(Schema):
    date_of_birth: DateText = ""


@public_router.get("notices", response=Envelope[NoticesAgeOut])
def notices(request: HttpRequest, query: Query[BirthDateQuery]):
    """The terms' and the privacy notice's versions in force (version, effective day, what
    changed), and for ``date_of_birth`` (dd/mm/yyyy, optional) the age band and whether sign-up
    needs a parent's e-mail (under 16)."""
    return ok(selectors.notices_for_birth_date(query.date_of_birth))


@public_router.post("parent/check", response=Envelope[ParentLinkOut])
def parent_check(request: HttpRequest, payload: ParentTokenIn):
    """What the parent's link shows: the learner, the notices, the link's state. Error: 400
    ``invalid_consent_link``. Limited per client IP: 429 ``rate_limited``."""
    public_call_limit(request, action="parent-consent")
    return ok(selectors.parent_link_view(token=payload.token))


@public_router.post("parent/consent", response=Envelope[ParentLinkOut])
def parent_consent(request: HttpRequest, payload: ParentConsentIn):
    """The parent consents (``accept_terms`` with the versions read), confirming the relationship
    (``parent`` | ``guardian``) and the child's date of birth (``child_birth_date``, dd/mm/yyyy;
    issue 37, item 5). Errors: 400 ``invalid_consent_link`` / ``validation_error``, 410
    ``consent_link_expired``, 409 ``notice_changed``, 409 ``birth_date_mismatch`` (the date is
    not the learner's: the link stops and the learner is told). Limited per client IP: 429
    ``rate_limited``."""
    public_call_limit(request, action="parent-consent")
    services.parent_consent_give(
        token=payload.token,
        terms_version=payload.terms_version,
        privacy_version=payload.privacy_version,
        accept=payload.accept_terms,
        ip=client_address(request),
        relationship=payload.relationship,
        child_birth_date=payload.child_birth_date,
    )
    return ok(selectors.parent_link_view(token=payload.token), _("Thank you: your consent is recorded."))


@public_router.post("parent/withdraw", response=Envelope[ParentLinkOut])
def parent_withdraw(request: HttpRequest, payload: ParentTokenIn):
    """The parent withdraws their consent. Errors: 400 ``invalid_consent_link``, 409
    ``not_consented``. Limited per client IP: 429 ``rate_limited``."""
    public_call_limit(request, action="parent-consent")
    services.parent_consent_withdraw(token=payload.token, ip=client_address(request))
    return ok(selectors.parent_link_view(token=payload.token), _("Your consent is withdrawn."))


# --- a change of date of birth across 16 held for confirmation (issue 37, item 5) ----------------


@organization_router.post(
    "members/{profile_id}/birth-date/confirm", response=Envelope[MemberConsentOut], auth=OrgAdminSessionAuth()
)
def birth_date_confirm(request: ProfileRequest, profile_id: Id):
    """Confirm a roster learner's change of date of birth waiting for this organization: the
    profile takes the new date (a consent event records it). 403 ``not_org_admin``; 404 for
    another organization's learner; 409 ``no_birth_date_change``."""
    learner = birth_dates.admin_decide(
        actor=request.auth, profile_id=profile_id, confirm=True, ip=client_address(request)
    )
    return ok(
        selectors.member_consent(profile=learner, can_record=True), _("The new date of birth is confirmed.")
    )


@organization_router.post(
    "members/{profile_id}/birth-date/refuse", response=Envelope[MemberConsentOut], auth=OrgAdminSessionAuth()
)
def birth_date_refuse(request: ProfileRequest, profile_id: Id):
    """Refuse it: the date of birth stays as it was. Errors as ``birth-date/confirm``."""
    learner = birth_dates.admin_decide(
        actor=request.auth, profile_id=profile_id, confirm=False, ip=client_address(request)
    )
    return ok(
        selectors.member_consent(profile=learner, can_record=True),
        _("The change of date of birth is refused."),
    )


@public_router.post("birth-date/check", response=Envelope[BirthDateLinkOut])
def birth_date_link(request: HttpRequest, payload: ParentTokenIn):
    """What the parent's link to a change of date of birth shows: the learner, the dates, the
    state. 400 ``invalid_consent_link``. Limited per client IP: 429 ``rate_limited``."""
    public_call_limit(request, action="parent-consent")
    return ok(birth_dates.link_view(token=payload.token))


@public_router.post("birth-date/confirm", response=Envelope[BirthDateLinkOut])
def birth_date_link_confirm(request: HttpRequest, payload: ParentTokenIn):
    """The parent confirms the change (a decided one is answered as it is). 400
    ``invalid_consent_link``; 429 ``rate_limited``."""
    public_call_limit(request, action="parent-consent")
    birth_dates.parent_decide(token=payload.token, confirm=True, ip=client_address(request))
    return ok(birth_dates.link_view(token=payload.token), _("The new date of birth is confirmed."))


@public_router.post("birth-date/refuse", response=Envelope[BirthDateLinkOut])
def birth_date_link_refuse(request: HttpRequest, payload: ParentTokenIn):
    """The parent refuses the change: the date of birth stays. Errors as ``birth-date/confirm``."""
    public_call_limit(request, action="parent-consent")
    birth_dates.parent_decide(token=payload.token, confirm=False, ip=client_address(request))
    return ok(birth_dates.link_view(token=payload.token), _("The change of date of birth is refused."))
