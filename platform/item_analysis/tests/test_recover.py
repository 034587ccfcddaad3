"""An item analysis whose consumer died (issue 38, item 2; the model of decision 0040): the SPA
polls an analysis while it is queued or running, so a run left ``running`` by a killed consumer
must end. The poll's own read fails a run without a sign of life for ``JOB_STALE_SECONDS`` with
``computation_lost`` (the SPA stops polling and shows "Lần tính gần nhất bị lỗi. Hãy bấm Tính
lại."); a run that beats is left alone; a late consumer cannot store over the verdict."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from assignments.models import ItemAnalysis
from item_analysis.services import item_analysis_beat
from item_analysis.tests.item_data import HAND_LEARNERS, HAND_QUESTIONS, build_scope
from jobs.services import stale_seconds

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(org_a):
    return build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS, voided=set())


def _ready(client, url, capture) -> None:
    with capture(execute=True):
        client.get(url)
    assert client.get(url).json()["data"]["state"]["status"] == "ready"


def _set(org, hand, **fields) -> ItemAnalysis:
    with schema_context(org.schema_name):
        row = ItemAnalysis.objects.get(preset_id=hand.preset_id, batch__isnull=True)
        ItemAnalysis.objects.filter(pk=row.pk).update(**fields)
        return ItemAnalysis.objects.get(pk=row.pk)


def test_a_run_whose_consumer_died_ends_failed_at_the_next_poll(
    as_educator_a, hand, org_a, django_capture_on_commit_callbacks
):
    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis"
    _ready(as_educator_a, url, django_capture_on_commit_callbacks)
    stale = timezone.now() - timedelta(seconds=stale_seconds() + 5)
    _set(org_a, hand, status="running", started_at=stale, heartbeat_at=None)  # killed before a beat

    data = as_educator_a.get(url).json()["data"]
    assert (data["state"]["status"], data["state"]["error"]) == ("failed", "computation_lost")
    assert data["summary"]["n"] == 5  # the last figures stay
    assert as_educator_a.get(url).json()["data"]["state"]["status"] == "failed"  # stays: no poll loop


def test_a_run_that_beats_is_left_running(as_educator_a, hand, org_a, django_capture_on_commit_callbacks):
    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis"
    _ready(as_educator_a, url, django_capture_on_commit_callbacks)
    now = timezone.now()
    long_ago = now - timedelta(seconds=stale_seconds() * 3)
    row = _set(org_a, hand, status="running", started_at=long_ago, heartbeat_at=long_ago)
    with schema_context(org_a.schema_name):
        item_analysis_beat(org_a.schema_name, row.pk, long_ago)  # what the consumer's beat thread writes
        assert ItemAnalysis.objects.get(pk=row.pk).heartbeat_at >= now
    assert as_educator_a.get(url).json()["data"]["state"]["status"] == "running"


def test_a_late_consumer_does_not_store_over_the_verdict(
    as_educator_a, hand, org_a, django_capture_on_commit_callbacks, monkeypatch
):
    """The consumer was only stalled: while it computed, its beat went stale and a poll ended the
    run. When it finishes it stores nothing: the run stays failed with the earlier figures."""
    from item_analysis import services

    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis"
    _ready(as_educator_a, url, django_capture_on_commit_callbacks)
    row = _set(org_a, hand, status="queued", requested_at=timezone.now())
    stale = timezone.now() - timedelta(seconds=stale_seconds() + 5)

    def stalled(body):
        figures = body()
        ItemAnalysis.objects.filter(pk=row.pk).update(heartbeat_at=stale)
        services.item_analysis_ensure(preset_id=hand.preset_id, batch_id=None)  # a poll meanwhile
        return figures

    monkeypatch.setattr(services, "run_at_idle_priority", stalled)
    with schema_context(org_a.schema_name):
        assert services.item_analysis_run(analysis_id=row.pk) is False
        after = ItemAnalysis.objects.get(pk=row.pk)
    assert (after.status, after.error, after.computed_at) == ("failed", "computation_lost", row.computed_at)
