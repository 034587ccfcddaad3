"""The caller's own profile: details, grade, photo, survey account (spec section 3, "Profile")."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    Profile,
)
from accounts.selectors import province_codes
from accounts.services.checks import (
    birth_mismatch_code,
    check_cccd_birth_date,
    check_choice,
    check_email,
    check_grade,
    normalize_email,
    parse_birth_date,
)
from config.errors import ApplicationError, CommonErrorCode, FieldErrors
from config.images import read_limited, reencode_image
from consent.birth_dates import birth_date_change_ask
from privacy.models import DeletionRecord
from privacy.services import file_delete_after_commit


@transaction.atomic
def profile_update_self(*, profile: Profile, data: dict[str, Any], ip: str | None = None) -> Profile:
    """Update the caller's own profile (PUT /api/v1/users/profile/self); ``None`` fields stay.

    ``name`` is the account's full name (shared by all its profiles). Rules: name not blank,
    e-mail valid, grade 1..12, gender male/female, date dd/mm/yyyy in the past, known province.
    Raises ``validation_error`` ("update failed") with field errors; nothing is written then.

    The age checked (issue 37, item 5; decision 0049): a new date of birth must agree with the
    profile's CCCD number (its 4th to 6th digits; 400 ``cccd_birth_mismatch`` on
    ``date_of_birth`` when that is the only error). A learner with a consent record whose new
    date crosses 16 does not change it alone: ``consent.birth_dates.birth_date_change_ask`` holds
    it for the organization's admin or the parent to confirm (``parent_email``: the parent's
    address when none is known), and the profile keeps its date; the other fields are saved.
    """
    errors = FieldErrors()
    fields = {key: value for key, value in data.items() if value is not None and key != "parent_email"}
    if "name" in fields and not fields["name"].strip():
        errors.add("name", _("Required"))
    if "alternate_email" in fields:
        fields["alternate_email"] = normalize_email(fields["alternate_email"])
        check_email(errors, "alternate_email", fields["alternate_email"], required=False)
    if "grade" in fields:
        check_grade(errors, fields["grade"], required=False)
    if "gender" in fields:
        check_choice(errors, "gender", fields["gender"], Profile.Gender.values, required=False)
    if "province_code" in fields:
        check_choice(errors, "province_code", fields["province_code"], province_codes(), required=False)
    born = None
    if "date_of_birth" in fields:
        born = fields["date_of_birth"] = parse_birth_date(errors, fields["date_of_birth"], required=False)
        if "date_of_birth" not in errors.errors and born != profile.date_of_birth:
            check_cccd_birth_date(errors, "date_of_birth", profile.cccd, born)
    errors.raise_if_any(
        _("Update failed"), code=birth_mismatch_code(errors, "date_of_birth", profile.cccd, born)
    )

    if "date_of_birth" in fields:
        held = birth_date_change_ask(
            profile=profile, born=fields["date_of_birth"], parent_email=data.get("parent_email") or "", ip=ip
        )
        if held is not None:
            del fields["date_of_birth"]  # the confirmed date stays until the change is confirmed
    user = profile.user
    if "name" in fields:
        user.name = fields.pop("name").strip()
        user.save(update_fields=["name", "updated_at"])
    for key, value in fields.items():
        setattr(profile, key, value.strip() if isinstance(value, str) else value)
    profile.save()
    return profile


def profile_set_grade(*, profile: Profile, grade: int | None) -> Profile:
    """Set the grade (1..12) the marketplace needs (spec section 5). ``validation_error`` else."""
    errors = FieldErrors()
    check_grade(errors, grade, required=True)
    errors.raise_if_any(_("Update failed"))
    profile.grade = grade
    profile.save(update_fields=["grade", "updated_at"])
    return profile


def _photo_deleted_after_commit(profile: Profile, old: str, *, reason: str) -> None:
    """The old photo ``old`` is deleted once the change commits, with its deletion record (issue
    37, item 4; ``privacy.services.file_delete_after_commit``; ``learner_profile_id`` names the
    profile whose photo it was)."""
    file_delete_after_commit(
        name=old,
        kind=DeletionRecord.Kind.PROFILE_PHOTO,
        object_type="profile",
        object_id=profile.pk,
        organization_id=profile.organization_id,
        learner_profile_id=profile.pk,
        reason=reason,
    )


@transaction.atomic
def profile_photo_upload(*, profile: Profile, upload) -> Profile:
    """Store a new profile photo (POST .../upload-photo, multipart field ``file``).

    Only real JPEG, PNG or WebP images by content (puremagic, then Pillow decodes it), at most
    ``PROFILE_PHOTO_MAX_BYTES``; re-encoded to WebP at most ``PROFILE_PHOTO_MAX_SIDE`` pixels a
    side, metadata dropped. Errors: ``image_too_large`` (413), ``unsupported_image`` (400). The old
    photo is kept on any error; once the new one is saved and the change committed it is deleted
    and the deletion recorded (reason ``replaced``; issue 37, item 4, decision 0049). The
    profile's row is locked, so two uploads at once each replace the other's file.
    """
    if upload is None:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR, _("Choose a photo to upload."), errors={"file": [_("Required")]}
        )
    raw = read_limited(upload, settings.PROFILE_PHOTO_MAX_BYTES, too_large_code=Code.IMAGE_TOO_LARGE)
    webp = reencode_image(
        raw, max_side=settings.PROFILE_PHOTO_MAX_SIDE, unsupported_code=Code.UNSUPPORTED_IMAGE
    )
    path = default_storage.save(f"profiles/{profile.pk}/{uuid.uuid4().hex}.webp", ContentFile(webp))
    old = Profile.objects.select_for_update().values_list("photo", flat=True).get(pk=profile.pk)
    profile.photo = path
    profile.save(update_fields=["photo", "updated_at"])
    _photo_deleted_after_commit(profile, old, reason=DeletionRecord.Reason.REPLACED)
    return profile


@transaction.atomic
def profile_photo_remove(*, profile: Profile) -> Profile:
    """Remove the caller's photo (DELETE .../remove-photo); a no-op when there is none. The file
    is deleted once the change commits, and the deletion recorded (reason ``request``)."""
    old = Profile.objects.select_for_update().values_list("photo", flat=True).get(pk=profile.pk)
    if old:
        profile.photo = ""
        profile.save(update_fields=["photo", "updated_at"])
        _photo_deleted_after_commit(profile, old, reason=DeletionRecord.Reason.REQUEST)
    return profile


def survey_account_register(*, profile: Profile) -> Profile:
    """POST /api/v1/users/register-pandai-survey: open the career-survey account of a LEARNER
    profile (spec section 6). Idempotent. The caller is a learner (the operation's
    ``LearnerSessionAuth`` refuses educators with 403 ``learner_only``)."""
    if not profile.has_pandai_survey_account:
        profile.has_pandai_survey_account = True
        profile.save(update_fields=["has_pandai_survey_account", "updated_at"])
    return profile
