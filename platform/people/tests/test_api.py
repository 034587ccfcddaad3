"""Organization people API (issue 9): rights, invitations, resend limits, expiry, bulk import,
notifications to existing accounts, removal, history, settings, isolation, query counts."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from openpyxl import Workbook
from PIL import Image

from accounts.models import Invitation, MembershipEvent, Profile
from accounts.tests.factories import PASSWORD, ProfileFactory
from conftest import client_for
from notifications.models import Notification

pytestmark = pytest.mark.django_db

J = "application/json"


def post(client, url, body=None):
    return client.post(url, body or {}, content_type=J)


@pytest.fixture
def plain_educator_a(org_a):
    return ProfileFactory(educator=True, organization=org_a, is_admin=False)


def invite(client, emails, role="EDUCATOR"):
    return post(client, "/api/v1/organization/invitations", {"emails": emails, "role": role})


def test_admin_invites_new_and_existing_accounts(as_educator_a, org_a, django_capture_on_commit_callbacks):
    existing = ProfileFactory()  # a public learner who will get a notification too
    with django_capture_on_commit_callbacks(execute=True):
        res = invite(
            as_educator_a, ["new.teacher@example.vn", existing.user.email.upper(), "bad"], "EDUCATOR"
        )
    results = {r["email"]: r for r in res.json()["data"]}
    assert results["new.teacher@example.vn"]["ok"] and results[existing.user.email]["ok"]
    assert results["bad"]["ok"] is False and results["bad"]["code"] == "validation_error"
    assert sorted(m.to[0] for m in mail.outbox) == sorted(["new.teacher@example.vn", existing.user.email])
    note = Notification.objects.get(recipient=existing)
    assert note.notifiable_type == "OrganizationEducator"
    assert [a["target"] for a in note.actions] == ["API", "API"]

    res = invite(as_educator_a, ["new.teacher@example.vn"], "EDUCATOR")
    assert res.json()["data"][0]["code"] == "already_invited"
    assert res.json()["data"][0]["message"] == "người dùng với e-mail này đã được mời"

    # The existing account accepts from the notification's action.
    invitation = Invitation.objects.get(email=existing.user.email)
    learner_client = client_for(existing)
    res = post(learner_client, note.actions[0]["url"])
    assert res.status_code == 200, res.json()
    educator = Profile.objects.get(user=existing.user, organization=org_a)
    assert educator.pandai_profile_role == "EDUCATOR" and educator.status == "active"
    assert (
        post(learner_client, note.actions[1]["url"]).json()["code"] == "invalid_invitation"
    )  # answered already
    kinds = list(MembershipEvent.objects.filter(invitation=invitation).values_list("kind", flat=True))
    assert sorted(kinds) == ["invited", "joined"]


def test_someone_elses_invitation_cannot_be_accepted(as_educator_a, learner):
    invite(as_educator_a, ["target@example.vn"], "LEARNER")
    invitation = Invitation.objects.get(email="target@example.vn")
    res = post(client_for(learner), f"/api/v1/users/invitations/{invitation.pk}/accept")
    assert res.status_code == 400 and res.json()["code"] == "invalid_invitation"


def test_non_admin_educator_cannot_change_anything(plain_educator_a, educator_a, org_a, as_educator_a):
    client = client_for(plain_educator_a)
    assert invite(client, ["x@example.vn"]).json()["code"] == "not_org_admin"
    res = client.put(f"/api/v1/organization/members/{educator_a.pk}", {"is_admin": False}, content_type=J)
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    learner = ProfileFactory(organization=org_a)
    invite(as_educator_a, ["pending@example.vn"], "LEARNER")
    invitation = Invitation.objects.get(email="pending@example.vn")
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(minutes=5))
    sheet = SimpleUploadedFile("l.csv", b"email\nnew1@example.vn\n")
    refused = {
        "deactivate": client.put(
            f"/api/v1/organization/members/{learner.pk}", {"active": False}, content_type=J
        ),
        "resend": post(client, f"/api/v1/organization/invitations/{invitation.pk}/resend"),
        "revoke": client.delete(f"/api/v1/organization/invitations/{invitation.pk}"),
        "import": client.post("/api/v1/organization/invitations/import?dry_run=false", {"file": sheet}),
        "remove": client.delete(f"/api/v1/organization/members/{learner.pk}"),
    }
    assert {k: (r.status_code, r.json()["code"]) for k, r in refused.items()} == {
        k: (403, "not_org_admin") for k in refused
    }
    learner.refresh_from_db()
    invitation.refresh_from_db()
    assert learner.status == "active" and invitation.status == "pending" and invitation.resend_count == 0
    assert not Invitation.objects.filter(email="new1@example.vn").exists()
    assert (
        client.put("/api/v1/organization/settings", {"display_name": "X"}, content_type=J).status_code == 403
    )
    # ...but can read the lists.
    assert client.get("/api/v1/organization/invitations").status_code == 200
    assert client.get("/api/v1/users/profile/list?role=EDUCATOR").status_code == 200


def test_last_admin_stays(as_educator_a, educator_a, plain_educator_a):
    url = f"/api/v1/organization/members/{educator_a.pk}"
    res = as_educator_a.put(url, {"is_admin": False}, content_type=J)
    assert res.status_code == 409 and res.json()["code"] == "last_admin"
    res = as_educator_a.put(url, {"active": False}, content_type=J)
    assert res.status_code == 409 and res.json()["code"] == "last_admin"
    res = as_educator_a.put(
        f"/api/v1/organization/members/{plain_educator_a.pk}", {"is_admin": True}, content_type=J
    )
    assert res.status_code == 200 and res.json()["data"]["is_admin"] is True
    assert res.json()["data"]["last_change"]["kind"] == "admin_granted"
    assert as_educator_a.put(url, {"is_admin": False}, content_type=J).status_code == 200


def test_deactivate_reactivate_survey_account_and_history(as_educator_a, org_a, educator_a):
    member = ProfileFactory(educator=True, organization=org_a)
    url = f"/api/v1/organization/members/{member.pk}"
    as_educator_a.put(url, {"active": False}, content_type=J)
    assert client_for(member).get("/api/v1/auth/is-authorized").status_code == 401  # inactive profile
    as_educator_a.put(url, {"active": True, "has_pandai_survey_account": True}, content_type=J)
    events = as_educator_a.get(f"{url}/events").json()["data"]
    assert [e["kind"] for e in events] == ["survey_enabled", "reactivated", "deactivated"]
    assert events[0]["actor_name"] == educator_a.user.name


def test_remove_learner_keeps_their_account(as_educator_a, org_a):
    learner = ProfileFactory(organization=org_a)
    public = ProfileFactory(user=learner.user)
    res = as_educator_a.delete(f"/api/v1/organization/members/{learner.pk}")
    assert res.status_code == 200
    learner.refresh_from_db()
    assert learner.status == "removed"
    ids = [
        r["id"] for r in as_educator_a.get("/api/v1/users/profile/list?role=LEARNER").json()["data"]["items"]
    ]
    assert learner.pk not in ids
    res = post(Client(), "/public/api/auth/login", {"email": learner.user.email, "password": PASSWORD})
    assert res.status_code == 200 and res.json()["data"]["current_profile_id"] == public.pk
    # An educator is deactivated, not removed.
    educator = ProfileFactory(educator=True, organization=org_a)
    assert (
        as_educator_a.delete(f"/api/v1/organization/members/{educator.pk}").json()["code"] == "not_a_learner"
    )
    # A removed learner can be invited again.
    assert invite(as_educator_a, [learner.user.email], "LEARNER").json()["data"][0]["ok"] is True


def test_removed_learner_still_reaches_their_tests_results_and_payments(as_educator_a, bank, round_id, org_a):
    from accounts.models import Enrollment
    from marketplace.models import Transaction
    from sitting.tests.test_taking import open_test

    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)  # no public profile yet
    tx = Transaction.objects.create(
        profile=learner, amount=120_000, status="COMPLETED", remark="Toán 9", expires_at=timezone.now()
    )
    assert as_educator_a.delete(f"/api/v1/organization/members/{learner.pk}").status_code == 200

    own = Profile.objects.get(user=learner.user, organization__isnull=True, pandai_profile_role="LEARNER")
    assert own.grade == learner.grade and own.status == "active"
    assert Enrollment.objects.get(pk=eid).profile_id == own.pk
    client = Client()
    res = post(client, "/public/api/auth/login", {"email": learner.user.email, "password": PASSWORD})
    assert res.json()["data"]["current_profile_id"] == own.pk
    mine = client.get("/api/v1/assignment-users/my-list").json()["data"]["items"]
    assert [a["enrollment_id"] for a in mine] == [eid]
    assert client.get(f"/api/v1/take-test/{eid}").status_code == 200
    assert client.get(f"/api/v1/transaction/{tx.pk}").json()["data"]["amount"] == 120_000
    # The organization still sees the learner's work under the removed profile.
    activity = as_educator_a.get(f"/api/v1/organization/members/{learner.pk}/activity").json()["data"]
    assert len(activity["assignments"]) == 1


def test_resend_limit_interval_and_expiry(as_educator_a, settings, django_capture_on_commit_callbacks):
    settings.INVITATION_MAX_RESENDS = 2
    invite(as_educator_a, ["slow@example.vn"], "LEARNER")
    invitation = Invitation.objects.get(email="slow@example.vn")
    url = f"/api/v1/organization/invitations/{invitation.pk}/resend"
    res = post(as_educator_a, url)
    assert res.status_code == 429 and res.json()["code"] == "resend_too_soon"
    for expected in (1, 2):
        Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(minutes=5))
        with django_capture_on_commit_callbacks(execute=True):
            res = post(as_educator_a, url)
        assert res.status_code == 200 and res.json()["data"]["resend_count"] == expected
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(minutes=5))
    res = post(as_educator_a, url)
    assert res.status_code == 429 and res.json()["code"] == "resend_limit"

    # Expiry: shows as expired, can be resent, then pending again.
    settings.INVITATION_MAX_RESENDS = 5
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(days=8))
    rows = as_educator_a.get("/api/v1/organization/invitations?status=expired").json()["data"]["items"]
    assert [r["status"] for r in rows] == ["expired"]
    assert post(as_educator_a, url).json()["data"]["status"] == "pending"
    # Revoke.
    res = as_educator_a.delete(f"/api/v1/organization/invitations/{invitation.pk}")
    assert res.json()["data"]["status"] == "revoked"
    assert (
        as_educator_a.delete(f"/api/v1/organization/invitations/{invitation.pk}").json()["code"]
        == "invitation_not_pending"
    )


def _sheet(rows: list[list[str]]) -> SimpleUploadedFile:
    wb = Workbook()
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile("learners.xlsx", out.getvalue())


def test_bulk_learner_import_dry_run_then_clean(as_educator_a, org_a):
    member = ProfileFactory(organization=org_a)
    invite(as_educator_a, ["pending@example.vn"], "LEARNER")
    bad = _sheet(
        [
            ["email", "name"],
            ["ok1@example.vn", "A"],
            ["not-an-email", "B"],
            ["ok1@example.vn", "C"],
            [member.user.email, "D"],
            ["pending@example.vn", "E"],
        ]
    )
    res = as_educator_a.post("/api/v1/organization/invitations/import?dry_run=true", {"file": bad})
    report = res.json()["data"]
    assert report["rows"] == 5 and report["valid"] == 1
    assert [e["row"] for e in report["errors"]] == [3, 4, 5, 6]
    bad.seek(0)
    res = as_educator_a.post("/api/v1/organization/invitations/import?dry_run=false", {"file": bad})
    assert res.status_code == 400 and res.json()["code"] == "import_invalid"
    assert not Invitation.objects.filter(email="ok1@example.vn").exists()

    csv_file = SimpleUploadedFile(
        "l.csv",
        b"email;name\n" + "".join(f"hs{i}@example.vn;Học sinh {i}\n" for i in range(10)).encode(),
    )
    res = as_educator_a.post("/api/v1/organization/invitations/import?dry_run=false", {"file": csv_file})
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["invited"] == 10
    assert res.json()["message"] == "Đã mời 10 học sinh."
    one = SimpleUploadedFile("one.csv", "email;name\nmot@example.vn;Học sinh Một\n".encode())
    res = as_educator_a.post(
        "/api/v1/organization/invitations/import?dry_run=false",
        {"file": one},
        headers={"Accept-Language": "en"},
    )
    assert res.json()["message"] == "1 learner invited."  # not "1 learners invited."
    assert Invitation.objects.filter(organization=org_a, role="LEARNER", email__startswith="hs").count() == 10

    junk = SimpleUploadedFile("x.xlsx", b"\x00\x01binary\x00junk")
    assert (
        as_educator_a.post("/api/v1/organization/invitations/import", {"file": junk}).json()["code"]
        == "unsupported_file"
    )


def test_other_organization_members_are_404(as_educator_a, educator_b, org_b):
    theirs = ProfileFactory(organization=org_b)
    res = as_educator_a.put(
        f"/api/v1/organization/members/{educator_b.pk}", {"is_admin": False}, content_type=J
    )
    assert res.status_code == 404
    assert as_educator_a.delete(f"/api/v1/organization/members/{theirs.pk}").status_code == 404
    client_b = client_for(educator_b)
    invite(client_b, ["b-only@example.vn"])
    other = Invitation.objects.get(email="b-only@example.vn")
    assert post(as_educator_a, f"/api/v1/organization/invitations/{other.pk}/resend").status_code == 404
    assert as_educator_a.get("/api/v1/organization/invitations").json()["data"]["total"] == 0
    res = as_educator_a.get(f"/api/v1/organization/members/{theirs.pk}/events")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    res = as_educator_a.get(f"/api/v1/organization/members/{theirs.pk}/activity")
    assert res.status_code == 404 and res.json()["code"] == "not_found"


def test_settings_and_logo(as_educator_a, org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    res = as_educator_a.put(
        "/api/v1/organization/settings",
        {"display_name": "Trung tâm A", "contact_email": "lienhe@a.vn", "default_language": "en"},
        content_type=J,
    )
    assert res.status_code == 200
    data = res.json()["data"]
    assert (
        data["display_name"],
        data["contact_email"],
        data["default_language"],
        data["survey_management_allowed"],
    ) == ("Trung tâm A", "lienhe@a.vn", "en", False)
    assert (
        as_educator_a.put(
            "/api/v1/organization/settings", {"default_language": "fr"}, content_type=J
        ).status_code
        == 400
    )
    buffer = io.BytesIO()
    Image.new("RGB", (900, 300), (10, 90, 200)).save(buffer, format="PNG")
    res = as_educator_a.post(
        "/api/v1/organization/settings/logo", {"file": SimpleUploadedFile("logo.png", buffer.getvalue())}
    )
    assert res.status_code == 200 and res.json()["data"]["logo"].endswith(".webp")
    me = as_educator_a.get("/api/v1/auth/is-authorized").json()["data"]["user"]["organization"]
    assert me["name"] == "Trung tâm A" and me["logo"].endswith(".webp")
    res = as_educator_a.post(
        "/api/v1/organization/settings/logo", {"file": SimpleUploadedFile("logo.png", b"GIF89a fake")}
    )
    assert res.json()["code"] == "unsupported_image"


def test_lists_constant_queries(as_educator_a, org_a, educator_a, django_assert_max_num_queries):
    for _i in range(8):
        member = ProfileFactory(organization=org_a, invited_by=educator_a)
        as_educator_a.put(f"/api/v1/organization/members/{member.pk}", {"active": False}, content_type=J)
    invite(as_educator_a, [f"p{i}@example.vn" for i in range(8)], "LEARNER")
    with django_assert_max_num_queries(6):
        assert (
            len(as_educator_a.get("/api/v1/organization/invitations?limit=50").json()["data"]["items"]) == 8
        )
    with django_assert_max_num_queries(6):
        rows = as_educator_a.get("/api/v1/users/profile/list?role=LEARNER&limit=50").json()["data"]["items"]
    assert len(rows) == 8 and all(r["last_change"]["kind"] == "deactivated" for r in rows)


def test_learner_cannot_use_the_organization_api(org_a):
    org_learner = ProfileFactory(organization=org_a)
    res = client_for(org_learner).get("/api/v1/organization/invitations")
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"
    res = post(client_for(org_learner), "/api/v1/organization/invitations", {"emails": ["x@example.vn"]})
    assert res.status_code == 403


def test_invitation_mail_is_bilingual_with_the_configured_validity(
    as_educator_a, settings, django_capture_on_commit_callbacks
):
    settings.INVITATION_TTL_DAYS = 3
    with django_capture_on_commit_callbacks(execute=True):
        invite(as_educator_a, ["both@example.vn"], "LEARNER")
    message = mail.outbox[0]
    body = message.body
    assert "Lời mời có hiệu lực trong 3 ngày." in body
    assert "The invitation is valid for 3 days." in body
    assert body.index("Lời mời có hiệu lực") < body.index("The invitation is valid")
    assert "Mở liên kết sau" in body and "Open this link to accept or decline the invitation:" in body
    assert "7 ngày" not in body and "7 days" not in body
    html = message.alternatives[0][0]
    assert "Lời mời có hiệu lực trong 3 ngày." in html and "The invitation is valid for 3 days." in html
    assert "You are invited to join" in message.subject

    settings.INVITATION_TTL_DAYS = 10
    with django_capture_on_commit_callbacks(execute=True):
        invite(as_educator_a, ["later@example.vn"], "EDUCATOR")
    assert "trong 10 ngày" in mail.outbox[1].body and "valid for 10 days" in mail.outbox[1].body


def test_existing_account_invited_as_learner_gets_a_notification(
    as_educator_a, org_a, django_capture_on_commit_callbacks
):
    existing = ProfileFactory()
    with django_capture_on_commit_callbacks(execute=True):
        res = invite(as_educator_a, [existing.user.email], "LEARNER")
    assert res.json()["data"][0]["ok"] is True
    note = Notification.objects.get(recipient=existing)
    assert note.notifiable_type == "OrganizationLearner"
    invitation = Invitation.objects.get(email=existing.user.email)
    assert [a["url"] for a in note.actions] == [
        f"/api/v1/users/invitations/{invitation.pk}/accept",
        f"/api/v1/users/invitations/{invitation.pk}/reject",
    ]
    assert post(client_for(existing), note.actions[0]["url"]).status_code == 200
    joined = Profile.objects.get(user=existing.user, organization=org_a)
    assert joined.pandai_profile_role == "LEARNER" and joined.status == "active"


def test_member_events_constant_queries(as_educator_a, org_a, django_assert_max_num_queries):
    member = ProfileFactory(organization=org_a)
    url = f"/api/v1/organization/members/{member.pk}"
    for active in (False, True, False, True, False):
        as_educator_a.put(url, {"active": active}, content_type=J)
    with django_assert_max_num_queries(6):
        events = as_educator_a.get(f"{url}/events").json()["data"]
    assert len(events) == 5


def _activity_rows(org, learner: Profile, n: int, tag: str) -> None:
    """``n`` assignments of ``learner`` (each with a graded, released attempt but the first, which
    is not started) and ``n`` survey submissions (completed but the first)."""
    from django_tenants.utils import schema_context

    from assessments.models import Batch, TestPreset
    from assignments.models import Assignment, Attempt
    from surveys.models import Submission, Survey

    now = timezone.now()
    with schema_context(org.schema_name):
        for i in range(n):
            preset = TestPreset.objects.create(name=f"{tag} đề {i}", created_by_profile_id=1)
            batch = Batch.objects.create(
                preset=preset,
                name=f"Ca {i}",
                starts_at=now,
                expires_at=now + timedelta(days=1),
                slots=5,
                available=5,
            )
            assignment = Assignment.objects.create(
                preset=preset,
                batch=batch,
                learner_profile_id=learner.pk,
                learner_user_id=learner.user_id,
                source="direct",
                status="assigned" if i == 0 else "graded",
                attempts_allowed=2,
            )
            if i:
                for number in (1, 2):
                    Attempt.objects.create(
                        assignment=assignment,
                        number=number,
                        status="submitted",
                        started_at=now,
                        deadline_at=now,
                        submitted_at=now,
                        score=5 + number,
                        max_score=10,
                        result="passed" if number == 2 else "failed",
                        released_at=now if i % 2 else None,
                    )
            survey = Survey.objects.create(
                name=f"{tag} khảo sát {i}", name_en=f"{tag} survey {i}", status="published"
            )
            Submission.objects.create(
                survey=survey,
                learner_profile_id=learner.pk,
                learner_user_id=learner.user_id,
                status="in_progress" if i == 0 else "completed",
                holland_code="" if i == 0 else "IRC",
            )


def test_learner_activity(as_educator_a, org_a, org_b, educator_a, django_assert_max_num_queries):
    learner = ProfileFactory(organization=org_a)
    other = ProfileFactory(organization=org_a)
    _activity_rows(org_a, learner, 4, "A")
    _activity_rows(org_a, other, 1, "Other")
    url = f"/api/v1/organization/members/{learner.pk}/activity"
    with django_assert_max_num_queries(8):
        res = as_educator_a.get(url)
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert data["profile_id"] == learner.pk and data["email"] == learner.user.email
    assignments = data["assignments"]
    assert [a["preset_name"] for a in assignments] == [f"A đề {i}" for i in (3, 2, 1, 0)]
    newest = assignments[0]
    assert newest["batch"]["name"] == "Ca 3" and newest["status"] == "graded"
    assert newest["attempts_used"] == 2 and newest["attempts_allowed"] == 2
    assert newest["attempt"] | {"submitted_at": None} == {
        "number": 2,
        "status": "submitted",
        "submitted_at": None,
        "score": 7.0,
        "max_score": 10.0,
        "scale_score": 7.0,  # out of 10 (decision 0056)
        "scale_max": 10.0,
        "result": "passed",
        "voided": False,
        "released": True,
    }
    assert assignments[1]["attempt"]["released"] is False
    assert assignments[3]["attempt"] is None and assignments[3]["attempts_used"] == 0
    surveys = data["surveys"]
    assert [s["survey_name"] for s in surveys] == [f"A khảo sát {i}" for i in (3, 2, 1, 0)]
    assert [(s["status"], s["holland_code"]) for s in surveys] == [("completed", "IRC")] * 3 + [
        ("in_progress", None)
    ]
    res = as_educator_a.get(url, headers={"Accept-Language": "en"})
    assert res.json()["data"]["surveys"][0]["survey_name"] == "A survey 3"

    # A learner with nothing yet: two empty lists.
    empty = as_educator_a.get(
        f"/api/v1/organization/members/{ProfileFactory(organization=org_a).pk}/activity"
    )
    assert empty.json()["data"]["assignments"] == [] and empty.json()["data"]["surveys"] == []
    # Not a learner of this organization: 404; a learner may not ask at all.
    for profile_id in (educator_a.pk, ProfileFactory(organization=org_b).pk, ProfileFactory().pk, 999999):
        res = as_educator_a.get(f"/api/v1/organization/members/{profile_id}/activity")
        assert res.status_code == 404 and res.json()["code"] == "not_found", profile_id
    res = client_for(learner).get(url)
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"
    # A non-admin educator may read it.
    assert client_for(ProfileFactory(educator=True, organization=org_a)).get(url).status_code == 200
