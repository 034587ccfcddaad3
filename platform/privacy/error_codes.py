"""Stable error codes of the privacy API (issue 24, items 3 and 4; decision 0020)."""

from enum import StrEnum


class PrivacyErrorCode(StrEnum):
    RETENTION_OUT_OF_RANGE = "retention_out_of_range"
    """A retention period below its minimum (the appeal window for videos) or above its maximum."""
    VIDEO_DELETED = "video_deleted"
    """410: the proctoring video was deleted (under the retention policy or on request)."""
