"""Reads of personal data requests (issue 24, item 5; issue 37, item 8: deadlines and
corrections, decision 0050)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone

from accounts.models import Profile, User
from config import dates
from config.envelope import paginate
from data_requests.deadlines import ANSWER_DAYS, REMINDER_DAYS, WITHDRAWAL_DAYS, due_state
from data_requests.models import DataRequest
from data_requests.services import (
    CANCELLABLE_BY,
    OPEN_STATUSES,
    correction_organizations,
    export_keep_days,
    grace_days,
    open_deletion,
)

# Where a ready copy is fetched, by viewer: the owner GETs it with the session; the parent POSTs
# the consent link's token to the public path (the token never goes in a URL's query).
DOWNLOAD_PATHS: dict[str, str] = {
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
        "answer_due_on": request.answer_due_on,
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
        "answer_due_on": request.answer_due_on,
        "can_cancel": request.status == DataRequest.Status.SCHEDULED
        and viewer in CANCELLABLE_BY.get(request.requested_by, set()),
    }


def correction_data(request: DataRequest) -> dict[str, Any]:
    """A correction as ``CorrectionOut``: what was asked, of whom (the organization's name, or
    null for the platform), the day by which it is answered, and the answer once given."""
    return {
        "id": str(request.pk),
        "status": request.status,
        "text": request.reason,
        "organization_name": request.organization.shown_name if request.organization else None,
        "created_at": request.created_at,
        "answer_due_on": request.answer_due_on,
        "answer": request.answer,
        "answered_at": request.answered_at,
    }


def data_requests_state(*, user: User, viewer: str = DataRequest.RequestedBy.LEARNER) -> dict[str, Any]:
    """GET /api/v1/data-requests (``viewer`` the owner) and the parent's link (``viewer``
    ``parent``): the user's latest export and open deletion (``DataRequestsOut``). Two queries."""
    latest = (
        DataRequest.objects.filter(user=user, kind=DataRequest.Kind.EXPORT).order_by("-created_at").first()
    )
    deletion = open_deletion(user=user)
    corrections = (
        DataRequest.objects.filter(user=user, kind=DataRequest.Kind.CORRECTION)
        .select_related("organization")
        .order_by("-created_at")[:CORRECTIONS_SHOWN]
    )
    return {
        "export": export_data(latest, viewer=viewer) if latest else None,
        "deletion": deletion_data(deletion, viewer=viewer) if deletion else None,
        "corrections": [correction_data(c) for c in corrections],
        "correction_organizations": [
            {"id": pk, "name": name} for pk, name in correction_organizations(user=user)
        ],
        "grace_days": grace_days(),
        "export_keep_days": export_keep_days(),
        "answer_days": {**ANSWER_DAYS, "withdrawal": WITHDRAWAL_DAYS},
    }


CORRECTIONS_SHOWN = 20
"""The person's latest corrections listed on their page."""


# --- an organization's requests and their deadlines (issue 37, item 8) --------------------------


def concerning(organization_id: int) -> Q:
    """The requests that concern an organization: corrections addressed to it, and the copies and
    deletions of the learners on its roster (its LEARNER profiles, whatever their state, so that
    a deletion stays listed once done)."""
    roster = Profile.objects.filter(
        organization_id=organization_id, pandai_profile_role=Profile.Role.LEARNER
    ).values("user_id")
    return Q(kind=DataRequest.Kind.CORRECTION, organization_id=organization_id) | Q(
        kind__in=[DataRequest.Kind.EXPORT, DataRequest.Kind.DELETION], user_id__in=roster
    )


STATES = ("", "open", "due_soon", "overdue", "answered")


def organization_requests(
    *, organization_id: int, state: str = "open", page: int = 1, limit: int = 20, today: date | None = None
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/organization/data-requests: the requests concerning the organization
    (``concerning``) as ``OrgDataRequestOut`` rows, filtered by ``state``: ``open`` (waiting for
    an answer), ``due_soon`` (open, due within ``REMINDER_DAYS`` days), ``overdue`` (open, due
    day passed), ``answered`` (no longer open), or "" (all). Open requests come first, by due
    day (the nearest first); the others by due day, newest first. Meta: ``page``, ``limit``,
    ``total`` and the counts ``open``, ``due_soon``, ``overdue`` (for the badges). Three queries.
    Another organization's requests are never read."""
    today = today or dates.today()
    soon = today + timedelta(days=REMINDER_DAYS)
    base = DataRequest.objects.filter(concerning(organization_id))
    is_open = Q(status__in=OPEN_STATUSES)
    counts = base.aggregate(
        open=Count("pk", filter=is_open),
        due_soon=Count("pk", filter=is_open & Q(answer_due_on__gte=today, answer_due_on__lte=soon)),
        overdue=Count("pk", filter=is_open & Q(answer_due_on__lt=today)),
    )
    qs: QuerySet[DataRequest] = base.select_related("user", "organization")
    if state == "open":
        qs = qs.filter(is_open)
    elif state == "due_soon":
        qs = qs.filter(is_open, answer_due_on__gte=today, answer_due_on__lte=soon)
    elif state == "overdue":
        qs = qs.filter(is_open, answer_due_on__lt=today)
    elif state == "answered":
        qs = qs.exclude(is_open)
    qs = qs.annotate(
        _open=Case(When(is_open, then=Value(0)), default=Value(1), output_field=IntegerField())
    ).order_by("_open", "answer_due_on", "created_at", "pk")
    rows, meta = paginate(qs, page=page, limit=limit)
    return [organization_row(r, organization_id=organization_id, today=today) for r in rows], {
        **meta,
        **counts,
    }


def organization_row(request: DataRequest, *, organization_id: int, today: date) -> dict[str, Any]:
    """One request as the organization's admin sees it (``OrgDataRequestOut``): ``due_state``
    ``overdue`` | ``due_soon`` | ``on_time`` while open (``data_requests.deadlines.due_state``),
    ``answered`` once not; ``answered_at`` the answer's time (a correction's answer, a copy made,
    a deletion performed), or the cancellation's; ``can_answer`` for an open correction addressed
    to this organization."""
    is_open = request.status in OPEN_STATUSES
    return {
        "id": str(request.pk),
        "kind": request.kind,
        "status": request.status,
        "requested_by": request.requested_by,
        "requester_name": request.user.name_or_email,
        "requester_email": request.user.email,
        "text": request.reason if request.kind == DataRequest.Kind.CORRECTION else "",
        "created_at": request.created_at,
        "answer_due_on": request.answer_due_on,
        "due_state": due_state(request.answer_due_on, today=today) if is_open else "answered",
        "answer": request.answer,
        "answered_by_name": request.answered_by_name,
        "answered_at": request.answered_at or request.finished_at or request.cancelled_at,
        "can_answer": is_open
        and request.kind == DataRequest.Kind.CORRECTION
        and request.organization_id == organization_id,
    }


def due_by_organization(*, until: date, today: date) -> dict[int, tuple[int, int]]:
    """``{organization id: (open requests due by ``until``, of them overdue before ``today``)}``
    for every organization a due request concerns (corrections by their organization; copies and
    deletions by the organizations whose roster holds the requester). Three queries."""
    due = list(
        DataRequest.objects.filter(status__in=OPEN_STATUSES, answer_due_on__lte=until).values_list(
            "kind", "organization_id", "user_id", "answer_due_on"
        )
    )
    users = {user_id for kind, _org, user_id, _d in due if kind != DataRequest.Kind.CORRECTION}
    rosters: dict[int, set[int]] = {}
    for user_id, org_id in Profile.objects.filter(
        user_id__in=users, pandai_profile_role=Profile.Role.LEARNER, organization__isnull=False
    ).values_list("user_id", "organization_id"):
        rosters.setdefault(user_id, set()).add(org_id)
    found: dict[int, list[int]] = {}
    for kind, org_id, user_id, due_on in due:
        orgs = {org_id} if kind == DataRequest.Kind.CORRECTION else rosters.get(user_id, set())
        for org in orgs:
            if org is None:
                continue
            counts = found.setdefault(org, [0, 0])
            counts[0] += 1
            counts[1] += due_on < today
    return {org: (count, overdue) for org, (count, overdue) in found.items()}
