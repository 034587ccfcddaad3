"""The demo's proctoring videos (issue 24, items 3 and 4): hocsinh16's deleted under the retention
policy with its record, hocsinh17's stored and viewed by two educators; once only."""

from __future__ import annotations

import pytest
from django.core.files.storage import default_storage
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.demo import seed_demo_questions
from assignments.demo import seed_demo_proctoring, seed_demo_tests
from assignments.models import Attempt
from conftest import client_for
from privacy.models import AccessLogEntry, DeletionRecord

pytestmark = pytest.mark.django_db


def test_demo_videos_one_deleted_under_retention_one_viewed(org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    author = ProfileFactory(educator=True, organization=org_a)
    admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=admin)
    seed_demo_tests(organization=org_a, author=author, admin=admin, learners_to_queue=[], password="x")
    assert seed_demo_proctoring(organization=org_a, admin=admin, educator=author) is True
    assert seed_demo_proctoring(organization=org_a, admin=admin, educator=author) is False  # once
    with schema_context(org_a.schema_name):
        by_email = {t.assignment.learner_email: t for t in Attempt.objects.select_related("assignment")}
    deleted, viewed = by_email["hocsinh16@demo.vn"], by_email["hocsinh17@demo.vn"]
    assert deleted.video_deleted_at and not default_storage.exists(deleted.video)
    assert deleted.assignment.prep_video_deleted_at == deleted.video_deleted_at
    assert (
        viewed.video_deleted_at is None and default_storage.open(viewed.video).read(4) == b"\x1a\x45\xdf\xa3"
    )
    record = DeletionRecord.objects.get()
    assert (record.object_id, record.reason) == (str(deleted.pk), "retention")
    detail = client_for(admin).get(f"/api/v1/attempts/{deleted.pk}").json()["data"]
    assert (detail["video_url"], detail["video_deleted_reason"]) == (None, "retention")
    assert list(
        AccessLogEntry.objects.order_by("created_at").values_list("actor_role", "kind", "learner_name")
    ) == [
        ("educator", "proctoring_video", viewed.assignment.learner_name),
        ("admin", "proctoring_video", viewed.assignment.learner_name),
        ("admin", "gradebook_export", ""),
    ]
