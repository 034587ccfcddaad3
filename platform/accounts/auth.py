"""Session authentication for ``/api/v1/`` and the role of every operation (spec section 6;
issue 35, item 5; decision 0041).

Each operation's required role is its Ninja authentication, set once on its router
(``Router(auth=EducatorSessionAuth())``) or on the operation (``@router.get(..., auth=...)``);
no endpoint body checks a role. Each class names its role in ``role`` (what
``config/tests/test_roles.py`` reads) and refuses a signed-in profile of another role in
``permit``, before the operation reads its input:

=====================  ==================  ==============================================
class                  ``role``            refusal
=====================  ==================  ==============================================
ProfileSessionAuth     ``signed_in``       none (any profile; no session: 401)
LearnerSessionAuth     ``learner``         403 ``forbidden_role``
EducatorSessionAuth    ``educator``        403 ``forbidden_role``
OrgAdminSessionAuth    ``org_admin``       educators 403 ``not_org_admin``, others 403
                                           ``forbidden_role``
=====================  ==================  ==============================================

Two apps add a role of their own on the same base: ``surveys.api.SurveyManagerAuth``
(``survey_manager``: an educator of an organization allowed to manage surveys) and
``analytics.api.MarketAuth`` (``market_viewer``: an educator or the SuperAdmin). An operation of
``config.api.public_api`` has no authentication: its role is ``public``.

In ``accounts`` (issue 17, item 6: the import contract puts ``config`` below every app, and the
current profile is an ``accounts`` model read through ``accounts.selectors``)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from ninja.security import SessionAuth

from accounts.error_codes import AccountsErrorCode
from accounts.selectors import profile_default_for
from config.errors import ApplicationError, CommonErrorCode
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.scope import profile_schema_activate


class ProfileSessionAuth(SessionAuth):
    """Django's session cookie + CSRF on unsafe methods; the auth result is the current Profile.
    Role ``signed_in``: any profile.

    No session -> 401 ``not_authenticated``, whatever the method and before the CSRF check, so a
    call without cookies gets the envelope the client acts on (issue 16, item 11); a session ->
    CSRF is checked on unsafe methods (403 ``csrf_failed``). A signed-in session without a stored
    profile (e.g. the Django admin's) gets the user's first active profile; a session whose profile
    was removed has already been ended by ``tenants.middleware``. Then ``permit`` refuses a profile
    of another role (subclasses).
    """

    role = "signed_in"

    def __call__(self, request: HttpRequest):
        if getattr(request, "profile", None) is None and not request.user.is_authenticated:
            return None
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key: str | None):
        profile = self.session_profile(request)
        if profile is not None:
            self.permit(profile)
        return profile

    def session_profile(self, request: HttpRequest):
        """The session's Profile (activating its schema), or None when there is none."""
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

    def permit(self, profile) -> None:
        """Raise the role's refusal (``ApplicationError``) when ``profile`` may not call; any
        profile may call here."""


def forbidden_role() -> ApplicationError:
    """403 ``forbidden_role`` "You're not allowed to access this page" (spec section 6)."""
    return ApplicationError(
        CommonErrorCode.FORBIDDEN_ROLE, _("You're not allowed to access this page"), status=403
    )


class LearnerSessionAuth(ProfileSessionAuth):
    """Role ``learner``: a LEARNER profile; an educator gets 403 ``forbidden_role``, or 403
    ``code`` with ``message`` when given (``register-pandai-survey``: ``learner_only``)."""

    role = "learner"

    def __init__(self, *, code: str | None = None, message: Promise | None = None) -> None:
        super().__init__()
        self.code, self.message = code, message

    def permit(self, profile) -> None:
        if not profile.is_educator:
            return
        if self.code is None:
            raise forbidden_role()
        raise ApplicationError(self.code, str(self.message), status=403)


class EducatorSessionAuth(ProfileSessionAuth):
    """Role ``educator``: an EDUCATOR profile; a learner gets 403 ``forbidden_role``."""

    role = "educator"

    def permit(self, profile) -> None:
        if not profile.is_educator:
            raise forbidden_role()


class OrgAdminSessionAuth(EducatorSessionAuth):
    """Role ``org_admin``: an EDUCATOR profile that is one of its organization's admins (issue 9:
    an organization's people and settings are changed by its admins; spec section 5: tests are
    approved by one). A learner gets 403 ``forbidden_role``, another educator 403
    ``not_org_admin`` with ``message`` (default "Only an organization admin can do this.")."""

    role = "org_admin"

    def __init__(self, *, message: Promise | None = None) -> None:
        super().__init__()
        self.message = message

    def permit(self, profile) -> None:
        super().permit(profile)
        require_org_admin(profile, message=self.message)


def require_org_admin(actor, *, message: Promise | str | None = None):
    """The organization of ``actor`` when it is an EDUCATOR profile and one of its admins; else 403
    ``not_org_admin`` with ``message`` (default "Only an organization admin can do this.").
    ``OrgAdminSessionAuth`` for operations; a background job that runs for an admin later checks
    again with it (``people.services.learners_import_run``)."""
    if not (actor.is_educator and actor.is_admin and actor.organization_id):
        raise ApplicationError(
            AccountsErrorCode.NOT_ORG_ADMIN,
            message or _("Only an organization admin can do this."),
            status=403,
        )
    return actor.organization
