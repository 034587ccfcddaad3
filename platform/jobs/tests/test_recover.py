"""The one recovery of a job whose consumer died (issue 35, item 3; decision 0040): an import left
``running`` with a stale heartbeat (its consumer was killed mid-run) and an export left
``queued`` (its task lost) end ``failed`` with ``job_lost`` and a localized message that the
SPA's polling shows; a job that still beats, or waits briefly, is left alone; a late consumer
cannot undo the verdict."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connections
from django.utils import timezone

from accounts.tests.factories import ProfileFactory
from analytics.models import ExportJob
from analytics.services import export_job_run
from config.media import private_name
from conftest import client_for
from imports.models import ImportJob
from imports.services import import_job_run
from jobs.models import Job
from jobs.services import Heartbeat, job_claim, jobs_recover

pytestmark = pytest.mark.django_db

LOST_VI = "Máy chủ xử lý tệp này đã dừng trước khi hoàn tất. Vui lòng thử lại."
LOST_EN = "The server processing this file stopped before it finished. Please try again."


def _import(educator, org, *, language: str = "vi") -> ImportJob:
    name = default_storage.save(private_name(kind="imports", extension="csv"), ContentFile(b"email\n"))
    return ImportJob.objects.create(
        kind=ImportJob.Kind.LEARNERS,
        organization=org,
        schema_name="public",
        user=educator.user,
        profile=educator,
        language=language,
        file=name,
        file_name="l.csv",
        rows_total=4000,
    )


def _export(educator, *, language: str = "vi") -> ExportJob:
    return ExportJob.objects.create(
        kind=ExportJob.Kind.TRANSACTIONS_XLSX,
        user=educator.user,
        params={"query": {"organization_ids": [educator.organization_id]}},
        language=language,
        rows_total=9000,
        file_name="market-assessment-transactions-all.xlsx",
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


@pytest.mark.parametrize(("language", "message"), [("vi", LOST_VI), ("en", LOST_EN)])
def test_an_import_whose_consumer_died_mid_run_fails_with_job_lost(educator_a, org_a, language, message):
    job = _import(educator_a, org_a, language=language)
    upload = job.file
    assert job_claim(job.pk)  # the consumer took it, wrote 1,200 rows' progress, then was killed
    killed = timezone.now() - timedelta(minutes=11)
    Job.objects.filter(pk=job.pk).update(rows_done=1200, heartbeat_at=killed, started_at=killed)

    assert jobs_recover() == 1
    job.refresh_from_db()
    assert (job.status, job.error_code, job.error_message, job.file, job.rows_done) == (
        "failed",
        "job_lost",
        message,
        "",
        1200,
    )
    assert job.finished_at is not None and not default_storage.exists(upload)
    # what the SPA's poll reads, and then stops on
    data = client_for(educator_a).get(f"/api/v1/import-jobs/{job.pk}").json()["data"]
    assert (data["status"], data["error_code"], data["error_message"], data["progress"]) == (
        "failed",
        "job_lost",
        message,
        30,
    )
    assert jobs_recover() == 0  # once


def test_an_export_whose_task_was_lost_fails_and_the_poll_says_why(educator_a):
    job = _export(educator_a, language="en")
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=61))
    assert jobs_recover() == 1
    client = client_for(educator_a)
    data = client.get(f"/api/v1/transaction/analytics/exports/{job.pk}").json()["data"]
    assert (data["status"], data["error"], data["download_url"]) == ("failed", LOST_EN, None)
    res = client.get(f"/api/v1/transaction/analytics/exports/{job.pk}/download")
    assert (res.status_code, res.json()["code"]) == (409, "export_failed")
    # the lost task turning up after all finds nothing to claim: the verdict stands
    export_job_run(job_id=str(job.pk))
    job.refresh_from_db()
    assert (job.status, job.error_code, job.file) == ("failed", "job_lost", "")


def test_jobs_that_beat_or_wait_briefly_are_left_alone(educator_a, org_a):
    now = timezone.now()
    beating = _import(educator_a, org_a)
    job_claim(beating.pk)
    Job.objects.filter(pk=beating.pk).update(
        started_at=now - timedelta(hours=2), heartbeat_at=now - timedelta(minutes=9)
    )
    waiting = _export(educator_a)
    Job.objects.filter(pk=waiting.pk).update(created_at=now - timedelta(minutes=58))
    done = _export(educator_a)
    Job.objects.filter(pk=done.pk).update(status="done", created_at=now - timedelta(days=1))
    assert jobs_recover(now=now) == 0
    assert dict(Job.objects.values_list("pk", "status")) == {
        beating.pk: "running",
        waiting.pk: "queued",
        done.pk: "done",
    }
    # ten minutes without a beat: dead
    assert jobs_recover(now=now + timedelta(minutes=1, seconds=1)) == 1
    assert Job.objects.get(pk=beating.pk).status == "failed"


def test_a_consumer_that_finishes_after_the_verdict_does_not_undo_it(educator_a, org_a):
    job = _import(educator_a, org_a, language="en")

    def work(job, handle, progress):
        # the recovery runs while this consumer is stuck (no beat for ten minutes)
        Job.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(minutes=11))
        assert jobs_recover() == 1
        return {"rows": 1, "valid": 1, "errors": [], "invited": 1}

    import_job_run(job_id=str(job.pk), work=work)
    job.refresh_from_db()
    assert (job.status, job.error_code, job.error_message, job.result) == (
        "failed",
        "job_lost",
        LOST_EN,
        None,
    )


def test_the_recovery_runs_every_minute():
    from datetime import datetime

    from jobs.tasks import jobs_recover as task

    periodic = task.task_class()
    assert all(periodic.validate_datetime(datetime(2030, 3, 1, 9, minute)) for minute in range(60))


@pytest.mark.django_db(transaction=True)
def test_a_running_consumer_beats_while_its_work_runs_and_stops_with_it(org_a):
    """On real connections: the heartbeat thread writes ``heartbeat_at`` while the block runs
    (every 20 ms here), and writes nothing once it has left."""
    educator = ProfileFactory(educator=True, organization=org_a)
    job = _import(educator, org_a)
    job_claim(job.pk)
    first = Job.objects.get(pk=job.pk).heartbeat_at
    with Heartbeat(job.pk, every=0.02):
        deadline = time.monotonic() + 10
        while Job.objects.get(pk=job.pk).heartbeat_at == first and time.monotonic() < deadline:
            threading.Event().wait(0.01)
    beat = Job.objects.get(pk=job.pk).heartbeat_at
    assert beat > first
    assert not [t for t in threading.enumerate() if t.name == f"job-heartbeat-{job.pk}"]
    assert Job.objects.get(pk=job.pk).heartbeat_at == beat
    connections.close_all()
