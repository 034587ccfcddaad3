"""Reads of the organization people API (issue 9)."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Invitation, MembershipEvent, invitation_ttl
from config.envelope import order_by_checked, paginate
from tenants.models import Organization

INVITATION_ORDER = {"email": "email", "sent_at": "sent_at", "status": "status", "created_at": "created_at"}


def invitation_list(
    *,
    organization: Organization,
    page: int,
    limit: int,
    role: str = "",
    status: str = "",
    search: str = "",
    order_by: str = "",
) -> tuple[list[Invitation], dict[str, int]]:
    """The organization's invitations. ``status`` pending means pending and not yet expired;
    expired also covers pending ones past their expiry. Three queries."""
    qs: QuerySet[Invitation] = Invitation.objects.select_related("invited_by__user").filter(
        organization=organization
    )
    if role:
        qs = qs.filter(role=role.upper())
    cutoff = timezone.now() - invitation_ttl()
    if status == Invitation.Status.PENDING:
        qs = qs.filter(status=Invitation.Status.PENDING, sent_at__gt=cutoff)
    elif status == Invitation.Status.EXPIRED:
        qs = qs.filter(
            Q(status=Invitation.Status.EXPIRED) | Q(status=Invitation.Status.PENDING, sent_at__lte=cutoff)
        )
    elif status:
        qs = qs.filter(status=status)
    if search:
        qs = qs.filter(email__icontains=search)
    qs = qs.order_by(*order_by_checked(order_by, INVITATION_ORDER, "-sent_at"))
    return paginate(qs, page=page, limit=limit)


def invitation_row(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "email": invitation.email,
        "role": invitation.role,
        "status": invitation.effective_status,
        "job_title": invitation.job_title,
        "invited_by": invitation.invited_by.user.name_or_email if invitation.invited_by else None,
        "sent_at": invitation.sent_at,
        "expires_at": invitation.expires_at,
        "resend_count": invitation.resend_count,
        "responded_at": invitation.responded_at,
    }


def member_events(*, organization: Organization, profile_id: int) -> list[MembershipEvent]:
    """A member's history, newest first: events on the profile and on invitations to its e-mail."""
    from accounts.models import Profile

    member = Profile.objects.select_related("user").filter(pk=profile_id, organization=organization).first()
    if member is None:
        return []
    return list(
        MembershipEvent.objects.filter(organization=organization)
        .filter(Q(profile=member) | Q(profile__isnull=True, email__iexact=member.user.email))
        .order_by("-id")
    )


def event_row(event: MembershipEvent) -> dict[str, Any]:
    return {
        "id": event.pk,
        "kind": event.kind,
        "label": str(event.get_kind_display()),
        "email": event.email,
        "actor_name": event.actor_name or None,
        "created_at": event.created_at,
    }


def organization_settings(organization: Organization) -> dict[str, Any]:
    return {
        "id": organization.pk,
        "name": organization.name,
        "display_name": organization.display_name,
        "logo": default_storage.url(organization.logo) if organization.logo else None,
        "contact_email": organization.contact_email,
        "default_language": organization.default_language,
        "survey_management_allowed": organization.survey_management_allowed,
    }
