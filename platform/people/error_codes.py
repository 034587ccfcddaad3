"""Stable error codes of the organization people API (issue 9)."""

from enum import StrEnum


class PeopleErrorCode(StrEnum):
    NOT_ORG_ADMIN = "not_org_admin"
    LAST_ADMIN = "last_admin"
    RESEND_LIMIT = "resend_limit"
    RESEND_TOO_SOON = "resend_too_soon"
    INVITATION_NOT_PENDING = "invitation_not_pending"
    NOT_A_LEARNER = "not_a_learner"
    IMPORT_INVALID = "import_invalid"
    UNSUPPORTED_FILE = "unsupported_file"
    UNSUPPORTED_IMAGE = "unsupported_image"
    IMAGE_TOO_LARGE = "image_too_large"
