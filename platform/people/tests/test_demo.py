"""The demo people data of seed_demo (issue 9, item 6): pending, accepted and expired invitations
for both roles with their history, and a logo; running it twice creates nothing new."""

from __future__ import annotations

import pytest
from django.core.files.storage import default_storage

from accounts.models import Invitation, MembershipEvent
from accounts.tests.factories import ProfileFactory, UserFactory
from conftest import client_for
from people.demo import DEMO_INVITATIONS, seed_demo_people

pytestmark = pytest.mark.django_db


def test_demo_people_are_complete_and_idempotent(org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    teacher = ProfileFactory(
        educator=True, organization=org_a, user=UserFactory(email="educator@demo.vn"), invited_by=None
    )
    ProfileFactory(organization=org_a, user=UserFactory(email="learner.both@demo.vn"))

    assert seed_demo_people(organization=org_a) == len(DEMO_INVITATIONS)
    org_a.refresh_from_db()
    logo = org_a.logo
    assert logo.endswith(".webp") and default_storage.exists(logo)
    assert seed_demo_people(organization=org_a) == 0  # twice: nothing new
    org_a.refresh_from_db()
    assert org_a.logo == logo
    assert Invitation.objects.filter(organization=org_a).count() == len(DEMO_INVITATIONS)

    client = client_for(admin)
    shown = {
        (row["role"], row["status"])
        for row in client.get("/api/v1/organization/invitations?limit=50").json()["data"]["items"]
    }
    for role in ("EDUCATOR", "LEARNER"):
        for status in ("pending", "accepted", "expired"):
            assert (role, status) in shown
    expired = client.get("/api/v1/organization/invitations?status=expired").json()["data"]["items"]
    assert {row["email"] for row in expired} == {"giao.vien.cu@demo.vn", "hoc.sinh.cu@demo.vn"}

    # The accepted invitation is in the member's history, newest first, and names the inviter.
    teacher.refresh_from_db()
    accepted = Invitation.objects.get(organization=org_a, email="educator@demo.vn")
    assert teacher.invited_by_id == admin.pk and teacher.joined_at == accepted.responded_at
    events = client.get(f"/api/v1/organization/members/{teacher.pk}/events").json()["data"]
    assert [e["kind"] for e in events] == ["joined", "invited"]
    assert events[1]["actor_name"] == admin.user.name
    assert MembershipEvent.objects.filter(organization=org_a, kind="invited").count() == len(DEMO_INVITATIONS)

    # The logo is in the session payload of the organization's members.
    me = client.get("/api/v1/auth/is-authorized").json()["data"]["user"]["organization"]
    assert me["logo"].endswith(".webp")


def test_demo_people_replace_a_logo_whose_file_is_gone(org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    ProfileFactory(educator=True, organization=org_a, is_admin=True)
    org_a.logo = "organizations/0/missing.webp"
    org_a.save(update_fields=["logo"])
    seed_demo_people(organization=org_a)
    org_a.refresh_from_db()
    assert org_a.logo != "organizations/0/missing.webp" and default_storage.exists(org_a.logo)


def test_seed_demo_is_the_people_apps_command():
    """``manage.py seed_demo`` (ops/run, ops/serve-e2e, README) is found in ``people``, the app at
    the top of the import contract, since it draws on every product app's demo (issue 17 item 6)."""
    from django.core.management import get_commands

    assert get_commands()["seed_demo"] == "people"
