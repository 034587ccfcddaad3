"""config.priority: background work at the lowest CPU priority, in a thread of its own."""

from __future__ import annotations

import os
import threading

import pytest

from config.priority import idle_priority_available, run_at_idle_priority

needs_sched_idle = pytest.mark.skipif(not idle_priority_available(), reason="no SCHED_IDLE on this platform")


@needs_sched_idle
def test_work_runs_under_sched_idle_and_the_caller_keeps_its_policy(settings):
    settings.BACKGROUND_IDLE_PRIORITY = True
    before = os.sched_getscheduler(0)
    seen = run_at_idle_priority(lambda: (os.sched_getscheduler(0), threading.get_ident()))
    assert seen[0] == os.SCHED_IDLE
    assert seen[1] != threading.get_ident()
    assert os.sched_getscheduler(0) == before != os.SCHED_IDLE


@needs_sched_idle
def test_the_work_s_exception_reaches_the_caller(settings):
    settings.BACKGROUND_IDLE_PRIORITY = True

    def boom():
        raise ValueError("no disk")

    with pytest.raises(ValueError, match="no disk"):
        run_at_idle_priority(boom)


def test_switched_off_it_runs_inline(settings):
    settings.BACKGROUND_IDLE_PRIORITY = False
    assert run_at_idle_priority(threading.get_ident) == threading.get_ident()


@needs_sched_idle
@pytest.mark.django_db(transaction=True)
def test_an_export_job_runs_in_the_idle_thread_with_its_own_connection(settings, monkeypatch, tmp_path):
    """The huey task's body end to end through the thread: the job row (committed) is read,
    the file is written to storage, and the job is DONE with its row count."""
    from django.contrib.auth import get_user_model

    from analytics import exports, services
    from analytics.filters import MarketQuery
    from analytics.models import ExportJob

    settings.BACKGROUND_IDLE_PRIORITY = True
    settings.MEDIA_ROOT = str(tmp_path)
    policies: list[int] = []

    def write(q, out, **kwargs):
        policies.append(os.sched_getscheduler(0))
        out.write(b"PK")
        return 7

    monkeypatch.setattr(exports, "write_transactions_xlsx", write)
    user = get_user_model().objects.create_user(email="idle@example.vn", password="x", name="Idle")
    job = ExportJob.objects.create(
        kind="transactions_xlsx",
        user=user,
        params={"query": MarketQuery(organization_ids=(1,)).to_json()},
        rows_total=7,
        file_name="x.xlsx",
        content_type=exports.XLSX_TYPE,
    )
    services.export_job_run(job_id=str(job.pk))
    job.refresh_from_db()
    assert policies == [os.SCHED_IDLE]
    assert job.status == "done" and job.rows_done == 7 and job.file
