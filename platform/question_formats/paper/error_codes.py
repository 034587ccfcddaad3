"""Stable error codes of the paper test export (issue 36, item 3)."""

from enum import StrEnum


class PaperErrorCode(StrEnum):
    NO_QUESTIONS = "paper_no_questions"
    EXPORT_NOT_READY = "export_not_ready"
    EXPORT_FAILED = "export_failed"
