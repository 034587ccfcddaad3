"""Session authentication for ``/api/v1/`` and the role checks of spec section 6.

In ``accounts`` (issue 17, item 6: the import contract puts ``config`` below every app, and the
current profile is an ``accounts`` model read through ``accounts.selectors``)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import SessionAuth

from accounts.error_codes import AccountsErrorCode
from accounts.selectors import profile_default_for
from config.errors import ApplicationError, CommonErrorCode
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.scope import profile_schema_activate


class ProfileSessionAuth(SessionAuth):
    """Django's session cookie + CSRF on unsafe methods; the auth result is the current Profile.

    No session -> 401 ``not_authenticated``, whatever the method and before the CSRF check, so a
    call without cookies gets the envelope the client acts on (issue 16, item 11); a session ->
    CSRF is checked on unsafe methods (403 ``csrf_failed``). A signed-in session without a stored
    profile (e.g. the Django admin's) gets the user's first active profile; a session whose profile
    was removed has already been ended by ``tenants.middleware``.
    """

    def __call__(self, request: HttpRequest):
        if getattr(request, "profile", None) is None and not request.user.is_authenticated:
            return None
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key: str | None):
        profile = getattr(request, "profile", None)
        if profile is not None:
            return profile
        user = request.user
        if not user.is_authenticated:
            return None
        profile = profile_default_for(user=user)
        if profile is None:
            return None
        request.session[PROFILE_SESSION_KEY] = profile.pk
        request.profile = profile
        profile_schema_activate(profile)
        return profile


def require_educator(request: HttpRequest):
    """The current profile when it is an EDUCATOR; else 403 ``forbidden_role`` (spec section 6)."""
    profile = request.auth
    if not profile.is_educator:
        raise ApplicationError(
            CommonErrorCode.FORBIDDEN_ROLE, _("You're not allowed to access this page"), status=403
        )
    return profile


def require_learner(request: HttpRequest):
    """The current profile when it is a LEARNER; else 403 ``forbidden_role`` (spec section 6)."""
    return require_learner_profile(request.auth)


def require_learner_profile(profile):
    """``profile`` when it is a LEARNER; else 403 ``forbidden_role`` (for services)."""
    if profile.is_educator:
        raise ApplicationError(
            CommonErrorCode.FORBIDDEN_ROLE, _("You're not allowed to access this page"), status=403
        )
    return profile


def require_org_admin(actor, *, message: str | None = None):
    """The organization of ``actor`` when it is an EDUCATOR profile and one of its admins; else 403
    ``not_org_admin`` with ``message`` (default "Only an organization admin can do this.") (issue 9:
    an organization's people and settings are changed by its admins; spec section 5: tests are
    approved by one)."""
    if not (actor.is_educator and actor.is_admin and actor.organization_id):
        raise ApplicationError(
            AccountsErrorCode.NOT_ORG_ADMIN,
            message or _("Only an organization admin can do this."),
            status=403,
        )
    return actor.organization


class EducatorSessionAuth(ProfileSessionAuth):
    """``ProfileSessionAuth`` that also refuses non-educators with 403 ``forbidden_role``; for
    routers whose every endpoint is educator-only (spec section 6)."""

    def authenticate(self, request: HttpRequest, key: str | None):
        profile = super().authenticate(request, key)
        if profile is not None and not profile.is_educator:
            raise ApplicationError(
                CommonErrorCode.FORBIDDEN_ROLE, _("You're not allowed to access this page"), status=403
            )
        return profile
