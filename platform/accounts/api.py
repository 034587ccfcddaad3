"""Identity endpoints: spec section 7, "Authentication and users". Thin: parse -> service -> out.

Mounted by ``config.api``: ``public_router`` under /public/api/, ``private_router`` under /api/v1/
and ``users_router`` under /api/v1/users/.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import File, Query, Router, Schema, Status
from ninja.files import UploadedFile

from accounts import selectors, throttling
from accounts.auth import EducatorSessionAuth, ProfileSessionAuth
from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import Profile
from accounts.schemas import (
    AuthorizedOut,
    CurrentUserOut,
    EmailIn,
    GradeIn,
    InvitationOut,
    LoginIn,
    MemberOut,
    MyProfilesOut,
    ProfileSelfIn,
    ProvinceOut,
    RegisteredOut,
    RegisterIn,
    RegisterInvitedIn,
    ResetPasswordIn,
    SwitchProfileIn,
    TokenExchangeOut,
    TokenIn,
)
from accounts.services import invitations, passwords, profiles, registration, sessions
from config.client import client_address
from config.envelope import Empty, Envelope, Page, ok
from config.fields import Choice, Limit, OrderBy, PageNo, Search
from config.requests import ProfileRequest
from consent.gate import ConsentedLearnerAuth, ConsentedProfileAuth

public_router = Router(tags=["auth (public)"])
private_router = Router(tags=["auth"], auth=ProfileSessionAuth())
users_router = Router(tags=["users"], auth=ProfileSessionAuth())

INVITATION_ROLES = {"educator": Profile.Role.EDUCATOR, "learner": Profile.Role.LEARNER}


class CsrfOut(Schema):
    csrf_token: str


# --- public: /public/api/... -------------------------------------------------------------------


@public_router.get("auth/csrf", response=Envelope[CsrfOut])
def csrf(request: HttpRequest):
    """Set the ``csrftoken`` cookie and return its value; send it back as ``X-CSRFToken`` on
    unsafe /api/v1/ calls."""
    return ok({"csrf_token": get_token(request)})


@public_router.post("auth/login", response=Envelope[AuthorizedOut])
def login(request: HttpRequest, payload: LoginIn):
    """Log in with e-mail and password; starts a session (cookie ``sessionid``, id rotated).

    Errors: 400 ``invalid_credentials`` / ``validation_error``, 403 ``email_not_verified`` (then
    offer resend-verification-email) or ``no_active_profile``, 429 ``login_rate_limited``.
    """
    profile = sessions.user_login(request, email=payload.email, password=payload.password)
    return ok(selectors.authorized_payload(profile), _("Logged in."))


@public_router.post("auth/resend-verification-email", response=Envelope[Empty])
def resend_verification_email(request: HttpRequest, payload: EmailIn):
    """Mail a new verification link to an unverified account. Same answer for any e-mail.
    Limited per client IP and per e-mail address: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="resend-verification", address=payload.email)
    registration.user_resend_verification(email=payload.email)
    return ok({}, _("If an unverified account uses this e-mail, we have sent a new verification link."))


@public_router.post("auth/token-exchange", response=Envelope[AuthorizedOut])
def token_exchange(request: HttpRequest, payload: TokenIn):
    """Trade a token from GET /api/v1/auth/request-token-exchange (valid 60 s, once) for a session.
    Error: 400 ``invalid_token_exchange``. Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="token-exchange")
    profile = sessions.token_exchange_redeem(request, token=payload.token)
    return ok(selectors.authorized_payload(profile))


@public_router.post("users/register", response={201: Envelope[RegisteredOut]})
def register(request: HttpRequest, payload: RegisterIn):
    """Create an account (inactive until its e-mail is verified) with a public LEARNER profile.

    Body: the signup fields of spec section 3 (``date_of_birth`` dd/mm/yyyy, ``cccd`` 12 digits,
    ``gender`` male|female, ``province_code`` from GET /public/api/provinces). Errors: 400
    ``validation_error`` with field errors. An e-mail address or CCCD number that already has an
    account answers exactly as a fresh registration (201, "check your e-mail"): its owner is
    mailed instead (issue 38 item 5). Limited per client IP and per e-mail address: 429
    ``rate_limited``."""
    throttling.public_call_limit(request, action="register", address=payload.email)
    email = registration.user_register(data=payload.dict(), ip=client_address(request))
    message = _("Registration successful. Check your e-mail to verify your account.")
    return Status(201, ok({"email": email}, message))


@public_router.post("users/verify-email", response=Envelope[Empty])
def verify_email(request: HttpRequest, payload: TokenIn):
    """Activate the account of a verification link's token. Error: 400 ``invalid_verification_link``.
    Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="verify-email")
    registration.user_verify_email(token=payload.token)
    return ok({}, _("Your e-mail address is verified. You can log in now."))


@public_router.post("users/forgot-password", response=Envelope[Empty])
def forgot_password(request: HttpRequest, payload: EmailIn):
    """Mail a password-reset link (valid 24 h, once). Same answer for any e-mail.
    Limited per client IP and per e-mail address: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="forgot-password", address=payload.email)
    passwords.password_reset_request(email=payload.email)
    return ok({}, _("If an account uses this e-mail, we have sent a link to reset the password."))


@public_router.post("users/reset-password", response=Envelope[Empty])
def reset_password(request: HttpRequest, payload: ResetPasswordIn):
    """Set a new password from the reset link's ``uid`` and ``token``.
    Errors: 400 ``invalid_reset_link`` or ``validation_error``.
    Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="reset-password")
    passwords.password_reset_confirm(
        uid=payload.uid,
        token=payload.token,
        password=payload.password,
        confirm_password=payload.confirm_password,
    )
    return ok({}, _("Your password has been changed. You can log in now."))


@public_router.post("users/{kind}/check-invitation", response=Envelope[InvitationOut])
def check_invitation(request: HttpRequest, kind: Choice, payload: TokenIn):
    """What an invitation link offers (``kind`` is educator or learner).
    Error: 400 ``invalid_invitation`` (unknown, used, rejected or expired).
    Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="invitation")
    return ok(invitations.invitation_check(token=payload.token, role=_invitation_role(kind)))


@public_router.post("users/{kind}/reject-invitation", response=Envelope[Empty])
def reject_invitation(request: HttpRequest, kind: Choice, payload: TokenIn):
    """Decline an invitation. Error: 400 ``invalid_invitation``.
    Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="invitation")
    invitations.invitation_reject(token=payload.token, role=_invitation_role(kind))
    return ok({}, _("invitation rejected"))


@public_router.post("users/{kind}/register-invited", response=Envelope[AuthorizedOut])
def register_invited(request: HttpRequest, kind: Choice, payload: RegisterInvitedIn):
    """Accept an invitation: create the account (or prove an existing one by its password), add
    the organization profile and log in. Errors: 400 ``invalid_invitation``,
    ``invitation_wrong_password`` or ``validation_error``.
    Limited per client IP: 429 ``rate_limited``."""
    throttling.public_call_limit(request, action="invitation")
    profile = invitations.invitation_register(
        request,
        token=payload.token,
        role=_invitation_role(kind),
        name=payload.name,
        password=payload.password,
        confirm_password=payload.confirm_password,
        consent=payload.dict(include={"accept_terms", "terms_version", "privacy_version"}),
    )
    return ok(
        selectors.authorized_payload(profile), _("Welcome to %(org)s.") % {"org": profile.organization.name}
    )


@public_router.get("provinces", response=Envelope[list[ProvinceOut]])
def provinces(request: HttpRequest):
    """The 34 provinces and cities of Vietnam (2025) as ``{code, name}``, for ``province_code``."""
    return ok(selectors.provinces())


def _invitation_role(kind: str) -> str:
    from config.errors import not_found

    try:
        return INVITATION_ROLES[kind]
    except KeyError:
        raise not_found() from None


# --- authenticated: /api/v1/auth/... -----------------------------------------------------------


@private_router.get("auth/is-authorized", response=Envelope[AuthorizedOut])
def is_authorized(request: ProfileRequest):
    """The session's user: ``data.user`` (current-user fields of spec section 3),
    ``data.profiles`` and ``data.current_profile_id``. No session -> 401."""
    return ok(selectors.authorized_payload(request.auth, getattr(request, "active_profiles", None)))


@private_router.post("auth/logout", response=Envelope[Empty])
def logout(request: HttpRequest):
    """End the session."""
    sessions.user_logout(request)
    return ok({}, _("Logged out."))


@private_router.get("auth/request-token-exchange", response=Envelope[TokenExchangeOut])
def request_token_exchange(request: ProfileRequest):
    """A one-time token (60 s) another client trades at POST /public/api/auth/token-exchange for
    a session of the current profile."""
    return ok(sessions.token_exchange_issue(profile=request.auth))


# --- authenticated: /api/v1/users/... ----------------------------------------------------------


class RoleQuery(Schema):
    role: Choice = ""


@users_router.get("my-profiles", response=Envelope[MyProfilesOut])
def my_profiles(request: ProfileRequest, query: Query[RoleQuery]):
    """The caller's active profiles (optionally one ``role``) and the current profile id."""
    profile = request.auth
    profiles = selectors.profiles_of(user=profile.user, role=query.role or None)
    return ok(
        {
            "profiles": [selectors.profile_summary(p, profile.user) for p in profiles],
            "current_profile_id": profile.id,
        }
    )


@users_router.post("switch-profile", response=Envelope[AuthorizedOut])
def switch_profile(request: HttpRequest, payload: SwitchProfileIn):
    """Make another of the caller's own profiles current (and so the schema). 404
    ``profile_not_found`` for anyone else's profile id."""
    profile = sessions.profile_switch(request, profile_id=payload.profile_id)
    return ok(selectors.authorized_payload(profile))


@users_router.put("profile/self", response=Envelope[CurrentUserOut])
def update_profile_self(request: ProfileRequest, payload: ProfileSelfIn):
    """Update the current profile's fields (omitted fields unchanged). 400 ``validation_error``;
    400 ``cccd_birth_mismatch`` for a date of birth the CCCD number's digits disagree with. A
    learner's change of date of birth across 16 after consenting is held for confirmation (issue
    37, item 5: ``GET /api/v1/consent/me``'s ``birth_date_change``); ``parent_email`` names who
    confirms when no parent's address is known."""
    profile = profiles.profile_update_self(
        profile=request.auth, data=payload.dict(), ip=client_address(request)
    )
    return ok(selectors.current_user(profile), _("Profile updated."))


@users_router.put("profile/self/grade", response=Envelope[CurrentUserOut])
def update_grade(request: ProfileRequest, payload: GradeIn):
    """Set the current profile's grade (1..12), needed before the marketplace (spec section 5)."""
    profile = profiles.profile_set_grade(profile=request.auth, grade=payload.grade)
    return ok(selectors.current_user(profile), _("Profile updated."))


@users_router.post(
    "profile/self/upload-photo", response=Envelope[CurrentUserOut], auth=ConsentedProfileAuth()
)
def upload_photo(request: ProfileRequest, file: UploadedFile | None = File(None)):
    """Multipart field ``file``: a JPEG, PNG or WebP image (by content) of at most 5 MB; stored
    re-encoded as WebP. Errors: 400 ``unsupported_image``, 413 ``image_too_large``."""
    profile = profiles.profile_photo_upload(profile=request.auth, upload=file)
    return ok(selectors.current_user(profile), _("Photo updated."))


@users_router.delete("profile/self/remove-photo", response=Envelope[CurrentUserOut])
def remove_photo(request: ProfileRequest):
    """Remove the current profile's photo."""
    profile = profiles.profile_photo_remove(profile=request.auth)
    return ok(selectors.current_user(profile), _("Photo removed."))


class ProfileListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    order_by: OrderBy = ""
    search: Search = ""
    role: Choice = ""
    status: Choice = ""


@users_router.get("profile/list", response=Envelope[Page[MemberOut]], auth=EducatorSessionAuth())
def profile_list(request: ProfileRequest, query: Query[ProfileListQuery]):
    """Members of the caller's organization (educators only; learners get 403 ``forbidden_role``).

    Query: ``page``, ``limit`` (max 100), ``search`` (name or e-mail), ``order_by`` (name, email,
    joined, created_at, status, role; leading ``-`` descends), ``role`` (LEARNER | EDUCATOR).
    """
    profile = request.auth
    rows, meta = selectors.profile_list(
        organization_id=profile.organization_id,
        page=query.page,
        limit=query.limit,
        search=query.search.strip(),
        order_by=query.order_by,
        role=query.role,
        status=query.status,
    )
    return ok({"items": [selectors.member_row(p) for p in rows], **meta})


@users_router.post(
    "register-pandai-survey",
    response=Envelope[CurrentUserOut],
    auth=ConsentedLearnerAuth(
        code=Code.LEARNER_ONLY, message=gettext_lazy("Only learner profiles have a survey account.")
    ),
)
def register_pandai_survey(request: ProfileRequest):
    """Open the career-survey account of the current LEARNER profile (idempotent).
    Educators: 403 ``learner_only``."""
    profile = profiles.survey_account_register(profile=request.auth)
    return ok(selectors.current_user(profile), _("Survey account ready."))
