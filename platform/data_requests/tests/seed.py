"""A seeded learner for the data request tests: a public learner who bought a test of
organization A, took it (one answer saved, submitted, result released) with a proctoring video,
a surroundings video and an advanced report's PDF stored, has a profile photo, and answered a
career survey of organization B."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django_tenants.utils import schema_context

from accounts.models import Enrollment, Profile
from accounts.tests.factories import ProfileFactory
from assessments.tests.fixtures import NOW
from assessments.tests.test_presets_api import post, preset_body
from assignments.models import AdvancedReport, Assignment, Attempt
from conftest import client_for
from sitting.tests.test_taking import save, start
from surveys.tests import helpers as survey

J = "application/json"


@dataclass
class Seeded:
    profile: Profile
    transaction_id: int
    assignment_id: int
    attempt_id: int
    question_id: int
    submission_id: int
    statement_id: int
    photo: str
    video: str
    prep_video: str
    report_pdf: str

    @property
    def files(self) -> list[str]:
        return [self.photo, self.video, self.prep_video, self.report_pdf]


def _stored(name: str, content: bytes) -> str:
    return default_storage.save(name, ContentFile(content))


def seed_learner(*, educator_a_client, educator_b_client, bank, round_id, org_a, org_b) -> Seeded:
    body = preset_body(bank, round_id, auto_release_result=True, allow_no_camera=True)
    preset = post(educator_a_client, "/api/v1/test-presets", body).json()["data"]
    post(educator_a_client, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 11})
    batch = post(
        educator_a_client,
        f"/api/v1/test-presets/{preset['id']}/batches",
        {
            "name": "Ca sáng",
            "starts_at": (NOW - timedelta(hours=1)).isoformat(),
            "expires_at": (NOW + timedelta(hours=3)).isoformat(),
            "slots": 10,
        },
    ).json()["data"]
    assert post(educator_a_client, f"/api/v1/test-presets/{preset['id']}/approve").status_code == 200
    listing = post(
        educator_a_client,
        "/api/v1/marketplace/create_multiple",
        {"items": [{"preset_id": preset["id"], "price_test_only": 120_000}]},
    ).json()["data"][0]["id"]

    profile = ProfileFactory(
        user__name="Nguyễn Thị Lan",
        user__email="lan.nguyen@example.vn",
        has_pandai_survey_account=True,
        phone="0912345678",
    )
    client = client_for(profile)
    res = post(
        client,
        "/api/v1/shopping-cart",
        {"listing_id": listing, "batch_id": batch["id"], "addon": "test_only"},
    )
    assert res.status_code == 200, res.json()
    tx = post(client, "/api/v1/transaction/checkout", {}).json()["data"]
    paid = post(client, "/api/v1/transaction/pay", {"transaction_id": tx["id"]})
    assert paid.status_code == 200, paid.json()
    eid = Enrollment.objects.get(profile=profile, kind="test").pk
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    question = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][0]
    assert save(client, eid, question["id"], {"value": True}, 1, token).status_code == 200
    res = client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    assert res.status_code == 200, res.json()

    photo = _stored("profiles/lan.jpg", b"\xff\xd8\xff photo")
    Profile.objects.filter(pk=profile.pk).update(photo=photo)
    with schema_context(org_a.schema_name):
        assignment = Assignment.objects.get(learner_profile_id=profile.pk)
        attempt = Attempt.objects.get(assignment=assignment)
        video = _stored(f"{org_a.schema_name}/attempt-videos/v.webm", b"webm video bytes")
        prep = _stored(f"{org_a.schema_name}/prep-videos/p.webm", b"webm surroundings bytes")
        pdf = _stored(f"{org_a.schema_name}/reports/r.pdf", b"%PDF-1.4 report")
        Attempt.objects.filter(pk=attempt.pk).update(video=video)
        Assignment.objects.filter(pk=assignment.pk).update(prep_video=prep)
        AdvancedReport.objects.create(attempt=attempt, data={"percentile": 80}, pdf=pdf)

    survey.allow(org_b)
    survey_id = survey.published_survey(educator_b_client)
    survey_listing = survey.listed(educator_b_client, survey_id)
    _, client, user_survey_id = survey.take(survey_listing, profile)
    assert survey.post(client, f"/api/v1/surveys/submissions/{user_survey_id}/start").status_code == 200
    statement = survey.questions(client, user_survey_id)["questions"][0]
    assert survey.answer(client, user_survey_id, statement["id"], 4).status_code == 200
    with schema_context(org_b.schema_name):
        from surveys.models import Submission

        submission = Submission.objects.get(learner_profile_id=profile.pk)
    profile.refresh_from_db()
    return Seeded(
        profile=profile,
        transaction_id=tx["id"],
        assignment_id=assignment.pk,
        attempt_id=attempt.pk,
        question_id=question["id"],
        submission_id=submission.pk,
        statement_id=statement["id"],
        photo=photo,
        video=video,
        prep_video=prep,
        report_pdf=pdf,
    )
