"""Stable error codes of background imports (issue 16, item 8)."""

from enum import StrEnum


class ImportErrorCode(StrEnum):
    IMPORT_FAILED = "import_failed"
