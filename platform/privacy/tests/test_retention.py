"""Retention (issue 24, item 3; decision 0020): the organization's policy and its bounds, the
daily sweep of proctoring videos on a moved clock (files gone from the storage, records kept,
idempotent), what the educator's and the learner's pages then say, and the hourly purge of
exports and imports by each organization's policy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, InMemoryStorage, default_storage
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from analytics.models import ExportJob
from conftest import client_for
from imports.models import ImportJob
from privacy.models import DeletionRecord, RetentionPolicy
from privacy.tests.helpers import taken_test
from sitting.proctoring import videos_retention_sweep
from sitting.tasks import proctoring_videos_retention

pytestmark = pytest.mark.django_db
J = "application/json"
URL = "/api/v1/privacy/retention"


class BucketStorage(InMemoryStorage):
    """A storage that keeps nothing on disk (as an S3 bucket); its deletions are logged."""

    deleted: list[str] = []

    def delete(self, name):
        type(self).deleted.append(name)
        super().delete(name)


@pytest.fixture
def media(settings, tmp_path):
    """FileSystemStorage under a fresh folder (the embedded default)."""
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


# --- the policy --------------------------------------------------------------------------------


def test_defaults_until_an_admin_saves_then_the_saved_periods(as_educator_a, educator_a, org_a):
    data = as_educator_a.get(URL).json()["data"]
    assert data == {
        "video_keep_days": 90,
        "file_keep_hours": 24,
        "is_default": True,
        "updated_at": None,
        "updated_by_name": "",
        "appeal_window_days": 30,
        "video_keep_days_default": 90,
        "video_keep_days_min": 30,
        "video_keep_days_max": 1825,
        "file_keep_hours_default": 24,
        "file_keep_hours_min": 1,
        "file_keep_hours_max": 720,
    }
    res = as_educator_a.put(URL, {"video_keep_days": 45, "file_keep_hours": 72}, content_type=J)
    assert res.status_code == 200, res.json()
    saved = res.json()["data"]
    assert (saved["video_keep_days"], saved["file_keep_hours"], saved["is_default"]) == (45, 72, False)
    assert saved["updated_by_name"] == educator_a.user.name
    assert res.json()["message"] == "Đã lưu chính sách lưu giữ."
    policy = RetentionPolicy.objects.get(organization=org_a)
    assert (policy.video_keep_days, policy.file_keep_hours) == (45, 72)


@pytest.mark.parametrize(
    ("body", "field", "vi", "en"),
    [
        (
            {"video_keep_days": 29, "file_keep_hours": 24},
            "video_keep_days",
            "Giữ video ít nhất 30 ngày sau khi công bố kết quả: thời hạn phúc khảo.",
            "Keep videos at least 30 days after the result is released: the appeal window.",
        ),
        (
            {"video_keep_days": 1826, "file_keep_hours": 24},
            "video_keep_days",
            "Tối đa 1825.",
            "At most 1825.",
        ),
        ({"video_keep_days": 90, "file_keep_hours": 0}, "file_keep_hours", "Ít nhất 1.", "At least 1."),
        ({"video_keep_days": 90, "file_keep_hours": 721}, "file_keep_hours", "Tối đa 720.", "At most 720."),
    ],
)
def test_periods_out_of_bounds_are_refused_with_a_stable_code_in_both_languages(
    as_educator_a, org_a, body, field, vi, en
):
    res = as_educator_a.put(URL, body, content_type=J)
    assert res.status_code == 400
    assert res.json()["code"] == "retention_out_of_range"
    assert res.json()["errors"] == {field: [vi]}
    res = as_educator_a.put(URL, body, content_type=J, headers={"Accept-Language": "en"})
    assert res.json()["errors"] == {field: [en]}
    assert not RetentionPolicy.objects.exists()


def test_only_an_admin_changes_the_policy_and_each_organization_has_its_own(
    as_educator_a, educator_b, org_a, org_b
):
    teacher = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=False))
    assert teacher.get(URL).json()["data"]["video_keep_days"] == 90  # educators read it
    res = teacher.put(URL, {"video_keep_days": 60, "file_keep_hours": 24}, content_type=J)
    assert res.status_code == 403 and res.json()["code"] == "not_org_admin"
    learner = client_for(ProfileFactory())
    assert learner.get(URL).json()["code"] == "forbidden_role"
    as_educator_a.put(URL, {"video_keep_days": 60, "file_keep_hours": 24}, content_type=J)
    assert client_for(educator_b).get(URL).json()["data"]["video_keep_days"] == 90  # B's own
    assert RetentionPolicy.objects.get().organization_id == org_a.pk


# --- the daily sweep of videos -----------------------------------------------------------------


def sweep(org) -> int:
    """The daily sweep's work in one organization, in its schema (as ``each_ready_organization``
    runs it)."""
    with schema_context(org.schema_name):
        return videos_retention_sweep(org)


def _stored(org, attempt_or_assignment):
    with schema_context(org.schema_name):
        obj = type(attempt_or_assignment).objects.get(pk=attempt_or_assignment.pk)
    return obj


def test_videos_are_deleted_after_the_retention_with_a_record_each_on_a_moved_clock(
    media, educator_a, educator_b, org_a, org_b
):
    learner = ProfileFactory()
    released = timezone.now()
    assignment, attempt, _eid = taken_test(org_a, educator_a, learner, code="R1", released_at=released)
    pending, pending_attempt, _ = taken_test(org_a, educator_a, ProfileFactory(), code="R2", released_at=None)
    other, other_attempt, _ = taken_test(org_b, educator_b, ProfileFactory(), code="R3", released_at=released)
    RetentionPolicy.objects.create(organization=org_b, video_keep_days=365)
    path = media / attempt.video
    assert path.read_bytes()[:4] == b"\x1a\x45\xdf\xa3"

    with time_machine.travel(released + timedelta(days=89, hours=23)):
        assert proctoring_videos_retention.call_local() == 0
    assert path.exists() and not DeletionRecord.objects.exists()

    moved = released + timedelta(days=90, minutes=1)
    with time_machine.travel(moved, tick=False):
        assert proctoring_videos_retention.call_local() == 1
    assert not path.exists()  # gone from FileSystemStorage
    assert (media / pending_attempt.video).exists()  # never released: still being graded
    assert (media / other_attempt.video).exists()  # organization B keeps videos 365 days
    now_attempt, now_assignment = _stored(org_a, attempt), _stored(org_a, assignment)
    assert now_attempt.video_deleted_at == moved and now_assignment.prep_video_deleted_at == moved
    assert now_attempt.video == attempt.video  # the random name stays: the gradebook knows there was one
    record = DeletionRecord.objects.get()
    assert (
        record.organization_id,
        record.kind,
        record.object_type,
        record.object_id,
        record.file_name,
        record.file_found,
        record.learner_profile_id,
        record.reason,
        record.deleted_at,
    ) == (
        org_a.pk,
        "proctoring_video",
        "attempt",
        str(attempt.pk),
        attempt.video,
        True,
        learner.pk,
        "retention",
        moved,
    )

    with time_machine.travel(moved + timedelta(days=1)):  # the next day: nothing more, no new record
        assert proctoring_videos_retention.call_local() == 0
    assert DeletionRecord.objects.count() == 1


def test_a_file_already_missing_is_recorded_as_such_and_a_storage_error_is_retried(
    media, educator_a, org_a, monkeypatch
):
    released = timezone.now() - timedelta(days=91)
    _a, gone, _ = taken_test(org_a, educator_a, ProfileFactory(), code="M1", released_at=released)
    _b, failing, _ = taken_test(org_a, educator_a, ProfileFactory(), code="M2", released_at=released)
    (media / gone.video).unlink()
    real_delete = FileSystemStorage.delete

    def flaky(self, name):
        if name == failing.video:
            raise OSError("disk unavailable")
        return real_delete(self, name)

    monkeypatch.setattr(FileSystemStorage, "delete", flaky)
    assert sweep(org_a) == 1
    record = DeletionRecord.objects.get()
    assert (record.object_id, record.file_found) == (str(gone.pk), False)
    assert _stored(org_a, failing).video_deleted_at is None  # left for the next run
    monkeypatch.undo()
    assert sweep(org_a) == 1
    assert not (media / failing.video).exists()


def test_an_unused_surroundings_video_goes_after_the_window_closed(media, educator_a, org_a):
    assignment, _none, _ = taken_test(
        org_a, educator_a, ProfileFactory(), code="U1", released_at=None, start=False
    )
    with time_machine.travel(timezone.now() + timedelta(days=89)):
        assert sweep(org_a) == 0
    with time_machine.travel(timezone.now() + timedelta(days=91)):
        assert sweep(org_a) == 1
    assert not (media / assignment.prep_video).exists()
    record = DeletionRecord.objects.get()
    assert (record.object_type, record.object_id) == ("assignment", str(assignment.pk))


def test_the_sweep_deletes_through_the_storage_backend_whatever_it_is(settings, educator_a, org_a):
    """Any backend: the sweep only calls ``default_storage`` (Django's InMemoryStorage here, with a
    log of its deletions; the S3 API itself in the next test)."""
    BucketStorage.deleted = []
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": f"{__name__}.BucketStorage"}}
    _a, attempt, _ = taken_test(
        org_a, educator_a, ProfileFactory(), code="S1", released_at=timezone.now() - timedelta(days=91)
    )
    assert default_storage.exists(attempt.video)
    assert sweep(org_a) == 1
    assert BucketStorage.deleted == [attempt.video] and not default_storage.exists(attempt.video)


@pytest.fixture
def s3_bucket(settings):
    """The default storage on an S3 bucket served by moto in server mode on loopback:
    django-storages talks real HTTP to it (ARCHITECTURE.md "S3 API in tests")."""
    import boto3
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint, bucket = f"http://{host}:{port}", "retention-test"
    keys = {"aws_access_key_id": "test", "aws_secret_access_key": "test", "region_name": "us-east-1"}
    client = boto3.client("s3", endpoint_url=endpoint, **keys)
    client.create_bucket(Bucket=bucket)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": bucket,
                "endpoint_url": endpoint,
                "region_name": "us-east-1",
                "access_key": "test",
                "secret_key": "test",
                "default_acl": None,
                "file_overwrite": False,
            },
        },
    }
    yield lambda: sorted(o["Key"] for o in client.list_objects_v2(Bucket=bucket).get("Contents", []))
    server.stop()


def test_the_sweep_deletes_from_an_s3_bucket_through_its_api(s3_bucket, educator_a, org_a):
    released = timezone.now() - timedelta(days=91)
    _a, attempt, _ = taken_test(org_a, educator_a, ProfileFactory(), code="B1", released_at=released)
    _b, kept, _ = taken_test(org_a, educator_a, ProfileFactory(), code="B2", released_at=timezone.now())
    assert s3_bucket() == sorted([attempt.video, kept.video])
    assert sweep(org_a) == 1
    assert s3_bucket() == [kept.video]  # gone from the bucket, the other one kept
    assert DeletionRecord.objects.get().file_name == attempt.video
    assert sweep(org_a) == 0 and DeletionRecord.objects.count() == 1


def test_pages_say_deleted_under_the_retention_policy_and_the_video_answers_410(
    media, as_educator_a, educator_a, org_a
):
    learner = ProfileFactory()
    _a, attempt, eid = taken_test(
        org_a, educator_a, learner, code="P1", released_at=timezone.now() - timedelta(days=100)
    )
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}").json()["data"]
    assert detail["video_url"] == f"/api/v1/attempts/{attempt.pk}/video"
    assert (detail["video_deleted_at"], detail["video_deleted_reason"]) == (None, None)
    mine = client_for(learner)
    state = mine.get(f"/api/v1/take-test/{eid}/video-views").json()["data"]
    assert state == {"video": "stored", "deleted_at": None, "deleted_reason": None, "views": []}

    with time_machine.travel(datetime(2030, 3, 1, 1, 30, tzinfo=UTC), tick=False):
        assert sweep(org_a) == 1
    detail = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}").json()["data"]
    assert detail["video_url"] is None
    assert detail["video_deleted_at"] == "2030-03-01T01:30:00Z"
    assert detail["video_deleted_reason"] == "retention"
    res = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}/video")
    assert res.status_code == 410
    assert res.json()["code"] == "video_deleted"
    assert res.json()["message"] == "Video đã bị xoá lúc 08:30 01/03/2030."
    res = as_educator_a.get(f"/api/v1/attempts/{attempt.pk}/video", headers={"Accept-Language": "en"})
    assert res.json()["message"] == "The video was deleted on 1 Mar 2030, 08:30."
    state = mine.get(f"/api/v1/take-test/{eid}/video-views").json()["data"]
    assert state == {
        "video": "deleted",
        "deleted_at": "2030-03-01T01:30:00Z",
        "deleted_reason": "retention",
        "views": [],
    }


# --- exports and imports -----------------------------------------------------------------------


def test_exports_and_imports_are_kept_as_long_as_their_organization_says(
    media, educator_a, educator_b, org_a, org_b
):
    RetentionPolicy.objects.create(organization=org_a, file_keep_hours=48)
    old = timezone.now() - timedelta(hours=30)

    def export(org):
        name = default_storage.save(f"analytics-exports/{org.slug}.xlsx", ContentFile(b"xlsx"))
        job = ExportJob.objects.create(
            kind="transactions_xlsx",
            user=educator_a.user,
            params={"query": {"organization_ids": [org.pk] if org else None}},
            file=name,
            file_name="t.xlsx",
            content_type="x",
            status="done",
        )
        ExportJob.objects.filter(pk=job.pk).update(created_at=old)
        return job

    kept, purged = export(org_a), export(org_b)
    everyone = ExportJob.objects.create(
        kind="dashboard_pdf",
        user=educator_a.user,
        params={"query": {"organization_ids": None}},
        file_name="d.pdf",
    )
    ExportJob.objects.filter(pk=everyone.pk).update(created_at=old)
    from analytics.services import export_jobs_purge
    from imports.services import import_jobs_purge

    assert export_jobs_purge() == 2
    assert list(ExportJob.objects.values_list("pk", flat=True)) == [kept.pk]
    assert default_storage.exists(kept.file) and not default_storage.exists(purged.file)
    record = DeletionRecord.objects.get()
    assert (record.organization_id, record.kind, record.object_type, record.object_id, record.file_name) == (
        org_b.pk,
        "analytics_export",
        "export_job",
        str(purged.pk),
        purged.file,
    )

    def job(org, educator):
        name = default_storage.save("imports/u.xlsx", ContentFile(b"x"))
        made = ImportJob.objects.create(
            kind="learners",
            organization=org,
            schema_name="public",
            user=educator.user,
            profile=educator,
            file=name,
        )
        ImportJob.objects.filter(pk=made.pk).update(created_at=old)
        return made

    young, due = job(org_a, educator_a), job(org_b, educator_b)
    assert import_jobs_purge() == 1
    assert list(ImportJob.objects.values_list("pk", flat=True)) == [young.pk]
    assert not default_storage.exists(due.file)
    assert DeletionRecord.objects.filter(kind="import_upload", object_id=str(due.pk)).exists()
    with time_machine.travel(timezone.now() + timedelta(hours=20)):
        assert export_jobs_purge() == 1 and import_jobs_purge() == 1
    assert not ExportJob.objects.exists() and not ImportJob.objects.exists()


def test_the_daily_sweep_is_a_periodic_task_at_0230_vietnam_time():
    from huey.contrib.djhuey import HUEY

    task = proctoring_videos_retention.task_class()
    assert HUEY.utc  # huey's crontab reads UTC
    assert task.validate_datetime(datetime(2030, 3, 1, 19, 30))  # 02:30 in Vietnam
    assert not task.validate_datetime(datetime(2030, 3, 1, 2, 30))
