"""Rounds of the programme (issue 5, item 1)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Round, TestPreset
from config.errors import ApplicationError, FieldErrors, not_found

FIELDS = (
    "name",
    "starts_at",
    "expires_at",
    "required_round_id",
    "passed_message_vi",
    "passed_message_en",
    "failed_message_vi",
    "failed_message_en",
)


def round_get(round_id: int) -> Round:
    """The round of this organization; 404 otherwise."""
    found = Round.objects.filter(pk=round_id).first()
    if found is None:
        raise not_found(_("Round not found."))
    return found


def _validated(data: dict[str, Any], current: Round | None = None) -> dict[str, Any]:
    errors = FieldErrors()
    name = (data.get("name") or "").strip()
    if not name:
        errors.add("name", _("Required"))
    starts, expires = data.get("starts_at"), data.get("expires_at")
    if not isinstance(starts, datetime):
        errors.add("starts_at", _("Required"))
    if not isinstance(expires, datetime):
        errors.add("expires_at", _("Required"))
    elif isinstance(starts, datetime) and expires <= starts:
        errors.add("expires_at", _("The expiry date must be later than the start date."))
    required = data.get("required_round_id")
    if required:
        if current is not None and required == current.pk:
            errors.add("required_round_id", _("A round cannot require itself."))
        elif not Round.objects.filter(pk=required).exists():
            errors.add("required_round_id", _("Choose one of the allowed values."))
    errors.raise_if_any(_("The round could not be saved."))
    clean = {key: data.get(key) for key in FIELDS}
    clean["name"] = name
    for key in ("passed_message_vi", "passed_message_en", "failed_message_vi", "failed_message_en"):
        clean[key] = (clean[key] or "").strip()
    clean["required_round_id"] = required or None
    return clean


def round_create(*, data: dict[str, Any]) -> Round:
    """Create a round: name, start and expiry (UTC; expiry later than start), messages in both
    languages, optional round that must have been passed first."""
    return Round.objects.create(**_validated(data))


@transaction.atomic
def round_update(*, round_id: int, data: dict[str, Any]) -> Round:
    """Change a round: the rules of ``round_create``, and a round cannot require itself."""
    found = round_get(round_id)
    for key, value in _validated(data, found).items():
        setattr(found, key, value)
    found.save()
    return found


def round_close(*, round_id: int, closed: bool = True) -> Round:
    """Close a round by hand (or reopen it): its status becomes ``closed`` whatever the dates."""
    found = round_get(round_id)
    found.closed_at = timezone.now() if closed else None
    found.save(update_fields=["closed_at", "updated_at"])
    return found


def round_delete(*, round_id: int) -> None:
    """Delete a round no preset or round refers to (409 ``round_in_use``)."""
    found = round_get(round_id)
    used = (
        TestPreset.objects.filter(round=found).exists()
        or TestPreset.objects.filter(required_round=found).exists()
    )
    if used or Round.objects.filter(required_round=found).exists():
        raise ApplicationError(
            Code.ROUND_IN_USE, _("This round is used by tests or other rounds."), status=409
        )
    found.delete()
