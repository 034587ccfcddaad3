"""Login, logout, profile switching and the one-time token exchange (spec section 4; issue 16,
items 1, 4 and 5). Every refusal is an ``ApplicationError`` with a code from
``accounts.error_codes`` and a localized message.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import SESSION_KEY, login, logout
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import throttling
from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    Profile,
    TokenExchange,
    User,
    token_digest,
)
from accounts.selectors import profile_default_for
from accounts.services.checks import (
    normalize_email,
)
from config.errors import ApplicationError, FieldErrors
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.scope import profile_schema_activate

EXCHANGE_MAX_AGE = 60  # seconds


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
    profile_schema_activate(profile)


def user_login(request: HttpRequest, *, email: str, password: str) -> Profile:
    """Check credentials and start a session in the user's default profile.

    Limited by ``accounts.throttling`` (failed attempts per account and client IP, every attempt
    per IP, a ceiling of failures per account; 429 ``login_rate_limited``); answers in the same
    time whether or not the account exists. Wrong e-mail or password -> 400
    ``invalid_credentials`` ("Login Failed"); an unverified account with the right password -> 403 ``email_not_verified`` (the
    client offers POST public/api/auth/resend-verification-email); no active profile -> 403
    ``no_active_profile``.
    """
    email = normalize_email(email)
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
