"""Stable error codes of background jobs (issue 35, item 3)."""

from enum import StrEnum


class JobErrorCode(StrEnum):
    JOB_LOST = "job_lost"
