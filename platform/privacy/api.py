"""Privacy endpoints for organizations (issue 24, items 3 and 4; decision 0020), mounted at
/api/v1/privacy/: the retention policy (educators read it, organization admins change it) and the
access log of private files (organization admins). Educators only; another organization's entries
are never read (each query is filtered by the caller's organization)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Query, Router

from accounts.auth import EducatorSessionAuth, OrgAdminSessionAuth
from config.envelope import Envelope, ok
from config.requests import ProfileRequest
from privacy import selectors, services
from privacy.schemas import AccessLogPageOut, AccessLogQuery, RecordQuery, RetentionIn, RetentionOut

router = Router(tags=["privacy"], auth=EducatorSessionAuth())


@router.get("retention", response=Envelope[RetentionOut])
def retention_get(request: ProfileRequest):
    """The organization's retention periods (the defaults until an admin saves them), with the
    bounds the form checks. Any educator of the organization may read them."""
    return ok(selectors.retention_data(selectors.retention_policy_of(request.auth.organization_id)))


@router.put("retention", response=Envelope[RetentionOut], auth=OrgAdminSessionAuth())
def retention_update(request: ProfileRequest, payload: RetentionIn):
    """Set the retention periods (organization admins: 403 ``not_org_admin``; 400
    ``retention_out_of_range`` with a message per field)."""
    policy = services.retention_policy_update(actor=request.auth, **payload.dict())
    return ok(selectors.retention_data(policy), _("Retention policy saved."))


@router.get(
    "access-log",
    response=Envelope[AccessLogPageOut],
    auth=OrgAdminSessionAuth(message=gettext_lazy("Only an organization admin can read the access log.")),
)
def access_log(request: ProfileRequest, query: Query[AccessLogQuery]):
    """Who viewed or downloaded the organization's private files, newest first, filtered by
    ``kind`` and Vietnam days ``from_date``..``to_date``. Organization admins only (403
    ``not_org_admin``). Two queries."""
    rows, meta = selectors.access_log_list(organization_id=request.auth.organization_id, **query.dict())
    return ok({"items": rows, **meta})  # AccessLogRowOut reads each entry


@router.get(
    "record-of-processing",
    response={200: None},
    auth=OrgAdminSessionAuth(
        message=gettext_lazy("Only an organization admin can download the record of processing.")
    ),
)
def record_of_processing(request: ProfileRequest, query: Query[RecordQuery]):
    """The organization's record of personal data processing (issue 37, item 7; decision 0050):
    ``file_format`` ``pdf`` | ``xlsx``, ``language`` ``vi`` | ``en`` (default the reader's), dated
    now in Vietnam time. Organization admins only (403 ``not_org_admin``); only the caller's
    organization is ever read."""
    return services.record_download(organization=request.auth.organization, **query.dict())
