"""Approval of test presets by organization admins (issue 5, item 2; spec section 5)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import TestPreset
from assessments.services.generation import blueprint_draw
from assessments.services.presets import P, passing_maximum, preset_get
from config.errors import ApplicationError, FieldErrors
from config.i18n import format_number


@transaction.atomic
def preset_approve(*, actor_profile, preset_id: int, comment: str = "") -> TestPreset:
    """draft -> approved, by an organization admin (the operation's ``OrgAdminSessionAuth``: 403
    ``not_org_admin`` for another educator). The shared form
    must be generated, a per-learner blueprint must be drawable, the passing score within the
    maximum (400 ``preset_not_ready`` with the reasons in ``errors``)."""
    preset = preset_get(preset_id, lock=True)
    if preset.status != P.DRAFT:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("Only a draft test can be approved or rejected."), status=409
        )
    errors = FieldErrors()
    if preset.form_mode == TestPreset.FormMode.SHARED and not preset.form.exists():
        errors.add("form", _("Generate the test's questions first."))
    if preset.form_mode == TestPreset.FormMode.PER_LEARNER:
        try:
            blueprint_draw(preset, 0)
        except ApplicationError as exc:
            errors.add("form", exc.message)
    maximum = passing_maximum(preset)  # on the reporting scale (decision 0056)
    if preset.passing_score is not None and preset.passing_score > maximum:
        errors.add(
            "passing_score",
            _("The passing score is above the maximum score (%(max)s).") % {"max": format_number(maximum)},
        )
    errors.raise_if_any(_("The test is not ready to be approved."), code=Code.PRESET_NOT_READY)
    preset.status, preset.review_comment, preset.reviewed_by_profile_id = (
        P.APPROVED,
        (comment or "").strip(),
        actor_profile.id,
    )
    preset.save(update_fields=["status", "review_comment", "reviewed_by_profile_id", "updated_at"])
    return preset


@transaction.atomic
def preset_reject(*, actor_profile, preset_id: int, comment: str) -> TestPreset:
    """draft or approved -> rejected with a required comment, by an organization admin."""
    if not (comment or "").strip():
        errors = FieldErrors()
        errors.add("comment", _("Required"))
        errors.raise_if_any(_("Say why the test is rejected."))
    preset = preset_get(preset_id, lock=True)
    if preset.status not in (P.DRAFT, P.APPROVED):
        raise ApplicationError(
            Code.PRESET_LOCKED, _("Only a draft test can be approved or rejected."), status=409
        )
    preset.status, preset.review_comment, preset.reviewed_by_profile_id = (
        P.REJECTED,
        comment.strip(),
        actor_profile.id,
    )
    preset.save(update_fields=["status", "review_comment", "reviewed_by_profile_id", "updated_at"])
    return preset
