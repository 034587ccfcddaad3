"""Demo people data for ``manage.py seed_demo`` (issue 9, item 6): in one organization, pending,
accepted and expired invitations for both roles, each with its membership history, and an
organization logo stored the way the settings screen stores one. Idempotent: running it again
creates nothing that exists."""

from __future__ import annotations

import io
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from PIL import Image, ImageDraw, ImageFont

from accounts.models import Invitation, MembershipEvent, Profile, invitation_ttl, token_digest
from people.services import organization_logo_upload
from tenants.models import Organization

Role = Profile.Role
Kind = MembershipEvent.Kind

# e-mail, role, state, days before now it was (last) sent (expired: days past the expiry), job title
DEMO_INVITATIONS = [
    ("giao.vien.moi@demo.vn", Role.EDUCATOR, "pending", 1, "Giáo viên Ngữ văn"),
    ("giao.vien.cu@demo.vn", Role.EDUCATOR, "expired", 3, "Giáo viên Vật lý"),
    ("educator@demo.vn", Role.EDUCATOR, "accepted", 30, "Giáo viên Toán"),
    ("hoc.sinh.moi1@demo.vn", Role.LEARNER, "pending", 2, ""),
    ("hoc.sinh.moi2@demo.vn", Role.LEARNER, "pending", 0, ""),
    ("hoc.sinh.cu@demo.vn", Role.LEARNER, "expired", 5, ""),
    ("learner.both@demo.vn", Role.LEARNER, "accepted", 20, ""),
]


def demo_logo_png(text: str = "TT") -> bytes:
    """A small square PNG logo: white initials on a green rounded square with an amber bar."""
    size = 256
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=48, fill=(4, 120, 87, 255))
    draw.rectangle((48, 196, size - 48, 212), fill=(251, 191, 36, 255))
    font = ImageFont.load_default(size=112)
    draw.text((size / 2, 112), text, font=font, fill=(255, 255, 255, 255), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _admin_of(organization: Organization) -> Profile | None:
    return (
        Profile.objects.select_related("user", "organization")
        .filter(
            organization=organization,
            pandai_profile_role=Role.EDUCATOR,
            is_admin=True,
            status=Profile.Status.ACTIVE,
        )
        .order_by("id")
        .first()
    )


def _event(organization, kind, email, at, *, invitation, profile=None, actor=None) -> None:
    event = MembershipEvent.objects.create(
        organization=organization,
        kind=kind,
        email=email,
        invitation=invitation,
        profile=profile,
        actor=actor,
        actor_name=actor.user.name_or_email if actor else "",
    )
    MembershipEvent.objects.filter(pk=event.pk).update(created_at=at)  # auto_now_add: back-date


def _invitation(organization, admin, email, role, state, days, job_title, member, now) -> Invitation:
    """One demo invitation (no mail: its link is never shown) with its history, back-dated."""
    sent_at = now - timedelta(days=days) - (invitation_ttl() if state == "expired" else timedelta())
    invitation = Invitation.objects.create(
        token_hash=token_digest(Invitation.new_token()),
        email=email,
        role=role,
        organization=organization,
        invited_by=admin,
        job_title=job_title,
        sent_at=sent_at,
        status=Invitation.Status.ACCEPTED if member else Invitation.Status.PENDING,
        responded_at=sent_at + timedelta(days=1) if member else None,
    )
    _event(organization, Kind.INVITED, email, sent_at, invitation=invitation, actor=admin)
    if member is not None:
        _event(
            organization, Kind.JOINED, email, invitation.responded_at, invitation=invitation, profile=member
        )
    return invitation


@transaction.atomic
def seed_demo_people(*, organization: Organization) -> int:
    """Create the demo invitations of ``organization`` (invited by its first admin) that do not
    exist yet, and its logo when it has none; returns how many invitations were created. An
    accepted invitation is for a demo account that already has the profile it granted."""
    admin = _admin_of(organization)
    if admin is None:
        return 0
    now = timezone.now()
    created = 0
    for email, role, state, days, job_title in DEMO_INVITATIONS:
        member = None
        if state == "accepted":
            member = Profile.objects.filter(
                organization=organization, user__email__iexact=email, pandai_profile_role=role
            ).first()
            if member is None:
                continue  # the demo account is not there: nothing to have accepted
        invitation = Invitation.objects.filter(
            organization=organization, email__iexact=email, role=role
        ).first()
        if invitation is None:
            invitation = _invitation(organization, admin, email, role, state, days, job_title, member, now)
            created += 1
        if member is not None:
            # seed_demo sets joined_at to "now" on every run: keep it at the demo acceptance.
            member.invited_by = member.invited_by or admin
            member.joined_at = invitation.responded_at or member.joined_at
            member.save(update_fields=["invited_by", "joined_at"])
    if not organization.logo or not default_storage.exists(organization.logo):
        organization_logo_upload(actor=admin, upload=ContentFile(demo_logo_png(), name="logo.png"))
        organization.refresh_from_db(fields=["logo"])
    return created
