"""Stable error codes of the organization people API (issue 9)."""

from enum import StrEnum


class PeopleErrorCode(StrEnum):
    LAST_ADMIN = "last_admin"
    NOT_A_LEARNER = "not_a_learner"
    IMPORT_INVALID = "import_invalid"
    UNSUPPORTED_FILE = "unsupported_file"
    UNSUPPORTED_IMAGE = "unsupported_image"
    IMAGE_TOO_LARGE = "image_too_large"
