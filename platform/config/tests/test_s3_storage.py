"""Every stored kind through django-storages on a real S3 API (moto over HTTP on loopback; the
``s3_storage`` fixture of config.tests.s3). Issue 21, item 1: public kinds (profile photos, logos,
question images, listing covers) get URLs that work; private kinds (proctoring videos, report
PDFs, exports, imports) are never given a URL, only streamed to whoever may see them; a refused
upload leaves no object in the bucket."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django_tenants.utils import schema_context
from PIL import Image

from conftest import client_for

pytestmark = pytest.mark.django_db


def png(size=(600, 400)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (20, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


def _is_webp(data: bytes) -> bool:
    return data[:4] == b"RIFF" and data[8:12] == b"WEBP"


def test_profile_photo_lands_in_the_bucket_with_a_working_url_and_a_refusal_stores_nothing(
    s3_storage, learner, django_capture_on_commit_callbacks
):
    client = client_for(learner)
    upload = "/api/v1/users/profile/self/upload-photo"
    res = client.post(upload, {"file": SimpleUploadedFile("me.png", png(), content_type="image/png")})
    assert res.status_code == 200, res.json()
    learner.refresh_from_db()
    assert s3_storage.keys() == [learner.photo] and learner.photo.startswith(f"profiles/{learner.pk}/")
    url = res.json()["data"]["profileImage"]
    assert url.startswith(f"{s3_storage.endpoint_url}/{s3_storage.name}/profiles/")
    status, body = s3_storage.fetch(url)
    assert status == 200 and _is_webp(body) and body == s3_storage.get(learner.photo)

    # Refused uploads (not an image; too large) leave the bucket as it was.
    res = client.post(
        upload, {"file": SimpleUploadedFile("evil.png", b"plain text" * 50, content_type="image/png")}
    )
    assert res.status_code == 400 and res.json()["code"] == "unsupported_image"
    assert s3_storage.keys() == [learner.photo]

    # A new photo replaces the object; removing the photo removes it (after the commit: decision 0049).
    with django_capture_on_commit_callbacks(execute=True):
        again = SimpleUploadedFile("again.png", png((300, 300)), content_type="image/png")
        client.post(upload, {"file": again})
    old = learner.photo
    learner.refresh_from_db()
    assert s3_storage.keys() == [learner.photo] and learner.photo != old
    with django_capture_on_commit_callbacks(execute=True):
        assert client.delete("/api/v1/users/profile/self/remove-photo").status_code == 200
    assert s3_storage.keys() == []


def test_organization_logo_lands_in_the_bucket_with_a_working_url(s3_storage, as_educator_a, org_a):
    res = as_educator_a.post(
        "/api/v1/organization/settings/logo", {"file": SimpleUploadedFile("logo.png", png((900, 300)))}
    )
    assert res.status_code == 200, res.json()
    (key,) = s3_storage.keys("organizations/")
    assert s3_storage.keys() == [key]
    status, body = s3_storage.fetch(res.json()["data"]["logo"])
    assert status == 200 and _is_webp(body)
    res = as_educator_a.post(
        "/api/v1/organization/settings/logo", {"file": SimpleUploadedFile("x.png", b"GIF89a fake")}
    )
    assert res.json()["code"] == "unsupported_image" and s3_storage.keys() == [key]


def test_question_image_lands_in_the_bucket_with_a_working_url(s3_storage, as_educator_a, org_a):
    res = as_educator_a.post(
        "/api/v1/questions/images", {"file": SimpleUploadedFile("graph.png", png(), "image/png")}
    )
    assert res.status_code == 201, res.json()
    data = res.json()["data"]
    assert s3_storage.keys() == [data["path"]] and data["path"].startswith(
        f"question-images/{org_a.schema_name}/"
    )
    status, body = s3_storage.fetch(data["url"])
    assert status == 200 and _is_webp(body)
    res = as_educator_a.post(
        "/api/v1/questions/images",
        {"file": SimpleUploadedFile("x.png", b"%PDF-1.4 not an image", "image/png")},
    )
    assert res.status_code == 400 and s3_storage.keys() == [data["path"]]


def test_prep_video_is_private_and_only_streamed_to_the_organizations_educators(
    s3_storage, as_educator_a, educator_b, bank, round_id, org_a
):
    from assignments.models import Attempt
    from sitting.tests.test_taking import open_test, start, webm

    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    assert client.post(f"/api/v1/take-test/{eid}/camera-consent").status_code == 200
    url = f"/api/v1/take-test/{eid}/video"
    res = client.post(
        url, {"file": SimpleUploadedFile("v.webm", b"not a video" * 100, content_type="video/webm")}
    )
    assert res.status_code == 400 and s3_storage.keys() == []  # refused: nothing stored
    res = client.post(url, {"file": SimpleUploadedFile("v.webm", webm(30), content_type="video/webm")})
    assert res.status_code == 200, res.json()
    attempt_id = start(client, eid).json()["data"]["attempt_id"]
    with schema_context(org_a.schema_name):
        key = Attempt.objects.get(pk=attempt_id).video
    assert s3_storage.keys() == [key] and key.startswith(f"{org_a.schema_name}/prep-videos/")
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt_id}").json()["data"]
    assert detail["video_url"] == f"/api/v1/attempts/{attempt_id}/video"  # the API, never the bucket
    assert s3_storage.endpoint_url not in str(detail)
    video = as_educator_a.get(detail["video_url"])
    assert video.status_code == 200 and b"".join(video.streaming_content) == s3_storage.get(key)
    assert client.get(detail["video_url"]).status_code == 403
    assert client_for(educator_b).get(detail["video_url"]).status_code == 404
    assert Client().get(detail["video_url"]).status_code == 401


def test_import_upload_is_private_in_the_bucket_and_gone_once_the_job_ran(
    s3_storage, as_educator_a, educator_a, org_a, settings, django_capture_on_commit_callbacks
):
    from assessments.services import spreadsheets
    from assessments.services.common import Actor
    from assessments.tests.test_authoring_api import make_bank
    from assessments.tests.test_spreadsheets import GOOD, xlsx

    settings.IMPORT_SYNC_MAX_ROWS = 2
    bank = make_bank(as_educator_a)
    sent = xlsx(GOOD[:3])
    raw = sent.read()
    sent.seek(0)
    with django_capture_on_commit_callbacks(execute=False) as callbacks, schema_context(org_a.schema_name):
        job = spreadsheets.questions_import(
            actor=Actor.of(educator_a), bank_id=bank["id"], upload=sent, dry_run=False
        )
    assert s3_storage.keys() == [job.file] and job.file.startswith(f"{org_a.schema_name}/imports/")
    assert s3_storage.get(job.file) == raw
    for callback in callbacks:  # the queued task (huey runs it inline in tests)
        callback()
    job.refresh_from_db()
    assert job.status == "done" and s3_storage.keys() == []


def test_analytics_export_is_private_and_streamed_to_its_owner_only(
    s3_storage, educator_a, org_a, org_b, settings, django_capture_on_commit_callbacks
):
    from accounts.tests.factories import ProfileFactory
    from analytics.models import ExportJob
    from analytics.tests.factories import build_market
    from analytics.tests.test_api import BASE

    market = build_market(org_a, org_b)
    settings.ANALYTICS_PDF_SYNC_MAX_ROWS = 1
    client = client_for(educator_a)
    with django_capture_on_commit_callbacks(execute=True):
        res = client.post(f"{BASE}/export-dashboard?from_date=2025-03-01&to_date=2025-03-10")
    assert res.status_code == 202
    job = ExportJob.objects.get(pk=res.json()["data"]["id"])
    assert job.status == "done" and s3_storage.keys() == [job.file]
    assert job.file.startswith("analytics-exports/") and s3_storage.endpoint_url not in str(res.json())
    download = client.get(f"{BASE}/exports/{job.pk}/download")
    assert download.status_code == 200 and b"".join(download.streaming_content) == s3_storage.get(job.file)
    colleague = client_for(ProfileFactory(educator=True, organization=market.org_a))
    assert colleague.get(f"{BASE}/exports/{job.pk}/download").status_code == 404
