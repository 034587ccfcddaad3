"""The market analytics endpoints of spec section 7 ("Transactions and analytics"; issue 10),
mounted under /api/v1/transaction/ before the transaction router:

- POST analytics (body ``analytic_type`` + filters): dashboard figures;
- GET analytics/markets (query filters): market analytics rows per grade;
- POST analytics/markets/assessments (query page, limit, search, order_by; body filters);
- POST analytics/markets/assessments/transactions (the same paging; body filters);
- POST analytics/markets/assessments/transactions/export (body filters incl. test_preset_id):
  the .xlsx, or 202 with a background job;
- POST analytics/export-dashboard (query filters): the PDF, or 202 with a background job;
- not in the spec, same style: GET analytics/filters (filter options), POST analytics/history
  (the plain table of /alltransaction/old), GET analytics/exports/{id} and
  GET analytics/exports/{id}/download (background exports).

Educators read their organization; the SuperAdmin (a Django superuser, profile or not) reads
every organization and filters by ``organization_id``; learners get 403 ``forbidden_role``. Every
file answered (the spreadsheet, the PDF, a background export's download) is logged
(``privacy.access``; issue 24, item 4).
"""

from __future__ import annotations

from django.http import FileResponse, HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from accounts.auth import EducatorSessionAuth
from analytics import services
from analytics.filters import Viewer, resolve
from analytics.models import ExportJob
from analytics.schemas import (
    AnalyticsIn,
    AnalyticsOut,
    ExportJobId,
    ExportJobOut,
    FilterOptionsOut,
    HistoryPageOut,
    ListQuery,
    MarketAssessmentPageOut,
    MarketFiltersIn,
    MarketRowOut,
    MarketTransactionPageOut,
)
from analytics.selectors import figures, options, rows
from config.envelope import Envelope, ok
from config.fields import Id, OrderBy, Search
from privacy.access import private_file
from privacy.models import AccessLogEntry


class MarketAuth(EducatorSessionAuth):
    """Role ``market_viewer`` (decision 0041): the session's profile as a ``Viewer``: a superuser
    (with or without a profile) is the SuperAdmin; an educator reads their organization; anyone
    else gets 403 ``forbidden_role`` (``EducatorSessionAuth``); no session 401."""

    role = "market_viewer"

    def authenticate(self, request: HttpRequest, key: str | None):
        user = request.user
        if user.is_authenticated and user.is_superuser:
            profile = getattr(request, "profile", None)
            return Viewer(user.pk, profile.pk if profile else None, None, True)
        profile = super().authenticate(request, key)
        if profile is None:
            return None
        return Viewer(profile.user_id, profile.pk, profile.organization_id, False)


router = Router(tags=["market analytics"], auth=MarketAuth())


@router.post("/analytics", response=Envelope[AnalyticsOut])
def analytics(request: HttpRequest, payload: AnalyticsIn):
    """Dashboard figures (see ``analytics.selectors.figures.analytics``): ``analytic_type`` one of
    dashboard, heatmap, summary, revenue_over_time, by_addon, by_grade, by_subject,
    by_province, heatmap_weekday_hour, heatmap_province_grade; filters from_date, to_date
    (Vietnam days), grade, subject, province_code, round_id, organization_id (SuperAdmin)."""
    q = resolve(request.auth, payload.dict(exclude={"analytic_type"}))
    return ok(figures.analytics(q, payload.analytic_type))


@router.get("/analytics/filters", response=Envelope[FilterOptionsOut])
def analytics_filters(request: HttpRequest, organization_id: Id | None = None):
    """What the filters offer: grades, subjects, provinces, rounds, add-ons, organizations."""
    return ok(options.filter_options(request.auth, organization_id=organization_id))


@router.get("/analytics/markets", response=Envelope[list[MarketRowOut]])
def markets(request: HttpRequest, filters: Query[MarketFiltersIn]):
    """Market analytics rows, one per grade (spec section 3)."""
    return ok(rows.market_rows(resolve(request.auth, filters.dict())))


@router.post("/analytics/markets/assessments", response=Envelope[MarketAssessmentPageOut])
def market_assessments(request: HttpRequest, query: Query[ListQuery], payload: MarketFiltersIn):
    """Market assessment rows (spec section 3), paged: ``data.items``; ``order_by`` one of
    totalRevenue (default, descending), totalPurchases, testOnlyPurchases,
    testAdvancedReportPurchases, surveyReportPurchases, assessmentName, grade."""
    q = resolve(request.auth, payload.dict())
    return ok(
        rows.assessment_rows(
            q, page=query.page, limit=query.limit, search=query.search, order_by=query.order_by
        )
    )


@router.post("/analytics/markets/assessments/transactions", response=Envelope[MarketTransactionPageOut])
def market_transactions(request: HttpRequest, query: Query[ListQuery], payload: MarketFiltersIn):
    """Market transaction rows (spec section 3), one per purchased item, paged: ``data.items``;
    ``status`` (body) COMPLETED by default or ALL; ``order_by`` purchaseDate, completedDate,
    totalPaid, studentName, assessmentName, grade."""
    q = resolve(request.auth, payload.dict())
    return ok(
        rows.transaction_rows(
            q, page=query.page, limit=query.limit, search=query.search, order_by=query.order_by
        )
    )


def _file_or_job(result: FileResponse | ExportJob):
    """The file itself (200), or 202 with the queued job."""
    if isinstance(result, ExportJob):
        return Status(202, ok(result, _("The export is being prepared.")))
    return result


@router.post(
    "/analytics/markets/assessments/transactions/export",
    response={200: None, 202: Envelope[ExportJobOut]},
)
@private_file(AccessLogEntry.Kind.ANALYTICS_EXPORT)
def market_transactions_export(
    request: HttpRequest, payload: MarketFiltersIn, search: Search = "", order_by: OrderBy = ""
):
    """The market transaction rows of the filters (``test_preset_id`` for one test) as .xlsx:
    200 with the file (``Content-Disposition: attachment;
    filename=market-assessment-transactions-{preset or all}.xlsx``), or 202 with a background
    job when there are more than ANALYTICS_EXPORT_SYNC_MAX_ROWS rows."""
    q = resolve(request.auth, payload.dict())
    return _file_or_job(
        services.transactions_export(viewer=request.auth, q=q, search=search, order_by=order_by)
    )


@router.post("/analytics/export-dashboard", response={200: None, 202: Envelope[ExportJobOut]})
@private_file(AccessLogEntry.Kind.ANALYTICS_EXPORT)
def export_dashboard(request: HttpRequest, filters: Query[MarketFiltersIn]):
    """The dashboard as a PDF with charts in the caller's language (query filters): 200 with the
    file (``transactions-dashboard.pdf``), or 202 with a background job for a very large
    scope."""
    q = resolve(request.auth, filters.dict())
    return _file_or_job(services.dashboard_export(viewer=request.auth, q=q))


@router.get("/analytics/exports/{job_id}", response=Envelope[ExportJobOut])
def export_job(request: HttpRequest, job_id: ExportJobId):
    """A background export of the caller: status and progress (404 for anyone else's)."""
    return ok(services.export_job_get(viewer=request.auth, job_id=job_id))


@router.get("/analytics/exports/{job_id}/download", response={200: None})
@private_file(AccessLogEntry.Kind.ANALYTICS_EXPORT, subject=services.export_job_subject)
def export_job_download(request: HttpRequest, job_id: ExportJobId):
    """The finished file of a background export (409 ``export_not_ready`` before)."""
    return services.export_job_download(viewer=request.auth, job_id=job_id)


@router.post("/analytics/history", response=Envelope[HistoryPageOut])
def history(request: HttpRequest, query: Query[ListQuery], payload: MarketFiltersIn):
    """Every transaction of the scope with its purchase items (the plain table of
    /alltransaction/old); ``status`` (body) ALL by default; ``order_by`` purchaseDate,
    completedDate, status."""
    data = payload.dict()
    data["status"] = data.get("status") or "ALL"
    q = resolve(request.auth, data)
    return ok(
        rows.history_rows(q, page=query.page, limit=query.limit, search=query.search, order_by=query.order_by)
    )
