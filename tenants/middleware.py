"""Choose the Postgres schema of a request from the session's current profile.

ARCHITECTURE.md "Tenancy": an educator profile -> its organization's schema; any other profile,
or no session -> public. The current profile id lives in the session under ``PROFILE_SESSION_KEY``
(set at login and by switch-profile). Sessions live in a store every process reads (the database,
or Redis), never in one process's memory, so a logout or a removal holds everywhere at once. The profile, its user and its organization are read in one
query with the user's other active profiles (``request.active_profiles``); when that succeeds
``request.user`` is set from it, so Django's lazy user lookup never runs a second query.
"""

from __future__ import annotations

from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.utils.crypto import constant_time_compare

from config.joined import JoinedSelect
from tenants.scope import public_table, qualified_cursor

PROFILE_SESSION_KEY = "_profile_id"


def _active_profiles():
    from accounts.models import Profile, User
    from tenants.models import Organization

    return (
        [("p", Profile), ("u", User), ("o", Organization)],
        f"FROM {public_table(Profile._meta.db_table)} p JOIN {public_table(User._meta.db_table)} u "
        f"ON u.id = p.user_id LEFT JOIN {public_table(Organization._meta.db_table)} o "
        "ON o.id = p.organization_id WHERE p.user_id = %s AND p.status = %s AND u.is_active ORDER BY p.id",
    )


# The session user's active profiles with their user and organization (``_session_profile``),
# every table named with its schema, so no ``SET search_path`` goes before it (issue 23).
_ACTIVE_PROFILES = JoinedSelect(_active_profiles, cursor=qualified_cursor)


class ProfileTenantMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection.set_schema_to_public()
        request.profile = None
        request.active_profiles = None
        profile = self._session_profile(request)
        if profile is not None:
            request.user = profile.user
            request.profile = profile
            org = profile.organization
            if profile.uses_tenant_schema:
                connection.set_tenant(org)
        try:
            return self.get_response(request)
        finally:
            connection.set_schema_to_public()

    @staticmethod
    def _session_profile(request):
        from accounts.models import Profile

        session = request.session
        user_id = session.get(SESSION_KEY)
        profile_id = session.get(PROFILE_SESSION_KEY)
        if not user_id or not profile_id:
            return None
        # One query loads every active profile of the session's user with its organization: the
        # current one drives the request, the list answers is-authorized and my-profiles. Its SQL
        # is written once per process (issue 23: compiling it cost more than running it).
        profiles = []
        for p, user, organization in _ACTIVE_PROFILES.rows([int(user_id), Profile.Status.ACTIVE]):
            p.user, p.organization = user, organization
            profiles.append(p)
        profile = next((p for p in profiles if p.pk == profile_id), None)
        if profile is None:
            # The session's profile was removed or deactivated (or the user was): the session
            # ends on every process at once (issue 16, item 1), the next call answers 401.
            session.flush()
            return None
        for other in profiles:
            other.user = profile.user  # one user object for all
        request.active_profiles = profiles
        # The same check django.contrib.auth.get_user makes: a password change ends old sessions.
        stored_hash = session.get(HASH_SESSION_KEY) or ""
        if not constant_time_compare(stored_hash, profile.user.get_session_auth_hash()):
            session.flush()
            return None
        return profile
