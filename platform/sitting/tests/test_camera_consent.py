"""Camera proctoring consent per test at preparation (issue 24, item 2; decision 0023): recorded
with its time and address on the assignment, required before the surroundings video and a camera
start, copied to the attempt; the no-camera mode needs none."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assignments.models import Assignment, Attempt
from conftest import client_for
from sitting.tests.test_taking import open_test, start, webm

pytestmark = pytest.mark.django_db


def consent(client, eid, ip="203.0.113.7"):
    return client.post(f"/api/v1/take-test/{eid}/camera-consent", REMOTE_ADDR=ip)


def upload(client, eid, language="vi"):
    return client.post(
        f"/api/v1/take-test/{eid}/video",
        {"file": SimpleUploadedFile("v.webm", webm(30), content_type="video/webm")},
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("vi", "Hãy đánh dấu đồng ý giám sát bằng camera cho bài thi này trước khi quay hoặc tải video lên."),
        ("en", "Tick the consent to camera proctoring of this test before you record or upload your video."),
    ],
)
def test_the_video_is_refused_before_the_consent(
    as_educator_a, bank, round_id, org_a, settings, tmp_path, language, message
):
    settings.MEDIA_ROOT = tmp_path
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    prep = client.get(f"/api/v1/take-test/{eid}").json()["data"]
    assert prep["camera_consented_at"] is None and prep["video_keep_days"] == 90  # the default policy
    res = upload(client, eid, language)
    assert res.status_code == 409 and res.json()["code"] == "camera_consent_required"
    assert res.json()["message"] == message
    with schema_context(org_a.schema_name):
        assert Assignment.objects.get(learner_profile_id=learner.pk).prep_video == ""


def test_consent_recorded_with_time_and_address_then_video_and_start_copy_it(
    as_educator_a, bank, round_id, org_a, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    res = consent(client, eid)
    assert res.status_code == 200, res.json()
    at = res.json()["data"]["camera_consented_at"]
    assert res.json()["message"] == "Đã ghi nhận sự đồng ý."
    assert (
        consent(client, eid, ip="198.51.100.1").json()["data"]["camera_consented_at"] == at
    )  # the first kept
    assert client.get(f"/api/v1/take-test/{eid}").json()["data"]["camera_consented_at"] == at
    with schema_context(org_a.schema_name):
        assignment = Assignment.objects.get(learner_profile_id=learner.pk)
    assert assignment.camera_consent_ip == "203.0.113.7"
    assert assignment.camera_consented_at.replace(microsecond=0).isoformat().replace("+00:00", "Z") == at
    assert upload(client, eid).status_code == 200
    started = start(client, eid)
    assert started.status_code == 200, started.json()
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=started.json()["data"]["attempt_id"])
    assert attempt.camera_mode == "camera" and attempt.camera_consented_at == assignment.camera_consented_at


def test_no_camera_mode_needs_no_consent_and_copies_none(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    started = start(client_for(learner), eid, no_camera=True)
    assert started.status_code == 200, started.json()
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=started.json()["data"]["attempt_id"])
    assert attempt.camera_mode == "none" and attempt.camera_consented_at is None


def test_a_video_without_a_consent_does_not_start_in_camera_mode(as_educator_a, bank, round_id, org_a):
    """A surroundings video stored before consents were recorded: the learner consents first."""
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    with schema_context(org_a.schema_name):
        Assignment.objects.filter(learner_profile_id=learner.pk).update(prep_video="org/prep-videos/old.webm")
    client = client_for(learner)
    res = start(client, eid)
    assert res.status_code == 409 and res.json()["code"] == "camera_consent_required"
    consent(client, eid)
    assert start(client, eid).status_code == 200


def test_consent_refused_without_camera_proctoring_and_for_anothers_test(
    as_educator_a, bank, round_id, org_a
):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a, camera_proctoring=False)
    res = consent(client_for(learner), eid)
    assert res.status_code == 409 and res.json()["code"] == "camera_not_used"
    ((_other, other_eid),) = open_test(as_educator_a, bank, round_id, org_a)
    assert consent(client_for(learner), other_eid).status_code == 404
    assert consent(client_for(ProfileFactory()), other_eid).status_code == 404
    assert consent(as_educator_a, other_eid).status_code == 403
