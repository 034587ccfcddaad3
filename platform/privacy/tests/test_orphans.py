"""No orphan files (issue 37, item 4; decision 0049): a replaced photo, logo or surroundings video
is deleted once the change commits, with a deletion record; the daily sweep lists the stored files
no row points to (found by walking the models, public and every organization's schema) and
deletes those older than the grace period, on the file system and on S3 (moto over HTTP)."""

from __future__ import annotations

import io
import os
import time
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import timezone
from django_tenants.utils import schema_context
from PIL import Image

from accounts.models import Profile
from assessments.models import Question, Stimulus
from assignments.models import Assignment
from config.stored_files import file_references
from conftest import client_for
from privacy import orphans
from privacy.models import DeletionRecord
from privacy.tests.helpers import taken_test
from sitting.tests.test_camera_consent import consent, upload
from sitting.tests.test_taking import open_test

pytestmark = pytest.mark.django_db

DAY = 24 * 3600


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


def aged(media, name: str, *, hours: float) -> None:
    """Set the stored file's last-modified time ``hours`` ago."""
    when = time.time() - hours * 3600
    os.utime(media / name, (when, when))


def test_every_file_column_is_found_by_walking_the_models():
    """The sweep's references come from the models: each marked column, with the schemas its
    table lives in (a new StoredFileField is covered without touching the sweep)."""
    found = {(r.label, r.mentions, r.public, r.tenant) for r in file_references()}
    assert found == {
        ("accounts.Profile.photo", False, True, False),
        ("tenants.Organization.logo", False, True, False),
        ("marketplace.Listing.cover_image", False, True, False),
        ("jobs.Job.file", False, True, False),
        ("data_requests.DataRequest.file", False, True, False),
        ("assignments.Assignment.prep_video", False, False, True),
        ("assignments.Attempt.video", False, False, True),
        ("assignments.AdvancedReport.pdf", False, False, True),
        ("assessments.Question.content", True, False, True),
        ("assessments.Question.answer_key", True, False, True),
        ("assessments.Stimulus.content", True, False, True),  # a shared stimulus' figure (0054)
        ("question_formats.FileCandidate.images", True, False, True),
    }


def test_a_replaced_or_removed_photo_is_deleted_after_the_commit_with_a_record(
    learner, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(learner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/api/v1/users/profile/self/upload-photo", {"file": SimpleUploadedFile("a.png", png())})
    first = Profile.objects.get(pk=learner.pk).photo
    with django_capture_on_commit_callbacks(execute=False) as pending:
        res = client.post(
            "/api/v1/users/profile/self/upload-photo", {"file": SimpleUploadedFile("b.png", png())}
        )
    assert res.status_code == 200, res.json()
    assert (tmp_path / first).exists()  # not before the commit
    for callback in pending:
        callback()
    second = Profile.objects.get(pk=learner.pk).photo
    assert not (tmp_path / first).exists() and (tmp_path / second).exists()
    record = DeletionRecord.objects.get(file_name=first)
    assert (record.kind, record.reason, record.object_type, record.object_id, record.learner_profile_id) == (
        "profile_photo",
        "replaced",
        "profile",
        str(learner.pk),
        learner.pk,
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.delete("/api/v1/users/profile/self/remove-photo")
    assert not (tmp_path / second).exists()
    assert DeletionRecord.objects.get(file_name=second).reason == "request"
    assert list(tmp_path.rglob("*.webp")) == []


def test_a_replaced_logo_is_deleted_with_a_record(
    as_educator_a, org_a, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    logos = []
    for name in ("a.png", "b.png"):
        with django_capture_on_commit_callbacks(execute=True):
            res = as_educator_a.post(
                "/api/v1/organization/settings/logo", {"file": SimpleUploadedFile(name, png())}
            )
        assert res.status_code == 200, res.json()
        org_a.refresh_from_db()
        logos.append(org_a.logo)
    assert not (tmp_path / logos[0]).exists() and (tmp_path / logos[1]).exists()
    record = DeletionRecord.objects.get(file_name=logos[0])
    assert (record.kind, record.reason, record.organization_id) == ("organization_logo", "replaced", org_a.pk)


def test_a_second_surroundings_video_deletes_the_first(
    as_educator_a, bank, round_id, org_a, settings, tmp_path, django_capture_on_commit_callbacks
):
    """Decision 0020 left a re-uploaded preparation video in storage; it is deleted now."""
    settings.MEDIA_ROOT = tmp_path
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    consent(client, eid)
    names = []
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            assert upload(client, eid).status_code == 200
        with schema_context(org_a.schema_name):
            names.append(Assignment.objects.get(learner_profile_id=learner.pk).prep_video)
    assert names[0] != names[1]
    assert not (tmp_path / names[0]).exists() and (tmp_path / names[1]).exists()
    record = DeletionRecord.objects.get(file_name=names[0])
    assert (record.kind, record.reason, record.object_type, record.learner_profile_id) == (
        "proctoring_video",
        "replaced",
        "assignment",
        learner.pk,
    )


def _stored(tmp_path, name: str, *, hours: float) -> str:
    name = default_storage.save(name, ContentFile(b"x" * 10))
    aged(tmp_path, name, hours=hours)
    return name


def test_the_sweep_deletes_only_old_files_no_row_points_to_on_the_file_system(
    settings, tmp_path, learner, educator_a, org_a
):
    settings.MEDIA_ROOT = tmp_path
    # pointed to: a public column (a photo), a tenant column (a proctoring video), a mention (an
    # image in a question's HTML, a figure in a shared stimulus' body)
    photo = _stored(tmp_path, f"profiles/{learner.pk}/kept.webp", hours=48)
    Profile.objects.filter(pk=learner.pk).update(photo=photo)
    _assignment, attempt, _eid = taken_test(org_a, educator_a, learner, code="ORPH", released_at=None)
    aged(tmp_path, attempt.video, hours=48)
    image = _stored(tmp_path, f"question-images/{org_a.schema_name}/img.webp", hours=48)
    with schema_context(org_a.schema_name):
        question = Question.objects.first() or pytest.fail("the preset has questions")
        content = dict(question.content)
        content["vi"] = {**content.get("vi", {}), "stem": f'<p>Hình <img src="/media/{image}"></p>'}
        Question.objects.filter(pk=question.pk).update(content=content)
    figure = _stored(tmp_path, f"question-images/{org_a.schema_name}/figure.webp", hours=48)
    with schema_context(org_a.schema_name):  # a shared stimulus' figure (decision 0054)
        Stimulus.objects.create(
            bank=question.bank,
            content={
                "title": {"vi": "Hình", "en": ""},
                "body": {"vi": f'<img src="/media/{figure}">', "en": ""},
            },
            created_by_profile_id=educator_a.pk,
        )
    # pointed to by no row: two days old (deleted), an hour old (an upload in flight: kept)
    old = _stored(tmp_path, f"{org_a.schema_name}/prep-videos/forgotten.webm", hours=48)
    stray = _stored(tmp_path, "profiles/999999/old.webp", hours=30)
    recent = _stored(tmp_path, f"{org_a.schema_name}/prep-videos/uploading.webm", hours=1)

    listed = orphans.orphans_sweep(delete=False)
    assert (listed.listed, listed.recent, sorted(listed.orphans), listed.deleted) == (
        7,
        1,
        sorted([old, stray]),
        0,
    )
    assert (tmp_path / old).exists()  # a dry run deletes nothing

    result = orphans.orphans_sweep()
    assert (result.deleted, result.failed) == (2, 0)
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == sorted([photo, attempt.video, image, figure, recent])
    records = {r.file_name: r for r in DeletionRecord.objects.filter(reason="orphaned")}
    assert set(records) == {old, stray}
    assert (records[old].kind, records[old].object_type, records[old].organization_id) == (
        "orphan_file",
        "storage",
        org_a.pk,
    )
    assert records[stray].organization_id is None and records[stray].file_found is True

    # the next run finds nothing more; a day later the upload in flight is an orphan too
    assert orphans.orphans_sweep().deleted == 0
    assert orphans.orphans_sweep(now=timezone.now() + timedelta(hours=24)).orphans == [recent]


def test_a_failing_lookup_deletes_nothing(settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = tmp_path
    old = _stored(tmp_path, "org-x/reports/lost.pdf", hours=48)

    def broken(names, *, schemas):
        raise RuntimeError("a schema did not answer")

    monkeypatch.setattr(orphans, "referenced_names", broken)
    with pytest.raises(RuntimeError):
        orphans.orphans_sweep()
    assert (tmp_path / old).exists() and not DeletionRecord.objects.filter(file_name=old).exists()


def test_the_sweep_deletes_from_an_s3_bucket_through_its_api(s3_storage, learner, educator_a, org_a):
    photo = default_storage.save(f"profiles/{learner.pk}/kept.webp", ContentFile(b"RIFF"))
    Profile.objects.filter(pk=learner.pk).update(photo=photo)
    _assignment, attempt, _eid = taken_test(org_a, educator_a, learner, code="ORPS3", released_at=None)
    old = default_storage.save(f"{org_a.schema_name}/reports/lost.pdf", ContentFile(b"%PDF"))
    assert s3_storage.keys() == sorted([photo, attempt.video, old])
    # just written: within the grace period
    assert orphans.orphans_sweep().orphans == []
    # a day and an hour later the unreferenced one goes, through the S3 API
    result = orphans.orphans_sweep(now=timezone.now() + timedelta(hours=25))
    assert (result.listed, result.orphans, result.deleted) == (3, [old], 1)
    assert s3_storage.keys() == sorted([photo, attempt.video])
    assert DeletionRecord.objects.get(file_name=old).organization_id == org_a.pk


def test_the_command_lists_and_deletes(settings, tmp_path, capsys):
    settings.MEDIA_ROOT = tmp_path
    old = _stored(tmp_path, "data-exports/left.zip", hours=30)
    call_command("orphan_files", "--dry-run")
    out = capsys.readouterr().out
    assert out.splitlines() == [
        old,
        "1 files stored, 0 within the grace period (24 h), 1 pointed to by no row, 1 would be deleted, 0 failed.",
    ]
    assert (tmp_path / old).exists()
    call_command("orphan_files", "--grace-hours", "48")
    assert (tmp_path / old).exists()  # 30 hours old: within a 48-hour grace
    call_command("orphan_files")
    assert not (tmp_path / old).exists()


def test_the_daily_sweep_is_a_periodic_task_at_0300_vietnam_time():
    from datetime import datetime

    from huey.contrib.djhuey import HUEY

    from privacy.tasks import orphan_files_sweep

    task = orphan_files_sweep.task_class()
    assert HUEY.utc  # huey's crontab reads UTC
    assert task.validate_datetime(datetime(2030, 3, 1, 20, 0))  # 03:00 in Vietnam (UTC+7)
    assert not task.validate_datetime(datetime(2030, 3, 1, 19, 30))
