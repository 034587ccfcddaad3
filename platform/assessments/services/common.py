"""Helpers shared by the authoring services: the acting educator and creator-only checks."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from config.errors import ApplicationError


@dataclass(frozen=True)
class Actor:
    """The educator profile acting in the organization's schema (ids of the public schema)."""

    profile_id: int
    name: str

    @classmethod
    def of(cls, profile) -> Actor:
        """The actor for an educator ``Profile`` (its id and the name shown in histories)."""
        return cls(profile_id=profile.id, name=profile.user.name_or_email)


def require_creator(obj, actor: Actor, message: str | None = None) -> None:
    """403 ``not_creator`` unless ``actor`` created ``obj`` (spec section 5: only the creator may
    rename or delete a question bank or a test bank)."""
    if obj.created_by_profile_id != actor.profile_id:
        raise ApplicationError(
            Code.NOT_CREATOR,
            message or _("Only the person who created it can change or delete it."),
            status=403,
        )
