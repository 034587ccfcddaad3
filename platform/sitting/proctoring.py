"""The proctoring video after the test (issue 24, items 3 and 4; decision 0020): retention,
deletion, and what the educator's and the learner's pages say about it.

One file, two columns: the learner records the 30-second surroundings video at preparation
(``Assignment.prep_video``) and start copies its storage name into ``Attempt.video``. Deleting it
deletes the file once, sets ``Attempt.video_deleted_at`` and, when the assignment's
``prep_video`` is the same file, ``Assignment.prep_video_deleted_at``, and writes one
``privacy.DeletionRecord``. The storage names stay in the columns (they are random tokens, not
personal data), so the gradebook still knows the attempt had a video.

Retention (``privacy.rules``; the organization's ``video_keep_days``, 90 by default, at least the
30-day appeal window):

- an attempt's video: ``video_keep_days`` after its result was released (``released_at``); an
  attempt whose result is never released keeps its video (it is still being graded or reviewed);
- a surroundings video that no attempt used (the learner never started): ``video_keep_days``
  after the assignment was revoked or its window closed (the batch's end, else the test's end
  date); with neither, it is kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

from django.db import transaction
from django.db.models import Exists, Model, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from assignments.models import Assignment, Attempt
from config import dates
from config.errors import ApplicationError, not_found
from privacy import rules
from privacy.error_codes import PrivacyErrorCode
from privacy.models import DeletionRecord
from privacy.selectors import deletion_reasons, retention_policy_of, video_views
from privacy.services import deletion_record_create, storage_delete
from sitting.shapes import LearnerVideoState, VideoState

if TYPE_CHECKING:
    from tenants.models import Organization

logger = logging.getLogger(__name__)

KIND = DeletionRecord.Kind.PROCTORING_VIDEO
M = TypeVar("M", bound=Model)


# --- deleting ----------------------------------------------------------------------------------


def attempt_video_delete(
    *, attempt: Attempt, reason: str, organization_id: int, now: datetime | None = None
) -> bool:
    """Delete an attempt's video (and the assignment's surroundings video when it is the same
    file) through the storage backend, mark both deleted and write the ``DeletionRecord`` (reason
    ``retention``, ``request`` or ``consent_withdrawn``). Runs in the organization's schema.
    Idempotent: an attempt already marked, or without a video, is left alone (returns False). A
    file already missing from storage is recorded with ``file_found`` false. Storage errors
    propagate, leaving the attempt unmarked."""
    if not attempt.video or attempt.video_deleted_at is not None:
        return False
    now = now or timezone.now()
    found = storage_delete(attempt.video)
    with transaction.atomic():
        marked = Attempt.objects.filter(pk=attempt.pk, video_deleted_at__isnull=True).update(
            video_deleted_at=now
        )
        if not marked:
            return False
        Assignment.objects.filter(
            pk=attempt.assignment_id, prep_video=attempt.video, prep_video_deleted_at__isnull=True
        ).update(prep_video_deleted_at=now)
        deletion_record_create(
            kind=KIND,
            object_type="attempt",
            object_id=attempt.pk,
            file_name=attempt.video,
            reason=reason,
            organization_id=organization_id,
            learner_profile_id=attempt.assignment.learner_profile_id,
            file_found=found,
            deleted_at=now,
        )
    attempt.video_deleted_at = now
    return True


def prep_video_delete(
    *, assignment: Assignment, reason: str, organization_id: int, now: datetime | None = None
) -> bool:
    """Delete a surroundings video that no attempt uses, like :func:`attempt_video_delete`
    (object ``assignment``). Returns False when there is nothing to delete."""
    if not assignment.prep_video or assignment.prep_video_deleted_at is not None:
        return False
    now = now or timezone.now()
    found = storage_delete(assignment.prep_video)
    with transaction.atomic():
        marked = Assignment.objects.filter(pk=assignment.pk, prep_video_deleted_at__isnull=True).update(
            prep_video_deleted_at=now
        )
        if not marked:
            return False
        deletion_record_create(
            kind=KIND,
            object_type="assignment",
            object_id=assignment.pk,
            file_name=assignment.prep_video,
            reason=reason,
            organization_id=organization_id,
            learner_profile_id=assignment.learner_profile_id,
            file_found=found,
            deleted_at=now,
        )
    assignment.prep_video_deleted_at = now
    return True


# --- the daily sweep ---------------------------------------------------------------------------


def expired_attempts(*, cutoff: datetime) -> QuerySet[Attempt]:
    """Attempts whose result was released before ``cutoff`` and whose video is still stored."""
    return (
        Attempt.objects.select_related("assignment")
        .filter(released_at__lt=cutoff, video_deleted_at__isnull=True)
        .exclude(video="")
        .order_by("released_at", "id")
    )


def expired_unused_prep_videos(*, cutoff: datetime) -> QuerySet[Assignment]:
    """Assignments with a surroundings video no attempt used, revoked or past their window
    (the batch's end, else the test's end date) before ``cutoff``."""
    used = Attempt.objects.filter(assignment=OuterRef("pk"), video=OuterRef("prep_video"))
    over = (
        Q(revoked_at__lt=cutoff)
        | Q(batch__isnull=False, batch__expires_at__lt=cutoff)
        | Q(batch__isnull=True, preset__ends_at__lt=cutoff)
    )
    return (
        Assignment.objects.filter(over, prep_video_deleted_at__isnull=True)
        .exclude(prep_video="")
        .exclude(Exists(used))
        .order_by("id")
    )


def _sweep(
    rows_of: Callable[[], QuerySet[M]],
    delete: Callable[..., bool],
    *,
    organization_id: int,
    now: datetime,
    label: str,
) -> int:
    """Delete in batches of ``rules.SWEEP_BATCH``, at most ``rules.SWEEP_MAX_PER_RUN`` a run. An
    object whose file cannot be deleted is logged and left for the next run."""
    deleted, failed = 0, set[int]()
    while deleted + len(failed) < rules.SWEEP_MAX_PER_RUN:
        batch = list(rows_of().exclude(pk__in=failed)[: rules.SWEEP_BATCH])
        if not batch:
            break
        for row in batch:
            try:
                if delete(
                    row, reason=DeletionRecord.Reason.RETENTION, organization_id=organization_id, now=now
                ):
                    deleted += 1
                else:
                    failed.add(row.pk)
            except Exception:
                logger.exception("retention: could not delete the %s of %s", label, row.pk)
                failed.add(row.pk)
    return deleted


def videos_retention_sweep(organization: Organization, *, now: datetime | None = None) -> int:
    """In ``organization``'s schema: delete the proctoring videos its retention policy no longer
    keeps (see the module's docstring), tenant by tenant from
    ``sitting.tasks.proctoring_videos_retention``. Returns how many files were deleted."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=retention_policy_of(organization.pk).video_keep_days)
    attempts = _sweep(
        lambda: expired_attempts(cutoff=cutoff),
        lambda row, **kw: attempt_video_delete(attempt=row, **kw),
        organization_id=organization.pk,
        now=now,
        label="attempt video",
    )
    unused = _sweep(
        lambda: expired_unused_prep_videos(cutoff=cutoff),
        lambda row, **kw: prep_video_delete(assignment=row, **kw),
        organization_id=organization.pk,
        now=now,
        label="surroundings video",
    )
    return attempts + unused


# --- what the pages say ------------------------------------------------------------------------


def video_state(attempt: Attempt, *, organization_id: int) -> VideoState:
    """The video fields of an attempt's detail: ``video_url`` while it is stored (None when there
    never was one), else ``video_deleted_at`` and ``video_deleted_reason`` (``retention``,
    ``request``, ``consent_withdrawn``, or None without a record; a deletion may also empty the
    storage name). One query when deleted, none otherwise."""
    if attempt.video_deleted_at is None:
        url = f"/api/v1/attempts/{attempt.pk}/video" if attempt.video else None
        return {"video_url": url, "video_deleted_at": None, "video_deleted_reason": None}
    reasons = deletion_reasons(
        organization_id=organization_id, object_type="attempt", object_ids=[attempt.pk]
    )
    return {
        "video_url": None,
        "video_deleted_at": attempt.video_deleted_at,
        "video_deleted_reason": reasons.get(str(attempt.pk)),
    }


def attempt_video_name(attempt_id: int) -> str:
    """The storage name of an attempt's stored video (GET /api/v1/attempts/{id}/video). 404 "Attempt
    not found." for an unknown attempt or one without a video; 410 ``video_deleted`` with the date
    (Vietnam time, the reader's language) once it was deleted."""
    t = Attempt.objects.filter(pk=attempt_id).only("id", "video", "video_deleted_at").first()
    if t is None or (not t.video and t.video_deleted_at is None):
        raise not_found(_("Attempt not found."))
    if t.video_deleted_at is not None:
        raise ApplicationError(
            PrivacyErrorCode.VIDEO_DELETED,
            _("The video was deleted on %(date)s.") % {"date": dates.format_datetime(t.video_deleted_at)},
            status=410,
            extra={"deleted_at": t.video_deleted_at.isoformat()},
        )
    return t.video


def learner_video_state(assignment: Assignment, *, organization_id: int) -> LearnerVideoState:
    """``VideoViewsOut`` of the learner's own test: whether its proctoring video is ``none``
    (never recorded), ``stored`` or ``deleted`` (with when and why), and who viewed it (names,
    roles and times, newest first). Three queries at most."""
    attempts = list(assignment.attempts.order_by("-number").only("id", "video", "video_deleted_at"))
    with_video = [t for t in attempts if t.video or t.video_deleted_at]
    if not with_video and not (assignment.prep_video or assignment.prep_video_deleted_at):
        return {"video": "none", "deleted_at": None, "deleted_reason": None, "views": []}
    latest = with_video[0] if with_video else None
    deleted_at = latest.video_deleted_at if latest else assignment.prep_video_deleted_at
    reason = None
    if deleted_at is not None:
        object_type, object_id = ("attempt", latest.pk) if latest else ("assignment", assignment.pk)
        reason = deletion_reasons(
            organization_id=organization_id, object_type=object_type, object_ids=[object_id]
        ).get(str(object_id))
    return {
        "video": "deleted" if deleted_at is not None else "stored",
        "deleted_at": deleted_at,
        "deleted_reason": reason,
        "views": video_views(
            organization_id=organization_id,
            learner_profile_id=assignment.learner_profile_id,
            object_ids=[t.pk for t in with_video],
        ),
    }
