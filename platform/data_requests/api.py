"""Personal data requests of the session's user (issue 24, item 5), mounted at
``/api/v1/data-requests``: the profile page's "your data" section. Any signed-in profile (learner
or educator) reads and asks for a copy of its person's data; deleting the account is refused for
educators (409 ``educator_account``)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router, Status

from accounts.auth import ProfileSessionAuth
from config.envelope import Envelope, ok
from data_requests import selectors, services
from data_requests.schemas import DataRequestId, DataRequestsOut, DeletionIn, DeletionOut, ExportOut

router = Router(tags=["personal data"], auth=ProfileSessionAuth())


@router.get("", response=Envelope[DataRequestsOut])
def data_requests_state(request: HttpRequest):
    """The latest copy of the caller's data (or null), the scheduled deletion (or null), the
    grace period and how long a copy is kept, in days."""
    return ok(selectors.data_requests_state(user=request.auth.user))


@router.post("/export", response={202: Envelope[ExportOut]})
def export_create(request: HttpRequest):
    """Ask for a copy of the caller's data: 202 with the queued export (the one already queued
    or running, if any); poll GET /data-requests until ``ready``."""
    export = services.export_request(user=request.auth.user)
    return Status(202, ok(selectors.export_data(export), _("Your copy is being prepared.")))


@router.get("/export/{request_id}/download", response={200: None})
def export_download(request: HttpRequest, request_id: DataRequestId):
    """The zip of a ready copy, to its owner only (404 ``not_found`` for anyone else); 409
    ``export_not_ready`` / ``export_failed``, 410 ``export_expired``."""
    return services.export_download(user=request.auth.user, request_id=request_id)


@router.post("/deletion", response={201: Envelope[DeletionOut]})
def deletion_create(request: HttpRequest, payload: DeletionIn):
    """Schedule the deletion of the caller's account after the grace period (7 days). Body
    ``{"password"}``: 400 ``wrong_password`` (field ``password``), 429 ``login_rate_limited``
    like the login; 409 ``educator_account``. A deletion already scheduled is answered as is."""
    deletion = services.account_deletion_request(request, user=request.auth.user, password=payload.password)
    return Status(201, ok(selectors.deletion_data(deletion), _("Your account will be deleted.")))


@router.post("/deletion/cancel", response=Envelope[DeletionOut])
def deletion_cancel(request: HttpRequest):
    """Withdraw the caller's scheduled deletion: 404 ``no_deletion_scheduled``, 403
    ``deletion_not_cancellable`` for a parent's request or a withdrawn consent."""
    deletion = services.cancel_account_deletion(user=request.auth.user, cancelled_by="learner")
    return ok(selectors.deletion_data(deletion), _("The deletion of your account is cancelled."))
