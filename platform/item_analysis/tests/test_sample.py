"""``manage.py item_analysis_sample`` (issue 39, item 3): a 2025-format test whose analysis shows
what the page is for: statements and wrong numeric answers, the two keys it gets wrong on purpose
flagged as likely key errors, and a batch below the minimum of attempts."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django_tenants.utils import schema_context

from assessments.models import Batch, TestPreset
from item_analysis import selectors, services

pytestmark = pytest.mark.django_db


def test_the_sample_flags_its_two_wrong_keys(org_a, django_capture_on_commit_callbacks):
    call_command("item_analysis_sample", organization="org-a", attempts=60, few=3, stdout=None)
    call_command("item_analysis_sample", organization="org-a", stdout=None)  # once only
    with schema_context(org_a.schema_name):
        preset = TestPreset.objects.get(name="Đề mẫu định dạng 2025")
        assert TestPreset.objects.filter(name=preset.name).count() == 1
        full, few = (Batch.objects.get(preset=preset, name=name) for name in ("Ca đủ bài", "Ca ít bài"))
        views = {}
        for batch in (full, few):
            with django_capture_on_commit_callbacks(execute=True):
                services.item_analysis_ensure(preset_id=preset.pk, batch_id=batch.pk)
            analysis = services.item_analysis_ensure(preset_id=preset.pk, batch_id=batch.pk)
            views[batch.name] = selectors.item_analysis_view(analysis=analysis, preset=preset, batch=batch)
    full_view, few_view = views["Ca đủ bài"], views["Ca ít bài"]
    assert full_view["summary"]["n"] == 60 and full_view["summary"]["few_attempts"] is False
    assert [q["type"] for q in full_view["questions"]] == ["single_choice"] * 4 + ["true_false_set"] * 2 + [
        "numeric"
    ] * 2
    first_set, wrong_numeric = full_view["questions"][4], full_view["questions"][7]
    assert [s["label"] for s in first_set["statements"] if s["flags"]] == ["c)"]
    assert wrong_numeric["wrong_answers"][0]["answer"] == "1,5"
    assert wrong_numeric["wrong_answers"][0]["flags"] == ["likely_key_error"]
    assert few_view["summary"]["n"] == 3 and few_view["summary"]["few_attempts"] is True
    assert all(q["few_attempts"] for q in few_view["questions"])
