"""The row lists of the market analytics (spec section 3 "Market analytics row", "Market
assessment row", "Market transaction row", "Purchase item"; issue 10): per grade, per test or
survey, per purchased item, and the plain history of /alltransaction/old.

Money is whole VND; only COMPLETED transactions count as revenue unless a list asks for
another status; an educator reads their organization's items only. Every function runs a fixed
number of queries, whatever the number of rows (``analytics/tests/test_api.py`` counts them).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Count, F, Max, Q, Sum

from analytics.filters import MarketQuery, items
from analytics.rules import COMPLETED, addon_name
from config.envelope import order_by_checked, order_by_choice, page_bounds, paginate
from config.text import fold

# --- market analytics rows (per grade) -----------------------------------------------------------


def _addon_counts() -> dict[str, Any]:
    return {
        "test_only": Count("id", filter=Q(addon="test_only")),
        "test_advanced": Count("id", filter=Q(addon="test_advanced")),
        "survey_report": Count("id", filter=Q(addon="survey_report")),
        "revenue": Sum("price", default=0),
    }


def _listings(q: MarketQuery):
    """Test listings in scope published by the end of the period, with the grade, subject and
    round filters."""
    from marketplace.models import Listing

    qs = Listing.objects.filter(kind=Listing.Kind.TEST, published_at__lt=q.bounds()[1])
    if q.organization_ids is not None:
        qs = qs.filter(organization_id__in=q.organization_ids)
    if q.grade is not None:
        qs = qs.filter(grade=q.grade)
    if q.subject:
        qs = qs.filter(subjects__contains=[{"code": q.subject}])
    if q.preset_ids is not None:
        qs = qs.filter(preset_id__in=q.preset_ids)
    return qs


def market_rows(q: MarketQuery) -> list[dict[str, Any]]:
    """GET /api/v1/transaction/analytics/markets: one market analytics row per grade (spec
    section 3): ``grade``, ``assessmentsPublished`` (distinct tests of that grade listed on the
    marketplace by the end of the period, withdrawn ones included), ``testOnlyPurchases``,
    ``testAdvancedReportPurchases``, ``surveyReportPurchases``, ``totalPurchases`` (their sum)
    and ``totalRevenue`` (VND) of paid purchases in the period. Grades with a listing or a sale,
    ascending. Two queries (the sales in one pass, see ``statements.market_sales``)."""
    from analytics import statements

    sales = statements.market_sales(q)
    published: dict[int, int] = defaultdict(int)
    for r in (
        _listings(q)
        .exclude(grade=None)
        .values("grade", "organization_id")
        .annotate(n=Count("preset_id", distinct=True))
        .order_by()
    ):
        published[r["grade"]] += r["n"]
    rows = []
    for grade in sorted({*sales, *published}, key=lambda g: (g is None, g or 0)):
        s = sales.get(grade, {})
        counts = [s.get("test_only", 0), s.get("test_advanced", 0), s.get("survey_report", 0)]
        rows.append(
            {
                "grade": grade,
                "assessmentsPublished": published.get(grade, 0),
                "testOnlyPurchases": counts[0],
                "testAdvancedReportPurchases": counts[1],
                "surveyReportPurchases": counts[2],
                "totalPurchases": sum(counts),
                "totalRevenue": s.get("revenue", 0),
            }
        )
    return rows


# --- market assessment rows (per test or survey) ---------------------------------------------------


ASSESSMENT_ORDER = {
    "totalRevenue": "totalRevenue",
    "totalPurchases": "totalPurchases",
    "testOnlyPurchases": "testOnlyPurchases",
    "testAdvancedReportPurchases": "testAdvancedReportPurchases",
    "surveyReportPurchases": "surveyReportPurchases",
    "assessmentName": "assessmentName",
    "grade": "grade",
}


def assessment_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/markets/assessments: one market assessment row per
    test (or survey) of the scope (spec section 3): ``testPresetId``, ``grade``,
    ``assessmentName``, ``testOnlyPurchases``, ``testAdvancedReportPurchases``,
    ``surveyReportPurchases``, ``totalRevenue`` (VND, paid purchases in the period), plus
    ``totalPurchases``, ``kind`` (test or survey), ``organizationId`` and ``organizationName``.
    Listed tests without a sale are included with zeros. ``search`` matches the name without
    diacritics; ``order_by`` one of ASSESSMENT_ORDER (default ``-totalRevenue``). Returns
    ``{items, page, limit, total, totals: {totalPurchases, totalRevenue}}``. Three queries: the
    rows (at most one per listed test) are merged and paged in memory."""
    from marketplace.models import Addon, Listing
    from tenants.models import Organization

    key_name, desc = order_by_choice(order_by, ASSESSMENT_ORDER, "-totalRevenue")
    page, limit = page_bounds(page, limit)
    merged: dict[tuple[int, str, int], dict[str, Any]] = {}
    sales = (
        items(q, status=COMPLETED)
        .annotate(survey=Q(addon=Addon.SURVEY_REPORT))
        .values("organization_id", "survey", "preset_id")
        .annotate(**_addon_counts(), item_name=Max("name"), item_grade=Max("grade"))
        .order_by()
    )
    for r in sales:
        kind = "survey" if r["survey"] else "test"
        merged[(r["organization_id"], kind, r["preset_id"])] = {
            "name": r["item_name"],
            "grade": r["item_grade"] if kind == "test" else q.grade,
            "counts": (r["test_only"], r["test_advanced"], r["survey_report"]),
            "revenue": r["revenue"],
        }
    listings = Listing.objects.order_by("published_at", "id")
    if q.organization_ids is not None:
        listings = listings.filter(organization_id__in=q.organization_ids)
    if q.preset_ids is not None:
        listings = listings.filter(kind=Listing.Kind.TEST, preset_id__in=q.preset_ids)
    if q.subject:
        listings = listings.filter(subjects__contains=[{"code": q.subject}])
    if q.test_preset_id is not None:
        listings = listings.filter(preset_id=q.test_preset_id, kind=q.kind or "test")
    listings = listings.filter(published_at__lt=q.bounds()[1])
    if q.grade is not None:
        listings = listings.filter(Q(grade=q.grade) | Q(kind=Listing.Kind.SURVEY))
    for organization_id, kind, preset_id, name, grade in listings.values_list(
        "organization_id", "kind", "preset_id", "name", "grade"
    ):
        key = (organization_id, kind, preset_id)
        if key in merged:
            merged[key]["name"] = name  # the newest listing's name
        elif kind == "test" and not q.province_code:
            merged[key] = {"name": name, "grade": grade, "counts": (0, 0, 0), "revenue": 0}
    org_names = {
        o.pk: o.shown_name
        for o in Organization.objects.filter(pk__in={k[0] for k in merged}).only("name", "display_name")
    }
    rows = [
        {
            "testPresetId": preset_id,
            "kind": kind,
            "grade": v["grade"],
            "assessmentName": v["name"],
            "testOnlyPurchases": v["counts"][0],
            "testAdvancedReportPurchases": v["counts"][1],
            "surveyReportPurchases": v["counts"][2],
            "totalPurchases": sum(v["counts"]),
            "totalRevenue": v["revenue"],
            "organizationId": organization_id,
            "organizationName": org_names.get(organization_id, ""),
        }
        for (organization_id, kind, preset_id), v in merged.items()
    ]
    if search.strip():
        term = fold(search.strip())
        rows = [r for r in rows if term in fold(r["assessmentName"])]
    rows.sort(key=lambda r: (fold(r["assessmentName"]), r["organizationId"], r["testPresetId"]))
    if key_name == "assessmentName":
        rows.sort(key=lambda r: fold(r["assessmentName"]), reverse=desc)
    else:
        rows.sort(key=lambda r: (r[key_name] is None, r[key_name] or 0), reverse=desc)
    totals = {
        "totalPurchases": sum(r["totalPurchases"] for r in rows),
        "totalRevenue": sum(r["totalRevenue"] for r in rows),
    }
    return {
        "items": rows[(page - 1) * limit : page * limit],
        "page": page,
        "limit": limit,
        "total": len(rows),
        "totals": totals,
    }


# --- market transaction rows (per purchased item) ------------------------------------------------

TRANSACTION_ORDER = {
    "purchaseDate": "transaction__created_at",
    "completedDate": "transaction__completed_at",
    "totalPaid": "price",
    "studentName": "transaction__buyer_name",
    "assessmentName": "name",
    "grade": "eff_grade",
}


def row_id(transaction_id: int | None, payment_id: str | None, seed: int | None) -> str:
    """The row's ``id`` (spec section 3): the transaction number, else its payment id, else a
    generated value (``gen-<item id>``, or a random one)."""
    if transaction_id:
        return str(transaction_id)
    if payment_id:
        return payment_id
    if seed:
        return f"gen-{seed}"
    import uuid

    return f"gen-{uuid.uuid4().hex[:12]}"


def student_name(buyer_name: str | None, learner_name: str | None, email: str | None) -> str:
    """``studentName`` (spec section 3): the name given at checkout, else the learner's name,
    else the learner's e-mail address."""
    return (buyer_name or "").strip() or (learner_name or "").strip() or (email or "")


def transactions_qs(q: MarketQuery, *, search: str = "", order_by: str = ""):
    """The transaction items of the scope and filters (``q.status``, COMPLETED by default),
    searched (student name or e-mail, test name, payment id, transaction number) and ordered
    (TRANSACTION_ORDER; newest payment first by default, newest checkout for other statuses)."""

    qs = items(q, with_grade=True)
    term = search.strip()
    if term:
        match = (
            Q(transaction__buyer_name__icontains=term)
            | Q(transaction__profile__user__name__icontains=term)
            | Q(transaction__profile__user__email__icontains=term)
            | Q(name__icontains=term)
            | Q(transaction__payment_id__icontains=term)
        )
        if term.lstrip("#").isdigit():
            match |= Q(transaction_id=int(term.lstrip("#")))
        qs = qs.filter(match)
    default = "-completedDate" if q.status == COMPLETED else "-purchaseDate"
    order = order_by_checked(order_by, TRANSACTION_ORDER, default)
    return qs.order_by(*[F(o[1:]).desc(nulls_last=True) if o.startswith("-") else F(o).asc() for o in order])


def transaction_row(item) -> dict[str, Any]:
    """A market transaction row (spec section 3) of a TransactionItem loaded with its
    transaction, buyer profile and user, and organization."""
    tx = item.transaction
    user = tx.profile.user
    return {
        "id": row_id(tx.pk, tx.payment_id, item.pk),
        "itemId": item.pk,
        "transactionId": tx.pk,
        "studentName": student_name(tx.buyer_name, user.name, user.email),
        "assessmentName": item.name,
        "testPresetId": item.preset_id,
        "kind": "survey" if item.addon == "survey_report" else "test",
        "grade": item.eff_grade,
        "purchase": addon_name(item.addon),
        "purchaseCode": item.addon,
        "totalPaid": item.price,
        "purchaseDate": tx.created_at,
        "completedDate": tx.completed_at,
        "paymentId": tx.payment_id,
        "status": tx.status,
        "statusName": tx.get_status_display(),
        "organizationId": item.organization_id,
        "organizationName": item.organization.shown_name,
    }


def transaction_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/markets/assessments/transactions: one market
    transaction row per purchased item, paged: ``{items, page, limit, total, totals:
    {totalPaid}}``. Three queries."""

    qs = transactions_qs(q, search=search, order_by=order_by).select_related(
        "transaction__profile__user", "organization"
    )
    rows, meta = paginate(qs, page=page, limit=limit)
    total_paid = qs.order_by().aggregate(total=Sum("price", default=0))["total"]
    return {"items": [transaction_row(i) for i in rows], **meta, "totals": {"totalPaid": total_paid}}


# --- the plain history (/alltransaction/old) ------------------------------------------------------

HISTORY_ORDER = {
    "purchaseDate": "created_at",
    "completedDate": "completed_at",
    "status": "status",
}


def history_rows(
    q: MarketQuery, *, page: int = 1, limit: int = 10, search: str = "", order_by: str = ""
) -> dict[str, Any]:
    """POST /api/v1/transaction/analytics/history: every transaction with at least one item in
    scope matching the filters (status ``ALL`` by default here), newest first, each with its
    purchase items of the scope only (``label``/``name``, ``amount``/``price`` in VND) and
    ``totalPaid`` = their sum (never another organization's lines). Three queries."""
    from django.db.models import Prefetch

    from marketplace.models import Transaction

    scoped = items(q, with_grade=True)
    term = search.strip()
    txs = Transaction.objects.filter(pk__in=scoped.values("transaction_id")).select_related("profile__user")
    if term:
        match = (
            Q(buyer_name__icontains=term)
            | Q(profile__user__name__icontains=term)
            | Q(profile__user__email__icontains=term)
            | Q(payment_id__icontains=term)
            | Q(pk__in=scoped.filter(name__icontains=term).values("transaction_id"))
        )
        if term.lstrip("#").isdigit():
            match |= Q(pk=int(term.lstrip("#")))
        txs = txs.filter(match)
    txs = txs.order_by(*order_by_checked(order_by, HISTORY_ORDER, "-purchaseDate")).prefetch_related(
        Prefetch("items", queryset=scoped.order_by("id"), to_attr="scoped_items")
    )
    rows, meta = paginate(txs, page=page, limit=limit)
    out = []
    for tx in rows:
        user = tx.profile.user
        lines = [
            {
                "label": f"{i.name} — {addon_name(i.addon)}",
                "name": i.name,
                "amount": i.price,
                "price": i.price,
                "addon": i.addon,
                "grade": i.eff_grade,
            }
            for i in tx.scoped_items
        ]
        out.append(
            {
                "id": row_id(tx.pk, tx.payment_id, None),
                "transactionId": tx.pk,
                "studentName": student_name(tx.buyer_name, user.name, user.email),
                "status": tx.status,
                "statusName": tx.get_status_display(),
                "purchaseDate": tx.created_at,
                "completedDate": tx.completed_at,
                "paymentId": tx.payment_id,
                "totalPaid": sum(line["amount"] for line in lines),
                "purchaseItems": lines,
            }
        )
    return {"items": out, **meta}
