"""Writes of consent (issue 24, item 1; decision 0021): the learner's own consent (at sign-up, on
accepting an invitation, in the prompt after logging in), the request mailed to a parent or
guardian of a learner under 16 (send, resend, change of address, within limits), the parent's
consent and withdrawal through the mailed link, the paper consent an organization admin records
for a learner of the roster, and the learner's withdrawal from the profile page.

A withdrawal stops processing at once (the gate, ``consent.gate``, refuses from then on) and
starts the deletion of the account after the grace period (``data_requests.services
.schedule_account_deletion`` with ``requested_by="consent_withdrawn"``); consenting again in time
cancels it.

Every refusal is an ``ApplicationError`` with a code from ``consent.error_codes`` (or
``validation_error``) and a localized message; every step is a ``ConsentEvent``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, User, token_digest
from accounts.services.checks import check_email, normalize_email, parse_birth_date
from config import dates
from config.errors import ApplicationError, FieldErrors
from config.i18n import reader_language
from consent import birth_dates, rules, selectors, withdrawals
from consent.error_codes import ConsentErrorCode as Code
from consent.models import Consent, ConsentEvent, NoticeVersion, ParentRequest

logger = logging.getLogger(__name__)

Event = ConsentEvent.Kind
Source = Consent.Source


def parent_mail_interval() -> int:
    """Seconds between two mails to parents for one learner (``PARENT_CONSENT_MAIL_INTERVAL``, 60)."""
    return int(getattr(settings, "PARENT_CONSENT_MAIL_INTERVAL", 60))


def _event(user_id: int, kind: str, *, ip: str | None = None, actor: str = "", detail: str = "") -> None:
    ConsentEvent.objects.create(
        user_id=user_id, kind=kind, ip=ip, actor_name=actor[:200], detail=detail[:300]
    )


# --- the notices a consent is for ---------------------------------------------------------------

NOTICE_VERSION = "2.0"
NOTICE_VERSION_DAY = date(2026, 11, 29)
NOTICE_SUMMARY = {
    "vi": (
        "Căn cứ Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15 và Nghị định 356/2025/NĐ-CP (thay thế "
        "Nghị định 13/2023/NĐ-CP); khảo sát hướng nghiệp cũng cần sự đồng ý."
    ),
    "en": (
        "Now under the Law on Personal Data Protection No. 91/2025/QH15 and Decree 356/2025/ND-CP "
        "(which replaced Decree 13/2023/ND-CP); the career survey needs consent too."
    ),
}
"""The version of the terms and of the privacy notice whose texts the SPA shows (``terms.*`` and
``privacy.*``), with the Vietnam day it takes effect and what changed (decision 0048: the texts
name the Law in force; version 1.0, in force from 1 November 2026, cited Decree 13). A change of
text is a new version here."""


def notices_ensure(*, using: str = "default") -> None:
    """Create version ``NOTICE_VERSION`` of the terms and of the privacy notice when that kind
    lacks it (run after ``migrate``; later versions can also be added in the Django admin). It
    takes effect on ``NOTICE_VERSION_DAY`` or, in a database it reaches later, on the Vietnam day
    it is created: from then on every learner and parent who consented to an earlier version is
    asked again (decision 0048). Consents to earlier versions stay as they were recorded."""
    effective_on = max(NOTICE_VERSION_DAY, dates.today())
    for kind in NoticeVersion.Kind.values:
        NoticeVersion.objects.using(using).get_or_create(
            kind=kind,
            version=NOTICE_VERSION,
            defaults={
                "effective_on": effective_on,
                "summary_vi": NOTICE_SUMMARY["vi"],
                "summary_en": NOTICE_SUMMARY["en"],
            },
        )


@dataclass(frozen=True)
class Notices:
    """The versions of the terms and of the privacy notice being consented to."""

    terms: NoticeVersion
    privacy: NoticeVersion


def notices_checked(*, terms_version: str, privacy_version: str) -> Notices:
    """The current notices when ``terms_version`` and ``privacy_version`` are the versions in
    force today (what the person read). Raises 409 ``notice_changed`` ("The terms or the privacy
    notice changed...") with the current ones in ``notices`` otherwise, so the page shows the new
    version before asking again."""
    current = rules.notices_current()
    terms, privacy = current[NoticeVersion.Kind.TERMS], current[NoticeVersion.Kind.PRIVACY]
    if (
        terms is None
        or privacy is None
        or (terms_version or "").strip() != terms.version
        or (privacy_version or "").strip() != privacy.version
    ):
        raise ApplicationError(
            Code.NOTICE_CHANGED,
            _(
                "The terms or the privacy policy changed since you opened them. Read the current version and accept it."
            ),
            status=409,
            extra={"notices": _json_notices(current)},
        )
    return Notices(terms=terms, privacy=privacy)


def _json_notices(current) -> dict[str, Any]:
    rows = selectors.notices_row(current)
    return {
        kind: ({**row, "effective_on": row["effective_on"].isoformat()} if row else None)
        for kind, row in rows.items()
    }


def _accepted(errors: FieldErrors, accept: bool) -> None:
    if not accept:
        errors.add("accept_terms", _("Accept the terms and the privacy policy to continue."))


def _parent_email_checked(errors: FieldErrors, value: str, *, own_email: str) -> str:
    email = normalize_email(value)
    check_email(errors, "parent_email", email)
    if email and email == normalize_email(own_email):
        errors.add("parent_email", _("Enter your parent's or guardian's e-mail, not your own."))
    return email


# --- the learner's own consent --------------------------------------------------------------------


@dataclass(frozen=True)
class SignupConsent:
    """What sign-up checked: the notices accepted and the parent's address (under 16)."""

    notices: Notices | None
    parent_email: str


def signup_consent_check(errors: FieldErrors, *, data: dict[str, Any], born: date | None) -> SignupConsent:
    """Sign-up's consent step (``accounts.services.registration.user_register``): adds to
    ``errors`` "Accept the terms..." on ``accept_terms`` when not accepted, and, for a date of
    birth under 16 (``rules.age_band``), "Required" / "Enter a valid e-mail address." / "not
    your own" on ``parent_email``. Raises 409 ``notice_changed`` when the versions sent are not
    the current ones (only once the fields are otherwise valid)."""
    _accepted(errors, bool(data.get("accept_terms")))
    parent_email = ""
    if born is not None and rules.needs_parent(rules.age_band(born)):
        parent_email = _parent_email_checked(
            errors, data.get("parent_email") or "", own_email=data.get("email") or ""
        )
    if errors:
        return SignupConsent(notices=None, parent_email=parent_email)
    notices = notices_checked(
        terms_version=data.get("terms_version") or "", privacy_version=data.get("privacy_version") or ""
    )
    return SignupConsent(notices=notices, parent_email=parent_email)


def learner_consent_record(*, user: User, source: str, notices: Notices, ip: str | None) -> Consent:
    """Record the learner's own consent to ``notices`` now (UTC), from ``ip``, in the reader's
    language; a deletion scheduled because a consent was withdrawn is cancelled."""
    consent = Consent.objects.create(
        user=user,
        subject=Consent.Subject.LEARNER,
        source=source,
        terms_version=notices.terms,
        privacy_version=notices.privacy,
        ip=ip,
        language=reader_language(),
    )
    _event(user.pk, Event.CONSENTED, ip=ip, actor=user.name_or_email, detail=source)
    _deletion_cancel(user, by="consent_withdrawn")
    return consent


def signup_consent_record(*, user: User, checked: SignupConsent, ip: str | None) -> None:
    """After sign-up created ``user``: record their consent (source ``signup``) and, under 16,
    mail the parent's request (``parent_request_send``)."""
    assert checked.notices is not None  # signup_consent_check raised otherwise
    learner_consent_record(user=user, source=Source.SIGNUP, notices=checked.notices, ip=ip)
    if checked.parent_email:
        parent_request_send(user=user, parent_email=checked.parent_email, ip=ip)


def invitation_consent_check(errors: FieldErrors, *, data: dict[str, Any]) -> Notices | None:
    """Accepting a LEARNER invitation (``accounts.services.invitations.invitation_register``):
    "Accept the terms..." on ``accept_terms``, then the versions (409 ``notice_changed``)."""
    _accepted(errors, bool(data.get("accept_terms")))
    if errors:
        return None
    return notices_checked(
        terms_version=data.get("terms_version") or "", privacy_version=data.get("privacy_version") or ""
    )


@transaction.atomic
def prompt_answer(*, profile: Profile, data: dict[str, Any], ip: str | None) -> None:
    """POST /api/v1/consent/prompt: what the blocking prompt after login asks
    (``selectors.consent_state``'s ``prompt``), all in one answer: ``accept_terms`` with
    ``terms_version``/``privacy_version`` (when the current versions are not consented), the
    ``date_of_birth`` dd/mm/yyyy (when no profile has one; set on the current profile), and the
    ``parent_email`` (under 16 with no request or consent yet, or with a parent's consent to an
    earlier version, decision 0048; the request is mailed: the parent consents to the new
    version through its link).

    Errors: 400 ``validation_error`` on those fields; 409 ``notice_changed``; 409
    ``nothing_to_consent`` when the prompt asks nothing (already answered elsewhere);
    The caller is a learner (the operation's ``LearnerSessionAuth``)."""
    Profile.objects.select_for_update().filter(pk=profile.pk).first()  # one answer at a time
    state = selectors.consent_state(profile=profile)
    asks = state["prompt"]
    if not asks:
        raise ApplicationError(Code.NOTHING_TO_CONSENT, _("There is nothing to consent to."), status=409)
    errors = FieldErrors()
    if "terms" in asks:
        _accepted(errors, bool(data.get("accept_terms")))
    born = None
    if "date_of_birth" in asks:
        born = parse_birth_date(errors, (data.get("date_of_birth") or "").strip(), required=True)
    band = rules.age_band(born) if born else state["age_band"]
    asks_parent = "parent_email" in asks or (
        born is not None and rules.needs_parent(band) and state["request"] is None and state["parent"] is None
    )
    parent_email = ""
    if asks_parent:
        parent_email = _parent_email_checked(
            errors, data.get("parent_email") or "", own_email=profile.user.email
        )
    errors.raise_if_any()
    user = profile.user
    if "terms" in asks:
        notices = notices_checked(
            terms_version=data.get("terms_version") or "", privacy_version=data.get("privacy_version") or ""
        )
        learner_consent_record(user=user, source=Source.PROMPT, notices=notices, ip=ip)
    if born is not None:
        profile.date_of_birth = born
        profile.save(update_fields=["date_of_birth", "updated_at"])
        _event(user.pk, Event.BIRTH_DATE_GIVEN, ip=ip, actor=user.name_or_email)
    if parent_email:
        parent_request_send(user=user, parent_email=parent_email, ip=ip)


@transaction.atomic
def learner_withdraw(*, profile: Profile, ip: str | None) -> int:
    """POST /api/v1/consent/withdraw: the learner withdraws their own consent (from the profile
    page). Processing stops at once (the gate answers ``consent_required``; the prompt asks
    again) and the account's deletion is scheduled after the grace period
    (``requested_by="consent_withdrawn"``). Returns how many consents were withdrawn; 409
    ``not_consented`` when none is in force."""
    user = profile.user
    now = timezone.now()
    count = Consent.objects.filter(
        user=user, subject=Consent.Subject.LEARNER, withdrawn_at__isnull=True
    ).update(
        withdrawn_at=now,
        withdrawn_ip=ip,
        withdrawn_by=Consent.WithdrawnBy.LEARNER,
        withdrawn_by_name=user.name_or_email[:200],
    )
    if not count:
        raise ApplicationError(Code.NOT_CONSENTED, _("You have no consent in force to withdraw."), status=409)
    _event(user.pk, Event.WITHDRAWN, ip=ip, actor=user.name_or_email, detail="learner")
    withdrawals.processing_stopped(user.pk)  # issue 37, item 6: a test in progress ends now
    _deletion_start(user, reason=_("The learner withdrew their consent."))
    return count


# --- the parent's request ---------------------------------------------------------------------------


def _mail_limits(user: User) -> None:
    """429 ``parent_mail_too_soon`` within ``parent_mail_interval()`` seconds of the last mail;
    429 ``parent_mail_limit`` once ``parent_mails_per_day()`` were sent in 24 hours."""
    now = timezone.now()
    sent = ConsentEvent.objects.filter(
        user=user, kind=Event.PARENT_MAILED, at__gt=now - timedelta(hours=24)
    ).values_list("at", flat=True)
    sent = sorted(sent, reverse=True)
    if len(sent) >= selectors.parent_mails_per_day():
        raise ApplicationError(
            Code.PARENT_MAIL_LIMIT,
            _(
                "%(n)d e-mails were sent to parents in the last 24 hours, the most allowed. Try again tomorrow."
            )
            % {"n": len(sent)},
            status=429,
        )
    if sent:
        wait = sent[0] + timedelta(seconds=parent_mail_interval()) - now
        if wait.total_seconds() > 0:
            raise ApplicationError(
                Code.PARENT_MAIL_TOO_SOON,
                _("Please wait %(s)d seconds before sending it again.")
                % {"s": int(wait.total_seconds()) + 1},
                status=429,
            )


def _mail(request: ParentRequest, token: str, ip: str | None) -> None:
    """Write the parent's mail to the outbox in the caller's transaction
    (``consent.tasks.parent_mail_send``; sent after the commit), and count it."""
    from consent.tasks import parent_mail_send

    _event(request.user_id, Event.PARENT_MAILED, ip=ip, detail=request.parent_email)
    parent_mail_send(request.pk, token)


def parent_request_send(*, user: User, parent_email: str, ip: str | None) -> ParentRequest:
    """A new request to ``parent_email`` (normalized and checked by the caller), in the reader's
    language, mailed after commit; an earlier pending or consented request is ``replaced`` (its
    link stops working). Limits: ``_mail_limits`` (429)."""
    _mail_limits(user)
    ParentRequest.objects.filter(user=user).exclude(status=ParentRequest.Status.REPLACED).exclude(
        status=ParentRequest.Status.WITHDRAWN
    ).update(status=ParentRequest.Status.REPLACED)
    token = ParentRequest.new_token()
    request = ParentRequest.objects.create(
        user=user, parent_email=parent_email, token_hash=token_digest(token), language=reader_language()
    )
    _mail(request, token, ip)
    return request


def _learner_needing_parent(profile: Profile) -> User:
    facts = rules.consent_facts(profile.user_id)
    if not rules.needs_parent(facts.band) or selectors.is_current(facts.parent, facts.current):
        raise ApplicationError(
            Code.PARENT_REQUEST_NOT_NEEDED,
            _("No parent's consent is needed: it is already given, or you are 16 or over."),
            status=409,
        )
    return User.objects.select_for_update().get(pk=profile.user_id)


@transaction.atomic
def parent_request_resend(*, profile: Profile, ip: str | None) -> ParentRequest:
    """POST /api/v1/consent/parent/resend: mail the parent again. A pending (or expired) request
    gets a new link (the old one stops working) and a fresh expiry; after a withdrawal a new
    request goes to the same address. Errors: 409 ``parent_request_not_needed`` (16 or over, or a
    parent's consent in force), 400 ``validation_error`` on ``parent_email`` when no address was
    ever given, 429 ``parent_mail_too_soon`` / ``parent_mail_limit``."""
    user = _learner_needing_parent(profile)
    request = selectors.last_parent_request(user.pk)
    if request is None:
        errors = FieldErrors()
        errors.add("parent_email", _("Required"))
        errors.raise_if_any()
    if request.status == ParentRequest.Status.PENDING:
        _mail_limits(user)
        token = ParentRequest.new_token()
        request.token_hash = token_digest(token)
        request.sent_at = timezone.now()
        request.sends += 1
        request.language = reader_language()
        request.save(update_fields=["token_hash", "sent_at", "sends", "language"])
        _mail(request, token, ip)
        return request
    return parent_request_send(user=user, parent_email=request.parent_email, ip=ip)


@transaction.atomic
def parent_email_change(*, profile: Profile, parent_email: str, ip: str | None) -> ParentRequest:
    """PUT /api/v1/consent/parent: send the request to another address (the previous link stops
    working). Errors: 400 ``validation_error`` on ``parent_email`` (required, valid, not the
    learner's own), 409 ``parent_request_not_needed`` (16 or over, or a parent's consent to the
    notices in force), 429 as ``parent_request_resend``."""
    user = _learner_needing_parent(profile)
    errors = FieldErrors()
    email = _parent_email_checked(errors, parent_email, own_email=user.email)
    errors.raise_if_any()
    return parent_request_send(user=user, parent_email=email, ip=ip)


# --- the parent's link ------------------------------------------------------------------------------


def parent_consent_give(
    *,
    token: str,
    terms_version: str,
    privacy_version: str,
    accept: bool,
    ip: str | None,
    relationship: str = "",
    child_birth_date: str = "",
) -> Consent:
    """POST /public/api/consent/parent/consent: the parent consents for the learner through the
    mailed link (the notices' current versions, now, from ``ip``), confirming that they are the
    parent or the legal guardian (``relationship``) and the child's date of birth
    (``child_birth_date``, dd/mm/yyyy; issue 37, item 5). The learner may then buy, take tests and
    record video (when their own consent is in force). A deletion scheduled because a consent was
    withdrawn is cancelled. Errors: 400 ``invalid_consent_link``, 410 ``consent_link_expired``
    (ask the learner to resend), 409 ``notice_changed``, 400 ``validation_error`` on
    ``accept_terms``, ``relationship``, ``child_birth_date``; 409 ``birth_date_mismatch`` when the
    date is not the learner's: nothing is consented, the link stops and the learner is told
    (``consent.birth_dates.parent_mismatch``, committed before the error is raised). An already
    consented link answers its consent."""
    with transaction.atomic():
        outcome = _parent_consent_give(
            token=token,
            terms_version=terms_version,
            privacy_version=privacy_version,
            accept=accept,
            answer={"relationship": relationship, "child_birth_date": child_birth_date},
            ip=ip,
        )
    if isinstance(outcome, ApplicationError):  # a mismatch, recorded and committed above
        raise outcome
    return outcome


def _parent_consent_give(
    *,
    token: str,
    terms_version: str,
    privacy_version: str,
    accept: bool,
    answer: dict[str, Any],
    ip: str | None,
) -> Consent | ApplicationError:
    request = selectors.request_of_token(token, lock=True)
    if request.status == ParentRequest.Status.CONSENTED:
        return request.consents.filter(subject=Consent.Subject.PARENT).first()
    if request.status == ParentRequest.Status.WITHDRAWN:
        raise ApplicationError(
            Code.INVALID_CONSENT_LINK,
            _("You withdrew your consent through this link. Ask your child to send a new request."),
            status=400,
        )
    if request.status == ParentRequest.Status.MISMATCH:
        raise ApplicationError(
            Code.BIRTH_DATE_MISMATCH,
            _(
                "This request was stopped: the date of birth entered did not match. Ask your child to send a new request."
            ),
            status=409,
        )
    if request.is_expired:
        raise ApplicationError(
            Code.CONSENT_LINK_EXPIRED,
            _("This link has expired. Ask your child to send the request again."),
            status=410,
        )
    errors = FieldErrors()
    _accepted(errors, accept)
    relationship, born = birth_dates.parent_answer_checked(errors, answer)  # issue 37, item 5
    errors.raise_if_any()
    notices = notices_checked(terms_version=terms_version, privacy_version=privacy_version)
    mismatch = birth_dates.parent_mismatch(request, born, ip=ip)
    if mismatch is not None:
        return mismatch
    consent = Consent.objects.create(
        user=request.user,
        subject=Consent.Subject.PARENT,
        source=Source.PARENT_LINK,
        terms_version=notices.terms,
        privacy_version=notices.privacy,
        ip=ip,
        language=reader_language(),
        parent_email=request.parent_email,
        relationship=relationship,
        child_birth_date=born,
        request=request,
    )
    request.status = ParentRequest.Status.CONSENTED
    request.responded_at = consent.given_at
    request.save(update_fields=["status", "responded_at"])
    _event(request.user_id, Event.PARENT_CONSENTED, ip=ip, actor=request.parent_email)
    _deletion_cancel(request.user, by="parent")
    return consent


@transaction.atomic
def parent_consent_withdraw(*, token: str, ip: str | None) -> Consent:
    """POST /public/api/consent/parent/withdraw: the parent withdraws their consent through the
    same link, and with it any consent of the parent's for the learner still recorded for an
    earlier version of the notices (by link or on paper). Processing stops at once (the gate
    answers ``parental_consent_required``) and the account's deletion is scheduled after the
    grace period. Errors: 400
    ``invalid_consent_link``; 409 ``not_consented`` when the link never consented."""
    request = selectors.request_of_token(token, lock=True)
    consent = request.consents.filter(subject=Consent.Subject.PARENT).first()
    if request.status == ParentRequest.Status.WITHDRAWN and consent is not None:
        return consent
    if request.status != ParentRequest.Status.CONSENTED or consent is None:
        raise ApplicationError(Code.NOT_CONSENTED, _("There is no consent to withdraw."), status=409)
    consent.withdrawn_at = timezone.now()
    consent.withdrawn_ip = ip
    consent.withdrawn_by = Consent.WithdrawnBy.PARENT
    consent.withdrawn_by_name = request.parent_email
    consent.save(update_fields=["withdrawn_at", "withdrawn_ip", "withdrawn_by", "withdrawn_by_name"])
    # A consent the parent gave for an earlier version is withdrawn with it (decision 0048).
    Consent.objects.filter(
        user_id=request.user_id, subject=Consent.Subject.PARENT, withdrawn_at__isnull=True
    ).update(
        withdrawn_at=consent.withdrawn_at,
        withdrawn_ip=ip,
        withdrawn_by=Consent.WithdrawnBy.PARENT,
        withdrawn_by_name=request.parent_email,
    )
    request.status = ParentRequest.Status.WITHDRAWN
    request.responded_at = consent.withdrawn_at
    request.save(update_fields=["status", "responded_at"])
    _event(request.user_id, Event.PARENT_WITHDREW, ip=ip, actor=request.parent_email)
    withdrawals.processing_stopped(request.user_id)  # issue 37, item 6: a test in progress ends now
    _deletion_start(request.user, reason=_("The parent or guardian withdrew their consent."))
    return consent


# --- paper consent (an organization admin) ----------------------------------------------------------


@transaction.atomic
def paper_consent_record(*, actor: Profile, profile_id: int, note: str, ip: str | None) -> Consent:
    """POST /api/v1/organization/members/{id}/consent/paper: an organization admin records that
    a parent or guardian consented on paper for a learner of the organization's roster (the
    current notices, who recorded it and when; ``note``: where the signed form is kept, at most
    200 characters). It counts as the parent's consent; against a new version of the notices it
    is the parent's consent again (decision 0048: an earlier one stays recorded). Errors: 403
    ``not_org_admin``; 404 for a learner not on the caller's roster; 409
    ``parent_request_not_needed`` when a parent's consent to the notices in force is already
    recorded."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    learner = selectors.roster_learner(organization.pk, profile_id, lock=True)
    facts = rules.consent_facts(learner.user_id)
    if selectors.is_current(facts.parent, facts.current):
        raise ApplicationError(
            Code.PARENT_REQUEST_NOT_NEEDED,
            _("A parent's consent is already recorded for this learner."),
            status=409,
        )
    current = rules.notices_current()
    terms, privacy = current[NoticeVersion.Kind.TERMS], current[NoticeVersion.Kind.PRIVACY]
    if terms is None or privacy is None:  # no notice in force: nothing to consent to
        raise ApplicationError(Code.NOTICE_CHANGED, _("No terms or privacy policy is in force."), status=409)
    consent = Consent.objects.create(
        user=learner.user,
        subject=Consent.Subject.PARENT,
        source=Source.PAPER,
        terms_version=terms,
        privacy_version=privacy,
        ip=ip,
        language=reader_language(),
        organization=organization,
        recorded_by=actor,
        recorded_by_name=actor.user.name_or_email[:200],
        note=(note or "").strip()[:200],
    )
    _event(
        learner.user_id, Event.PAPER_RECORDED, ip=ip, actor=actor.user.name_or_email, detail=organization.name
    )
    _deletion_cancel(learner.user, by="parent")
    return consent


@transaction.atomic
def paper_consent_withdraw(*, actor: Profile, profile_id: int, ip: str | None) -> Consent:
    """DELETE /api/v1/organization/members/{id}/consent/paper: an organization admin records that
    the parent withdrew, on paper, the consent recorded by this organization. Processing stops
    and the deletion is scheduled as for any withdrawal. Errors: 403 ``not_org_admin``; 404 for a
    learner not on the roster; 409 ``not_consented`` when no paper consent of this organization
    is in force."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    learner = selectors.roster_learner(organization.pk, profile_id, lock=True)
    consent = Consent.objects.filter(
        user=learner.user,
        subject=Consent.Subject.PARENT,
        source=Source.PAPER,
        organization=organization,
        withdrawn_at__isnull=True,
    ).first()
    if consent is None:
        raise ApplicationError(Code.NOT_CONSENTED, _("There is no paper consent to withdraw."), status=409)
    consent.withdrawn_at = timezone.now()
    consent.withdrawn_ip = ip
    consent.withdrawn_by = Consent.WithdrawnBy.ADMIN
    consent.withdrawn_by_name = actor.user.name_or_email[:200]
    # Every paper consent of this organization in force, an earlier version's too (decision 0048).
    Consent.objects.filter(
        user=learner.user,
        subject=Consent.Subject.PARENT,
        source=Source.PAPER,
        organization=organization,
        withdrawn_at__isnull=True,
    ).update(
        withdrawn_at=consent.withdrawn_at,
        withdrawn_ip=ip,
        withdrawn_by=Consent.WithdrawnBy.ADMIN,
        withdrawn_by_name=consent.withdrawn_by_name,
    )
    _event(
        learner.user_id,
        Event.PAPER_WITHDRAWN,
        ip=ip,
        actor=actor.user.name_or_email,
        detail=organization.name,
    )
    withdrawals.processing_stopped(learner.user_id)  # issue 37, item 6: a test in progress ends now
    _deletion_start(learner.user, reason=_("The parent or guardian withdrew their consent on paper."))
    return consent


# --- what a withdrawal starts -------------------------------------------------------------------


def _deletion_start(user: User, *, reason: str) -> None:
    """Schedule the account's deletion after the grace period, as a withdrawn consent
    (``data_requests.services.schedule_account_deletion``, decision 0022). An account that also
    works as an educator is not scheduled (its organization's admin removes it first): the
    withdrawal still stops processing, and is logged."""
    from data_requests.services import schedule_account_deletion

    try:
        with transaction.atomic():
            schedule_account_deletion(user=user, requested_by="consent_withdrawn", reason=str(reason))
    except ApplicationError as exc:
        logger.info("consent withdrawn by user %s: deletion not scheduled (%s)", user.pk, exc.code)


def _deletion_cancel(user: User, *, by: str) -> None:
    """Cancel a deletion scheduled because a consent was withdrawn, once every consent the
    processing needs is in force again (the gate's verdict is clear: a child's own consent alone
    never cancels what a parent's withdrawal started), through
    ``data_requests.services.cancel_account_deletion``; nothing when none is scheduled or ``by``
    may not cancel it (the owner's own deletion request stays)."""
    from data_requests.models import DataRequest
    from data_requests.services import cancel_account_deletion

    if not DataRequest.objects.filter(
        user=user,
        kind=DataRequest.Kind.DELETION,
        status=DataRequest.Status.SCHEDULED,
        requested_by=DataRequest.RequestedBy.CONSENT_WITHDRAWN,
    ).exists():
        return
    if selectors.consent_verdict(rules.consent_facts(user.pk)) is not None:
        return
    try:
        with transaction.atomic():
            cancel_account_deletion(user=user, cancelled_by=by)
    except ApplicationError as exc:
        logger.info("consent given again by user %s: deletion not cancelled (%s)", user.pk, exc.code)
