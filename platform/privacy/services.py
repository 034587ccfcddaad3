"""Writes of the privacy records (issue 24, items 3 and 4; decision 0020): an organization's
retention policy, deleting a stored file with its deletion record, and one access-log entry."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.files.storage import default_storage
from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import FieldErrors
from config.i18n import reader_language
from privacy import rules
from privacy.error_codes import PrivacyErrorCode
from privacy.models import AccessLogEntry, DeletionRecord, RetentionPolicy

logger = logging.getLogger(__name__)


# --- retention policy --------------------------------------------------------------------------


def _check_range(errors: FieldErrors, field: str, value: int, low: int, high: int, below: str) -> None:
    if value < low:
        errors.add(field, below)
    elif value > high:
        errors.add(field, _("At most %(n)d.") % {"n": high})


@transaction.atomic
def retention_policy_update(*, actor, video_keep_days: int, file_keep_hours: int) -> RetentionPolicy:
    """Set the organization's retention periods (organization admins only: 403 ``not_org_admin``).

    ``video_keep_days``: days a proctoring video is kept after its result is released, from
    ``rules.VIDEO_KEEP_DAYS_MIN`` (the appeal window, 30) to ``VIDEO_KEEP_DAYS_MAX`` (1825);
    ``file_keep_hours``: hours an export or an import is kept, ``FILE_KEEP_HOURS_MIN`` (1) to
    ``FILE_KEEP_HOURS_MAX`` (720). Out of range: 400 ``retention_out_of_range`` with a localized
    message per field. A shorter period applies from the next run of the sweeps (issue 24, item 3).
    """
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    errors = FieldErrors()
    _check_range(
        errors,
        "video_keep_days",
        video_keep_days,
        rules.VIDEO_KEEP_DAYS_MIN,
        rules.VIDEO_KEEP_DAYS_MAX,
        _("Keep videos at least %(n)d days after the result is released: the appeal window.")
        % {"n": rules.VIDEO_KEEP_DAYS_MIN},
    )
    _check_range(
        errors,
        "file_keep_hours",
        file_keep_hours,
        rules.FILE_KEEP_HOURS_MIN,
        rules.FILE_KEEP_HOURS_MAX,
        _("At least %(n)d.") % {"n": rules.FILE_KEEP_HOURS_MIN},
    )
    errors.raise_if_any(
        _("Please correct the highlighted fields."), code=PrivacyErrorCode.RETENTION_OUT_OF_RANGE
    )
    policy, _created = RetentionPolicy.objects.select_for_update().get_or_create(organization=organization)
    policy.video_keep_days = video_keep_days
    policy.file_keep_hours = file_keep_hours
    policy.updated_by_name = (actor.user.name or actor.user.email)[:200]
    policy.save()
    return policy


# --- deleting stored files ---------------------------------------------------------------------


def storage_delete(name: str) -> bool:
    """Delete the stored file ``name`` through ``default_storage`` (FileSystemStorage or S3 alike,
    never ``os.remove``). Returns whether it was there; a file already missing is not an error
    (the sweep is idempotent). Storage errors other than a missing file propagate: the caller
    leaves the object unmarked, so the next run tries again."""
    try:
        found = default_storage.exists(name)
        if found:
            default_storage.delete(name)
    except FileNotFoundError:
        return False
    return found


def deletion_record_create(
    *,
    kind: str,
    object_type: str,
    object_id: int | str,
    file_name: str,
    reason: str,
    organization_id: int | None,
    learner_profile_id: int | None = None,
    file_found: bool = True,
    deleted_at: datetime | None = None,
) -> DeletionRecord:
    """One ``DeletionRecord`` (call it in the transaction that marks the object as deleted)."""
    return DeletionRecord.objects.create(
        organization_id=organization_id,
        kind=kind,
        object_type=object_type,
        object_id=str(object_id)[:64],
        file_name=file_name[:300],
        file_found=file_found,
        learner_profile_id=learner_profile_id,
        reason=reason,
        deleted_at=deleted_at or timezone.now(),
    )


def file_delete_after_commit(
    *,
    name: str,
    kind: str,
    object_type: str,
    object_id: int | str,
    organization_id: int | None,
    learner_profile_id: int | None = None,
    reason: str = DeletionRecord.Reason.REPLACED,
) -> None:
    """Delete the stored file ``name`` that a row no longer points to (a photo, a logo or a
    surroundings video replaced by a new upload: reason ``replaced``; one removed on request:
    ``request``) once the current transaction commits (at once outside one), through
    ``storage_delete``, and write its ``DeletionRecord`` (issue 37, item 4; decision 0049). After
    the commit, so that a rolled-back change never loses the file its row still names. A storage
    error is logged and nothing is recorded: the file, now pointed to by no row, is found by the
    daily orphan sweep (``privacy.orphans``), which deletes and records it."""
    if not name:
        return

    def delete() -> None:
        try:
            found = storage_delete(name)
        except Exception:
            logger.exception("could not delete the replaced file %s of %s %s", name, object_type, object_id)
            return
        deletion_record_create(
            kind=kind,
            object_type=object_type,
            object_id=object_id,
            file_name=name,
            reason=reason,
            organization_id=organization_id,
            learner_profile_id=learner_profile_id,
            file_found=found,
        )

    transaction.on_commit(delete)


# --- access log --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Actor:
    """Who opened a private file: ``role`` one of ``AccessLogEntry.Role``."""

    user_id: int
    profile_id: int | None
    name: str
    role: str
    organization_id: int | None


@dataclass(frozen=True)
class AccessSubject:
    """What was opened: the object (``object_type``, ``object_id``, ``label`` as named now), the
    learner concerned when there is one, and the organization it belongs to (used for the
    SuperAdmin, who has none of their own)."""

    object_type: str = ""
    object_id: int | str = ""
    label: str = ""
    learner_profile_id: int | None = None
    learner_name: str = ""
    organization_id: int | None = None


def access_record(
    *,
    actor: Actor,
    kind: str,
    subject: Callable[[], AccessSubject] | AccessSubject,
    ip: str | None,
    user_agent: str,
    now: datetime | None = None,
) -> AccessLogEntry | None:
    """Write one access-log entry (issue 24, item 4). ``subject`` may be a callable, read only
    here. A proctoring video opened again by the same person within
    ``rules.VIDEO_VIEW_DEDUP_SECONDS`` is the same view: nothing is written (returns None).
    ``ip``: the client's address (``config.client.client_address``, None when unknown);
    ``user_agent`` truncated to ``rules.USER_AGENT_MAX``."""
    now = now or timezone.now()
    about = subject() if callable(subject) else subject
    organization_id = actor.organization_id or about.organization_id
    object_id = str(about.object_id)[:64]
    if kind == AccessLogEntry.Kind.PROCTORING_VIDEO:
        seen = AccessLogEntry.objects.filter(
            actor_user_id=actor.user_id,
            kind=kind,
            object_id=object_id,
            organization_id=organization_id,
            created_at__gte=now - timedelta(seconds=rules.VIDEO_VIEW_DEDUP_SECONDS),
        )
        if seen.exists():
            return None
    return AccessLogEntry.objects.create(
        organization_id=organization_id,
        actor_user_id=actor.user_id,
        actor_profile_id=actor.profile_id,
        actor_name=actor.name[:200],
        actor_role=actor.role,
        kind=kind,
        object_type=about.object_type[:20],
        object_id=object_id,
        object_label=about.label[:300],
        learner_profile_id=about.learner_profile_id,
        learner_name=about.learner_name[:200],
        ip=ip,
        user_agent=user_agent[: rules.USER_AGENT_MAX],
        created_at=now,
    )


# --- the record of processing (issue 37, item 7; decision 0050) ----------------------------------


def record_download(*, organization, file_format: str, language: str | None) -> HttpResponse:
    """GET /api/v1/privacy/record-of-processing and the Django admin's download: the record of
    ``organization`` (a ``tenants.Organization``; None for the public schema) as an attachment
    (``privacy.record.record_file``: ``file_format`` ``pdf`` | ``xlsx``, ``language`` ``vi`` |
    ``en``, the reader's when None), not cached."""
    from privacy.record import record_file

    content, name, content_type = record_file(
        organization=organization, file_format=file_format, language=reader_language(language)
    )
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response
