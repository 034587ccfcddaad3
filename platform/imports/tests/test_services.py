"""Import jobs' services (issue 16, item 8): the queued job as the import service creates it,
the run (progress, outcome, the stored upload deleted), the purge; the imports' progress."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.services import spreadsheets
from assessments.services.common import Actor
from assessments.tests.test_authoring_api import make_bank
from assessments.tests.test_spreadsheets import GOOD, xlsx
from config.errors import ApplicationError
from config.media import private_name
from imports import services
from imports.models import ImportJob
from imports.selectors import import_job_data
from people import services as people_services

pytestmark = pytest.mark.django_db


def _csv(*lines: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("l.csv", ("\n".join(lines) + "\n").encode())


def test_the_import_service_queues_a_job_without_running_it(
    as_educator_a, educator_a, org_a, settings, django_capture_on_commit_callbacks
):
    settings.IMPORT_SYNC_MAX_ROWS = 2
    bank = make_bank(as_educator_a)
    sent = xlsx(GOOD[:3])
    raw = sent.read()
    sent.seek(0)
    with django_capture_on_commit_callbacks(execute=False) as callbacks, schema_context(org_a.schema_name):
        job = spreadsheets.questions_import(
            actor=Actor.of(educator_a), bank_id=bank["id"], upload=sent, dry_run=False
        )
    assert isinstance(job, ImportJob) and len(callbacks) == 1
    data = import_job_data(job)
    assert {k: data[k] for k in ("kind", "status", "dry_run", "progress", "rows_done", "rows_total")} == {
        "kind": "questions",
        "status": "queued",
        "dry_run": False,
        "progress": 0,
        "rows_done": 0,
        "rows_total": 3,
    }
    assert (job.profile_id, job.user_id, job.organization_id) == (educator_a.pk, educator_a.user_id, org_a.pk)
    assert (job.schema_name, job.language, job.started_at) == (org_a.schema_name, "vi", None)
    with default_storage.open(job.file, "rb") as stored:
        assert stored.read() == raw  # the upload's bytes, under a random private name
    assert len(job.file.rsplit("/", 1)[1]) == len("x" * 32 + ".xlsx")


def test_questions_progress_is_each_row_read(as_educator_a, educator_a, org_a):
    bank = make_bank(as_educator_a)
    seen: list[int] = []
    with schema_context(org_a.schema_name):
        report = spreadsheets.questions_import_run(
            actor=Actor.of(educator_a),
            bank_id=bank["id"],
            upload=xlsx(GOOD),
            dry_run=True,
            progress=seen.append,
        )
    assert report["rows"] == 5 and seen == [1, 2, 3, 4, 5]


def test_questions_are_written_in_batches_and_a_late_bad_row_undoes_them(
    as_educator_a, educator_a, org_a, monkeypatch
):
    from assessments.models import Question

    monkeypatch.setattr(spreadsheets, "WRITE_BATCH", 2)
    bank = make_bank(as_educator_a)
    rows = [GOOD[0], GOOD[1], GOOD[2], GOOD[3], {**GOOD[0], "grade": "x"}]
    written: list[int] = []

    def count(done: int) -> None:
        written.append(Question.objects.filter(bank_id=bank["id"]).count())

    with schema_context(org_a.schema_name):
        with pytest.raises(ApplicationError) as refused:
            spreadsheets.questions_import_run(
                actor=Actor.of(educator_a),
                bank_id=bank["id"],
                upload=xlsx(rows),
                dry_run=False,
                progress=count,
            )
        assert refused.value.code == "import_invalid"
        assert written == [0, 0, 2, 2, 4]  # before each row: two rows written per batch
        assert Question.objects.filter(bank_id=bank["id"]).count() == 0  # all undone
        report = spreadsheets.questions_import_run(
            actor=Actor.of(educator_a), bank_id=bank["id"], upload=xlsx(GOOD), dry_run=False
        )
        assert report["imported"] == 5 and Question.objects.filter(bank_id=bank["id"]).count() == 5


def test_learners_progress_dry_run_by_row_checked_then_by_row_invited(educator_a):
    seen: list[int] = []
    report = people_services.learners_import_run(
        actor=educator_a,
        upload=_csv("email", "a@example.vn", "", "b@example.vn"),
        dry_run=True,
        progress=seen.append,
    )
    assert (report["rows"], report["valid"], seen) == (2, 2, [1, 3])
    seen.clear()
    report = people_services.learners_import_run(
        actor=educator_a,
        upload=_csv("email", "a@example.vn", "b@example.vn"),
        dry_run=False,
        progress=seen.append,
    )
    assert (report["invited"], seen) == (2, [1, 2])


def _job(educator, org, *, rows_total: int = 4, content: bytes = b"email\n", **fields) -> ImportJob:
    name = default_storage.save(private_name(kind="imports", extension="csv"), ContentFile(content))
    return ImportJob.objects.create(
        kind=ImportJob.Kind.LEARNERS,
        organization=org,
        schema_name="public",
        user=educator.user,
        profile=educator,
        language="en",
        file=name,
        file_name="l.csv",
        rows_total=rows_total,
        **fields,
    )


def test_run_records_the_outcome_and_deletes_the_upload(educator_a, org_a):
    job = _job(educator_a, org_a)
    stored = job.file
    read: list[bytes] = []

    def work(job, handle, progress):
        read.append(handle.read())
        progress(2)
        return {"rows": 4}

    services.import_job_run(job_id=str(job.pk), work=work)
    job.refresh_from_db()
    assert read == [b"email\n"]
    assert (job.status, job.result, job.rows_done, job.progress, job.file) == (
        "done",
        {"rows": 4},
        4,
        100,
        "",
    )
    assert job.started_at is not None and job.finished_at is not None
    assert not default_storage.exists(stored)
    # A job already run is left alone.
    services.import_job_run(job_id=str(job.pk), work=lambda *a: pytest.fail("ran twice"))


def test_an_unexpected_error_fails_the_job_with_a_localized_message(educator_a, org_a):
    job = _job(educator_a, org_a, rows_total=10)
    stored = job.file

    def work(job, handle, progress):
        raise RuntimeError("disk on fire")

    services.import_job_run(job_id=str(job.pk), work=work)
    job.refresh_from_db()
    assert (job.status, job.error_code, job.error_message) == (
        "failed",
        "import_failed",
        "The import failed. Please try again.",
    )
    assert (job.result, job.file, job.progress) == (None, "", 0)
    assert not default_storage.exists(stored)


def test_progress_recorder_writes_only_when_the_percent_moves(educator_a, org_a):
    job = _job(educator_a, org_a, rows_total=400, status=ImportJob.Status.RUNNING)
    from jobs.services import ProgressRecorder

    recorder = ProgressRecorder(job)
    writes: list[int] = []

    class Side:  # stands for the recorder's own connection, which this test's transaction hides
        class ops:  # noqa: N801
            @staticmethod
            def quote_name(name):
                return name

        def cursor(self):
            class Cursor:
                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    return False

                def execute(self, sql, params):
                    writes.append(params[0])

            return Cursor()

        def close(self):
            pass

    recorder._side = Side()
    for done in range(1, 501):  # more rows than counted: capped at rows_total
        recorder(done)
    assert writes == [4 * p for p in range(1, 101)] and recorder.done == 400


def test_purge_deletes_old_jobs_and_their_files(educator_a, org_a):
    old = _job(educator_a, org_a)
    recent = _job(educator_a, org_a)
    ImportJob.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=25))
    assert services.import_jobs_purge() == 1
    assert list(ImportJob.objects.values_list("pk", flat=True)) == [recent.pk]
    assert not default_storage.exists(old.file) and default_storage.exists(recent.file)


@pytest.mark.parametrize(("active", "recorded"), [("en-gb", "en"), ("en", "en"), ("vi", "vi"), ("fr", "vi")])
def test_a_job_records_the_readers_language(educator_a, active, recorded):
    """The job's messages are written in the language of the reader who started it
    (``config.i18n.reader_language``, issue 17 item 2): "vi" or "en" only, Vietnamese otherwise."""
    from django.utils import translation

    with translation.override(active):
        job = services.import_job_create(
            kind=ImportJob.Kind.LEARNERS,
            profile_id=educator_a.pk,
            upload=_csv("email", "a@x.vn"),
            extension="csv",
            rows_total=1,
            dry_run=True,
        )
    assert job.language == recorded
