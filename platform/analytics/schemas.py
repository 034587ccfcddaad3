"""Schemas of the market analytics API (issue 10). Row fields keep the spec's camelCase names
(section 3); filters are snake_case like the rest of the API. Money: whole VND."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import field_validator

from accounts.models import Profile
from config.fields import Choice, ColumnInt, ColumnText, DateIn, Id, Limit, OrderBy, PageNo, Search, Text
from marketplace.models import TransactionItem

ExportJobId = Text(36)
"""An export job's id: a UUID in its canonical 36-character text (anything else is 404)."""


class MarketFiltersIn(Schema):
    """Filters of every analytics call; empty values are dropped (treated as absent). Bounded
    (issue 16, item 9): dates in years 1900..2200, ids, codes at most their columns' length."""

    from_date: DateIn | None = None
    to_date: DateIn | None = None
    grade: ColumnInt(TransactionItem, "grade") | None = None
    subject: Choice | None = None
    province_code: ColumnText(Profile, "province_code") | None = None
    round_id: Id | None = None
    organization_id: Id | None = None
    test_preset_id: Id | None = None
    kind: Choice | None = None
    status: Choice | None = None

    @field_validator("*", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value


class AnalyticsIn(MarketFiltersIn):
    analytic_type: Choice = "dashboard"


class ListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    search: Search = ""
    order_by: OrderBy = ""


class CardOut(Schema):
    value: int
    previous: int | None
    change: float | None


class NotCountedOut(Schema):
    """The items of one status that does not count as revenue, checked out in the period:
    ``amount`` in VND."""

    purchases: int
    transactions: int
    amount: int


class NotCountedByStatusOut(Schema):
    """``summary.not_counted``: one entry per transaction status that is not revenue (issue 17,
    item 5: a typed object instead of a ``dict``; same JSON)."""

    pending: NotCountedOut
    cancelled: NotCountedOut
    expired: NotCountedOut
    failed: NotCountedOut


class SummaryOut(Schema):
    revenue: CardOut
    purchases: CardOut
    transactions: CardOut
    buyers: CardOut
    average_order: CardOut
    not_counted: NotCountedByStatusOut


class PointOut(Schema):
    period: date
    revenue: int
    purchases: int


class SeriesOut(Schema):
    unit: Literal["day", "week", "month"]
    points: list[PointOut]


class AddonFigureOut(Schema):
    addon: str
    name: str
    purchases: int
    revenue: int


class GradeFigureOut(Schema):
    grade: int | None
    purchases: int
    revenue: int


class SubjectFigureOut(Schema):
    subject: str
    name: str
    purchases: int
    revenue: int


class ProvinceFigureOut(Schema):
    province_code: str
    name: str
    purchases: int
    revenue: int


class WeekdayHourCellOut(Schema):
    weekday: int
    hour: int
    purchases: int
    revenue: int


class WeekdayHourOut(Schema):
    cells: list[WeekdayHourCellOut]
    max_purchases: int


class ProvinceGradeCellOut(Schema):
    province_code: str
    grade: int | None
    purchases: int
    revenue: int


class ProvinceRowOut(Schema):
    province_code: str
    name: str
    purchases: int


class ProvinceGradeOut(Schema):
    cells: list[ProvinceGradeCellOut]
    provinces: list[ProvinceRowOut]
    grades: list[int]
    max_purchases: int


class PeriodOut(Schema):
    from_date: date | None
    to_date: date
    previous_from_date: date | None
    previous_to_date: date | None


class FiltersEchoOut(Schema):
    from_date: date | None
    to_date: date
    grade: int | None
    subject: str | None
    province_code: str | None
    round_id: int | None
    organization_id: int | None
    test_preset_id: int | None
    kind: str | None
    status: str


class AnalyticsOut(Schema):
    """The figures asked for by ``analytic_type``; the others are absent (null)."""

    analytic_type: str
    filters: FiltersEchoOut
    period: PeriodOut
    summary: SummaryOut | None = None
    revenue_over_time: SeriesOut | None = None
    by_addon: list[AddonFigureOut] | None = None
    by_grade: list[GradeFigureOut] | None = None
    by_subject: list[SubjectFigureOut] | None = None
    by_province: list[ProvinceFigureOut] | None = None
    heatmap_weekday_hour: WeekdayHourOut | None = None
    heatmap_province_grade: ProvinceGradeOut | None = None


class MarketRowOut(Schema):
    """Spec section 3 "Market analytics row"."""

    grade: int | None
    assessmentsPublished: int
    testOnlyPurchases: int
    testAdvancedReportPurchases: int
    surveyReportPurchases: int
    totalPurchases: int
    totalRevenue: int


class MarketAssessmentRowOut(Schema):
    """Spec section 3 "Market assessment row" (+ kind, totals and organization)."""

    testPresetId: int
    kind: Literal["test", "survey"]
    grade: int | None
    assessmentName: str
    testOnlyPurchases: int
    testAdvancedReportPurchases: int
    surveyReportPurchases: int
    totalPurchases: int
    totalRevenue: int
    organizationId: int
    organizationName: str


class AssessmentTotalsOut(Schema):
    totalPurchases: int
    totalRevenue: int


class MarketAssessmentPageOut(Schema):
    items: list[MarketAssessmentRowOut]
    page: int
    limit: int
    total: int
    totals: AssessmentTotalsOut


class MarketTransactionRowOut(Schema):
    """Spec section 3 "Market transaction row": one purchased item."""

    id: str
    itemId: int
    transactionId: int
    studentName: str
    assessmentName: str
    testPresetId: int
    kind: Literal["test", "survey"]
    grade: int | None
    purchase: str
    purchaseCode: str
    totalPaid: int
    purchaseDate: datetime
    completedDate: datetime | None
    paymentId: str
    status: str
    statusName: str
    organizationId: int
    organizationName: str


class TransactionTotalsOut(Schema):
    totalPaid: int


class MarketTransactionPageOut(Schema):
    items: list[MarketTransactionRowOut]
    page: int
    limit: int
    total: int
    totals: TransactionTotalsOut


class PurchaseItemOut(Schema):
    """Spec section 3 "Purchase item": label (or name) and amount (or price), VND."""

    label: str
    name: str
    amount: int
    price: int
    addon: str
    grade: int | None


class HistoryRowOut(Schema):
    id: str
    transactionId: int
    studentName: str
    status: str
    statusName: str
    purchaseDate: datetime
    completedDate: datetime | None
    paymentId: str
    totalPaid: int
    purchaseItems: list[PurchaseItemOut]


class HistoryPageOut(Schema):
    items: list[HistoryRowOut]
    page: int
    limit: int
    total: int


class CodeNameOut(Schema):
    code: str
    name: str


class IdNameOut(Schema):
    id: int
    name: str


class FilterOptionsOut(Schema):
    is_superadmin: bool
    grades: list[int]
    subjects: list[CodeNameOut]
    provinces: list[CodeNameOut]
    rounds: list[IdNameOut]
    addons: list[CodeNameOut]
    organizations: list[IdNameOut]


class ExportJobOut(Schema):
    """A background export: poll ``GET .../exports/{id}`` until ``status`` is ``done`` (then
    download ``download_url``) or ``failed`` (``error``: the localized reason, e.g. when the
    consumer writing it died, ``jobs.services.jobs_recover``). ``progress`` in whole percent. Read from an
    ``ExportJob`` row (the endpoints answer the row; the resolvers below add ``id`` as text and
    ``download_url``; issue 17, item 5)."""

    id: str
    kind: Literal["transactions_xlsx", "dashboard_pdf"]
    status: Literal["queued", "running", "done", "failed"]
    progress: int
    rows_done: int
    rows_total: int
    file_name: str
    download_url: str | None
    error: str
    created_at: datetime

    @staticmethod
    def resolve_id(job: Any) -> str:
        return str(job.pk)

    @staticmethod
    def resolve_error(job: Any) -> str:
        """Why the export failed, localized (the job's ``error_message``): "The export failed.
        Please try again.", or ``job_lost``'s message when its consumer died; "" otherwise."""
        return job.error_message

    @staticmethod
    def resolve_download_url(job: Any) -> str | None:
        """The file's address once the job is done, else ``None``."""
        if job.status != "done":
            return None
        return f"/api/v1/transaction/analytics/exports/{job.pk}/download"
