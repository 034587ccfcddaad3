"""Reads of item analysis (issue 19, section 2; decision 0017): the analysis input taken from a
preset's or a batch's attempts (``analysis_input``), and the stored figures shaped for the API
(``item_analysis_view``, ``question_item_analysis``). Runs in the organization's schema; each
function runs a fixed number of queries whatever the number of attempts or questions.

Which attempts count: per assignment (one per learner and preset) its latest *submitted*
attempt; revoked assignments are left out. Of those, voided attempts are left out and counted
(``voided``), attempts still waiting for an educator's grade are left out and counted
(``pending``); the rest are analysed, released or not (an educator checks the questions before
releasing results)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any

import numpy as np
from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext as _

from assessments.models import Batch, Question, TestPreset
from assignments.item_stats import (
    DISCRIMINATION_LOW,
    FACILITY_HIGH,
    FACILITY_LOW,
    FLAGS,
    GROUP_SHARE,
    Item,
)
from assignments.models import Assignment, Attempt, ItemAnalysis, ItemAnalysisQuestion
from config.errors import not_found
from config.i18n import pick

CHOICE_TYPES = ("single_choice", "multiple_choice", "true_false")
TRUE_FALSE_OPTIONS = ("true", "false")
EXCERPT_CHARS = 160
"""A stem or option excerpt is cut to this many characters (with an ellipsis)."""
CHUNK = 20_000
"""Answer rows converted to Python per fetch: the memory stays flat whatever the attempt count."""

ANSWERS_SQL = """
SELECT attempt_id, question_id, COALESCE(score, 0)::float8,
       (answer IS NULL OR jsonb_typeof(answer) = 'null' OR answer = '{}'::jsonb
        OR btrim(COALESCE(answer ->> 'text', 'x')) = '' OR answer -> 'options' = '[]'::jsonb
        OR answer ->> 'option' = ''),
       answer ->> 'option', answer -> 'options', answer ->> 'value'
FROM assignments_attemptanswer
WHERE attempt_id = ANY(%s::bigint[])
"""
"""Per answer of the analysed attempts: score, empty (no answer, an empty object, blank text, no
option), and only the parts of the answer that name options (never an essay's text)."""


# --- the analysis input ------------------------------------------------------------------------


@dataclass
class AnalysisInput:
    """What ``item_stats.analyse`` takes, with the counts of attempts left out. Columns are the
    questions in the order of their first position on the forms (the form's order for a shared
    form); ``positions[j]`` is that position, from 1."""

    items: list[Item]
    positions: list[int]
    scores: np.ndarray
    omitted: np.ndarray
    choices: dict[int, np.ndarray]
    max_total: float
    slot_scores: np.ndarray | None
    voided: int = 0
    pending: int = 0
    attempt_ids: list[int] = field(default_factory=list)


def _scope_attempts(*, preset_id: int, batch_id: int | None):
    """The counted attempt of each live assignment of the scope (latest submitted), one query."""
    qs = Attempt.objects.filter(assignment__preset_id=preset_id, status=Attempt.Status.SUBMITTED).exclude(
        assignment__status=Assignment.Status.REVOKED
    )
    if batch_id is not None:
        qs = qs.filter(assignment__batch_id=batch_id)
    return qs.order_by("assignment_id", "-number").distinct("assignment_id")


def _option_ids(q: Question) -> tuple[list[str], set[str]]:
    """(option ids in order, keyed ones) of a choice question; empty for other types."""
    key = q.answer_key or {}
    if q.type == Question.Type.TRUE_FALSE:
        value = key.get("value")
        return list(TRUE_FALSE_OPTIONS), (
            {"true" if value else "false"} if isinstance(value, bool) else set()
        )
    if q.type in (Question.Type.SINGLE_CHOICE, Question.Type.MULTIPLE_CHOICE):
        ids = [str(o.get("id")) for o in (q.content or {}).get("options", []) if o.get("id")]
        keyed = key.get("options") if q.type == Question.Type.MULTIPLE_CHOICE else [key.get("option")]
        return ids, {str(k) for k in keyed or [] if k}
    return [], set()


def analysis_input(*, preset_id: int, batch_id: int | None) -> AnalysisInput:
    """The item-score matrices of a scope's counted attempts (module docstring). Three queries:
    the attempts, their answers (``ANSWERS_SQL``, read in chunks) and the questions."""
    counted = list(
        _scope_attempts(preset_id=preset_id, batch_id=batch_id).values_list(
            "pk", "voided", "result", "graded_at", "question_ids", "points", "max_score"
        )
    )
    voided = sum(1 for row in counted if row[1])
    graded = [
        row for row in counted if not row[1] and row[3] is not None and row[2] != Attempt.Result.PENDING
    ]
    pending = len(counted) - voided - len(graded)
    graded.sort(key=lambda row: row[0])
    first_position: dict[int, int] = {}
    maxima: dict[int, float] = {}
    for _pk, _v, _r, _g, question_ids, points, _m in graded:
        for position, qid in enumerate(question_ids):
            if position < first_position.get(qid, 1 << 30):
                first_position[qid] = position
            maxima[qid] = max(maxima.get(qid, 0.0), float(points.get(str(qid), 1)))
    columns = sorted(first_position, key=lambda qid: (first_position[qid], qid))
    column = {qid: j for j, qid in enumerate(columns)}
    row_of = {row[0]: i for i, row in enumerate(graded)}
    n, k = len(graded), len(columns)
    scores = np.full((n, k), np.nan)
    omitted = np.zeros((n, k), dtype=bool)
    lengths = {len(row[4]) for row in graded}
    slot_cols = np.zeros((n, lengths.pop()), dtype=np.intp) if len(lengths) == 1 else None
    for i, row in enumerate(graded):
        cols = [column[qid] for qid in row[4]]
        scores[i, cols] = 0.0
        omitted[i, cols] = True  # until an answer that is not empty is read
        if slot_cols is not None:
            slot_cols[i] = cols
    questions = {
        q.pk: q for q in Question.objects.filter(pk__in=columns).only("id", "type", "content", "answer_key")
    }
    items, choices, option_index = [], {}, {}
    for j, qid in enumerate(columns):
        q = questions.get(qid)
        qtype = q.type if q else ""
        option_ids, keyed = _option_ids(q) if q else ([], set())
        items.append(
            Item(question_id=qid, type=qtype, max_points=maxima[qid], option_ids=option_ids, correct=keyed)
        )
        if qtype in CHOICE_TYPES and option_ids:
            choices[j] = np.zeros((n, len(option_ids)), dtype=bool)
            option_index[j] = {o: x for x, o in enumerate(option_ids)}
    if n:
        _read_answers(list(row_of), row_of, column, scores, omitted, choices, option_index)
    slot_scores = None
    if slot_cols is not None and n:
        slot_scores = np.where(np.isnan(scores), 0.0, scores)[np.arange(n)[:, None], slot_cols]
    return AnalysisInput(
        items=items,
        positions=[first_position[qid] + 1 for qid in columns],
        scores=scores,
        omitted=omitted,
        choices=choices,
        max_total=max((float(row[6]) for row in graded), default=0.0),
        slot_scores=slot_scores,
        voided=voided,
        pending=pending,
        attempt_ids=list(row_of),
    )


def _read_answers(
    attempt_ids: list[int],
    row_of: dict[int, int],
    column: dict[int, int],
    scores: np.ndarray,
    omitted: np.ndarray,
    choices: dict[int, np.ndarray],
    option_index: dict[int, dict[str, int]],
) -> None:
    """Fill the matrices from ``ANSWERS_SQL``: scores and "empty" by fancy indexing per chunk;
    the chosen options of choice questions one by one (single, true/false, multiple)."""
    with connection.cursor() as cursor:
        cursor.execute(ANSWERS_SQL, [attempt_ids])
        while rows := cursor.fetchmany(CHUNK):
            keep = [r for r in rows if r[1] in column]
            ii = np.fromiter((row_of[r[0]] for r in keep), dtype=np.intp, count=len(keep))
            jj = np.fromiter((column[r[1]] for r in keep), dtype=np.intp, count=len(keep))
            scores[ii, jj] = np.fromiter((r[2] for r in keep), dtype=float, count=len(keep))
            omitted[ii, jj] = np.fromiter((r[3] for r in keep), dtype=bool, count=len(keep))
            for r in keep:
                j = column[r[1]]
                index = option_index.get(j)
                if index is None or r[3]:
                    continue
                picked = r[5] if isinstance(r[5], list) else [r[4] if r[4] is not None else r[6]]
                for option in picked:
                    x = index.get(str(option)) if option is not None else None
                    if x is not None:
                        choices[j][row_of[r[0]], x] = True


# --- the stored figures for the API ------------------------------------------------------------


def excerpt(html: str, limit: int = EXCERPT_CHARS) -> str:
    """Plain text of a stem or option (tags dropped, entities decoded, spaces collapsed; LaTeX
    stays as typed), cut to ``limit`` characters with an ellipsis."""
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html or ""))).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _stem(q: Question) -> str:
    stem = (q.content or {}).get("stem") or {}
    return excerpt(pick(stem.get("vi"), stem.get("en")))


def question_code(q: Question) -> str:
    """How the item analysis names a question: ``#<id>``, with ``v<version>`` after a first
    version (the bank's list falls back to ``#<id>`` too)."""
    return f"#{q.pk}" + (f" v{q.version}" if q.version > 1 else "")


def _clusters(q: Question) -> list[dict[str, Any]]:
    """The question's matrix clusters (topic, subtopic, complexity level, cognitive domain) with
    their reader's label and name (``MatrixCluster.label`` / ``.name``)."""
    rows = []
    for kind in ("topic", "subtopic", "complexity_level", "cognitive_domain"):
        cluster = getattr(q, kind)
        if cluster is not None:
            rows.append(
                {
                    "type": kind,
                    "id": cluster.pk,
                    "code": cluster.code,
                    "label": cluster.label,
                    "name": cluster.name,
                }
            )
    return rows


def _option_labels(q: Question) -> dict[str, str]:
    if q.type == Question.Type.TRUE_FALSE:
        return {"true": _("True"), "false": _("False")}
    return {
        str(o.get("id")): excerpt(pick(o.get("vi"), o.get("en")), 80)
        for o in (q.content or {}).get("options", [])
    }


def _question_row(row: ItemAnalysisQuestion) -> dict[str, Any]:
    """``ItemQuestionOut`` of a stored row (with ``question`` and its clusters)."""
    q, figures = row.question, row.figures
    labels = _option_labels(q)
    return {
        "question_id": q.pk,
        "root_id": q.root_id or q.pk,
        "version": q.version,
        "code": question_code(q),
        "stem": _stem(q),
        "type": q.type,
        "clusters": _clusters(q),
        "position": row.position,
        "n": row.n,
        "max_points": figures.get("max_points"),
        "facility": row.facility,
        "discrimination": row.discrimination,
        "efficiency": figures.get("efficiency"),
        "upper_lower": figures.get("upper_lower"),
        "omit_rate": figures.get("omit_rate"),
        "options": [
            {**o, "label": labels.get(o["option_id"], o["option_id"])} for o in figures.get("options", [])
        ],
        "flags": row.flags,
    }


def _state(analysis: ItemAnalysis) -> dict[str, Any]:
    return {
        "status": analysis.status,
        "requested_at": analysis.requested_at,
        "started_at": analysis.started_at,
        "computed_at": analysis.computed_at,
        "attempts": analysis.attempt_count,
        "voided": analysis.voided_count,
        "pending": analysis.pending_count,
        "error": analysis.error,
    }


THRESHOLDS = {
    "facility_low": FACILITY_LOW,
    "facility_high": FACILITY_HIGH,
    "discrimination_low": DISCRIMINATION_LOW,
    "group_share": GROUP_SHARE,
}


def scope_get(
    *, preset_id: int | None = None, batch_id: int | None = None
) -> tuple[TestPreset, Batch | None]:
    """The preset (and batch) of an item-analysis scope in this organization; 404 "Test not
    found." / "Batch not found." otherwise. One query."""
    if batch_id is not None:
        batch = Batch.objects.select_related("preset").filter(pk=batch_id).first()
        if batch is None:
            raise not_found(_("Batch not found."))
        return batch.preset, batch
    preset = TestPreset.objects.filter(pk=preset_id).first()
    if preset is None:
        raise not_found(_("Test not found."))
    return preset, None


def item_analysis_view(*, analysis: ItemAnalysis, preset: TestPreset, batch: Batch | None) -> dict[str, Any]:
    """``ItemAnalysisOut``: the scope, the computation state, the test figures (``None`` before a
    first computation) and the question rows in form order. One query (the rows with their
    questions and clusters)."""
    rows = list(
        ItemAnalysisQuestion.objects.filter(analysis=analysis)
        .select_related(
            "question__topic",
            "question__subtopic",
            "question__complexity_level",
            "question__cognitive_domain",
        )
        .order_by("position", "question_id")
    )
    return {
        "preset_id": preset.pk,
        "preset_name": preset.name,
        "batch_id": batch.pk if batch else None,
        "batch_name": (batch.name or str(batch)) if batch else None,
        "state": _state(analysis),
        "summary": analysis.summary or None,
        "questions": [_question_row(r) for r in rows],
        "thresholds": THRESHOLDS,
        "flags": list(FLAGS),
    }


def question_item_analysis(*, question_id: int) -> dict[str, Any]:
    """``QuestionItemAnalysisOut``: the figures of a question, and of every other version of it,
    in every stored analysis (each batch, and each preset overall), newest computation first.
    404 "Question not found.". Two queries."""
    q = Question.objects.filter(pk=question_id).values("pk", "root_id").first()
    if q is None:
        raise not_found(_("Question not found."))
    root = q["root_id"] or q["pk"]
    rows = (
        ItemAnalysisQuestion.objects.filter(Q(question_id=root) | Q(question__root_id=root))
        .select_related(
            "analysis__preset",
            "analysis__batch",
            "question__topic",
            "question__subtopic",
            "question__complexity_level",
            "question__cognitive_domain",
        )
        .order_by("-analysis__computed_at", "analysis__preset_id", "analysis__batch_id", "id")
    )
    appearances = []
    for row in rows:
        a = row.analysis
        appearances.append(
            {
                **_question_row(row),
                "preset_id": a.preset_id,
                "preset_name": a.preset.name,
                "batch_id": a.batch_id,
                "batch_name": (a.batch.name or str(a.batch)) if a.batch else None,
                "state": _state(a),
                "test_alpha": (a.summary or {}).get("alpha"),
            }
        )
    return {"question_id": q["pk"], "root_id": root, "appearances": appearances, "thresholds": THRESHOLDS}


def question_figures_for_note(*, question_id: int) -> list[dict[str, Any]]:
    """The overall (per preset) figures of exactly this question version, for the note sent
    with it back to vetting: ``[{"preset_name", "attempts", "facility", "discrimination",
    "upper_lower", "omit_rate", "flags", "computed_at"}]``. One query."""
    rows = (
        ItemAnalysisQuestion.objects.filter(question_id=question_id, analysis__batch__isnull=True)
        .exclude(analysis__computed_at__isnull=True)
        .select_related("analysis__preset")
        .order_by("analysis__preset_id")
    )
    return [
        {
            "preset_name": r.analysis.preset.name,
            "attempts": r.n,
            "facility": r.facility,
            "discrimination": r.discrimination,
            "upper_lower": r.figures.get("upper_lower"),
            "omit_rate": r.figures.get("omit_rate"),
            "flags": r.flags,
            "computed_at": r.analysis.computed_at,
        }
        for r in rows
    ]
