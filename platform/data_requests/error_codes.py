"""Stable error codes of personal data requests (issue 24, item 5)."""

from enum import StrEnum


class DataRequestErrorCode(StrEnum):
    WRONG_PASSWORD = "wrong_password"
    DELETION_ALREADY_SCHEDULED = "deletion_already_scheduled"
    NO_DELETION_SCHEDULED = "no_deletion_scheduled"
    DELETION_NOT_CANCELLABLE = "deletion_not_cancellable"
    EDUCATOR_ACCOUNT = "educator_account"
    EXPORT_NOT_READY = "export_not_ready"
    EXPORT_EXPIRED = "export_expired"
    EXPORT_FAILED = "export_failed"
    DELETION_FAILED = "deletion_failed"
    TOO_MANY_OPEN_CORRECTIONS = "too_many_open_corrections"
    REQUEST_ALREADY_ANSWERED = "request_already_answered"
