"""What an organization does with its people (issue 9): the bulk learner import (invitations from
a file), member changes (admin, active, survey account, removal) and organization settings. The
invitations themselves (send, resend, revoke) are ``accounts.services.invitations``.

Every change is refused unless the acting educator is an organization admin (403
``not_org_admin``), is limited to the actor's own organization (other ids answer 404), and is
recorded as a ``MembershipEvent``.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.auth import require_org_admin
from accounts.models import Enrollment, Invitation, MembershipEvent, Profile
from accounts.services.checks import check_email, normalize_email
from accounts.services.invitations import invitation_create
from accounts.services.memberships import membership_event_record
from config.errors import ApplicationError, FieldErrors, not_found
from config.images import read_limited, reencode_image
from config.spreadsheets import MB, Sheet, SheetLimits, open_sheet
from imports.models import ImportJob
from imports.services import Progress, import_job_create, import_job_run, runs_in_background
from marketplace.models import CartItem, Transaction
from people.error_codes import PeopleErrorCode as Code
from privacy.models import DeletionRecord
from privacy.services import file_delete_after_commit
from tenants.models import Organization

Kind = MembershipEvent.Kind
MAX_BULK_ROWS = 2000
# Caps of an uploaded learner list (issue 16, item 8; config/spreadsheets.py): MAX_BULK_ROWS
# learners was issue 9's rule; a list of them is a few hundred KB unpacked.
LEARNER_SHEET = SheetLimits(
    max_bytes=5 * MB,  # the upload as sent
    max_rows=MAX_BULK_ROWS + 1,  # the header and every row up to the last, empty ones included
    max_columns=50,
    max_cells=(MAX_BULK_ROWS + 1) * 50,
    max_part_bytes=16 * MB,
    max_unzipped_bytes=32 * MB,
)
LOGO_MAX_BYTES = 2 * 1024 * 1024
LOGO_MAX_SIDE = 512
LOGO_MAX_PIXELS = 16_000_000  # a logo is a drawing: 4,000 x 4,000 is plenty (issue 16, item 8)


# --- bulk learner import -----------------------------------------------------------------------


def _learner_sheet(upload) -> Sheet:
    """The upload opened through ``config.spreadsheets`` within ``LEARNER_SHEET``'s caps (400/413
    ``spreadsheet_too_large``; 400 ``unsupported_file``), so at most ``MAX_BULK_ROWS`` rows are
    ever held (issue 16, item 8)."""
    return open_sheet(upload, limits=LEARNER_SHEET, unsupported_code=Code.UNSUPPORTED_FILE, allow_csv=True)


def _rows_of(sheet: Sheet) -> list[tuple[int, dict[str, str]]]:
    """(row number, {column: text}) of the non-empty rows of an .xlsx or .csv file's first
    sheet, header lower-cased."""
    values = [(number, [("" if v is None else str(v).strip()) for v in row]) for number, row in sheet.rows()]
    if not values:
        return []
    header = [h.lower() for h in values[0][1]]
    return [(n, dict(zip(header, row, strict=False))) for n, row in values[1:] if any(row)]


@transaction.atomic
def learners_import(*, actor: Profile, upload, dry_run: bool) -> dict[str, Any] | ImportJob:
    """Invite learners from an .xlsx or .csv with an ``email`` column. Every row is checked
    first: a valid e-mail, not repeated in the file, not already a learner of the organization,
    not already invited. A dry run, or a file with any bad row, invites nobody and reports
    ``[{"row", "column", "message"}]`` (400 ``import_invalid`` when not a dry run). A clean file
    invites every row in one transaction. Returns ``{"rows", "valid", "errors", "invited"}``.
    A file over ``LEARNER_SHEET``'s caps (``MAX_BULK_ROWS`` rows after the header, empty rows
    counted) is refused whole with 400/413 ``spreadsheet_too_large`` before it is read.

    A file of more than ``IMPORT_SYNC_MAX_ROWS`` data rows (``Sheet.row_count`` less the header,
    counted from the bytes once the caps are checked) is not read here: its upload is stored
    under a private name and a QUEUED ``ImportJob`` (kind ``learners``) is returned;
    ``people.tasks.learners_import_job`` runs ``learners_import_run`` on it after the
    transaction commits (issue 16, item 8: 2,000 invitations take about 10-16 s)."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    with _learner_sheet(upload) as sheet:
        rows_total = max(sheet.row_count - 1, 0)
        if not runs_in_background(rows_total):
            return _learners_import(
                actor=actor, organization=organization, rows=_rows_of(sheet), dry_run=dry_run
            )
        extension = sheet.extension
    job = import_job_create(
        kind=ImportJob.Kind.LEARNERS,
        profile_id=actor.pk,
        upload=upload,
        extension=extension,
        rows_total=rows_total,
        dry_run=dry_run,
    )
    from people.tasks import learners_import_job

    job_id = str(job.pk)
    transaction.on_commit(lambda: learners_import_job(job_id))
    return job


@transaction.atomic
def learners_import_run(
    *, actor: Profile, upload, dry_run: bool, progress: Progress | None = None
) -> dict[str, Any]:
    """``learners_import`` without the choice of a background job: always reads the file here.
    ``progress(done)`` is called with the data rows finished so far: in a dry run after each
    row is checked; otherwise after each row is invited (checking every row first takes
    milliseconds; the invitations take the time). Same result and errors as ``learners_import``."""
    organization = require_org_admin(actor)
    with _learner_sheet(upload) as sheet:
        rows = _rows_of(sheet)
    return _learners_import(
        actor=actor, organization=organization, rows=rows, dry_run=dry_run, progress=progress
    )


def learners_import_job_run(*, job_id: str) -> None:
    """The body of ``people.tasks.learners_import_job``: run ``learners_import_run`` on the job's
    stored file as the profile that started it, recording progress and the outcome on the job
    (``imports.services.import_job_run``)."""

    def work(job: ImportJob, handle, progress: Progress) -> dict[str, Any]:
        return learners_import_run(actor=job.profile, upload=handle, dry_run=job.dry_run, progress=progress)

    import_job_run(job_id=job_id, work=work)


def _learners_import(
    *,
    actor: Profile,
    organization: Organization,
    rows: list[tuple[int, dict[str, str]]],
    dry_run: bool,
    progress: Progress | None = None,
) -> dict[str, Any]:
    if rows and "email" not in rows[0][1]:
        raise ApplicationError(
            Code.IMPORT_INVALID, _("The first row must name the columns, with one called email."), status=400
        )
    members = {
        e.lower()
        for e in Profile.objects.filter(organization=organization, pandai_profile_role=Profile.Role.LEARNER)
        .exclude(status=Profile.Status.REMOVED)
        .values_list("user__email", flat=True)
    }
    pending = {
        e.lower()
        for e in Invitation.objects.filter(
            organization=organization, role=Profile.Role.LEARNER, status=Invitation.Status.PENDING
        ).values_list("email", flat=True)
    }
    report, seen, good = [], set(), []
    for number, row in rows:
        email = normalize_email(row.get("email", ""))
        errors = FieldErrors()
        check_email(errors, "email", email)
        problem = errors.errors.get("email", [None])[0]
        if not problem and email in seen:
            problem = _("This e-mail appears twice in the file.")
        elif not problem and email in members:
            problem = _("This person is already a member of the organization.")
        elif not problem and email in pending:
            problem = _("user with this email already invited")
        if problem:
            report.append({"row": number, "column": "email", "message": str(problem)})
        else:
            good.append((number, email))
        seen.add(email)
        if dry_run and progress is not None:
            progress(number - 1)
    result = {"rows": len(rows), "valid": len(good), "errors": report, "invited": 0}
    if not rows:
        raise ApplicationError(
            Code.IMPORT_INVALID, _("The file has no rows."), status=400, extra={"report": result}
        )
    if dry_run:
        return result
    if report:
        raise ApplicationError(
            Code.IMPORT_INVALID,
            _("Nobody was invited: correct the rows listed and upload again."),
            status=400,
            extra={"report": result},
        )
    for number, email in good:
        invitation_create(organization=organization, email=email, role=Profile.Role.LEARNER, invited_by=actor)
        if progress is not None:
            progress(number - 1)
    result["invited"] = len(good)
    return result


# --- members -----------------------------------------------------------------------------------


def _member_of(organization: Organization, profile_id: int) -> Profile:
    member = (
        Profile.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(pk=profile_id, organization=organization)
        .exclude(status=Profile.Status.REMOVED)
        .first()
    )
    if member is None:
        raise not_found(_("Member not found."))
    return member


def _other_active_admins(organization: Organization, member: Profile) -> int:
    return (
        Profile.objects.filter(
            organization=organization,
            pandai_profile_role=Profile.Role.EDUCATOR,
            is_admin=True,
            status=Profile.Status.ACTIVE,
        )
        .exclude(pk=member.pk)
        .count()
    )


@transaction.atomic
def member_update(
    *,
    actor: Profile,
    profile_id: int,
    is_admin: bool | None = None,
    active: bool | None = None,
    has_pandai_survey_account: bool | None = None,
    job_title: str | None = None,
) -> Profile:
    """Change a member: admin flag (educators only), active or inactive, survey account, job
    title. The organization always keeps one active admin (409 ``last_admin``). Each change is
    recorded."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    member = _member_of(organization, profile_id)
    events = []
    if is_admin is not None and is_admin != member.is_admin:
        if not member.is_educator:
            errors = FieldErrors()
            errors.add("is_admin", _("Only educators can be organization admins."))
            errors.raise_if_any()
        if not is_admin and _other_active_admins(organization, member) == 0:
            raise ApplicationError(
                Code.LAST_ADMIN, _("The organization must keep at least one admin."), status=409
            )
        member.is_admin = is_admin
        events.append(Kind.ADMIN_GRANTED if is_admin else Kind.ADMIN_REVOKED)
    if active is not None and active != (member.status == Profile.Status.ACTIVE):
        if not active and member.is_admin and _other_active_admins(organization, member) == 0:
            raise ApplicationError(
                Code.LAST_ADMIN, _("The organization must keep at least one admin."), status=409
            )
        member.status = Profile.Status.ACTIVE if active else Profile.Status.INACTIVE
        events.append(Kind.REACTIVATED if active else Kind.DEACTIVATED)
    if (
        has_pandai_survey_account is not None
        and has_pandai_survey_account != member.has_pandai_survey_account
    ):
        member.has_pandai_survey_account = has_pandai_survey_account
        events.append(Kind.SURVEY_ENABLED if has_pandai_survey_account else Kind.SURVEY_DISABLED)
    if job_title is not None:
        member.job_title = job_title.strip()[:120]
    member.save()
    for kind in events:
        membership_event_record(
            organization=organization, kind=kind, email=member.user.email, profile=member, actor=actor
        )
    return member


@transaction.atomic
def learner_remove(*, actor: Profile, profile_id: int) -> Profile:
    """Remove a learner from the organization. Their account, their other profiles, purchases
    and results stay theirs: the organization profile is kept (status ``removed``) so the
    organization's history keeps its owner, and its enrollments and transactions move to the
    user's own learner profile (``_hand_over_to_own_profile``). Educators are deactivated instead
    (400 ``not_a_learner``)."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    member = _member_of(organization, profile_id)
    if member.is_educator:
        raise ApplicationError(Code.NOT_A_LEARNER, _("Educators are deactivated, not removed."), status=400)
    member.status = Profile.Status.REMOVED
    member.save(update_fields=["status", "updated_at"])
    _hand_over_to_own_profile(member)
    membership_event_record(
        organization=organization, kind=Kind.REMOVED, email=member.user.email, profile=member, actor=actor
    )
    return member


PERSONAL_FIELDS = (
    "grade",
    "level",
    "class_name",
    "school_name",
    "district_text",
    "province_code",
    "curriculum",
    "phone",
    "alternate_email",
    "gender",
    "date_of_birth",
    "cccd",
)


def _hand_over_to_own_profile(member: Profile) -> Profile:
    """Issue 9: a removed learner's purchases and results stay theirs. The removed organization
    profile can no longer be used, so what it owns in the public schema (its test and survey
    enrollments, through which results and reports are reached; its transactions; its cart)
    moves to the user's own public learner profile, created from the organization profile's
    details when the user has none. The organization keeps its records of the learner's work
    (assignments and submissions keep the organization profile as their learner)."""
    own = Profile.objects.filter(
        user_id=member.user_id, organization__isnull=True, pandai_profile_role=Profile.Role.LEARNER
    ).first()
    if own is None:
        own = Profile.objects.create(
            user_id=member.user_id,
            pandai_profile_role=Profile.Role.LEARNER,
            status=Profile.Status.ACTIVE,
            **{name: getattr(member, name) for name in PERSONAL_FIELDS},
        )
    Enrollment.objects.filter(profile=member).update(profile=own)
    Transaction.objects.filter(profile=member).update(profile=own)
    in_own_cart = CartItem.objects.filter(profile=own).values("listing_id")
    CartItem.objects.filter(profile=member).exclude(listing_id__in=in_own_cart).update(profile=own)
    CartItem.objects.filter(profile=member).delete()
    return own


# --- organization settings ---------------------------------------------------------------------


@transaction.atomic
def organization_settings_update(
    *, actor: Profile, display_name: str | None, contact_email: str | None, default_language: str | None
) -> Organization:
    """Update the display name, contact e-mail and default language (vi or en). The survey
    management flag is the SuperAdmin's and is not changed here."""
    organization = actor.organization  # an admin: the operation's OrgAdminSessionAuth
    errors = FieldErrors()
    if display_name is not None:
        organization.display_name = display_name.strip()[:200]
    if contact_email is not None:
        contact_email = normalize_email(contact_email)
        check_email(errors, "contact_email", contact_email, required=False)
        organization.contact_email = contact_email
    if default_language is not None:
        if default_language not in ("vi", "en"):
            errors.add("default_language", _("Choose one of the allowed values."))
        organization.default_language = default_language
    errors.raise_if_any(_("Update failed"))
    organization.save(update_fields=["display_name", "contact_email", "default_language"])
    return organization


def _logo_deleted_after_commit(organization: Organization, old: str, *, reason: str) -> None:
    """The old logo ``old`` is deleted once the change commits, with its deletion record (issue
    37, item 4; ``privacy.services.file_delete_after_commit``)."""
    file_delete_after_commit(
        name=old,
        kind=DeletionRecord.Kind.ORGANIZATION_LOGO,
        object_type="organization",
        object_id=organization.pk,
        organization_id=organization.pk,
        reason=reason,
    )


@transaction.atomic
def organization_logo_upload(*, actor: Profile, upload) -> Organization:
    """Store a new logo (JPEG, PNG or WebP by content, at most 2 MB and ``LOGO_MAX_PIXELS`` pixels,
    else 413 ``image_too_large``; re-encoded WebP, 512 px). The old logo is deleted once the new
    one is saved and committed, and the deletion recorded (reason ``replaced``; issue 37, item
    4). The organization's row is locked, so two uploads at once each replace the other's file."""
    organization = Organization.objects.select_for_update().get(pk=actor.organization_id)
    if upload is None:
        raise ApplicationError(
            "validation_error", _("Choose an image to upload."), errors={"file": [_("Required")]}
        )
    raw = read_limited(upload, LOGO_MAX_BYTES, too_large_code=Code.IMAGE_TOO_LARGE)
    webp = reencode_image(
        raw, max_side=LOGO_MAX_SIDE, unsupported_code=Code.UNSUPPORTED_IMAGE, max_pixels=LOGO_MAX_PIXELS
    )
    path = default_storage.save(
        f"organizations/{organization.pk}/logo-{uuid.uuid4().hex}.webp", ContentFile(webp)
    )
    old, organization.logo = organization.logo, path
    organization.save(update_fields=["logo"])
    _logo_deleted_after_commit(organization, old, reason=DeletionRecord.Reason.REPLACED)
    return organization


@transaction.atomic
def organization_logo_remove(*, actor: Profile) -> Organization:
    """Remove the logo: the file is deleted once the change commits, and the deletion recorded
    (reason ``request``; issue 37, item 4)."""
    organization = Organization.objects.select_for_update().get(pk=actor.organization_id)
    if organization.logo:
        old, organization.logo = organization.logo, ""
        organization.save(update_fields=["logo"])
        _logo_deleted_after_commit(organization, old, reason=DeletionRecord.Reason.REQUEST)
    return organization
