"""Choose the Postgres schema of a request from the session's current profile.

ARCHITECTURE.md "Tenancy": an educator profile -> its organization's schema; any other profile,
or no session -> public. The current profile id lives in the session under ``PROFILE_SESSION_KEY``
(set at login and by switch-profile). Sessions live in a store every process reads (the database,
or Redis), never in one process's memory, so a logout or a removal holds everywhere at once. The profile, its user and its organization are read in one
query with the user's other active profiles (``request.active_profiles``); when that succeeds
``request.user`` is set from it, so Django's lazy user lookup never runs a second query.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


# The session user's active profiles with their user and organization (``session_profile``),
# every table named with its schema, so no ``SET search_path`` goes before it (issue 23).
_ACTIVE_PROFILES = JoinedSelect(_active_profiles, cursor=qualified_cursor)


# The learner profiles this process has checked in full (``session_profile``), for the answer
# save's lean route (``sitting.middleware``, decisions 0033 and 0036): its statement checks
# the session's profile itself (``SessionCheck``), so the profiles query is skipped.
_CHECKED: dict[tuple[int, int], Any] = {}  # (user id, profile id) -> the profile of the last full check
_CHECKED_MAX = 20_000


@dataclass(frozen=True)
class SessionCheck:
    """What a statement must find in the database, with its write, for the session to be as
    valid as the full check (``session_profile``) would find it: the profile ``profile_id`` of
    the user ``user_id``, active, a LEARNER's, the user active and their password hash still
    ``password`` (the session's auth hash was compared with it in Python). Only a hint from this
    process's memory: the statement decides, and when it does not find them the request goes on
    to the usual stack, which checks the session in full (``session_profile``). A check added to
    ``session_profile`` must be added to ``SAVE_OWNED``'s ``session`` part too (decision 0033)."""

    user_id: int
    profile_id: int
    password: str

    @classmethod
    def of(cls, profile) -> SessionCheck:
        """The check of ``profile`` (with its ``user``) as ``checked_before`` returned it."""
        return cls(profile.user_id, profile.pk, profile.user.password)


class SessionUnconfirmedError(Exception):
    """A statement given a ``SessionCheck`` did not find the session's profile valid and wrote
    nothing: the session must be checked in full (``session_profile``), by the usual stack."""


class ProfileTenantMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection.set_schema_to_public()
        request.profile = None
        request.active_profiles = None
        profile = session_profile(request)
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


def checked_before(request):
    """The session's profile as this process last checked it in full (a LEARNER's, active), when
    the session's auth hash matches that check's password; else None (check in full)."""
    session = request.session
    user_id, profile_id = session.get(SESSION_KEY), session.get(PROFILE_SESSION_KEY)
    if not user_id or not profile_id:
        return None
    profile = _CHECKED.get((int(user_id), profile_id))
    return profile if profile is not None and _hash_matches(session, profile.user) else None


def _hash_matches(session, user) -> bool:
    """The check ``django.contrib.auth.get_user`` makes: the session's auth hash is the user's
    (a password change ends the sessions made before it)."""
    return constant_time_compare(session.get(HASH_SESSION_KEY) or "", user.get_session_auth_hash())


def session_profile(request):
    """The session's current profile (``Profile`` with ``user`` and ``organization``) after the
    full check: one query loads the session user's active profiles (``request.active_profiles``);
    a removed or deactivated profile or user, or a changed password, ends the session on every
    process at once (``session.flush()``) and gives None, as does no session. A LEARNER's
    profile that passes is remembered for the answer save (``SessionCheck``)."""
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
    if not _hash_matches(session, profile.user):
        session.flush()
        return None
    if not profile.is_educator:
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[(profile.user_id, profile.pk)] = profile
    return profile
