"""The membership history of an organization (issue 9, item 4): one ``MembershipEvent`` per change."""

from __future__ import annotations

from accounts.models import (
    Invitation,
    MembershipEvent,
    Profile,
)
from tenants.models import Organization


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
