"""Writes of the identity API: registration, verification, login, passwords, profiles, invitations.

Rules come from spec section 5 (validation) and issue 2 (security). Every refusal is an
``ApplicationError`` with a code from ``accounts.error_codes`` and a localized message.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY, login, logout
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.validators import validate_email
from django.db import IntegrityError, connection, transaction
from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from accounts import throttling
from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    Invitation,
    MembershipEvent,
    Profile,
    TokenExchange,
    User,
    cccd_validator,
    invitation_ttl,
    token_digest,
)
from accounts.selectors import province_codes
from accounts.tasks import email_send
from config.errors import ApplicationError, CommonErrorCode, FieldErrors
from config.images import read_limited, reencode_image
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.models import Organization

VERIFY_SALT = "accounts.verify-email"
VERIFY_MAX_AGE = 60 * 60 * 24 * 3  # seconds
EXCHANGE_MAX_AGE = 60  # seconds
GRADES = range(1, 13)  # Vietnamese general education: grades 1 to 12


def _language() -> str:
    return translation.get_language() or settings.LANGUAGE_CODE


def _normalize_email(email: str) -> str:
    return (email or "").strip().lower()


def _check_email(errors: FieldErrors, field: str, value: str, *, required: bool = True) -> None:
    if not value:
        if required:
            errors.add(field, _("Required"))
        return
    try:
        validate_email(value)
    except DjangoValidationError:
        errors.add(field, _("Enter a valid e-mail address."))


def _check_new_password(errors: FieldErrors, password: str, confirm: str, user: User | None = None) -> None:
    if not password:
        errors.add("password", _("Required"))
    else:
        try:
            validate_password(password, user=user)
        except DjangoValidationError as exc:
            for message in exc.messages:
                errors.add("password", message)
    if not confirm:
        errors.add("confirm_password", _("Required"))
    elif password and confirm != password:
        errors.add("confirm_password", _("Passwords do not match."))


def _parse_birth_date(errors: FieldErrors, value: str, *, required: bool) -> date | None:
    if not value:
        if required:
            errors.add("date_of_birth", _("Required"))
        return None
    try:
        born = datetime.strptime(value.strip(), "%d/%m/%Y").date()
    except ValueError:
        errors.add("date_of_birth", _("Enter the date as dd/mm/yyyy."))
        return None
    if born >= timezone.localdate():
        errors.add("date_of_birth", _("The date of birth must be in the past."))
        return None
    return born


def _check_choice(errors: FieldErrors, field: str, value: str, allowed, *, required: bool) -> None:
    if not value:
        if required:
            errors.add(field, _("Required"))
    elif value not in allowed:
        errors.add(field, _("Choose one of the allowed values."))


def _check_cccd(errors: FieldErrors, value: str, *, required: bool) -> None:
    if not value:
        if required:
            errors.add("cccd", _("Required"))
        return
    try:
        cccd_validator(value)
    except DjangoValidationError:
        errors.add("cccd", _("The CCCD number must be exactly 12 digits."))


# --- registration and e-mail verification -----------------------------------------------------


def verification_token(user: User) -> str:
    """A signed token for the verification link, valid ``VERIFY_MAX_AGE`` seconds."""
    return signing.dumps({"u": user.pk, "e": user.email}, salt=VERIFY_SALT)


def _queue_verification_mail(user: User) -> None:
    link = f"{settings.SITE_URL}/verify-email?token={verification_token(user)}"
    lang = _language()
    transaction.on_commit(
        lambda: email_send("verify_email", user.email, {"name": user.name_or_email, "link": link}, lang)
    )


@transaction.atomic
def user_register(*, data: dict[str, Any]) -> User:
    """Create an inactive account with a public LEARNER profile and mail its verification link.

    ``data`` holds the signup fields of spec section 3 (see ``RegisterIn``). Rules of spec section
    5: valid e-mail, required fields, passwords match and pass Django's validators, CCCD exactly 12
    digits, date of birth dd/mm/yyyy in the past, gender male/female, a known province code.
    Raises ``validation_error`` (400, field errors) or ``email_taken`` (409, "Registration Failed").
    """
    errors = FieldErrors()
    email = _normalize_email(data.get("email", ""))
    _check_email(errors, "email", email)
    _check_new_password(
        errors,
        data.get("password", ""),
        data.get("confirm_password", ""),
        User(email=email, name=data.get("name", "")),
    )
    for field in ("name", "class_name", "school_name", "curriculum", "phone"):
        if not (data.get(field) or "").strip():
            errors.add(field, _("Required"))
    _check_choice(errors, "gender", data.get("gender", ""), Profile.Gender.values, required=True)
    born = _parse_birth_date(errors, data.get("date_of_birth", ""), required=True)
    _check_cccd(errors, (data.get("cccd") or "").strip(), required=True)
    _check_choice(errors, "province_code", data.get("province_code", ""), province_codes(), required=True)
    _check_email(errors, "contact_email", _normalize_email(data.get("contact_email", "")), required=False)
    errors.raise_if_any(_("Registration Failed"))

    if User.objects.filter(email__iexact=email).exists():
        raise ApplicationError(
            Code.EMAIL_TAKEN,
            _(
                "Registration Failed: an account with this e-mail already exists. Log in or reset your password."
            ),
            status=409,
            errors={"email": [_("An account with this e-mail already exists.")]},
        )
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email=email,
                password=data["password"],
                name=data["name"].strip(),
                preferred_language=_language(),
            )
    except IntegrityError as exc:  # a concurrent registration of the same address won the race
        raise ApplicationError(
            Code.EMAIL_TAKEN,
            _(
                "Registration Failed: an account with this e-mail already exists. Log in or reset your password."
            ),
            status=409,
        ) from exc
    Profile.objects.create(
        user=user,
        pandai_profile_role=Profile.Role.LEARNER,
        joined_at=timezone.now(),
        gender=data["gender"],
        date_of_birth=born,
        cccd=data["cccd"].strip(),
        class_name=data["class_name"].strip(),
        school_name=data["school_name"].strip(),
        district_text=(data.get("district_text") or "").strip(),
        province_code=data["province_code"],
        curriculum=data["curriculum"].strip(),
        phone=data["phone"].strip(),
        alternate_email=_normalize_email(data.get("contact_email", "")),
    )
    _queue_verification_mail(user)
    return user


def user_resend_verification(*, email: str) -> None:
    """Mail a new verification link when an unverified account has this e-mail; otherwise do
    nothing. Answers the same either way (no account enumeration)."""
    user = User.objects.filter(email__iexact=_normalize_email(email), email_verified_at__isnull=True).first()
    if user is not None:
        _queue_verification_mail(user)


@transaction.atomic
def user_verify_email(*, token: str) -> User:
    """Activate the account named by a verification token. Idempotent for a valid token.

    Raises ``invalid_verification_link`` (400, "Invalid verification link") for a tampered,
    expired or unknown token, or one whose e-mail no longer matches the account.
    """
    invalid = ApplicationError(Code.INVALID_VERIFICATION_LINK, _("Invalid verification link"), status=400)
    try:
        payload = signing.loads(token or "", salt=VERIFY_SALT, max_age=VERIFY_MAX_AGE)
    except signing.BadSignature as exc:
        raise invalid from exc
    user = User.objects.select_for_update().filter(pk=payload.get("u"), email=payload.get("e")).first()
    if user is None:
        raise invalid
    if user.email_verified_at is None:
        user.email_verified_at = timezone.now()
        user.is_active = True
        user.save(update_fields=["email_verified_at", "is_active", "updated_at"])
    return user


# --- login, logout, token exchange -------------------------------------------------------------


def _login_failed(request: HttpRequest, email: str) -> ApplicationError:
    throttling.login_failed(request, email)
    return ApplicationError(
        Code.INVALID_CREDENTIALS, _("Login Failed: wrong e-mail or password."), status=400
    )


def session_start(request: HttpRequest, *, user: User, profile: Profile) -> None:
    """Log ``user`` in on this request with ``profile`` current. The session id always changes
    (issue 16, item 1): Django's ``login`` keeps the id when the session already belongs to the
    same user, so that case rotates it here."""
    same_user = str(request.session.get(SESSION_KEY, "")) == str(user.pk)
    login(request, user, backend="accounts.backends.ThrottledModelBackend")
    if same_user:
        request.session.cycle_key()
    session_profile_set(request, profile)


def session_profile_set(request: HttpRequest, profile: Profile) -> None:
    """Make ``profile`` the session's current profile and the request's schema."""
    request.session[PROFILE_SESSION_KEY] = profile.pk
    request.profile = profile
    if profile.uses_tenant_schema:
        connection.set_tenant(profile.organization)
    else:
        connection.set_schema_to_public()


def user_login(request: HttpRequest, *, email: str, password: str) -> Profile:
    """Check credentials and start a session in the user's default profile.

    Limited by ``accounts.throttling`` (failed attempts per account and client IP, every attempt
    per IP, a ceiling of failures per account; 429 ``login_rate_limited``); answers in the same
    time whether or not the account exists. Wrong e-mail or password -> 400
    ``invalid_credentials`` ("Login Failed"); an unverified account with the right password -> 403 ``email_not_verified`` (the
    client offers POST public/api/auth/resend-verification-email); no active profile -> 403
    ``no_active_profile``.
    """
    from accounts.selectors import profile_default_for

    email = _normalize_email(email)
    errors = FieldErrors()
    if not email:
        errors.add("email", _("Required"))
    if not password:
        errors.add("password", _("Required"))
    errors.raise_if_any(_("Login Failed"))
    throttling.login_attempt(request, email)
    user = User.objects.filter(email__iexact=email).first()
    if user is None:
        # Hash the password anyway, as Django's ModelBackend does, so that the answer takes as
        # long whether or not the account exists (issue 16, item 5: no enumeration by timing).
        User().set_password(password)
        raise _login_failed(request, email)
    if not user.check_password(password):
        raise _login_failed(request, email)
    if user.email_verified_at is None:
        raise ApplicationError(
            Code.EMAIL_NOT_VERIFIED,
            _("Login Failed: please verify your e-mail address first. We can send the link again."),
            status=403,
            extra={"can_resend_verification": True},
        )
    if not user.is_active:
        raise ApplicationError(
            Code.INVALID_CREDENTIALS, _("Login Failed: wrong e-mail or password."), status=400
        )
    profile = profile_default_for(user=user)
    if profile is None:
        raise ApplicationError(
            Code.NO_ACTIVE_PROFILE, _("Login Failed: this account has no active profile."), status=403
        )
    session_start(request, user=user, profile=profile)
    return profile


def user_logout(request: HttpRequest) -> None:
    """End the session (the session row is deleted and the cookie cleared)."""
    logout(request)


def token_exchange_issue(*, profile: Profile) -> dict[str, Any]:
    """A random one-time token another client (e.g. the survey service) trades for a session of
    this profile at POST /public/api/auth/token-exchange within ``EXCHANGE_MAX_AGE`` seconds.
    Only its digest is stored (``TokenExchange``). Returns ``{"token", "expires_in"}`` (seconds)."""
    now = timezone.now()
    token = secrets.token_urlsafe(32)
    TokenExchange.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    TokenExchange.objects.create(
        digest=token_digest(token), profile=profile, expires_at=now + timedelta(seconds=EXCHANGE_MAX_AGE)
    )
    return {"token": token, "expires_in": EXCHANGE_MAX_AGE}


def token_exchange_redeem(request: HttpRequest, *, token: str) -> Profile:
    """Start a session from a token of ``token_exchange_issue``. A token works once, whatever the
    number of processes redeeming it at the same time (one conditional UPDATE; issue 16, item 4).

    Raises ``invalid_token_exchange`` (400) for an unknown, expired or used token, or one whose
    profile is no longer active.
    """
    invalid = ApplicationError(
        Code.INVALID_TOKEN_EXCHANGE, _("This sign-in link is invalid or has expired."), status=400
    )
    now = timezone.now()
    digest = token_digest(token or "")
    claimed = TokenExchange.objects.filter(digest=digest, used_at__isnull=True, expires_at__gt=now).update(
        used_at=now
    )
    if claimed != 1:
        raise invalid
    profile = (
        Profile.objects.select_related("user", "organization")
        .filter(
            token_exchanges__digest=digest,
            status=Profile.Status.ACTIVE,
            user__is_active=True,
        )
        .first()
    )
    if profile is None:
        raise invalid
    session_start(request, user=profile.user, profile=profile)
    return profile


# --- passwords ----------------------------------------------------------------------------------


def password_reset_request(*, email: str) -> None:
    """Mail a reset link to an active account with this e-mail; answer the same whether or not
    one exists (no account enumeration). The link carries Django's token generator's token."""
    user = User.objects.filter(email__iexact=_normalize_email(email), is_active=True).first()
    if user is None:
        return
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = f"{settings.SITE_URL}/reset-password?uid={uid}&token={default_token_generator.make_token(user)}"
    lang = _language()
    transaction.on_commit(
        lambda: email_send("password_reset", user.email, {"name": user.name_or_email, "link": link}, lang)
    )


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, password: str, confirm_password: str) -> User:
    """Set a new password from a reset link; the link then stops working (the token depends on
    the password hash). Raises ``invalid_reset_link`` (400) or ``validation_error``."""
    invalid = ApplicationError(
        Code.INVALID_RESET_LINK, _("Reset Password Failed: the link is invalid or has expired."), status=400
    )
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid or "")))
    except (User.DoesNotExist, ValueError, TypeError, OverflowError) as exc:
        raise invalid from exc
    if not default_token_generator.check_token(user, token or ""):
        raise invalid
    errors = FieldErrors()
    _check_new_password(errors, password, confirm_password, user)
    errors.raise_if_any(_("Reset Password Failed"))
    user.set_password(password)
    user.save(update_fields=["password", "updated_at"])
    return user


# --- profiles -----------------------------------------------------------------------------------


def profile_switch(request: HttpRequest, *, profile_id: int) -> Profile:
    """Make one of the caller's own active profiles current (spec section 4, "Profile switching").

    Another user's profile id, or an inactive one -> 404 ``profile_not_found``.
    """
    user = request.auth.user
    profile = (
        Profile.objects.select_related("user", "organization")
        .filter(pk=profile_id, user=user, status=Profile.Status.ACTIVE)
        .first()
    )
    if profile is None:
        raise ApplicationError(Code.PROFILE_NOT_FOUND, _("Profile not found."), status=404)
    request.session.cycle_key()
    session_profile_set(request, profile)
    return profile


def _check_grade(errors: FieldErrors, grade: int | None, *, required: bool) -> None:
    if grade is None:
        if required:
            errors.add("grade", _("Required"))
    elif grade not in GRADES:
        errors.add("grade", _("Choose a grade from 1 to 12."))


@transaction.atomic
def profile_update_self(*, profile: Profile, data: dict[str, Any]) -> Profile:
    """Update the caller's own profile (PUT /api/v1/users/profile/self); ``None`` fields stay.

    ``name`` is the account's full name (shared by all its profiles). Rules: name not blank,
    e-mail valid, grade 1..12, gender male/female, date dd/mm/yyyy in the past, known province.
    Raises ``validation_error`` ("update failed") with field errors; nothing is written then.
    """
    errors = FieldErrors()
    fields = {key: value for key, value in data.items() if value is not None}
    if "name" in fields and not fields["name"].strip():
        errors.add("name", _("Required"))
    if "alternate_email" in fields:
        fields["alternate_email"] = _normalize_email(fields["alternate_email"])
        _check_email(errors, "alternate_email", fields["alternate_email"], required=False)
    if "grade" in fields:
        _check_grade(errors, fields["grade"], required=False)
    if "gender" in fields:
        _check_choice(errors, "gender", fields["gender"], Profile.Gender.values, required=False)
    if "province_code" in fields:
        _check_choice(errors, "province_code", fields["province_code"], province_codes(), required=False)
    if "date_of_birth" in fields:
        fields["date_of_birth"] = _parse_birth_date(errors, fields["date_of_birth"], required=False)
    errors.raise_if_any(_("Update failed"))

    user = profile.user
    if "name" in fields:
        user.name = fields.pop("name").strip()
        user.save(update_fields=["name", "updated_at"])
    for key, value in fields.items():
        setattr(profile, key, value.strip() if isinstance(value, str) else value)
    profile.save()
    return profile


def profile_set_grade(*, profile: Profile, grade: int | None) -> Profile:
    """Set the grade (1..12) the marketplace needs (spec section 5). ``validation_error`` else."""
    errors = FieldErrors()
    _check_grade(errors, grade, required=True)
    errors.raise_if_any(_("Update failed"))
    profile.grade = grade
    profile.save(update_fields=["grade", "updated_at"])
    return profile


def profile_photo_upload(*, profile: Profile, upload) -> Profile:
    """Store a new profile photo (POST .../upload-photo, multipart field ``file``).

    Only real JPEG, PNG or WebP images by content (puremagic, then Pillow decodes it), at most
    ``PROFILE_PHOTO_MAX_BYTES``; re-encoded to WebP at most ``PROFILE_PHOTO_MAX_SIDE`` pixels a
    side, metadata dropped. Errors: ``image_too_large`` (413), ``unsupported_image`` (400). The old
    photo is kept on any error and deleted only after the new one is saved.
    """
    if upload is None:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR, _("Choose a photo to upload."), errors={"file": [_("Required")]}
        )
    raw = read_limited(upload, settings.PROFILE_PHOTO_MAX_BYTES, too_large_code=Code.IMAGE_TOO_LARGE)
    webp = reencode_image(
        raw, max_side=settings.PROFILE_PHOTO_MAX_SIDE, unsupported_code=Code.UNSUPPORTED_IMAGE
    )
    path = default_storage.save(f"profiles/{profile.pk}/{uuid.uuid4().hex}.webp", ContentFile(webp))
    old = profile.photo
    profile.photo = path
    profile.save(update_fields=["photo", "updated_at"])
    if old:
        default_storage.delete(old)
    return profile


def profile_photo_remove(*, profile: Profile) -> Profile:
    """Remove the caller's photo (DELETE .../remove-photo); a no-op when there is none."""
    old = profile.photo
    if old:
        profile.photo = ""
        profile.save(update_fields=["photo", "updated_at"])
        default_storage.delete(old)
    return profile


def survey_account_register(*, profile: Profile) -> Profile:
    """POST /api/v1/users/register-pandai-survey: open the career-survey account of a LEARNER
    profile (spec section 6). Idempotent. Educators -> 403 ``learner_only``."""
    if profile.is_educator:
        raise ApplicationError(
            Code.LEARNER_ONLY, _("Only learner profiles have a survey account."), status=403
        )
    if not profile.has_pandai_survey_account:
        profile.has_pandai_survey_account = True
        profile.save(update_fields=["has_pandai_survey_account", "updated_at"])
    return profile


# --- invitations --------------------------------------------------------------------------------


def membership_event_record(
    *,
    organization: Organization,
    kind: str,
    email: str,
    profile: Profile | None = None,
    invitation: Invitation | None = None,
    actor: Profile | None = None,
) -> MembershipEvent:
    """Record one membership change (issue 9, item 4). ``actor`` None means the person themself
    (joining, declining) or the system."""
    return MembershipEvent.objects.create(
        organization=organization,
        kind=kind,
        email=email,
        profile=profile,
        invitation=invitation,
        actor=actor,
        actor_name=actor.user.name_or_email if actor else "",
    )


def _invitation_mail_and_notice(invitation: Invitation, token: str) -> None:
    """Queue the invitation mail (Vietnamese then English in one message, valid for
    ``INVITATION_TTL_DAYS`` days); an existing account also gets an OrganizationEducator or
    OrganizationLearner notification with accept and reject actions (target API)."""
    from notifications.services import notify

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
    lang = _language()
    email = invitation.email
    transaction.on_commit(lambda: email_send("invitation", email, context, lang))
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
    email = _normalize_email(email)
    errors = FieldErrors()
    _check_email(errors, "email", email)
    _check_choice(errors, "role", role, Profile.Role.values, required=True)
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


@transaction.atomic
def invitation_reject(*, token: str, role: str) -> Invitation:
    """Mark a pending invitation rejected ("invitation rejected"); the token then stops working."""
    invitation = _pending_invitation(token, role, lock=True)
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
def invitation_register(
    request: HttpRequest, *, token: str, role: str, name: str, password: str, confirm_password: str
) -> Profile:
    """Accept an invitation: create the account if needed, add the organization profile, log in.

    A new account is active at once (the e-mailed link proved the address) and needs ``name`` and
    matching valid passwords. An existing account must give its current password
    (``invitation_wrong_password``, 400). Unknown, used or expired token -> ``invalid_invitation``.
    """
    invitation = _pending_invitation(token, role, lock=True)
    user = User.objects.select_for_update().filter(email__iexact=invitation.email).first()
    errors = FieldErrors()
    if user is None:
        if not (name or "").strip():
            errors.add("name", _("Required"))
        _check_new_password(errors, password, confirm_password, User(email=invitation.email, name=name or ""))
        errors.raise_if_any(_("Invitation failed"))
        user = User.objects.create_user(
            email=invitation.email,
            password=password,
            name=name.strip(),
            is_active=True,
            email_verified_at=timezone.now(),
            preferred_language=_language(),
        )
    else:
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
