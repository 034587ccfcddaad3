"""Reads of personal data requests (issue 24, item 5)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from data_requests.models import DataRequest
from data_requests.services import CANCELLABLE_BY, export_keep_days, grace_days, open_deletion

# Where a ready copy is fetched, by viewer: the owner GETs it with the session; the parent POSTs
# the consent link's token to the public path (the token never goes in a URL's query).
DOWNLOAD_PATHS = {
    DataRequest.RequestedBy.LEARNER: "/api/v1/data-requests/export/{id}/download",
    DataRequest.RequestedBy.PARENT: "/public/api/data-requests/parent/export/{id}/download",
}


def export_data(request: DataRequest, *, viewer: str = DataRequest.RequestedBy.LEARNER) -> dict[str, Any]:
    """An export as ``ExportOut``: an export past ``expires_at`` shows as ``expired`` even before
    the hourly purge deleted its zip. ``download_url`` is the owner's path, or the parent's
    (``viewer`` ``parent``: POST with the link's token)."""
    status = request.status
    if status == DataRequest.Status.READY and request.expires_at and request.expires_at <= timezone.now():
        status = DataRequest.Status.EXPIRED
    return {
        "id": str(request.pk),
        "status": status,
        "progress": request.progress,
        "steps_done": request.steps_done,
        "steps_total": request.steps_total,
        "file_size": request.file_size,
        "download_url": (
            DOWNLOAD_PATHS[viewer].format(id=request.pk) if status == DataRequest.Status.READY else None
        ),
        "created_at": request.created_at,
        "finished_at": request.finished_at,
        "expires_at": request.expires_at,
        "error_code": request.error_code,
        "error_message": request.error_message,
    }


def deletion_data(request: DataRequest, *, viewer: str = DataRequest.RequestedBy.LEARNER) -> dict[str, Any]:
    """A deletion as ``DeletionOut``; ``can_cancel`` for ``viewer`` (the owner by default, or
    ``parent`` on the parent's page)."""
    return {
        "id": str(request.pk),
        "status": request.status,
        "requested_by": request.requested_by,
        "created_at": request.created_at,
        "due_at": request.due_at,
        "can_cancel": request.status == DataRequest.Status.SCHEDULED
        and viewer in CANCELLABLE_BY.get(request.requested_by, set()),
    }


def data_requests_state(*, user: User, viewer: str = DataRequest.RequestedBy.LEARNER) -> dict[str, Any]:
    """GET /api/v1/data-requests (``viewer`` the owner) and the parent's link (``viewer``
    ``parent``): the user's latest export and open deletion (``DataRequestsOut``). Two queries."""
    latest = (
        DataRequest.objects.filter(user=user, kind=DataRequest.Kind.EXPORT).order_by("-created_at").first()
    )
    deletion = open_deletion(user=user)
    return {
        "export": export_data(latest, viewer=viewer) if latest else None,
        "deletion": deletion_data(deletion, viewer=viewer) if deletion else None,
        "grace_days": grace_days(),
        "export_keep_days": export_keep_days(),
    }
