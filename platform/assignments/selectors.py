"""Reads for the educator's /assignment pages (issue 5, item 7): assignments (takers), batches
across presets, the overview figures and a preset's waiting list; and for grading and results
(issue 7): answers to grade, attempts, one attempt's detail, accommodations. Each runs a fixed number of
queries whatever the page size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.models import Batch, PresetSubject, TestPreset, WaitingListEntry
from assignments.models import Assignment, Attempt
from config.envelope import order_by_checked, paginate
from config.errors import not_found
from config.i18n import localized

ASSIGNMENT_ORDER = {
    "created_at": "created_at",
    "learner_name": "learner_name",
    "status": "status",
    "due_at": "due_at",
    "batch_starts_at": "batch__starts_at",
}
TEST_ORDER = {"name": "name", "updated_at": "updated_at", "grade": "grade", "ends_at": "ends_at"}
ASSIGNABLE = (TestPreset.Status.APPROVED, TestPreset.Status.PUBLISHED)
LIVE_ASSIGNMENT_STATUSES = [s for s in Assignment.Status.values if s != Assignment.Status.REVOKED]
BATCH_ORDER = {
    "starts_at": "starts_at",
    "expires_at": "expires_at",
    "name": "name",
    "available": "available",
    "preset_name": "preset__name",
}


@dataclass(frozen=True)
class Scope:
    """A test preset, or one of its batches: what a gradebook and an item analysis are read for
    (issue 19)."""

    preset: TestPreset
    batch: Batch | None = None

    def assignments(self) -> QuerySet[Assignment]:
        """The scope's live (not revoked) assignments."""
        qs = Assignment.objects.exclude(status=Assignment.Status.REVOKED)
        return qs.filter(batch=self.batch) if self.batch else qs.filter(preset=self.preset)

    def attempts(self) -> QuerySet[Attempt]:
        """The attempts of the scope's live assignments."""
        qs = Attempt.objects.exclude(assignment__status=Assignment.Status.REVOKED)
        if self.batch:
            return qs.filter(assignment__batch=self.batch)
        return qs.filter(assignment__preset=self.preset)


def scope_get(*, preset_id: int | None = None, batch_id: int | None = None) -> Scope:
    """The preset, or the batch with its preset, in this organization; 404 "Test not found." /
    "Batch not found." otherwise (another organization's ids too: its rows are not in this
    schema). One query."""
    if batch_id is not None:
        batch = Batch.objects.select_related("preset").filter(pk=batch_id).first()
        if batch is None:
            raise not_found(_("Batch not found."))
        return Scope(preset=batch.preset, batch=batch)
    preset = TestPreset.objects.filter(pk=preset_id).first()
    if preset is None:
        raise not_found(_("Test not found."))
    return Scope(preset=preset)


def assignment_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    preset_id: int | None = None,
    batch_id: int | None = None,
    status: str = "",
    source: str = "",
) -> tuple[list[Assignment], dict[str, int]]:
    """Assignments with their preset and batch (two queries). ``search`` matches the learner's
    name or e-mail; ``order_by``: created_at (default newest first), learner_name, status,
    due_at, batch_starts_at. Revoked ones show only when ``status=revoked``."""
    qs: QuerySet[Assignment] = Assignment.objects.select_related("preset", "batch")
    qs = qs.filter(status=status) if status else qs.exclude(status=Assignment.Status.REVOKED)
    if preset_id:
        qs = qs.filter(preset_id=preset_id)
    if batch_id:
        qs = qs.filter(batch_id=batch_id)
    if source:
        qs = qs.filter(source=source)
    if search.strip():
        term = search.strip()
        qs = qs.filter(Q(learner_name__icontains=term) | Q(learner_email__icontains=term))
    qs = qs.order_by(*order_by_checked(order_by, ASSIGNMENT_ORDER, "-created_at"))
    return paginate(qs, page=page, limit=limit)


def assignments_by_id(ids: list[int]) -> list[Assignment]:
    """Assignments (``AssignmentOut``) with their preset and batch, newest first. One query."""
    return list(Assignment.objects.select_related("preset", "batch").filter(pk__in=ids))


def assignment_detail(assignment_id: int) -> Assignment:
    """One assignment with its preset and batch; 404 "Assignment not found."."""
    a = Assignment.objects.select_related("preset", "batch").filter(pk=assignment_id).first()
    if a is None:
        raise not_found(_("Assignment not found."))
    return a


def batch_open(now) -> Q:
    """Batches open at ``now``: started and not expired (``batch_state`` "open" as a filter)."""
    return Q(starts_at__lte=now, expires_at__gt=now)


def batch_state(batch: Batch, now) -> str:
    """upcoming (before start), open (start <= now < expiry) or ended."""
    if now < batch.starts_at:
        return "upcoming"
    return "open" if now < batch.expires_at else "ended"


def _batch_row(b: Batch, now) -> dict[str, Any]:
    """``BatchOut`` of a batch (with its preset) and its state at ``now``."""
    return {
        "id": b.pk,
        "name": b.name,
        "preset": b.preset,
        "starts_at": b.starts_at,
        "expires_at": b.expires_at,
        "state": batch_state(b, now),
        "slots": b.slots,
        "available": b.available,
        "pending": b.pending,
        "taken": b.taken,
        "low_slot_notified_at": b.low_slot_notified_at,
    }


def batch_detail(batch_id: int) -> dict[str, Any]:
    """``BatchOut`` of one batch; 404 "Batch not found."."""
    batch = Batch.objects.select_related("preset").filter(pk=batch_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    return _batch_row(batch, timezone.now())


def batch_list(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    preset_id: int | None = None,
    state: str = "",
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Batches of every preset with the preset and their state (``BatchOut``; two queries). ``search`` matches batch or preset
    name; ``state``: upcoming, open, ended; ``order_by``: starts_at (default), expires_at, name,
    available, preset_name."""
    now = timezone.now()
    qs: QuerySet[Batch] = Batch.objects.select_related("preset")
    if preset_id:
        qs = qs.filter(preset_id=preset_id)
    if search.strip():
        term = search.strip()
        qs = qs.filter(Q(name__icontains=term) | Q(preset__name__icontains=term))
    if state == "upcoming":
        qs = qs.filter(starts_at__gt=now)
    elif state == "open":
        qs = qs.filter(batch_open(now))
    elif state == "ended":
        qs = qs.filter(expires_at__lte=now)
    qs = qs.order_by(*order_by_checked(order_by, BATCH_ORDER, "starts_at"))
    rows, meta = paginate(qs, page=page, limit=limit)
    return [_batch_row(b, now) for b in rows], meta


def assignment_overview() -> dict[str, object]:
    """Figures for /assignment/overview: presets by status, batches by state with slot sums,
    assignments by status and by source, waiting learners. Four queries."""
    now = timezone.now()
    presets = dict(TestPreset.objects.values_list("status").annotate(n=Count("id")).order_by())
    batches = Batch.objects.aggregate(
        upcoming=Count("id", filter=Q(starts_at__gt=now)),
        open=Count("id", filter=batch_open(now)),
        ended=Count("id", filter=Q(expires_at__lte=now)),
        slots=Sum("slots", filter=Q(expires_at__gt=now)),
        available=Sum("available", filter=Q(expires_at__gt=now)),
        pending=Sum("pending", filter=Q(expires_at__gt=now)),
        taken=Sum("taken", filter=Q(expires_at__gt=now)),
    )
    assignments = Assignment.objects.exclude(status=Assignment.Status.REVOKED).aggregate(
        total=Count("id"),
        direct=Count("id", filter=Q(source=Assignment.Source.DIRECT)),
        purchase=Count("id", filter=Q(source=Assignment.Source.PURCHASE)),
        assigned=Count("id", filter=Q(status=Assignment.Status.ASSIGNED)),
        in_progress=Count("id", filter=Q(status=Assignment.Status.IN_PROGRESS)),
        submitted=Count("id", filter=Q(status=Assignment.Status.SUBMITTED)),
        graded=Count("id", filter=Q(status=Assignment.Status.GRADED)),
    )
    waiting = WaitingListEntry.objects.filter(status=WaitingListEntry.Status.WAITING).count()
    return {
        "presets": {status: presets.get(status, 0) for status in TestPreset.Status.values},
        "batches": {key: value or 0 for key, value in batches.items()},
        "assignments": assignments,
        "waiting": waiting,
    }


def waiting_list(
    *, preset_id: int, page: int, limit: int, status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """A preset's waiting list in order of joining (``WaitingEntryOut``, two queries); live
    entries (waiting, offered) unless ``status``; ``position`` counts from 1 on that order."""
    qs = WaitingListEntry.objects.filter(preset_id=preset_id).select_related("offered_batch")
    qs = qs.filter(status=status) if status else qs.filter(status__in=["waiting", "offered"])
    rows, meta = paginate(qs.order_by("created_at", "id"), page=page, limit=limit)
    start = (meta["page"] - 1) * meta["limit"]
    items = [
        {
            "id": e.pk,
            "learner_profile_id": e.learner_profile_id,
            "learner_name": e.learner_name,
            "status": e.status,
            "position": start + i + 1,
            "offered_batch": e.offered_batch,
            "claim_expires_at": e.claim_expires_at,
            "created_at": e.created_at,
        }
        for i, e in enumerate(rows)
    ]
    return items, meta


def _count_of(model, **filters) -> Coalesce:
    """A per-preset count of ``model`` rows as a subquery (no join that would multiply sums)."""
    rows = (
        model.objects.filter(preset=OuterRef("pk"), **filters)
        .order_by()
        .values("preset")
        .annotate(n=Count("id"))
        .values("n")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), Value(0))


def assignable_tests(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    status: str = "",
    listed: bool | None = None,
    organization_id: int,
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The tests of the /assignment list and the marketplace's publish dialog: approved and
    published presets (``status`` narrows to one of them) with ``batch_count``, ``live_batches``
    (not ended) and the slot sums of those (``slots``, ``available``, ``pending``, ``taken``),
    live assignments by source (``direct``, ``purchased``), ``waiting`` learners, and their
    subjects. ``listed``: only presets with (true) or without (false) an active marketplace
    listing of ``organization_id``. ``order_by``: name, updated_at (default newest), grade,
    ends_at. Returns the rows (``AssignableTestOut``, subject names in the reader's language with
    the other language when blank: ``config.i18n.localized``) and the page meta. Four queries."""
    from marketplace.models import Listing

    now = timezone.now()
    listings = dict(
        Listing.objects.filter(
            organization_id=organization_id, kind=Listing.Kind.TEST, status=Listing.Status.ACTIVE
        ).values_list("preset_id", "id")
    )
    qs: QuerySet[TestPreset] = TestPreset.objects.filter(
        status__in=[status] if status in ASSIGNABLE else ASSIGNABLE
    )
    if search.strip():
        qs = qs.filter(name__icontains=search.strip())
    if listed is True:
        qs = qs.filter(pk__in=list(listings))
    elif listed is False:
        qs = qs.exclude(pk__in=list(listings))
    live = Q(batches__expires_at__gt=now)
    qs = qs.annotate(
        batch_count=Count("batches"),
        live_batches=Count("batches", filter=live),
        slot_sum=Coalesce(Sum("batches__slots", filter=live), 0),
        available_sum=Coalesce(Sum("batches__available", filter=live), 0),
        pending_sum=Coalesce(Sum("batches__pending", filter=live), 0),
        taken_sum=Coalesce(Sum("batches__taken", filter=live), 0),
        direct=_count_of(Assignment, source=Assignment.Source.DIRECT, status__in=LIVE_ASSIGNMENT_STATUSES),
        purchased=_count_of(
            Assignment, source=Assignment.Source.PURCHASE, status__in=LIVE_ASSIGNMENT_STATUSES
        ),
        waiting=_count_of(WaitingListEntry, status=WaitingListEntry.Status.WAITING),
    ).prefetch_related(
        Prefetch("subjects", queryset=PresetSubject.objects.select_related("subject").order_by("position"))
    )
    qs = qs.order_by(*order_by_checked(order_by, TEST_ORDER, "-updated_at"))
    rows, meta = paginate(qs, page=page, limit=limit)
    items = [
        {
            **{f: getattr(p, f) for f in ("id", "name", "grade", "status", "duration_minutes")},
            **{f: getattr(p, f) for f in ("starts_at", "ends_at", "batch_count", "live_batches")},
            "subjects": [localized(s.subject, "name") for s in p.subjects.all()],
            "slots": p.slot_sum,
            "available": p.available_sum,
            "pending": p.pending_sum,
            "taken": p.taken_sum,
            "direct": p.direct,
            "purchased": p.purchased,
            "waiting": p.waiting,
            "listing_id": listings.get(p.pk),
            "updated_at": p.updated_at,
        }
        for p in rows
    ]
    return items, meta
