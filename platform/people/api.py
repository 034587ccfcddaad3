"""Organization people endpoints (issue 9), mounted at /api/v1/organization/ (educators only;
changes by organization admins only: 403 ``not_org_admin``), plus the invitee's own accept and
reject at /api/v1/users/invitations/{id}/accept|reject (the notification actions)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import File, Query, Router, Status
from ninja.files import UploadedFile

from accounts import selectors as account_selectors
from accounts.auth import EducatorSessionAuth, OrgAdminSessionAuth, ProfileSessionAuth
from accounts.schemas import AuthorizedOut, MemberOut
from accounts.services import invitations
from config.envelope import Empty, Envelope, Page, ok
from config.errors import ApplicationError
from config.fields import Id
from config.requests import ProfileRequest
from imports.models import ImportJob
from imports.schemas import ImportJobOut, LearnerImportOut
from imports.selectors import import_job_data
from people import selectors, services
from people.schemas import (
    EventOut,
    ImportQuery,
    InvitationQuery,
    InviteIn,
    InviteResultOut,
    LearnerActivityOut,
    MemberIn,
    OrgInvitationOut,
    SettingsIn,
    SettingsOut,
)

router = Router(tags=["organization people"], auth=EducatorSessionAuth())
invitee_router = Router(tags=["organization people"], auth=ProfileSessionAuth())


@router.get("invitations", response=Envelope[Page[OrgInvitationOut]])
def invitation_list(request: ProfileRequest, query: Query[InvitationQuery]):
    """The organization's invitations (``role``, ``status`` pending|accepted|rejected|expired|
    revoked, ``search`` by e-mail, ``order_by`` email|sent_at|status|created_at)."""
    rows, meta = selectors.invitation_list(organization=request.auth.organization, **query.dict())
    return ok({"items": rows, **meta})  # OrgInvitationOut reads each invitation


@router.post("invitations", response=Envelope[list[InviteResultOut]], auth=OrgAdminSessionAuth())
def invitation_send(request: ProfileRequest, payload: InviteIn):
    """Invite one or several e-mails as ``role`` (EDUCATOR | LEARNER); a result per address."""
    results = invitations.invitations_send(
        actor=request.auth, emails=payload.emails, role=payload.role, job_title=payload.job_title
    )
    return ok(results)


@router.post(
    "invitations/import",
    response={200: Envelope[LearnerImportOut], 202: Envelope[ImportJobOut]},
    auth=OrgAdminSessionAuth(),
)
def invitation_import(
    request: ProfileRequest, query: Query[ImportQuery], file: UploadedFile | None = File(None)
):
    """Invite learners from an .xlsx or .csv (column ``email``). ``dry_run=true`` (default)
    reports every bad row; ``dry_run=false`` invites all rows or nobody (400 ``import_invalid``).
    Over ``IMPORT_SYNC_MAX_ROWS`` data rows (issue 16, item 8): 202 with the queued job
    (``ImportJobOut``; poll ``GET /api/v1/import-jobs/{id}``), whose ``result`` is this report."""
    if file is None:
        raise ApplicationError(
            "validation_error", _("Choose a file to upload."), errors={"file": [_("Required")]}
        )
    report = services.learners_import(actor=request.auth, upload=file, dry_run=query.dry_run)
    if isinstance(report, ImportJob):  # queued; already run when huey is immediate
        report.refresh_from_db()
        return Status(202, ok(import_job_data(report), _("The import is running in the background.")))
    message = (
        _("The file is ready.")
        if query.dry_run
        else ngettext("%(n)d learner invited.", "%(n)d learners invited.", report["invited"])
        % {"n": report["invited"]}
    )
    return ok(report, message)


@router.post(
    "invitations/{invitation_id}/resend", response=Envelope[OrgInvitationOut], auth=OrgAdminSessionAuth()
)
def invitation_resend(request: ProfileRequest, invitation_id: Id):
    """Send again with a new link (429 ``resend_limit`` / ``resend_too_soon``)."""
    invitation = invitations.invitation_resend(actor=request.auth, invitation_id=invitation_id)
    return ok(invitation, _("Invitation sent."))


@router.delete("invitations/{invitation_id}", response=Envelope[OrgInvitationOut], auth=OrgAdminSessionAuth())
def invitation_revoke(request: ProfileRequest, invitation_id: Id):
    """Revoke a pending invitation."""
    invitation = invitations.invitation_revoke(actor=request.auth, invitation_id=invitation_id)
    return ok(invitation, _("Invitation revoked."))


@router.put("members/{profile_id}", response=Envelope[MemberOut], auth=OrgAdminSessionAuth())
def member_update(request: ProfileRequest, profile_id: Id, payload: MemberIn):
    """Make or remove an admin, deactivate or reactivate, enable or disable the survey account,
    set the job title (409 ``last_admin``). data: the member's row as in profile/list."""
    member = services.member_update(actor=request.auth, profile_id=profile_id, **payload.dict())
    row = account_selectors.members_queryset(organization_id=member.organization_id).get(pk=member.pk)
    return ok(account_selectors.member_row(row), _("Member updated."))


@router.delete("members/{profile_id}", response=Envelope[Empty], auth=OrgAdminSessionAuth())
def member_remove(request: ProfileRequest, profile_id: Id):
    """Remove a learner from the organization (their account and results stay theirs)."""
    services.learner_remove(actor=request.auth, profile_id=profile_id)
    return ok({}, _("Learner removed from the organization."))


@router.get("members/{profile_id}/events", response=Envelope[list[EventOut]])
def member_events(request: ProfileRequest, profile_id: Id):
    """A member's membership history, newest first."""
    events = selectors.member_events(organization=request.auth.organization, profile_id=profile_id)
    return ok(events)  # EventOut reads each event


@router.get("members/{profile_id}/activity", response=Envelope[LearnerActivityOut])
def member_activity(request: ProfileRequest, profile_id: Id):
    """A learner's assignments (with the latest attempt's score and result) and survey
    submissions in the organization, newest first (issue 9, item 2), and the learner's CCCD
    number masked ("********1234", issue 24 item 6). 404 for an id that is not a learner of the
    caller's organization."""
    return ok(
        selectors.learner_activity(
            organization=request.auth.organization, profile_id=profile_id, viewer_user_id=request.auth.user_id
        )
    )


@router.get("settings", response=Envelope[SettingsOut])
def settings_get(request: ProfileRequest):
    """The organization's settings (survey management is the SuperAdmin's, read-only here)."""
    return ok(selectors.organization_settings(request.auth.organization))


@router.put("settings", response=Envelope[SettingsOut], auth=OrgAdminSessionAuth())
def settings_update(request: ProfileRequest, payload: SettingsIn):
    """Display name, contact e-mail, default language (vi | en). Admins only."""
    organization = services.organization_settings_update(actor=request.auth, **payload.dict())
    return ok(selectors.organization_settings(organization), _("Settings saved."))


@router.post("settings/logo", response=Envelope[SettingsOut], auth=OrgAdminSessionAuth())
def settings_logo(request: ProfileRequest, file: UploadedFile | None = File(None)):
    """Upload the logo (JPEG, PNG or WebP by content, at most 2 MB)."""
    organization = services.organization_logo_upload(actor=request.auth, upload=file)
    return ok(selectors.organization_settings(organization), _("Logo updated."))


@router.delete("settings/logo", response=Envelope[SettingsOut], auth=OrgAdminSessionAuth())
def settings_logo_remove(request: ProfileRequest):
    """Remove the logo."""
    organization = services.organization_logo_remove(actor=request.auth)
    return ok(selectors.organization_settings(organization), _("Logo removed."))


@invitee_router.post("invitations/{invitation_id}/accept", response=Envelope[AuthorizedOut])
def invitation_accept(request: ProfileRequest, invitation_id: Id):
    """The signed-in invitee accepts (the notification's action): the organization profile is
    added to their account; the session stays in its current profile. 400 ``invalid_invitation``."""
    profile = invitations.invitation_accept_signed_in(user=request.auth.user, invitation_id=invitation_id)
    return ok(
        account_selectors.authorized_payload(request.auth),
        _("Welcome to %(org)s.") % {"org": profile.organization.shown_name},
    )


@invitee_router.post("invitations/{invitation_id}/reject", response=Envelope[Empty])
def invitation_reject(request: ProfileRequest, invitation_id: Id):
    """The signed-in invitee declines ("invitation rejected")."""
    invitations.invitation_reject_signed_in(user=request.auth.user, invitation_id=invitation_id)
    return ok({}, _("invitation rejected"))
