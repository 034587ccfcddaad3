"""Stable error codes of the market analytics API (issue 10)."""

from enum import StrEnum


class AnalyticsErrorCode(StrEnum):
    UNKNOWN_ANALYTIC_TYPE = "unknown_analytic_type"
    ORGANIZATION_REQUIRED = "organization_required"
    EXPORT_NOT_READY = "export_not_ready"
    EXPORT_FAILED = "export_failed"
