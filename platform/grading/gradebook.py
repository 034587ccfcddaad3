"""The gradebook (issue 19, section 1): one row per learner of a test preset or of one batch, with
the learner's latest attempt: score of the maximum, result, released or not, the integrity flags,
submitted at. Read by ``GET /api/v1/test-presets/{id}/gradebook`` and ``/batches/{id}/gradebook``
(a page) and by their ``.../export`` (every row as an .xlsx). Runs in the organization's schema:
another organization's ids are 404.

A row is a live assignment (not revoked), so learners who have not started yet are listed too,
without an attempt. Its attempt is the latest one (the highest ``number``), as on the learner's own
list (``sitting.selectors``). The integrity flags are the product's own notions (grading and
taking):

- ``voided``: the result was voided (more than ``TAB_SWITCHES_ALLOWED`` tab switches, spec
  section 9) and not reinstated;
- ``tab_switches``: more tab switches than ``TAB_SWITCHES_ALLOWED`` (a reinstated attempt keeps
  this one);
- ``video_missing``: the preset has camera proctoring but the attempt has no surroundings video
  (started without camera where the preset allowed it).

The export's texts are in the reader's language (``Accept-Language``) and its times are Vietnam
time (``config.dates``). Query counts do not grow with the rows: a page is six queries, an export
two plus one per ``CHUNK`` rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import IO, TypedDict

from django.conf import settings
from django.db.models import Case, Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from assessments.models import PresetPart, TestPreset
from assessments.parts import part_name, part_place
from assessments.scale import Scale, score_shown
from assignments.models import RELEASABLE_ATTEMPT, Assignment, Attempt
from assignments.scores import PartShown, attempts_parts
from assignments.selectors import Scope, scope_get
from config import dates
from config.envelope import order_by_checked, paginate
from config.spreadsheets import CellStyles, header_row

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CHUNK = 1000
"""Rows read (and attempts fetched) at a time by the export."""

ORDER = {
    "learner_name": "learner_name",
    "score": "sort_score",
    "result": "sort_result",
    "submitted_at": "sort_submitted_at",
}
"""``order_by`` names (``-`` for descending) and what they sort on; learners without an attempt
come last either way. ``result`` sorts pending, failed, passed."""

RESULT_RANK = {Attempt.Result.PENDING: 0, Attempt.Result.FAILED: 1, Attempt.Result.PASSED: 2}
FLAGS = ("voided", "tab_switches", "video_missing")
ATTEMPT_FIELDS = (
    "id",
    "status",
    "score",
    "max_score",
    "parts",
    "result",
    "released_at",
    "voided",
    "tab_switches",
    "video",
    "submitted_at",
    "submit_reason",
)
"""What a row reads of an attempt (not its form or answers)."""


def file_name(scope: Scope) -> str:
    """The export's file name: ``gradebook-preset-{id}.xlsx`` or ``gradebook-batch-{id}.xlsx``."""
    return (
        f"gradebook-batch-{scope.batch.pk}.xlsx"
        if scope.batch
        else f"gradebook-preset-{scope.preset.pk}.xlsx"
    )


def _latest(field: str) -> Subquery:
    """The value of ``field`` on an assignment's latest attempt (correlated subquery)."""
    return Subquery(Attempt.objects.filter(assignment=OuterRef("pk")).order_by("-number").values(field)[:1])


def _rows_qs(scope: Scope, *, search: str = "", order_by: str = "") -> QuerySet[Assignment]:
    """The scope's live assignments with their latest attempt's id (``latest_attempt_id``),
    filtered by ``search`` (learner name or e-mail) and ordered by ``order_by`` (``ORDER``;
    default ``learner_name``). 400 ``validation_error`` for another order."""
    paths = order_by_checked(order_by, ORDER, "learner_name")
    qs = scope.assignments().select_related("batch").annotate(latest_attempt_id=_latest("pk"))
    term = search.strip()
    if term:
        qs = qs.filter(Q(learner_name__icontains=term) | Q(learner_email__icontains=term))
    key = paths[0].lstrip("-")
    if key == "sort_score":
        qs = qs.annotate(sort_score=_latest("score"))
    elif key == "sort_submitted_at":
        qs = qs.annotate(sort_submitted_at=_latest("submitted_at"))
    elif key == "sort_result":
        ranked = Attempt.objects.filter(assignment=OuterRef("pk")).order_by("-number")
        ranked = ranked.annotate(rank=Case(*(When(result=r, then=Value(n)) for r, n in RESULT_RANK.items())))
        qs = qs.annotate(sort_result=Subquery(ranked.values("rank")[:1]))
    return qs.order_by(
        *(F(p[1:]).desc(nulls_last=True) if p.startswith("-") else F(p).asc(nulls_last=True) for p in paths)
    )


def integrity_flags(attempt: Attempt | None, preset: TestPreset) -> list[str]:
    """The attempt's integrity flags (module docstring), in ``FLAGS`` order; ``[]`` without an
    attempt."""
    if attempt is None:
        return []
    flags = []
    if attempt.voided:
        flags.append("voided")
    if attempt.tab_switches > settings.TAB_SWITCHES_ALLOWED:
        flags.append("tab_switches")
    if preset.camera_proctoring and not attempt.video:
        flags.append("video_missing")
    return flags


class GradebookRow(TypedDict):
    """A row as ``GradebookRowOut`` reads it (scores in points and on the reporting scale, aware
    instants)."""

    assignment_id: int
    learner_profile_id: int
    learner_name: str
    learner_email: str
    batch_id: int | None
    batch_name: str | None
    status: str
    attempt_id: int | None
    score: float | None
    max_score: float | None
    scale_score: float | None
    scale_max: float | None
    parts: list[PartShown]
    result: str | None
    released: bool
    released_at: datetime | None
    integrity: list[str]
    tab_switches: int
    submitted_at: datetime | None
    submit_reason: str


class GradebookPart(TypedDict):
    """A part of the test (``GradebookPartOut``): a column of the gradebook (decision 0056), headed
    by its ``short_name`` ("Phần I") with its ``name`` in full."""

    position: int
    name: str
    short_name: str


class GradebookScope(TypedDict):
    """What a gradebook covers, as ``GradebookScopeOut`` reads it."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    camera_proctoring: bool
    tab_switches_allowed: int
    score_scale: str
    parts: list[GradebookPart]


class GradebookCounts(TypedDict):
    """The scope's figures (``_counts``), as ``GradebookCountsOut`` reads them."""

    learners: int
    submitted: int
    graded: int
    released: int
    flagged: int
    releasable: int


class GradebookPage(TypedDict):
    """A page of the gradebook as ``GradebookPageOut`` reads it."""

    items: list[GradebookRow]
    page: int
    limit: int
    total: int
    scope: GradebookScope
    counts: GradebookCounts


def latest_attempt_id(a: Assignment) -> int | None:
    """The latest attempt's id ``_rows_qs`` annotates on each assignment (None without an
    attempt); the checker cannot see an annotation through ``QuerySet[Assignment]``."""
    found: int | None = getattr(a, "latest_attempt_id", None)
    return found


def _latest_attempt(a: Assignment, attempts: dict[int, Attempt]) -> Attempt | None:
    """``a``'s latest attempt out of ``_attempts_of``, None without one."""
    found = latest_attempt_id(a)
    return attempts.get(found) if found else None


def _row(
    a: Assignment, t: Attempt | None, preset: TestPreset, parts: dict[int, list[PartShown]]
) -> GradebookRow:
    """``GradebookRowOut`` of an assignment and its latest attempt (or none): the score in points
    and on the preset's reporting scale (``assessments.scale.score_shown``), and ``parts`` the
    attempt's parts' subtotals (``assignments.scores.attempts_parts``; decision 0056)."""
    return {
        "assignment_id": a.pk,
        "learner_profile_id": a.learner_profile_id,
        "learner_name": a.learner_name,
        "learner_email": a.learner_email,
        "batch_id": a.batch_id,
        "batch_name": a.batch.name if a.batch else None,
        "status": a.status,
        "attempt_id": t.pk if t else None,
        "score": float(t.score) if t and t.score is not None else None,
        "max_score": float(t.max_score) if t else None,
        **score_shown(t.score if t else None, t.max_score if t else None, Scale.of(preset)),
        "parts": parts.get(t.pk, []) if t else [],
        "result": t.result if t else None,
        "released": bool(t and t.released_at),
        "released_at": t.released_at if t else None,
        "integrity": integrity_flags(t, preset),
        "tab_switches": t.tab_switches if t else 0,
        "submitted_at": t.submitted_at if t else None,
        "submit_reason": t.submit_reason if t else "",
    }


def preset_parts(preset: TestPreset) -> list[GradebookPart]:
    """The preset's parts as gradebook columns: place (from 1) and name in the reader's language
    ("Phần I" when it has none). One query."""
    return [
        {
            "position": p.position + 1,
            "name": part_name(p.name_vi, p.name_en, p.position),
            "short_name": part_place(p.position),
        }
        for p in PresetPart.objects.filter(preset=preset).order_by("position", "id")
    ]


def _attempts_of(assignments: list[Assignment]) -> dict[int, Attempt]:
    """The latest attempts of ``assignments`` (annotated by ``_rows_qs``) by id. One query."""
    ids = [found for a in assignments if (found := latest_attempt_id(a))]
    if not ids:
        return {}
    return {t.pk: t for t in Attempt.objects.filter(pk__in=ids).only(*ATTEMPT_FIELDS)}


def _flagged(preset: TestPreset) -> Q:
    """Attempts with at least one integrity flag (``integrity_flags`` as a filter)."""
    flagged = Q(voided=True) | Q(tab_switches__gt=settings.TAB_SWITCHES_ALLOWED)
    return flagged | Q(video="") if preset.camera_proctoring else flagged


def _counts(scope: Scope) -> GradebookCounts:
    """The scope's figures, whatever the search: ``learners`` (live assignments), ``submitted``
    (latest attempt submitted), ``graded`` (its result decided), ``released`` (its result
    released), ``flagged`` (with an integrity flag), and ``releasable``: the results
    ``POST /batches/{id}/release`` would release now (``RELEASABLE``, over every attempt
    of the scope). Two queries."""
    learners = scope.assignments().count()
    later = Attempt.objects.filter(assignment=OuterRef("assignment"), number__gt=OuterRef("number"))
    latest = Q(is_older=False)
    figures = (
        scope.attempts()
        .annotate(is_older=Exists(later))
        .aggregate(
            submitted=Count("id", filter=latest & Q(status=Attempt.Status.SUBMITTED)),
            graded=Count(
                "id", filter=latest & Q(graded_at__isnull=False) & ~Q(result=Attempt.Result.PENDING)
            ),
            released=Count("id", filter=latest & Q(released_at__isnull=False)),
            flagged=Count("id", filter=latest & _flagged(scope.preset)),
            releasable=Count("id", filter=RELEASABLE_ATTEMPT),
        )
    )
    return {
        "learners": learners,
        "submitted": figures["submitted"],
        "graded": figures["graded"],
        "released": figures["released"],
        "flagged": figures["flagged"],
        "releasable": figures["releasable"],
    }


def gradebook_page(
    *,
    page: int,
    limit: int,
    search: str = "",
    order_by: str = "",
    preset_id: int | None = None,
    batch_id: int | None = None,
) -> GradebookPage:
    """``GradebookPageOut``: the page of rows (``GradebookRowOut``: scores in points, times as
    aware instants), ``page``, ``limit``, ``total`` (rows matching ``search``), the ``scope``
    (preset and batch ids and names) and its ``counts`` (``_counts``). ``search``: the learner's
    name or e-mail; ``order_by``: learner_name (default), score, result, submitted_at, ``-`` for
    descending. 404 for an unknown preset or batch; 400 ``validation_error`` for another order.
    Seven queries whatever the page size, eight when the attempts have parts (their subtotals,
    decision 0056)."""
    scope = scope_get(preset_id=preset_id, batch_id=batch_id)
    rows, meta = paginate(_rows_qs(scope, search=search, order_by=order_by), page=page, limit=limit)
    attempts = _attempts_of(rows)
    parts = attempts_parts(attempts.values(), scope.preset)
    return {
        "items": [_row(a, _latest_attempt(a, attempts), scope.preset, parts) for a in rows],
        "page": meta["page"],
        "limit": meta["limit"],
        "total": meta["total"],
        "scope": {
            "preset_id": scope.preset.pk,
            "preset_name": scope.preset.name,
            "batch_id": scope.batch.pk if scope.batch else None,
            "batch_name": scope.batch.name if scope.batch else None,
            "camera_proctoring": scope.preset.camera_proctoring,
            "tab_switches_allowed": settings.TAB_SWITCHES_ALLOWED,
            "score_scale": scope.preset.score_scale,
            "parts": preset_parts(scope.preset),
        },
        "counts": _counts(scope),
    }


# --- the .xlsx export ------------------------------------------------------------------------------


def _rows_all(scope: Scope, *, search: str, order_by: str) -> Iterator[GradebookRow]:
    """Every row of the scope in order, reading ``CHUNK`` assignments at a time from a
    server-side cursor and their attempts in one query per chunk."""
    chunk: list[Assignment] = []

    def flush() -> Iterator[GradebookRow]:
        attempts = _attempts_of(chunk)
        parts = attempts_parts(attempts.values(), scope.preset)
        for a in chunk:
            yield _row(a, _latest_attempt(a, attempts), scope.preset, parts)

    for a in _rows_qs(scope, search=search, order_by=order_by).iterator(chunk_size=CHUNK):
        chunk.append(a)
        if len(chunk) == CHUNK:
            yield from flush()
            chunk = []
    yield from flush()


def _local(value: datetime | None) -> datetime | None:
    """An aware datetime as a naive Vietnam time (Excel has no time zones)."""
    return dates.in_vietnam(value).replace(tzinfo=None, microsecond=0) if value else None


def _columns(parts: list[GradebookPart]) -> list[tuple[str, int]]:
    """The header row in the reader's language, with column widths: the score on the reporting
    scale and its maximum, one column per part (decision 0056), then the raw points."""
    return [
        (pgettext("gradebook column", "Learner"), 28),
        (_("E-mail"), 30),
        (_("Batch"), 20),
        (_("Attempt ID"), 12),
        (_("Status"), 14),
        (_("Score"), 10),
        (_("Out of"), 10),
        *((p["short_name"], 12) for p in parts),
        (_("Points"), 10),
        (_("Maximum points"), 12),
        (_("Result"), 12),
        (_("Released"), 10),
        (_("Released at (Vietnam time)"), 20),
        (_("Integrity"), 36),
        (_("Tab switches"), 12),
        (_("Submitted at (Vietnam time)"), 20),
    ]


def result_labels() -> dict[str, str]:
    """Results in the words of the results pages (pending means waiting for grading)."""
    return {
        Attempt.Result.PENDING: pgettext("attempt result", "Pending"),
        Attempt.Result.PASSED: pgettext("attempt result", "Passed"),
        Attempt.Result.FAILED: pgettext("attempt result", "Failed"),
    }


def flag_labels() -> dict[str, str]:
    """The integrity flags as the reader reads them."""
    return {
        "voided": _("Result voided"),
        "tab_switches": _("Too many tab switches"),
        "video_missing": _("No surroundings video"),
    }


DATE_FORMAT = "dd/mm/yyyy hh:mm"
SCORE_FORMAT = "0.##"
SCALE_FORMAT = "0.00"
"""A score on the reporting scale: two decimals, as every screen shows it (decision 0056)."""


def _part_score(row: GradebookRow, position: int) -> float | None:
    """A row's subtotal of the part at ``position`` on the reporting scale (None without it)."""
    for part in row["parts"]:
        if part["position"] == position:
            return part["scale_score"]
    return None


def write_gradebook_xlsx(
    out: IO[bytes],
    *,
    preset_id: int | None = None,
    batch_id: int | None = None,
    search: str = "",
    order_by: str = "",
) -> Scope:
    """Write the gradebook of a preset or a batch to ``out`` as an .xlsx (openpyxl write-only):
    a "Gradebook" sheet with a bold, frozen header row in the reader's language and an auto
    filter, one row per learner in the list's order (``search``, ``order_by`` as for
    ``gradebook_page``); the score on the preset's reporting scale and out of what (decision 0056:
    the number the gradebook page shows), each part's subtotal on that scale, then the raw points
    and maximum, as numbers with two decimals; times as Excel dates in Vietnam time;
    statuses, results, released (Yes/No) and the integrity flags as words. Returns the scope
    (for the file name). 404 for an unknown preset or batch."""
    from openpyxl import Workbook
    from openpyxl.utils import get_column_letter

    scope = scope_get(preset_id=preset_id, batch_id=batch_id)
    parts = preset_parts(scope.preset)
    cols = _columns(parts)
    statuses = {s.value: str(s.label) for s in Assignment.Status}
    results = result_labels()
    flags = flag_labels()
    yes, no = _("Yes"), _("No")

    wb = Workbook(write_only=True)
    ws = wb.create_sheet(_("Gradebook")[:31])
    ws.append(header_row(ws, [title for title, _width in cols], [width for _title, width in cols]))
    styled = CellStyles(ws).cell

    done = 0
    for r in _rows_all(scope, search=search, order_by=order_by):
        ws.append(
            [
                r["learner_name"],
                r["learner_email"],
                r["batch_name"] or "",
                r["attempt_id"],
                statuses.get(r["status"], r["status"]),
                styled(r["scale_score"], SCALE_FORMAT),
                styled(r["scale_max"], SCORE_FORMAT),
                *(styled(_part_score(r, p["position"]), SCALE_FORMAT) for p in parts),
                styled(r["score"], SCORE_FORMAT),
                styled(r["max_score"], SCORE_FORMAT),
                results.get(r["result"], "") if r["result"] else "",
                yes if r["released"] else no,
                styled(_local(r["released_at"]), DATE_FORMAT),
                ", ".join(flags[f] for f in r["integrity"]),
                r["tab_switches"] if r["attempt_id"] else None,
                styled(_local(r["submitted_at"]), DATE_FORMAT),
            ]
        )
        done += 1
    ws.auto_filter.ref = f"A1:{get_column_letter(len(cols))}{done + 1}"
    wb.save(out)
    return scope
