"""Marketplace reads: the listing list of spec section 7 and one listing; the transactions a
profile may see, filtered by Vietnam days, and their rows. The cart is read in
``marketplace.selectors_cart``."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.core.files.storage import default_storage
from django.db.models import (
    Exists,
    F,
    Func,
    JSONField,
    OuterRef,
    PositiveBigIntegerField,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.utils import timezone
from django.utils.translation import gettext as _

from config.dates import day_bounds
from config.envelope import order_by_checked, paginate
from config.errors import not_found
from config.i18n import localized
from marketplace.listing_kinds import handler
from marketplace.models import Addon, Listing, Transaction, TransactionItem
from tenants.scope import organization_schema

if TYPE_CHECKING:
    from accounts.models import Profile

LISTING_ORDER = {
    "published_at": "published_at",
    "price": "price_test_only",
    "name": "name",
    "grade": "grade",
    "starts_at": "starts_at",
}


def listing_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    minprice: int | None = None,
    maxprice: int | None = None,
    mylistings: bool = False,
    organization_id: int | None = None,
    grade: int | None = None,
    subject: str = "",
) -> tuple[list[Listing], dict[str, int]]:
    """Active listings of every organization (or only ``organization_id``'s with ``mylistings``),
    filtered by price range (test-only price, VND), grade, subject code and a text search.
    ``order_by``: published_at, price, name, grade, starts_at. Two queries."""
    qs: QuerySet[Listing] = Listing.objects.select_related("organization").filter(
        status=Listing.Status.ACTIVE
    )
    if mylistings:
        qs = qs.filter(organization_id=organization_id)
    if search:
        qs = qs.filter(Q(search_text__icontains=search.lower()) | Q(organization__name__icontains=search))
    if minprice is not None:
        qs = qs.filter(price_test_only__gte=minprice)
    if maxprice is not None:
        qs = qs.filter(price_test_only__lte=maxprice)
    if grade:
        qs = qs.filter(grade=grade)
    if subject:
        qs = qs.filter(subjects__contains=[{"code": subject}])
    qs = qs.order_by(*order_by_checked(order_by, LISTING_ORDER, "-published_at"))
    return paginate(qs, page=page, limit=limit)


def listing_get(*, listing_id: int, organization_id: int | None) -> Listing:
    """One listing on sale, or withdrawn for its own organization (``organization_id``, the
    caller's); 404 ``not_found`` otherwise. One query."""
    listing = Listing.objects.select_related("organization").filter(pk=listing_id).first()
    if listing is None or (
        listing.status != Listing.Status.ACTIVE and listing.organization_id != organization_id
    ):
        raise not_found(_("Listing not found."))
    return listing


def subject_names(listing: Listing, *, language: str | None = None) -> list[str]:
    """The listing's subject names for the reader, each falling back to the other language
    when blank (issue 17, item 2)."""
    return [localized(s, "name", language=language) for s in listing.subjects]


def open_seats(batches: list[dict[str, Any]], *, now: datetime | None = None) -> int:
    """The free slots of the batches (a listing's summary) that have not ended by ``now``: an
    ended batch's unsold slots can no longer be bought (issue 19)."""
    now = now or timezone.now()
    return sum(
        b.get("available", 0)
        for b in batches
        if not b.get("expires_at") or datetime.fromisoformat(b["expires_at"]) > now
    )


def on_waiting_list(*, profile: Profile, listing: Listing) -> bool:
    """Whether ``profile`` (a learner) waits on, or holds an offer from, the waiting list of the
    listed test (one query in the listing's organization's schema; False for an educator, a
    survey or a withdrawn listing, which have no waiting list to be on; issue 38 item 6)."""
    if profile.is_educator or listing.kind != Listing.Kind.TEST or listing.status != Listing.Status.ACTIVE:
        return False
    with organization_schema(listing.organization.schema_name):
        return handler(listing.kind).waiting_place(item_id=listing.preset_id, profile=profile) is not None


def listing_detail(listing: Listing, *, profile: Profile) -> dict[str, Any]:
    """A listing as ``marketplace.schemas.ListingDetailOut``: ``listing_row`` and
    ``on_waiting_list`` for ``profile``."""
    return {**listing_row(listing), "on_waiting_list": on_waiting_list(profile=profile, listing=listing)}


def listing_row(listing: Listing) -> dict[str, Any]:
    """A listing as ``marketplace.schemas.ListingOut``: prices in VND, its name, description and
    subject names in the reader's language (with fallback; issue 38 item 6), the batch summary, and the free slots of the batches
    that have not ended (``open_seats``)."""
    return {
        "id": listing.pk,
        "kind": listing.kind,
        "preset_id": listing.preset_id,
        "organization": {"id": listing.organization_id, "name": listing.organization.shown_name},
        "name": listing.shown_name,
        "name_lang": listing.name_lang,
        "description": listing.shown_description,
        "description_lang": listing.description_lang,
        "grade": listing.grade,
        "subjects": subject_names(listing),
        "subject_codes": [s["code"] for s in listing.subjects],
        "cover_image": default_storage.url(listing.cover_image) if listing.cover_image else None,
        "duration_minutes": listing.duration_minutes,
        "starts_at": listing.starts_at,
        "ends_at": listing.ends_at,
        "camera_proctoring": listing.camera_proctoring,
        "batches": listing.batches,
        "available_slots": open_seats(listing.batches),
        "price_test_only": listing.price_test_only,
        "price_test_advanced": listing.price_test_advanced,
        "price_survey_report": listing.price_survey_report,
        "status": listing.status,
        "published_at": listing.published_at,
    }


def listing_subjects(*, organization_id: int | None = None) -> list[dict[str, str]]:
    """The subjects of active listings (of ``organization_id`` only when given), each once by
    code, named in the active language and sorted by that name: the marketplace's subject
    filter. One query (Postgres expands each listing's subjects and keeps distinct ones)."""
    qs = Listing.objects.filter(status=Listing.Status.ACTIVE)
    if organization_id:
        qs = qs.filter(organization_id=organization_id)
    expanded = (
        qs.annotate(subject=Func(F("subjects"), function="jsonb_array_elements", output_field=JSONField()))
        .order_by()
        .values_list("subject", flat=True)
        .distinct()
    )
    by_code: dict[str, str] = {}
    for item in expanded:
        code = item.get("code") if isinstance(item, dict) else None
        if code and code not in by_code:
            by_code[code] = localized(item, "name") or code
    subjects = [{"code": code, "name": name} for code, name in by_code.items()]
    return sorted(subjects, key=lambda s: (s["name"].lower(), s["code"]))


# --- transactions (spec section 7 "Transactions and analytics"; issue 6) ------------------------


def _organization_view(profile: Profile, mine_only: bool) -> bool:
    return profile.is_educator and not mine_only


def transactions_visible(*, profile: Profile, mine_only: bool = True) -> QuerySet[Transaction]:
    """The transactions ``profile`` may see, each with ``visible_items`` (its lines the profile
    may see, with their organization), ``visible_amount`` (VND, the sum of those lines' prices)
    and ``foreign_lines`` (whether it holds lines the profile may not see).

    - A learner (or ``mine_only``): their own transactions, whole (``visible_amount`` = ``amount``).
    - An educator: the transactions holding at least one line of their organization, with only
      those lines and their amount; the other organizations' lines, names and prices never show
      (issue 16, item 6). ``mine_only`` narrows to their own purchases, which educators do not
      make.
    """
    lines = TransactionItem.objects.select_related("organization").order_by("id")
    if not _organization_view(profile, mine_only):
        return (
            Transaction.objects.filter(profile=profile)
            .annotate(visible_amount=F("amount"), foreign_lines=Value(False))
            .prefetch_related(Prefetch("items", queryset=lines, to_attr="visible_items"))
        )
    organization_id = profile.organization_id
    own = TransactionItem.objects.filter(transaction=OuterRef("pk"), organization_id=organization_id)
    own_total = own.order_by().values("transaction").annotate(total=Sum("price")).values("total")
    others = TransactionItem.objects.filter(transaction=OuterRef("pk")).exclude(
        organization_id=organization_id
    )
    return (
        Transaction.objects.filter(Exists(own))
        .annotate(
            visible_amount=Subquery(own_total, output_field=PositiveBigIntegerField()),
            foreign_lines=Exists(others),
        )
        .prefetch_related(
            Prefetch("items", queryset=lines.filter(organization_id=organization_id), to_attr="visible_items")
        )
    )


def transactions_search(
    qs: QuerySet[Transaction], *, profile: Profile, mine_only: bool, term: str
) -> QuerySet[Transaction]:
    """``qs`` narrowed to the transactions matching ``term``: buyer name, payment id, the
    transaction number (digits), and the names the profile may see: the remark of their own
    transactions, the organization's line names for an educator (never another organization's,
    issue 16 item 6)."""
    term = term.strip()
    if not term:
        return qs
    match = Q(buyer_name__icontains=term) | Q(payment_id__icontains=term)
    if _organization_view(profile, mine_only):
        match |= Exists(
            TransactionItem.objects.filter(
                transaction=OuterRef("pk"), organization_id=profile.organization_id, name__icontains=term
            )
        )
    else:
        match |= Q(remark__icontains=term)
    if term.isdigit():
        match |= Q(pk=int(term))
    return qs.filter(match)


TRANSACTION_ORDER = {
    "created_at": "created_at",
    "amount": "visible_amount",
    "status": "status",
    "completed_at": "completed_at",
}


def transaction_list(
    *,
    profile: Profile,
    page: int,
    limit: int,
    mine_only: bool = False,
    status: str = "",
    from_date: date | None = None,
    to_date: date | None = None,
    search: str = "",
    order_by: str = "",
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/transaction: the transactions ``profile`` may see (``transactions_visible``),
    as rows of ``transaction_row``, newest first. ``status`` (PENDING, COMPLETED, CANCELLED,
    EXPIRED, FAILED; any case), ``from_date``/``to_date``: inclusive Vietnam calendar days of
    ``created_at`` (``config.dates.day_bounds``, issue 17 item 1: 23:30 Vietnam time on 27/11,
    16:30 UTC, is on 27/11), ``search`` (``transactions_search``), ``order_by`` created_at,
    amount (the amount shown), status, completed_at (400 ``validation_error`` otherwise).
    Returns ``(rows, {"page", "limit", "total"})``; three queries."""
    qs = transactions_visible(profile=profile, mine_only=mine_only)
    if status:
        qs = qs.filter(status=status.upper())
    start, end = day_bounds(from_date, to_date)
    if start is not None:
        qs = qs.filter(created_at__gte=start)
    if end is not None:
        qs = qs.filter(created_at__lt=end)
    qs = transactions_search(qs, profile=profile, mine_only=mine_only, term=search)
    qs = qs.order_by(*order_by_checked(order_by, TRANSACTION_ORDER, "-created_at"))
    rows, meta = paginate(qs, page=page, limit=limit)
    return [transaction_row(tx) for tx in rows], meta


def transaction_get(
    *, profile: Profile, transaction_id: int, mine_only: bool | None = None
) -> dict[str, Any]:
    """One transaction ``profile`` may see as ``transaction_row`` (its own, or for an educator
    the organization's view unless ``mine_only``; by default learners see their own, educators
    their organization's). 404 ``not_found`` otherwise, also for another learner's."""
    if mine_only is None:
        mine_only = not profile.is_educator
    tx = transactions_visible(profile=profile, mine_only=mine_only).filter(pk=transaction_id).first()
    if tx is None:
        raise not_found(_("Transaction not found."))
    return transaction_row(tx)


def addon_options() -> list[dict[str, str]]:
    """The add-ons a listing can price (spec section 7), named in the reader's language."""
    return [{"code": a.value, "name": str(a.label)} for a in Addon]


def addon_name(code: str) -> str:
    """The add-on's name in the reader's language (the code itself when unknown)."""
    return str(Addon(code).label) if code in Addon.values else code


def transaction_row(tx: Transaction) -> dict[str, Any]:
    """A transaction of ``transactions_visible`` as the API shows it (spec section 3
    "Transaction"): ``amount`` is the VND total of the lines shown, and a transaction holding
    other organizations' lines is named after the caller's lines only (its remark lists every
    line's name)."""
    items: list[TransactionItem] = tx.visible_items
    remark = ", ".join(i.name for i in items)[:300] if tx.foreign_lines else tx.remark
    return {
        "id": tx.pk,
        "name": remark or (items[0].name if items else ""),
        "date": tx.created_at,
        "amount": tx.visible_amount or 0,
        "remark": remark,
        "payment_id": tx.payment_id,
        "payment_provider": tx.payment_provider,
        "status": tx.status,
        "status_name": tx.get_status_display(),
        "buyer_name": tx.buyer_name,
        "expires_at": tx.expires_at,
        "completed_at": tx.completed_at,
        "closed_at": tx.closed_at,
        "failure_reason": tx.failure_reason,
        "items": [
            {
                "id": i.pk,
                "listing_id": i.listing_id,
                "name": i.name,
                "organization": i.organization.shown_name,
                "grade": i.grade,
                "addon": i.addon,
                "addon_name": addon_name(i.addon),
                "batch_id": i.batch_id,
                "batch_name": i.batch_name,
                "batch_starts_at": i.batch_starts_at,
                "price": i.price,
                "assignment_id": i.assignment_id,
            }
            for i in items
        ],
    }
