"""Writes of item analysis (issue 19, section 2; decision 0017): queue a scope's computation when
its results change, run it (the huey task's body) and store the figures, and send a question
back to vetting with its figures. Runs in the organization's schema.

A scope is a batch, or a whole preset (``batch_id`` ``None``). Requests are folded: while a
scope's computation is queued and not yet started, further changes queue nothing (the queued run
will read them); a change during a run queues one more run. A queued run that no worker picked
up within ``STALE_QUEUE`` is queued again by the next change or read. A running computation beats
(``jobs.services.Beats``); one without a beat for ``jobs.services.stale_seconds()`` (its consumer
died) ends ``failed`` with ``computation_lost`` at the next read, which is the SPA's poll, so the
poll stops and the educator can compute again (decision 0040's model; issue 38, item 2)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from assessments.models import Question
from assessments.services.common import Actor
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import ItemAnalysis, ItemAnalysisQuestion
from config.errors import ApplicationError
from config.priority import run_at_idle_priority
from item_analysis import selectors, stats
from jobs.services import Beats, stale_seconds
from tenants.scope import current_schema_name, organization_schema

logger = logging.getLogger(__name__)

S = ItemAnalysis.Status
STORED_FIGURES = (
    "type",
    "max_points",
    "efficiency",
    "upper_lower",
    "omit_rate",
    "options",
    "statements",
    "right_counts",
    "accepted",
    "wrong_answers",
    "other_wrong",
)
"""The figures of a question kept in ``ItemAnalysisQuestion.figures`` (the rest are columns)."""
STALE_QUEUE = timedelta(minutes=10)
"""A run queued this long ago and not started is taken as lost (a worker restarted) and queued again."""


# --- queueing ------------------------------------------------------------------------------------


def item_analysis_changed(*, preset_id: int, batch_id: int | None) -> None:
    """A result of ``batch_id`` (of ``preset_id``) changed: a grade, a voiding or reinstatement, a
    submission or a release. Once the caller's transaction commits, the batch's and the preset's
    overall analyses are queued again (``item_analysis_request``), in their own short statements
    so that concurrent submissions never wait on the analysis row, and in the organization's
    schema of the change (a learner's request leaves it once the submission is written)."""
    schema_name = current_schema_name()

    def request() -> None:
        with organization_schema(schema_name):
            if batch_id is not None:
                item_analysis_request(preset_id=preset_id, batch_id=batch_id)
            item_analysis_request(preset_id=preset_id, batch_id=None)

    transaction.on_commit(request)


def _enqueue(analysis_id: int) -> None:
    from item_analysis.tasks import item_analysis_compute

    schema_name = current_schema_name()
    transaction.on_commit(lambda: item_analysis_compute(schema_name, analysis_id))


def _scope(*, preset_id: int, batch_id: int | None) -> Q:
    """The analysis row of a scope: a batch's, or the preset's overall one (``batch`` null)."""
    return Q(preset_id=preset_id, batch_id=batch_id)


def item_analysis_request(*, preset_id: int, batch_id: int | None) -> bool:
    """Queue the computation of a scope (creating its row the first time). Returns whether a
    run was queued now (``False`` when one is queued already and not stale)."""
    now = timezone.now()
    scope = ItemAnalysis.objects.filter(_scope(preset_id=preset_id, batch_id=batch_id))
    waiting = Q(status=S.QUEUED, requested_at__gt=now - STALE_QUEUE)
    if scope.exclude(waiting).update(status=S.QUEUED, requested_at=now, error=""):
        _enqueue(scope.values_list("pk", flat=True).get())
        return True
    if scope.exists():
        return False
    try:
        with transaction.atomic():
            row = ItemAnalysis.objects.create(
                preset_id=preset_id, batch_id=batch_id, status=S.QUEUED, requested_at=now
            )
    except IntegrityError:  # created by a concurrent request, which queued it
        return False
    _enqueue(row.pk)
    return True


def item_analysis_ensure(*, preset_id: int, batch_id: int | None) -> ItemAnalysis:
    """The scope's stored analysis; the first read of a scope never computed queues its
    computation (and so does a read of a stale queued one); a read of a running one whose
    consumer died ends it (``_lost``). With huey in immediate mode (tests, benchmarks) the run
    has finished when this returns."""
    found = ItemAnalysis.objects.filter(_scope(preset_id=preset_id, batch_id=batch_id)).first()
    if found is None or (found.status == S.QUEUED and found.requested_at <= timezone.now() - STALE_QUEUE):
        item_analysis_request(preset_id=preset_id, batch_id=batch_id)
        found = ItemAnalysis.objects.get(_scope(preset_id=preset_id, batch_id=batch_id))
    elif found.status == S.RUNNING and _lost(found):
        found.refresh_from_db()
    return found


def _lost(analysis: ItemAnalysis) -> bool:
    """End the running ``analysis`` ``failed`` with ``computation_lost`` when its consumer shows no
    sign of life (its last beat, or its start before the first beat) since
    ``jobs.services.stale_seconds()`` (600 s) ago; a run that beat meanwhile is left alone.
    Returns whether it was ended. The SPA polls while queued or running and shows "Lần tính gần
    nhất bị lỗi. Hãy bấm Tính lại." on failed."""
    alive = analysis.heartbeat_at or analysis.started_at
    if alive is None or alive > timezone.now() - timedelta(seconds=stale_seconds()):
        return False
    ended = ItemAnalysis.objects.filter(
        pk=analysis.pk, status=S.RUNNING, started_at=analysis.started_at, heartbeat_at=analysis.heartbeat_at
    ).update(status=S.FAILED, error="computation_lost")
    if ended:
        logger.warning("item analysis %s lost by its consumer while running: failed", analysis.pk)
    return bool(ended)


def item_analysis_beat(schema_name: str, analysis_id: int, started: datetime) -> None:
    """A running computation's sign of life: ``heartbeat_at`` now, in the organization's schema
    (the beat's thread has a connection of its own), only while the run of ``started`` runs."""
    with organization_schema(schema_name):
        ItemAnalysis.objects.filter(pk=analysis_id, started_at=started, status=S.RUNNING).update(
            heartbeat_at=timezone.now()
        )


# --- running ------------------------------------------------------------------------------------


def _reporter(key: str, started: datetime) -> Callable[[float], None]:
    """Writes a run's progress to the shared cache under ``key`` (``selectors.progress_key``)
    with the run's start, so a reader never takes an earlier run's figure for this one; at most
    once per 5 points of progress (a large run reads many chunks)."""
    last = [-1.0]

    def report(fraction: float) -> None:
        value = round(min(max(fraction, 0.0), 1.0), 2)
        if value - last[0] >= 0.05:
            last[0] = value
            cache.set(key, {"started": started.isoformat(), "fraction": value}, selectors.PROGRESS_TTL)

    return report


def _compute(
    preset_id: int, batch_id: int | None, progress: Callable[[float], None] | None = None
) -> tuple[selectors.AnalysisInput, stats.Analysis]:
    data = selectors.analysis_input(preset_id=preset_id, batch_id=batch_id, progress=progress)
    if progress:
        progress(selectors.SCORES_SHARE + selectors.CHOICES_SHARE)
    result = stats.analyse(
        items=data.items,
        scores=data.scores,
        omitted=data.omitted,
        choices=data.choices,
        max_total=data.max_total,
        slot_scores=data.slot_scores,
        judgements=data.judgements,
        typed=data.typed,
    )
    return data, result


def item_analysis_run(*, analysis_id: int) -> bool:
    """The huey task's body: claim the queued run (queued -> running), read the scope's counted
    attempts and compute at the lowest CPU priority (``config.priority``), reporting the
    fraction done to the shared cache as it reads (``selectors.item_progress`` sends it
    with the state, so the page shows a progress bar on a large test), then store the test
    figures and one ``ItemAnalysisQuestion`` per question, unless a newer run has started
    meanwhile. Ends ``ready``, or stays ``queued`` when a change arrived during the run (the next
    run is queued already), or ``failed`` (logged). The consumer beats while it computes
    (``item_analysis_beat`` every ``jobs.services.heartbeat_seconds()``). Returns whether figures
    were stored."""
    started = timezone.now()
    claimed = ItemAnalysis.objects.filter(pk=analysis_id, status=S.QUEUED).update(
        status=S.RUNNING, started_at=started, heartbeat_at=started
    )
    if not claimed:
        return False
    analysis = ItemAnalysis.objects.get(pk=analysis_id)
    schema_name = current_schema_name()
    key = selectors.progress_key(analysis_id)

    def body() -> tuple[selectors.AnalysisInput, stats.Analysis]:
        with organization_schema(schema_name):
            return _compute(analysis.preset_id, analysis.batch_id, _reporter(key, started))

    try:
        with Beats(
            lambda: item_analysis_beat(schema_name, analysis_id, started),
            name=f"item-analysis-beat-{analysis_id}",
        ):
            data, result = run_at_idle_priority(body)
    except Exception:  # the state tells the SPA; the traceback goes to the log
        logger.exception("item analysis %s failed", analysis_id)
        ItemAnalysis.objects.filter(pk=analysis_id, started_at=started, status=S.RUNNING).update(
            status=S.FAILED, error="computation_failed"
        )
        cache.delete(key)
        return False
    stored = _store(analysis_id, started, data, result)
    cache.delete(key)
    return stored


@transaction.atomic
def _store(
    analysis_id: int, started: datetime, data: selectors.AnalysisInput, result: stats.Analysis
) -> bool:
    row = ItemAnalysis.objects.select_for_update().get(pk=analysis_id)
    if row.started_at != started:  # a newer run started meanwhile: it stores its own figures
        return False
    if row.status == S.FAILED:  # taken for lost meanwhile (``_lost``): the verdict stands
        return False
    row.status = S.READY if row.status == S.RUNNING else row.status
    row.computed_at = timezone.now()
    row.attempt_count = result["summary"]["n"]
    row.voided_count, row.pending_count = data.voided, data.pending
    row.summary = result["summary"]
    row.error = ""
    row.save()
    ItemAnalysisQuestion.objects.filter(analysis=row).delete()
    ItemAnalysisQuestion.objects.bulk_create(
        ItemAnalysisQuestion(
            analysis=row,
            question_id=q["question_id"],
            position=position,
            n=q["n"],
            facility=q["facility"],
            discrimination=q["discrimination"],
            flags=q["flags"],
            figures={key: value for key, value in q.items() if key in STORED_FIGURES},
        )
        for q, position in zip(result["questions"], data.positions, strict=True)
    )
    return True


# --- back to vetting -----------------------------------------------------------------------------


def _percent(value: float | None) -> str:
    """A fraction as a whole percent in the reader's format: ``"62 %"``; ``"—"`` when undefined."""
    return "—" if value is None else f"{number_format(round(value * 100), use_l10n=True)} %"


def _decimal(value: float | None) -> str:
    """Two decimals in the reader's format: ``"-0,35"`` (vi), ``"-0.35"`` (en)."""
    return "—" if value is None else number_format(value, decimal_pos=2, use_l10n=True)


def _flag_names() -> dict[str, str]:
    return {
        "too_hard": _("too hard"),
        "too_easy": _("too easy"),
        "low_discrimination": _("low discrimination"),
        "negative_discrimination": _("negative discrimination"),
        "unused_distractor": _("a distractor nobody chose"),
        "likely_key_error": _("likely key error"),
    }


def vetting_note(*, figures: list[selectors.NoteFigures], comment: str) -> str:
    """The note sent with a question back to vetting, in the sender's language: the comment,
    then one line per test with the question's overall figures and flags."""
    names = _flag_names()
    lines = [comment.strip()] if comment.strip() else []
    lines.append(_("Item analysis:"))
    for f in figures:
        flags = ", ".join(names.get(x, x) for x in f["flags"]) or _("none")
        lines.append(
            _(
                "%(test)s, %(attempts)d attempts: facility %(facility)s, discrimination %(discrimination)s, "
                "upper-lower %(upper_lower)s, omitted %(omitted)s; flags: %(flags)s."
            )
            % {
                "test": f["preset_name"],
                "attempts": f["attempts"],
                "facility": _percent(f["facility"]),
                "discrimination": _decimal(f["discrimination"]),
                "upper_lower": _decimal(f["upper_lower"]),
                "omitted": _percent(f["omit_rate"]),
                "flags": flags,
            }
        )
    return "\n".join(lines)


def question_send_to_vetting(*, actor: Actor, question_id: int, comment: str = "") -> Question:
    """Send a published question back to vetting with its item-analysis figures (decision 0017):
    its next version, the same content, is created already submitted for vetting, with the
    figures (``vetting_note``) as the note of that step; the published version stays in use
    until a colleague approves and publishes the new one (or rejects it to its author, the
    sender). 404; 409 ``item_analysis_missing`` when no test has figures for this version yet;
    409 ``question_not_published`` / ``question_locked`` from vetting."""
    from assessments.services.vetting import question_send_back

    figures = selectors.question_figures_for_note(question_id=question_id)
    if not figures:
        from assessments.services.questions import question_get

        question_get(question_id)  # 404 first
        raise ApplicationError(
            Code.ITEM_ANALYSIS_MISSING,
            _("This question has no item analysis yet: no graded attempt of a test has answered it."),
            status=409,
        )
    return question_send_back(
        actor=actor, question_id=question_id, note=vetting_note(figures=figures, comment=comment)
    )
