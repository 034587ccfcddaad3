"""Reads of the identity API."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import OuterRef, Q, QuerySet, Subquery

from accounts.cccd import cccd_shown
from accounts.models import MembershipEvent, Profile, User
from config import dates
from config.envelope import order_by_checked, paginate


def photo_url(path: str) -> str | None:
    """Public URL of a stored photo, or None when there is none."""
    return default_storage.url(path) if path else None


def profile_default_for(*, user: User) -> Profile | None:
    """The profile a fresh session starts in: the user's oldest active profile. One query."""
    return (
        Profile.objects.select_related("user", "organization")
        .filter(user=user, status=Profile.Status.ACTIVE)
        .order_by("id")
        .first()
    )


def profiles_of(*, user: User, role: str | None = None) -> list[Profile]:
    """The user's active profiles (optionally of one role), organization joined. One query."""
    qs = Profile.objects.select_related("organization").filter(user=user, status=Profile.Status.ACTIVE)
    if role:
        qs = qs.filter(pandai_profile_role=role.upper())
    return list(qs.order_by("id"))


def _organization(profile: Profile) -> dict[str, Any] | None:
    org = profile.organization
    return {"id": org.id, "name": org.shown_name, "logo": photo_url(org.logo)} if org else None


def profile_summary(profile: Profile, user: User) -> dict[str, Any]:
    """An item of data.profiles (spec section 3)."""
    return {
        "id": profile.id,
        "name": user.name_or_email,
        "email": user.email,
        "profileImage": photo_url(profile.photo),
        "pandai_profile_role": profile.pandai_profile_role,
        "organization": _organization(profile),
        "is_admin": profile.is_admin,
    }


def current_user(profile: Profile) -> dict[str, Any]:
    """The current-user object of spec section 3 for ``profile`` (its user is joined already).

    ``pandai_profile_member_id`` is the profile id too: a profile is the membership row.
    ``educatorOrganizationId`` is the organization id of an educator profile, else "".
    """
    user = profile.user
    return {
        "id": user.id,
        "pandai_profile_id": profile.id,
        "pandai_profile_member_id": profile.id,
        "name": user.name_or_email,
        "email": user.email,
        "profileImage": photo_url(profile.photo),
        "educatorOrganizationId": profile.organization_id
        if profile.is_educator and profile.organization_id
        else "",
        "pandai_profile_role": profile.pandai_profile_role,
        "createdAt": user.created_at,
        "updatedAt": max(user.updated_at, profile.updated_at),
        "is_admin": bool(profile.is_educator and profile.is_admin),
        "province_code": profile.province_code,
        "district_text": profile.district_text,
        "has_pandai_survey_account": profile.has_pandai_survey_account,
        "survey_management": profile.manages_surveys,
        "grade": profile.grade,
        "organization": _organization(profile),
        "alternate_email": profile.alternate_email,
        "level": profile.level,
        "class_name": profile.class_name,
        "school_name": profile.school_name,
        "curriculum": profile.curriculum,
        "phone": profile.phone,
        "gender": profile.gender,
        "date_of_birth": dates.format_date(profile.date_of_birth, language="vi")
        or None,  # dd/mm/yyyy, as typed
        "job_title": profile.job_title,
        "status": profile.status,
        "cccd": cccd_shown(profile, viewer_user_id=user.id),  # the owner: in full
    }


def authorized_payload(profile: Profile, active_profiles: list[Profile] | None = None) -> dict[str, Any]:
    """data of GET /api/v1/auth/is-authorized: ``{user, profiles, current_profile_id}``.

    ``active_profiles`` (the middleware's list, when the request has it) saves a query."""
    user = profile.user
    profiles = active_profiles if active_profiles is not None else profiles_of(user=user)
    return {
        "user": current_user(profile),
        "profiles": [profile_summary(p, user) for p in profiles],
        "current_profile_id": profile.id,
    }


PROFILE_LIST_ORDER = {
    "name": "user__name",
    "email": "user__email",
    "joined": "joined_at",
    "created_at": "created_at",
    "status": "status",
    "role": "pandai_profile_role",
}


def members_queryset(*, organization_id: int) -> QuerySet[Profile]:
    """Profiles of one organization with user, inviter and their last membership change."""
    last_event = MembershipEvent.objects.filter(profile=OuterRef("pk")).order_by("-id")
    return (
        Profile.objects.select_related("user", "invited_by__user")
        .filter(organization_id=organization_id)
        .annotate(
            last_event_kind=Subquery(last_event.values("kind")[:1]),
            last_event_at=Subquery(last_event.values("created_at")[:1]),
        )
    )


def profile_list(
    *,
    organization_id: int,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    role: str = "",
    status: str = "",
) -> tuple[list[Profile], dict[str, int]]:
    """Members of one organization (GET /api/v1/users/profile/list). Three queries at most.

    ``search`` matches name or e-mail (case-insensitive); ``role`` is LEARNER or EDUCATOR;
    ``status`` active | inactive | removed (default: all but removed); each row carries its last
    membership change;
    ``order_by`` is one of ``PROFILE_LIST_ORDER`` with an optional leading ``-``.
    """
    qs = members_queryset(organization_id=organization_id)
    if role:
        qs = qs.filter(pandai_profile_role=role.upper())
    qs = qs.filter(status=status) if status else qs.exclude(status=Profile.Status.REMOVED)
    if search:
        qs = qs.filter(Q(user__name__icontains=search) | Q(user__email__icontains=search))
    qs = qs.order_by(*order_by_checked(order_by, PROFILE_LIST_ORDER, "name"))
    return paginate(qs, page=page, limit=limit)


def member_row(profile: Profile) -> dict[str, Any]:
    inviter = profile.invited_by.user.name_or_email if profile.invited_by_id and profile.invited_by else None
    return {
        "id": profile.id,
        "name": profile.user.name_or_email,
        "email": profile.user.email,
        "profileImage": photo_url(profile.photo),
        "pandai_profile_role": profile.pandai_profile_role,
        "job_title": profile.job_title,
        "is_admin": profile.is_admin,
        "status": profile.status,
        "invited_by": inviter,
        "joined": profile.joined_at,
        "has_pandai_survey_account": profile.has_pandai_survey_account,
        "grade": profile.grade,
        "class_name": profile.class_name,
        "last_change": (
            {
                "kind": profile.last_event_kind,
                "label": str(MembershipEvent.Kind(profile.last_event_kind).label),
                "at": profile.last_event_at,
            }
            if getattr(profile, "last_event_kind", None)
            else None
        ),
    }


@cache
def provinces() -> list[dict[str, str]]:
    """The 34 provinces and centrally-run cities of Vietnam (2025 reform), by code."""
    from vietnam_provinces import Province

    return [{"code": str(p.code.value), "name": p.name} for p in Province.iter_all()]


def province_codes() -> set[str]:
    return {p["code"] for p in provinces()}
