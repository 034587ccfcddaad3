"""Invitations into an organization (spec section 3, "Invitation"; issue 9): sending, resending
and revoking (organization admins: 403 ``not_org_admin``), and the invitee's side (check, accept,
reject, from the e-mailed link or from the notification). One module for both sides (issue 17,
item 6); the ``Invitation`` model is ``accounts.models.Invitation``.

Every refusal is an ``ApplicationError`` with a code from ``accounts.error_codes`` and a
localized message; every change is recorded as a ``MembershipEvent``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    Invitation,
    MembershipEvent,
    Profile,
    User,
    invitation_ttl,
    token_digest,
)
from accounts.services.checks import (
    check_choice,
    check_email,
    check_new_password,
    normalize_email,
)
from accounts.services.memberships import membership_event_record
from accounts.services.sessions import session_start
from config.client import client_address
from config.errors import ApplicationError, FieldErrors, not_found
from config.i18n import reader_language
from consent.models import Consent
from consent.selectors import consented_now
from consent.services import invitation_consent_check, learner_consent_record
from notifications.services import notify
from outbox.services import enqueue
from tenants.models import Organization


def _invitation_mail_and_notice(invitation: Invitation, token: str) -> None:
    """Queue the invitation mail (Vietnamese then English in one message, valid for
    ``INVITATION_TTL_DAYS`` days); an existing account also gets an OrganizationEducator or
    OrganizationLearner notification with accept and reject actions (target API)."""
    organization = invitation.organization
    inviter = invitation.invited_by.user.name_or_email if invitation.invited_by else organization.shown_name
    link = f"{settings.SITE_URL}/invitation/{token}?role={invitation.role.lower()}"
    context = {
        "organization": organization.shown_name,
        "inviter": inviter,
        "role": invitation.role,
        "link": link,
        "ttl_days": settings.INVITATION_TTL_DAYS,
    }
    email = invitation.email
    enqueue("accounts.invitation", email, context, reader_language())
    recipients = list(
        Profile.objects.filter(user__email__iexact=email, status=Profile.Status.ACTIVE).exclude(
            organization=organization
        )
    )
    if recipients:
        educator = invitation.role == Profile.Role.EDUCATOR
        key = "organization_educator" if educator else "organization_learner"
        args = {"organization": organization.shown_name, "inviter": inviter}
        notify(
            recipients=recipients,
            notifiable_type="OrganizationEducator" if educator else "OrganizationLearner",
            title_key=f"{key}.title",
            body_key=f"{key}.body",
            title_args=args,
            body_args=args,
            actions=[
                {
                    "url": f"/api/v1/users/invitations/{invitation.pk}/accept",
                    "target": "API",
                    "label": "action.accept",
                },
                {
                    "url": f"/api/v1/users/invitations/{invitation.pk}/reject",
                    "target": "API",
                    "label": "action.reject",
                },
            ],
        )


@transaction.atomic
def invitation_create(
    *, organization: Organization, email: str, role: str, invited_by: Profile | None, job_title: str = ""
) -> tuple[Invitation, str]:
    """Invite an e-mail address into ``organization`` as ``role`` and mail the link.

    Returns ``(invitation, raw_token)``. Refusals: ``validation_error`` (bad e-mail or role),
    ``already_member`` (409: an active profile of that role exists there), ``already_invited``
    (409, "user with this email already invited": a pending invitation exists).
    """
    email = normalize_email(email)
    errors = FieldErrors()
    check_email(errors, "email", email)
    check_choice(errors, "role", role, Profile.Role.values, required=True)
    errors.raise_if_any(_("Invitation failed"))
    if (
        Profile.objects.filter(user__email__iexact=email, organization=organization, pandai_profile_role=role)
        .exclude(status=Profile.Status.REMOVED)
        .exists()
    ):
        raise ApplicationError(
            Code.ALREADY_MEMBER, _("This person is already a member of the organization."), status=409
        )
    if Invitation.objects.filter(
        email__iexact=email,
        organization=organization,
        role=role,
        status=Invitation.Status.PENDING,
        sent_at__gt=timezone.now() - invitation_ttl(),
    ).exists():
        raise ApplicationError(Code.ALREADY_INVITED, _("user with this email already invited"), status=409)
    Invitation.objects.filter(
        email__iexact=email, organization=organization, role=role, status=Invitation.Status.PENDING
    ).update(status=Invitation.Status.EXPIRED)
    token = Invitation.new_token()
    invitation = Invitation.objects.create(
        token_hash=token_digest(token),
        email=email,
        role=role,
        organization=organization,
        invited_by=invited_by,
        job_title=job_title,
    )
    membership_event_record(
        organization=organization,
        kind=MembershipEvent.Kind.INVITED,
        email=email,
        invitation=invitation,
        actor=invited_by,
    )
    _invitation_mail_and_notice(invitation, token)
    return invitation, token


def _pending_invitation(token: str, role: str, *, lock: bool = False) -> Invitation:
    """The pending, unexpired invitation of ``token`` for ``role``; else ``invalid_invitation``."""
    invalid = ApplicationError(Code.INVALID_INVITATION, _("Invalid invitation"), status=400)
    if not token:
        raise invalid
    qs = Invitation.objects.select_related("organization", "invited_by__user")
    if lock:
        qs = qs.select_for_update(of=("self",))
    invitation = qs.filter(token_hash=token_digest(token), role=role).first()
    if invitation is None or invitation.status != Invitation.Status.PENDING:
        raise invalid
    if invitation.is_expired:
        Invitation.objects.filter(pk=invitation.pk).update(status=Invitation.Status.EXPIRED)
        raise invalid
    return invitation


def invitation_check(*, token: str, role: str) -> dict[str, Any]:
    """What /invitation/:token shows: e-mail, role, organization, inviter, whether an account
    with that e-mail exists, expiry. ``invalid_invitation`` for an unknown, used or expired token."""
    invitation = _pending_invitation(token, role)
    return {
        "email": invitation.email,
        "role": invitation.role,
        "organization": {"id": invitation.organization_id, "name": invitation.organization.name},
        "invited_by": invitation.invited_by.user.name_or_email if invitation.invited_by else None,
        "has_account": User.objects.filter(email__iexact=invitation.email).exists(),
        "expires_at": invitation.expires_at,
    }


def _rejected(invitation: Invitation) -> Invitation:
    """Mark ``invitation`` rejected now and record the membership event; the token stops working."""
    invitation.status = Invitation.Status.REJECTED
    invitation.responded_at = timezone.now()
    invitation.save(update_fields=["status", "responded_at"])
    membership_event_record(
        organization=invitation.organization,
        kind=MembershipEvent.Kind.REJECTED,
        email=invitation.email,
        invitation=invitation,
    )
    return invitation


@transaction.atomic
def invitation_reject(*, token: str, role: str) -> Invitation:
    """Mark a pending invitation rejected ("invitation rejected"); the token then stops working."""
    invitation = _pending_invitation(token, role, lock=True)
    return _rejected(invitation)


@transaction.atomic
def invitation_register(
    request: HttpRequest,
    *,
    token: str,
    role: str,
    name: str,
    password: str,
    confirm_password: str,
    consent: dict[str, Any] | None = None,
) -> Profile:
    """Accept an invitation: create the account if needed, add the organization profile, log in.

    A new account is active at once (the e-mailed link proved the address) and needs ``name`` and
    matching valid passwords. An existing account must give its current password
    (``invitation_wrong_password``, 400). Unknown, used or expired token -> ``invalid_invitation``.
    A LEARNER invitation also needs the learner's consent (issue 24, item 1) unless the account
    has consented to the notices in force: ``consent`` holds ``accept_terms`` and the versions
    read (``validation_error`` on ``accept_terms``; 409 ``notice_changed``); it is recorded with
    the client's address.
    """
    invitation = _pending_invitation(token, role, lock=True)
    user = User.objects.select_for_update().filter(email__iexact=invitation.email).first()
    errors = FieldErrors()
    notices = None
    if role == Profile.Role.LEARNER and not (user and consented_now(user.pk)):
        notices = invitation_consent_check(errors, data=consent or {})
    if user is None:
        if not (name or "").strip():
            errors.add("name", _("Required"))
        check_new_password(errors, password, confirm_password, User(email=invitation.email, name=name or ""))
        errors.raise_if_any(_("Invitation failed"))
        user = User.objects.create_user(
            email=invitation.email,
            password=password,
            name=name.strip(),
            is_active=True,
            email_verified_at=timezone.now(),
            preferred_language=reader_language(),
        )
    else:
        errors.raise_if_any(_("Invitation failed"))
        if not password or not user.check_password(password):
            raise ApplicationError(
                Code.INVITATION_WRONG_PASSWORD,
                _("An account with this e-mail exists: enter its password to accept."),
                status=400,
                errors={"password": [_("Wrong password.")]},
            )
        if user.email_verified_at is None:
            user.email_verified_at = timezone.now()
            user.is_active = True
            user.save(update_fields=["email_verified_at", "is_active", "updated_at"])
    profile = _invitation_accept(invitation, user)
    if notices is not None:
        learner_consent_record(
            user=user, source=Consent.Source.INVITATION, notices=notices, ip=client_address(request)
        )
    session_start(request, user=user, profile=profile)
    return profile


def _invitation_accept(invitation: Invitation, user: User) -> Profile:
    """Give ``user`` the invitation's profile (reactivating a removed or inactive one), mark the
    invitation accepted and record "joined". Returns the profile with user and organization."""
    profile, _created = Profile.objects.get_or_create(
        user=user,
        pandai_profile_role=invitation.role,
        organization=invitation.organization,
        defaults={
            "invited_by": invitation.invited_by,
            "joined_at": timezone.now(),
            "job_title": invitation.job_title,
        },
    )
    if profile.status != Profile.Status.ACTIVE:
        profile.status = Profile.Status.ACTIVE
        profile.invited_by = invitation.invited_by
        profile.joined_at = timezone.now()
        profile.save(update_fields=["status", "invited_by", "joined_at", "updated_at"])
    invitation.status = Invitation.Status.ACCEPTED
    invitation.responded_at = timezone.now()
    invitation.save(update_fields=["status", "responded_at"])
    membership_event_record(
        organization=invitation.organization,
        kind=MembershipEvent.Kind.JOINED,
        email=invitation.email,
        profile=profile,
        invitation=invitation,
    )
    return Profile.objects.select_related("user", "organization").get(pk=profile.pk)


def _own_invitation(user: User, invitation_id: int) -> Invitation:
    """A pending, unexpired invitation addressed to ``user``'s e-mail; 400 ``invalid_invitation``
    otherwise (someone else's invitation is indistinguishable from a missing one)."""
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("organization", "invited_by__user")
        .filter(pk=invitation_id, email__iexact=user.email)
        .first()
    )
    if invitation is None or invitation.effective_status != Invitation.Status.PENDING:
        raise ApplicationError(Code.INVALID_INVITATION, _("Invalid invitation"), status=400)
    return invitation


@transaction.atomic
def invitation_accept_signed_in(*, user: User, invitation_id: int) -> Profile:
    """POST /api/v1/users/invitations/{id}/accept (the notification's accept action): add the
    organization profile to the signed-in invitee's account. 400 ``invalid_invitation``."""
    return _invitation_accept(_own_invitation(user, invitation_id), user)


@transaction.atomic
def invitation_reject_signed_in(*, user: User, invitation_id: int) -> Invitation:
    """POST /api/v1/users/invitations/{id}/reject: decline an invitation addressed to the
    signed-in user ("invitation rejected"). 400 ``invalid_invitation``."""
    invitation = _own_invitation(user, invitation_id)
    return _rejected(invitation)


# --- an organization admin's side (issue 9) ------------------------------------------------------


def invitations_send(
    *, actor: Profile, emails: list[str], role: str, job_title: str = ""
) -> list[dict[str, Any]]:
    """Invite each e-mail (one transaction per address). Returns ``[{"email", "ok", "code",
    "message"}]``; refusals per address: ``validation_error``, ``already_member``,
    ``already_invited`` ("user with this email already invited")."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    errors = FieldErrors()
    cleaned = [e for e in dict.fromkeys(normalize_email(e) for e in emails) if e]
    if not cleaned:
        errors.add("emails", _("Required"))
    if role not in Profile.Role.values:
        errors.add("role", _("Choose one of the allowed values."))
    errors.raise_if_any(_("Invitation failed"))
    results = []
    for email in cleaned:
        try:
            invitation_create(
                organization=organization,
                email=email,
                role=role,
                invited_by=actor,
                job_title=job_title.strip(),
            )
            results.append({"email": email, "ok": True, "code": "", "message": _("Invitation sent.")})
        except ApplicationError as exc:
            message = exc.errors.get("email", [exc.message])[0] if exc.errors else exc.message
            results.append({"email": email, "ok": False, "code": exc.code, "message": message})
    return results


def _invitation_of(organization: Organization, invitation_id: int) -> Invitation:
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("organization", "invited_by__user")
        .filter(pk=invitation_id, organization=organization)
        .first()
    )
    if invitation is None:
        raise not_found(_("Invitation not found."))
    return invitation


@transaction.atomic
def invitation_resend(*, actor: Profile, invitation_id: int) -> Invitation:
    """Send a pending or expired invitation again with a new link (the old link stops working)
    and a fresh expiry. At most ``INVITATION_MAX_RESENDS`` times (429 ``resend_limit``) and not
    within ``INVITATION_RESEND_INTERVAL`` seconds of the last send (429 ``resend_too_soon``).
    Accepted, rejected or revoked ones: 409 ``invitation_not_pending``."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    invitation = _invitation_of(organization, invitation_id)
    if invitation.status not in (Invitation.Status.PENDING, Invitation.Status.EXPIRED):
        raise ApplicationError(
            Code.INVITATION_NOT_PENDING, _("Only a pending or expired invitation can be resent."), status=409
        )
    if invitation.resend_count >= settings.INVITATION_MAX_RESENDS:
        raise ApplicationError(
            Code.RESEND_LIMIT,
            _("This invitation has been resent %(n)d times already, the most allowed.")
            % {"n": invitation.resend_count},
            status=429,
        )
    wait = invitation.sent_at + timedelta(seconds=settings.INVITATION_RESEND_INTERVAL) - timezone.now()
    if wait.total_seconds() > 0:
        raise ApplicationError(
            Code.RESEND_TOO_SOON,
            _("Please wait %(s)d seconds before sending it again.") % {"s": int(wait.total_seconds()) + 1},
            status=429,
        )
    if (
        Invitation.objects.filter(
            email__iexact=invitation.email,
            organization=organization,
            role=invitation.role,
            status=Invitation.Status.PENDING,
        )
        .exclude(pk=invitation.pk)
        .exists()
    ):
        raise ApplicationError(Code.ALREADY_INVITED, _("user with this email already invited"), status=409)
    token = Invitation.new_token()
    invitation.token_hash = token_digest(token)
    invitation.status = Invitation.Status.PENDING
    invitation.sent_at = timezone.now()
    invitation.resend_count += 1
    invitation.save(update_fields=["token_hash", "status", "sent_at", "resend_count"])
    membership_event_record(
        organization=organization,
        kind=MembershipEvent.Kind.RESENT,
        email=invitation.email,
        invitation=invitation,
        actor=actor,
    )
    _invitation_mail_and_notice(invitation, token)
    return invitation


@transaction.atomic
def invitation_revoke(*, actor: Profile, invitation_id: int) -> Invitation:
    """Withdraw a pending invitation; its link then answers "Invalid invitation". 409
    ``invitation_not_pending`` when it was already answered."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    invitation = _invitation_of(organization, invitation_id)
    if invitation.status not in (Invitation.Status.PENDING, Invitation.Status.EXPIRED):
        raise ApplicationError(
            Code.INVITATION_NOT_PENDING, _("Only a pending invitation can be revoked."), status=409
        )
    invitation.status = Invitation.Status.REVOKED
    invitation.responded_at = timezone.now()
    invitation.save(update_fields=["status", "responded_at"])
    membership_event_record(
        organization=organization,
        kind=MembershipEvent.Kind.REVOKED,
        email=invitation.email,
        invitation=invitation,
        actor=actor,
    )
    return invitation
