"""Personal data requests (issue 24, item 5): ``router`` at ``/api/v1/data-requests`` for the
session's user (the profile page's "your data" section), ``parent_router`` at
``/public/api/data-requests/parent`` for a parent through the consent link. Any signed-in profile (learner
or educator) reads and asks for a copy of its person's data; deleting the account is refused for
educators (409 ``educator_account``). Issue 37, item 8 (decision 0050): corrections, and
``organization_router`` at ``/api/v1/organization/data-requests`` for organization admins (the
requests concerning the organization, by the Law's deadline, and the answer to a correction)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Query, Router, Status

from accounts.auth import OrgAdminSessionAuth, ProfileSessionAuth
from accounts.throttling import public_call_limit
from config.dates import today
from config.envelope import Envelope, ok
from config.errors import ApplicationError
from config.requests import ProfileRequest
from consent.schemas import ParentTokenIn
from consent.selectors import parent_link_user
from data_requests import selectors, services
from data_requests.models import DataRequest
from data_requests.schemas import (
    CorrectionAnswerIn,
    CorrectionIn,
    CorrectionOut,
    DataRequestId,
    DataRequestsOut,
    DeletionIn,
    DeletionOut,
    ExportOut,
    OrgDataRequestOut,
    OrgDataRequestsPageOut,
    OrgDataRequestsQuery,
)

router = Router(tags=["personal data"], auth=ProfileSessionAuth())
RequestedBy = DataRequest.RequestedBy


@router.get("", response=Envelope[DataRequestsOut])
def data_requests_state(request: ProfileRequest):
    """The latest copy of the caller's data (or null), the scheduled deletion (or null), the
    grace period and how long a copy is kept, in days."""
    return ok(selectors.data_requests_state(user=request.auth.user))


@router.post("/export", response={202: Envelope[ExportOut]})
def export_create(request: ProfileRequest):
    """Ask for a copy of the caller's data: 202 with the queued export (the one already queued
    or running, if any); poll GET /data-requests until ``ready``."""
    export = services.export_request(user=request.auth.user)
    return Status(202, ok(selectors.export_data(export), _("Your copy is being prepared.")))


@router.get("/export/{request_id}/download", response={200: None})
def export_download(request: ProfileRequest, request_id: DataRequestId):
    """The zip of a ready copy, to its owner only (404 ``not_found`` for anyone else); 409
    ``export_not_ready`` / ``export_failed``, 410 ``export_expired``."""
    return services.export_download(user=request.auth.user, request_id=request_id)


@router.post("/deletion", response={201: Envelope[DeletionOut]})
def deletion_create(request: ProfileRequest, payload: DeletionIn):
    """Schedule the deletion of the caller's account after the grace period (7 days). Body
    ``{"password"}``: 400 ``wrong_password`` (field ``password``), 429 ``login_rate_limited``
    like the login; 409 ``educator_account``. A deletion already scheduled is answered as is."""
    deletion = services.account_deletion_request(request, user=request.auth.user, password=payload.password)
    return Status(201, ok(selectors.deletion_data(deletion), _("Your account will be deleted.")))


@router.post("/deletion/cancel", response=Envelope[DeletionOut])
def deletion_cancel(request: ProfileRequest):
    """Withdraw the caller's scheduled deletion: 404 ``no_deletion_scheduled``, 403
    ``deletion_not_cancellable`` for a parent's request or a withdrawn consent."""
    deletion = services.cancel_account_deletion(user=request.auth.user, cancelled_by="learner")
    return ok(selectors.deletion_data(deletion), _("The deletion of your account is cancelled."))


@router.post("/correction", response={201: Envelope[CorrectionOut]})
def correction_create(request: ProfileRequest, payload: CorrectionIn):
    """Ask one of the caller's organizations (``organization_id``; null: the platform) to correct
    data the caller cannot change on the profile page (issue 37, item 8): 201 with the request,
    ``open``, due by ``answer_due_on``. 400 ``validation_error`` on ``text`` (under 10 characters)
    or ``organization_id``; 409 ``too_many_open_corrections`` (5 waiting)."""
    correction = services.correction_request(
        user=request.auth.user, organization_id=payload.organization_id, text=payload.text
    )
    return Status(201, ok(selectors.correction_data(correction), _("Your request was sent.")))


# --- the organization's admins: /api/v1/organization/data-requests (issue 37, item 8) -----------

organization_router = Router(
    tags=["personal data (organization)"],
    auth=OrgAdminSessionAuth(
        message=gettext_lazy("Only an organization admin can see the personal data requests.")
    ),
)


@organization_router.get("data-requests", response=Envelope[OrgDataRequestsPageOut])
def organization_requests(request: ProfileRequest, query: Query[OrgDataRequestsQuery]):
    """The requests concerning the caller's organization (corrections addressed to it; copies and
    deletions of its learners), open ones first by the Law's due day, with the counts of open,
    due within 2 days and overdue ones. ``state`` filters. Three queries."""
    rows, meta = selectors.organization_requests(organization_id=request.auth.organization_id, **query.dict())
    return ok({"items": rows, **meta})


@organization_router.post("data-requests/{request_id}/answer", response=Envelope[OrgDataRequestOut])
def organization_request_answer(
    request: ProfileRequest, request_id: DataRequestId, payload: CorrectionAnswerIn
):
    """Answer a correction addressed to the caller's organization: ``done`` or ``refused`` with
    the answer (required to refuse). 404 ``not_found`` for another organization's or not a
    correction; 409 ``request_already_answered``; 400 ``validation_error`` on ``answer``."""
    profile = request.auth
    answered = services.correction_answer(
        organization_id=profile.organization_id,
        request_id=request_id,
        outcome=payload.outcome,
        answer=payload.answer,
        answered_by_name=profile.user.name_or_email,
    )
    row = selectors.organization_row(answered, organization_id=profile.organization_id, today=today())
    return ok(row, _("Answer sent."))


# --- the parent's consent link: /public/api/data-requests/parent/... (decision 0022) -------------
# The link's token authenticates the parent (consent.selectors.parent_link_user: 400
# ``invalid_consent_link`` for an unknown or replaced link; viewing and these requests never
# expire, like withdrawing). Every call is counted per client IP: 429 ``rate_limited``.

parent_router = Router(tags=["personal data (parent)"])


def _child(request: HttpRequest, token: str, *, polled: bool = False):
    """The child of the link ``token``. Every request that acts is counted per client address;
    the state the page polls every second while a copy is written is counted only when its token
    is wrong (a guess): a school's shared address must not run out while a copy is made."""
    if not polled:
        public_call_limit(request, action="parent-data")
        return parent_link_user(token=token)
    try:
        return parent_link_user(token=token)
    except ApplicationError:
        public_call_limit(request, action="parent-data")
        raise


@parent_router.post("", response=Envelope[DataRequestsOut])
def parent_data_requests_state(request: HttpRequest, payload: ParentTokenIn):
    """The child's latest copy and scheduled deletion, as the parent sees them (``can_cancel``
    for the parent; ``download_url`` the parent's POST path)."""
    child = _child(request, payload.token, polled=True)
    return ok(selectors.data_requests_state(user=child, viewer=RequestedBy.PARENT))


@parent_router.post("/export", response={202: Envelope[ExportOut]})
def parent_export_create(request: HttpRequest, payload: ParentTokenIn):
    """The parent asks for a copy of the child's data (the same zip the child would get, in the
    page's language): 202 with the queued copy, or the one already being written."""
    child = _child(request, payload.token)
    export = services.export_request(user=child, requested_by=RequestedBy.PARENT)
    return Status(
        202,
        ok(selectors.export_data(export, viewer=RequestedBy.PARENT), _("The copy is being prepared.")),
    )


@parent_router.post("/export/{request_id}/download", response={200: None})
def parent_export_download(request: HttpRequest, request_id: DataRequestId, payload: ParentTokenIn):
    """The zip of the child's ready copy (404 ``not_found`` for a copy of anyone else); 409
    ``export_not_ready`` / ``export_failed``, 410 ``export_expired``."""
    child = _child(request, payload.token)
    return services.export_download(user=child, request_id=request_id)


@parent_router.post("/deletion", response={201: Envelope[DeletionOut]})
def parent_deletion_create(request: HttpRequest, payload: ParentTokenIn):
    """The parent asks for the deletion of the child's account, after the grace period (7 days);
    only the parent (or the SuperAdmin) can cancel it, not the child. A deletion already
    scheduled by the child is taken over. 409 ``educator_account``."""
    child = _child(request, payload.token)
    deletion = services.schedule_account_deletion(user=child, requested_by=RequestedBy.PARENT)
    return Status(
        201,
        ok(
            selectors.deletion_data(deletion, viewer=RequestedBy.PARENT),
            _("The account will be deleted."),
        ),
    )


@parent_router.post("/deletion/cancel", response=Envelope[DeletionOut])
def parent_deletion_cancel(request: HttpRequest, payload: ParentTokenIn):
    """The parent withdraws the child's scheduled deletion (theirs, the child's or one a
    withdrawn consent started): 404 ``no_deletion_scheduled``."""
    child = _child(request, payload.token)
    deletion = services.cancel_account_deletion(user=child, cancelled_by=RequestedBy.PARENT)
    return ok(
        selectors.deletion_data(deletion, viewer=RequestedBy.PARENT),
        _("The deletion of the account is cancelled."),
    )
