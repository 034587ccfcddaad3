"""Builders for the privacy tests: a taken test with a stored proctoring video."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from assessments.tests.fixtures import approved_preset
from assignments.models import Assignment, Attempt

VIDEO = b"\x1a\x45\xdf\xa3" + b"\0" * 60  # an EBML header: what a WebM file starts with


def taken_test(
    org,
    educator,
    learner,
    *,
    code: str,
    released_at: datetime | None,
    video: bool = True,
    start: bool = True,
) -> tuple[Assignment, Attempt | None, int]:
    """In ``org``: an approved test whose batch closed yesterday, assigned to ``learner`` with a
    stored surroundings video (when ``video``), an attempt using it (when ``start``) released at
    ``released_at``. Returns (assignment, attempt or None, the learner's enrollment id)."""
    now = timezone.now()
    preset, batch = approved_preset(org, educator, code=code, starts_at=now - timedelta(days=1), slots=5)
    with schema_context(org.schema_name):
        path = (
            default_storage.save(f"{org.schema_name}/prep-videos/{code}.webm", ContentFile(VIDEO))
            if video
            else ""
        )
        assignment = Assignment.objects.create(
            preset_id=preset.pk,
            batch=batch,
            learner_profile_id=learner.pk,
            learner_user_id=learner.user_id,
            learner_name=learner.user.name,
            learner_email=learner.user.email,
            source=Assignment.Source.DIRECT,
            status=Assignment.Status.GRADED if start else Assignment.Status.ASSIGNED,
            prep_video=path,
        )
        attempt = None
        if start:
            attempt = Attempt.objects.create(
                assignment=assignment,
                status=Attempt.Status.SUBMITTED,
                started_at=now - timedelta(hours=2),
                deadline_at=now - timedelta(hours=1),
                submitted_at=now - timedelta(hours=1),
                device_token="t",
                video=path,
                result=Attempt.Result.PASSED,
                graded_at=released_at,
                released_at=released_at,
            )
    enrollment = Enrollment.objects.create(
        profile=learner,
        organization=org,
        kind=Enrollment.Kind.TEST,
        object_id=assignment.pk,
        item_id=preset.pk,
        name=preset.name,
    )
    return assignment, attempt, enrollment.pk
