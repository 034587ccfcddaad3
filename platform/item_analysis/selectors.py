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

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from html import unescape
from typing import Any, TypedDict

import numpy as np
from django.core.cache import cache
from django.db import connection
from django.db.models import F, FloatField, JSONField, OuterRef, Q, QuerySet, Subquery, Sum, TextField
from django.db.models.functions import Cast, Coalesce, JSONObject
from django.utils.translation import gettext as _

from assessments.matching import statement_label
from assessments.models import Batch, MatrixCluster, PresetPart, PresetQuestion, Question, TestPreset
from assessments.parts import part_name
from assessments.scale import Scale, to_scale
from assignments.models import Assignment, Attempt, ItemAnalysis, ItemAnalysisQuestion
from config.errors import not_found
from config.i18n import pick, reader_language
from item_analysis.stats import (
    DISCRIMINATION_LOW,
    FACILITY_HIGH,
    FACILITY_LOW,
    FLAGS,
    GROUP_SHARE,
    KEY_ERROR_MIN_UPPER,
    MIN_ATTEMPTS,
    Item,
    StatementFigures,
    Summary,
    WrongAnswerFigures,
    option_flags,
    too_few,
)
from tenants.scope import current_schema_name

CHOICE_TYPES = ("single_choice", "multiple_choice", "true_false")
TRUE_FALSE_OPTIONS = ("true", "false")
EXCERPT_CHARS = 160
"""A stem or option excerpt is cut to this many characters (with an ellipsis)."""
CHUNK = 50_000
"""Answer rows fetched (from a server-side cursor) and turned into numpy arrays at a time: the
memory stays flat whatever the number of attempts."""
SCORES_SHARE, CHOICES_SHARE = 0.6, 0.3
"""Progress of a run (``analysis_input``'s ``progress``): reading the scores takes it to 0.6,
reading the chosen options to 0.9; the statistics and storing take the rest (measured with
``bench/run item_analysis``, reading is most of a run)."""
PROGRESS_TTL = 3600
"""Seconds a run's progress stays in the cache (a run takes seconds; a dead worker's entry
expires)."""


def progress_key(analysis_id: int) -> str:
    """The shared cache key of a running analysis's progress, in the active schema."""
    return f"item-analysis-progress:{current_schema_name()}:{analysis_id}"


def item_progress(analysis: ItemAnalysis) -> float | None:
    """The fraction (0..1) of the running computation of ``analysis`` done, as its run last
    reported it to the shared cache (``item_services``); ``None`` unless it is running and the
    report is of this run (same ``started_at``). One cache read, only while running."""
    if analysis.status != ItemAnalysis.Status.RUNNING or analysis.started_at is None:
        return None
    found = cache.get(progress_key(analysis.pk))
    if not found or found.get("started") != analysis.started_at.isoformat():
        return None
    fraction: float | None = found.get("fraction")
    return fraction


_SCOPE = """
FROM assignments_attemptanswer x
JOIN unnest(%s::bigint[]) WITH ORDINALITY AS a(id, i) ON a.id = x.attempt_id
"""
SCORES_SQL = (
    """
SELECT a.i - 1, q.j - 1, COALESCE(x.score, 0)::float8,
       (x.answer IS NULL OR jsonb_typeof(x.answer) = 'null' OR x.answer = '{}'::jsonb
        OR btrim(COALESCE(x.answer ->> 'text', 'x')) = '' OR x.answer -> 'options' = '[]'::jsonb
        OR x.answer ->> 'option' = '' OR x.answer -> 'statements' = '{}'::jsonb)::int"""
    + _SCOPE
    + "JOIN unnest(%s::bigint[]) WITH ORDINALITY AS q(id, j) ON q.id = x.question_id"
)
"""Per answer of the analysed attempts: its row (attempt) and column (question) in the matrices,
its score and whether it is empty (no answer, an empty object, blank text, no option, no
statement judged). Postgres
maps ids to indices (hash joins on the two id lists), so Python only copies numbers."""
CHOICES_SQL = (
    "SELECT a.i - 1, o.j, o.x"
    + _SCOPE
    + """JOIN unnest(%s::bigint[], %s::text[], %s::int[], %s::int[]) AS o(question_id, option_id, j, x)
  ON o.question_id = x.question_id
 AND (x.answer ->> 'option' = o.option_id OR x.answer ->> 'value' = o.option_id
      OR x.answer -> 'options' ? o.option_id)"""
)
"""Per chosen option of a choice question: row, column and the option's index: a single choice's
``option``, a true/false ``value`` (``"true"``/``"false"``), each of a multiple choice's
``options``. Only the parts of an answer that name options are read, never an essay's text."""
JUDGEMENTS_SQL = (
    "SELECT a.i - 1, o.j, o.s, ((x.answer -> 'statements' -> o.statement_id) = 'true'::jsonb)::int"
    + _SCOPE
    + """JOIN unnest(%s::bigint[], %s::text[], %s::int[], %s::int[]) AS o(question_id, statement_id, j, s)
  ON o.question_id = x.question_id
 AND jsonb_typeof(x.answer -> 'statements' -> o.statement_id) = 'boolean'"""
)
"""Per judged statement of a true/false set (issue 39, item 3): row, column, the statement's
index and the judgement (1 Đúng, 0 Sai); a statement left unanswered has no row."""
TYPED_SQL = (
    "SELECT a.i - 1, q.j, x.answer ->> 'text'"
    + _SCOPE
    + """JOIN unnest(%s::bigint[], %s::int[]) AS q(id, j) ON q.id = x.question_id
 AND btrim(COALESCE(x.answer ->> 'text', '')) <> ''"""
)
"""Per non-empty numeric answer (issue 39, item 3): row, column and the text as typed."""


# --- the analysis input ------------------------------------------------------------------------


@dataclass
class AnalysisInput:
    """What ``stats.analyse`` takes, with the counts of attempts left out. Columns are the
    questions in the order of their first position on the forms (the form's order for a shared
    form); ``positions[j]`` is that position, from 1."""

    items: list[Item]
    positions: list[int]
    scores: np.ndarray
    omitted: np.ndarray
    choices: dict[int, np.ndarray]
    max_total: float
    slot_scores: np.ndarray | None
    judgements: dict[int, np.ndarray] = field(default_factory=dict)
    typed: dict[int, np.ndarray] = field(default_factory=dict)
    voided: int = 0
    pending: int = 0
    attempt_ids: list[int] = field(default_factory=list)


def _scope_attempts(*, preset_id: int, batch_id: int | None) -> QuerySet[Attempt]:
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


def _statement_key(q: Question) -> tuple[list[str], list[bool]]:
    """(statement ids in the shown order, the key's judgement of each) of a true/false set; a
    statement the key does not judge is left out (the authoring check refuses such keys)."""
    if q.type != Question.Type.TRUE_FALSE_SET:
        return [], []
    key = (q.answer_key or {}).get("statements") or {}
    shown = [str(s.get("id")) for s in (q.content or {}).get("statements", [])]
    ids = [sid for sid in shown if isinstance(key.get(sid), bool)]
    return ids, [key[sid] for sid in ids]


def _accepted(q: Question) -> list[str]:
    """The accepted answers of a numeric question as stored (sheet numbers)."""
    if q.type != Question.Type.NUMERIC:
        return []
    return [str(a) for a in (q.answer_key or {}).get("accepted", [])]


def _rows(sql: str, params: list[Any]) -> Iterator[list[tuple[Any, ...]]]:
    """The rows of ``sql`` as tuples, ``CHUNK`` at a time, from a server-side cursor."""
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(CHUNK):
            yield rows


def _chunks(sql: str, params: list[Any], columns: int) -> Iterator[np.ndarray]:
    """The rows of ``sql`` as float arrays of ``columns`` columns, ``CHUNK`` rows at a time, from
    a server-side cursor (the search path is set for it: ``django_tenants``)."""
    for rows in _rows(sql, params):
        yield np.array(rows, dtype=float).reshape(-1, columns)


def analysis_input(
    *, preset_id: int, batch_id: int | None, progress: Callable[[float], None] | None = None
) -> AnalysisInput:
    """The item-score matrices of a scope's counted attempts (module docstring). Four queries:
    the attempts (their forms and points read as text and decoded once per distinct form), the
    questions, the answers' scores and the chosen options (both read in chunks); one more each
    when the scope has true/false sets (the judged statements) or numeric questions (the typed
    answers), so at most six whatever the size. ``progress`` is called after each chunk with the
    fraction of the run done: up to ``SCORES_SHARE`` by the answers read of those the forms
    presented, then up to ``SCORES_SHARE + CHOICES_SHARE`` by the chosen options, judged
    statements and typed answers read of those the forms presented (an estimate: a
    multiple-choice answer may name several, a statement may be left unanswered)."""
    report = progress or (lambda _fraction: None)
    counted = list(
        _scope_attempts(preset_id=preset_id, batch_id=batch_id)
        .annotate(form=Cast("question_ids", TextField()), weights=Cast("points", TextField()))
        .values_list("pk", "voided", "result", "graded_at", "form", "weights", "max_score")
    )
    voided = sum(1 for row in counted if row[1])
    graded = sorted(
        (row for row in counted if not row[1] and row[3] is not None and row[2] != Attempt.Result.PENDING),
        key=lambda row: row[0],
    )
    pending = len(counted) - voided - len(graded)
    by_form: dict[tuple[str, str], list[int]] = {}
    for i, row in enumerate(graded):
        by_form.setdefault((row[4], row[5]), []).append(i)
    forms = {key: (json.loads(key[0]), json.loads(key[1])) for key in by_form}
    first_position: dict[int, int] = {}
    maxima: dict[int, float] = {}
    for question_ids, points in forms.values():
        for position, qid in enumerate(question_ids):
            first_position[qid] = min(position, first_position.get(qid, position))
            maxima[qid] = max(maxima.get(qid, 0.0), float(points.get(str(qid), 1)))
    columns = sorted(first_position, key=lambda qid: (first_position[qid], qid))
    column = {qid: j for j, qid in enumerate(columns)}
    n, k = len(graded), len(columns)
    scores = np.full((n, k), np.nan)
    omitted = np.zeros((n, k), dtype=bool)
    lengths = {len(question_ids) for question_ids, _points in forms.values()}
    slot_cols = np.zeros((n, lengths.pop()), dtype=np.intp) if len(lengths) == 1 else None
    for key, rows in by_form.items():
        cols = np.array([column[qid] for qid in forms[key][0]], dtype=np.intp)
        at = np.ix_(np.array(rows, dtype=np.intp), cols)
        scores[at] = 0.0
        omitted[at] = True  # until an answer that is not empty is read
        if slot_cols is not None:
            slot_cols[rows] = cols
    questions = {
        q.pk: q for q in Question.objects.filter(pk__in=columns).only("id", "type", "content", "answer_key")
    }
    items: list[Item] = []
    choices: dict[int, np.ndarray] = {}
    judgements: dict[int, np.ndarray] = {}
    typed: dict[int, np.ndarray] = {}
    # the JUDGEMENTS_SQL arrays: per statement of a true/false set its question id, id, column, index
    statement_questions: list[int] = []
    statement_keys: list[str] = []
    statement_columns: list[int] = []
    statement_indices: list[int] = []
    numeric_columns: list[int] = []
    # the CHOICES_SQL arrays: per option of a choice question its question id, option id, column, index
    option_questions: list[int] = []
    option_keys: list[str] = []
    option_columns: list[int] = []
    option_indices: list[int] = []
    for j, qid in enumerate(columns):
        q = questions.get(qid)
        option_ids, keyed = _option_ids(q) if q else ([], set())
        statement_ids, statement_key = _statement_key(q) if q else ([], [])
        accepted = _accepted(q) if q else []
        items.append(
            Item(
                question_id=qid,
                type=q.type if q else "",
                max_points=maxima[qid],
                option_ids=option_ids,
                correct=keyed,
                statement_ids=statement_ids,
                statement_key=statement_key,
                accepted=accepted,
            )
        )
        if statement_ids:
            judgements[j] = np.full((n, len(statement_ids)), -1, dtype=np.int8)
            for x, statement_id in enumerate(statement_ids):
                statement_questions.append(qid)
                statement_keys.append(statement_id)
                statement_columns.append(j)
                statement_indices.append(x)
        if q and q.type == Question.Type.NUMERIC:
            typed[j] = np.full(n, None, dtype=object)
            numeric_columns.append(j)
        if q and q.type in CHOICE_TYPES and option_ids:
            choices[j] = np.zeros((n, len(option_ids)), dtype=bool)
            for x, option_id in enumerate(option_ids):
                option_questions.append(qid)
                option_keys.append(option_id)
                option_columns.append(j)
                option_indices.append(x)
    attempt_ids = [row[0] for row in graded]
    if n:
        presented, read = max(1, int(np.count_nonzero(~np.isnan(scores)))), 0
        for chunk in _chunks(SCORES_SQL, [attempt_ids, columns], 4):
            ii, jj = chunk[:, 0].astype(np.intp), chunk[:, 1].astype(np.intp)
            scores[ii, jj] = chunk[:, 2]
            omitted[ii, jj] = chunk[:, 3] > 0
            read += len(chunk)
            report(SCORES_SHARE * min(1.0, read / presented))
        cells = ~np.isnan(scores)
        presented = max(
            1,
            int(np.count_nonzero(cells[:, sorted(choices)]))
            + sum(int(np.count_nonzero(cells[:, j])) * m.shape[1] for j, m in judgements.items())
            + int(np.count_nonzero(cells[:, numeric_columns])),
        )
        read = 0

        def advance(rows: int) -> None:
            nonlocal read
            read += rows
            report(SCORES_SHARE + CHOICES_SHARE * min(1.0, read / presented))

        if choices:
            for chunk in _chunks(
                CHOICES_SQL, [attempt_ids, option_questions, option_keys, option_columns, option_indices], 3
            ):
                ii, jj, xx = (chunk[:, c].astype(np.intp) for c in range(3))
                for j in np.unique(jj):
                    mask = jj == j
                    choices[int(j)][ii[mask], xx[mask]] = True
                advance(len(chunk))
        if judgements:
            for chunk in _chunks(
                JUDGEMENTS_SQL,
                [attempt_ids, statement_questions, statement_keys, statement_columns, statement_indices],
                4,
            ):
                ii, jj, ss, vv = (chunk[:, c].astype(np.intp) for c in range(4))
                for j in np.unique(jj):
                    mask = jj == j
                    judgements[int(j)][ii[mask], ss[mask]] = vv[mask]
                advance(len(chunk))
        if typed:
            ids = [columns[j] for j in numeric_columns]
            for batch in _rows(TYPED_SQL, [attempt_ids, ids, numeric_columns]):
                for i, j, text in batch:
                    typed[j][i] = text
                advance(len(batch))
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
        judgements=judgements,
        typed=typed,
        voided=voided,
        pending=pending,
        attempt_ids=attempt_ids,
    )


# --- the stored figures for the API ------------------------------------------------------------


def excerpt(html: str, limit: int = EXCERPT_CHARS) -> str:
    """Plain text of a stem or option (tags dropped, entities decoded, spaces collapsed; LaTeX
    stays as typed), cut to ``limit`` characters with an ellipsis."""
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html or ""))).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def question_code(question_id: int, version: int) -> str:
    """How the item analysis names a question: ``#<id>``, with ``v<version>`` after a first
    version (the bank's list falls back to ``#<id>`` too)."""
    return f"#{question_id}" + (f" v{version}" if version > 1 else "")


CLUSTER_KINDS = ("topic", "subtopic", "complexity_level", "cognitive_domain")
ROW_FIELDS = (
    "position",
    "n",
    "facility",
    "discrimination",
    "flags",
    "figures",
    "question_id",
    "question__root_id",
    "question__version",
    "question__type",
    "question__content__stem",
    "question__content__options",
    "question__content__statements",
    *(f"question__{kind}_id" for kind in CLUSTER_KINDS),
    *(f"question__{kind}__code" for kind in CLUSTER_KINDS),
    *(f"question__{kind}__description" for kind in CLUSTER_KINDS),
)
"""The columns an ``ItemQuestionOut`` row is built from (one query with its question and its
four clusters; plain values: no model instances, and of the content only the stem and the
options, never the explanation)."""


class ItemCluster(TypedDict):
    """A matrix cluster of a question as ``ItemClusterOut`` reads it."""

    type: str
    id: int
    code: str
    label: str
    name: str


class ItemOption(TypedDict):
    """An option's distractor figures (``OptionFigures``) as ``ItemOptionOut`` reads them:
    ``label`` the excerpt in the reader's language, ``text`` the option in both languages (None
    for true/false); the group counts ``None`` in figures stored before issue 39."""

    option_id: str
    correct: bool
    count: int
    share: float | None
    upper_share: float | None
    lower_share: float | None
    upper_count: int | None
    lower_count: int | None
    label: str
    text: dict[str, str] | None
    flags: list[str]


class ItemStatement(StatementFigures):
    """A true/false set's statement as ``ItemStatementOut`` reads it: ``label`` its letter
    ("a)"), ``text`` the statement in both languages."""

    label: str
    text: dict[str, str] | None


class SummaryView(Summary):
    """The test figures as ``ItemSummaryOut`` reads them: with ``few_attempts`` (``too_few``)."""

    few_attempts: bool


class ItemQuestion(TypedDict):
    """One question of an analysis as ``ItemQuestionOut`` reads it."""

    question_id: int
    root_id: int
    version: int
    code: str
    stem: str
    type: str
    clusters: list[ItemCluster]
    position: int
    part: int | None
    n: int
    max_points: float | None
    facility: float | None
    discrimination: float | None
    efficiency: float | None
    upper_lower: float | None
    omit_rate: float | None
    options: list[ItemOption]
    statements: list[ItemStatement]
    right_counts: list[int]
    accepted: list[str]
    wrong_answers: list[WrongAnswerFigures]
    other_wrong: int
    flags: list[str]
    few_attempts: bool


class ItemState(TypedDict):
    """Where a computation stands, as ``ItemStateOut`` reads it."""

    status: str
    requested_at: datetime
    started_at: datetime | None
    computed_at: datetime | None
    attempts: int
    voided: int
    pending: int
    error: str
    progress: float | None


class Thresholds(TypedDict):
    """The flag thresholds (``ItemThresholdsOut``)."""

    facility_low: float
    facility_high: float
    discrimination_low: float
    group_share: float
    min_attempts: int
    key_error_min_upper: int


class ScaledBin(TypedDict):
    """A bin of the score distribution on the reporting scale (``HistogramBinOut``)."""

    lower: float
    upper: float
    count: int


class ItemScale(TypedDict):
    """The test's score figures on the preset's reporting scale (``ItemScaleOut``; decision 0056):
    ``assessments.scale.to_scale`` of the summary's mean, median, standard deviation and bin
    edges against its maximum."""

    score_scale: str
    scale_max: float
    mean: float | None
    median: float | None
    sd: float | None
    histogram: list[ScaledBin]


class ItemPart(TypedDict):
    """A part (phần) of the test's analysed questions as ``ItemPartOut`` reads it (``item_parts``)."""

    position: int
    name: str
    question_type: str
    points: float
    question_count: int
    mean_score: float | None
    max_score: float | None
    facility: float | None


class ItemAnalysisView(TypedDict):
    """A preset's or a batch's item analysis as ``ItemAnalysisOut`` reads it."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    state: ItemState
    summary: SummaryView | None
    scale: ItemScale | None
    parts: list[ItemPart]
    questions: list[ItemQuestion]
    thresholds: Thresholds
    flags: list[str]


class ItemAppearance(ItemQuestion):
    """A question's figures in one analysis, as ``ItemAppearanceOut`` reads them."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    state: ItemState
    test_alpha: float | None


class QuestionItemAnalysis(TypedDict):
    """Every stored figure of a question and its other versions (``QuestionItemAnalysisOut``)."""

    question_id: int
    root_id: int
    appearances: list[ItemAppearance]
    thresholds: Thresholds


class NoteFigures(TypedDict):
    """A question version's overall figures in one test, for the vetting note."""

    preset_name: str
    attempts: int
    facility: float | None
    discrimination: float | None
    upper_lower: float | None
    omit_rate: float | None
    flags: list[str]
    computed_at: datetime | None


class _Shaper:
    """Builds ``ItemQuestionOut`` rows for one reader: the language is read once, and each
    cluster's ``MatrixCluster.label`` / ``.name`` is computed once however many questions share
    it (a page of 50 questions has a handful of clusters)."""

    def __init__(self) -> None:
        self.language = reader_language()
        self.clusters: dict[int, ItemCluster] = {}
        self.true_false = {"true": _("True"), "false": _("False")}

    def cluster(self, kind: str, row: Mapping[str, Any]) -> ItemCluster | None:
        pk = row[f"question__{kind}_id"]
        if pk is None:
            return None
        if pk not in self.clusters:
            c = MatrixCluster(
                pk=pk,
                type=kind,
                code=row[f"question__{kind}__code"],
                description=row[f"question__{kind}__description"],
            )
            self.clusters[pk] = {
                "type": kind,
                "id": pk,
                "code": c.code,
                "label": str(c.label),
                "name": c.name,
            }
        return self.clusters[pk]

    def text(self, pair: Mapping[str, Any], limit: int = EXCERPT_CHARS) -> str:
        return excerpt(pick(pair.get("vi"), pair.get("en"), language=self.language), limit)

    @staticmethod
    def statement(
        figures: StatementFigures, shown: Mapping[str, tuple[int, dict[str, str]]]
    ) -> ItemStatement:
        """A statement's stored figures with its letter and text (``shown``: per statement id
        its index and text as the question holds them now)."""
        index, text = shown.get(figures["statement_id"], (None, None))
        return {
            **figures,
            "label": figures["statement_id"] if index is None else statement_label(index),
            "text": text,
        }

    def row(self, r: Mapping[str, Any]) -> ItemQuestion:
        figures = r["figures"]
        texts: dict[str, dict[str, str]] = {}
        if r["question__type"] == Question.Type.TRUE_FALSE:
            labels = self.true_false
        else:
            stored = r["question__content__options"] or []
            labels = {str(o.get("id")): self.text(o, 80) for o in stored}
            texts = {str(o.get("id")): {"vi": o.get("vi") or "", "en": o.get("en") or ""} for o in stored}
        qid = r["question_id"]
        statements = {
            str(st.get("id")): (i, {"vi": st.get("vi") or "", "en": st.get("en") or ""})
            for i, st in enumerate(r["question__content__statements"] or [])
        }
        return {
            "question_id": qid,
            "root_id": r["question__root_id"] or qid,
            "version": r["question__version"],
            "code": question_code(qid, r["question__version"]),
            "stem": self.text(r["question__content__stem"] or {}),
            "type": r["question__type"],
            "clusters": [c for kind in CLUSTER_KINDS if (c := self.cluster(kind, r)) is not None],
            "position": r["position"],
            "part": None,
            "n": r["n"],
            "max_points": figures.get("max_points"),
            "facility": r["facility"],
            "discrimination": r["discrimination"],
            "efficiency": figures.get("efficiency"),
            "upper_lower": figures.get("upper_lower"),
            "omit_rate": figures.get("omit_rate"),
            "options": [
                {
                    "option_id": o["option_id"],
                    "correct": o["correct"],
                    "count": o["count"],
                    "share": o["share"],
                    "upper_share": o["upper_share"],
                    "lower_share": o["lower_share"],
                    "upper_count": o.get("upper_count"),
                    "lower_count": o.get("lower_count"),
                    "label": labels.get(o["option_id"], o["option_id"]),
                    "text": texts.get(o["option_id"]),
                    "flags": option_flags(o, n=r["n"]),
                }
                for o in figures.get("options", [])
            ],
            "statements": [self.statement(st, statements) for st in figures.get("statements", [])],
            "right_counts": figures.get("right_counts", []),
            "accepted": figures.get("accepted", []),
            "wrong_answers": figures.get("wrong_answers", []),
            "other_wrong": figures.get("other_wrong", 0),
            "flags": r["flags"],
            "few_attempts": too_few(r["n"]),
        }


STATE_FIELDS = (
    "status",
    "requested_at",
    "started_at",
    "computed_at",
    "attempt_count",
    "voided_count",
    "pending_count",
    "error",
)
ANALYSIS_FIELDS = (*STATE_FIELDS, "preset_id", "preset__name", "batch_id", "batch__name", "summary")


def _state(values: Mapping[str, Any]) -> ItemState:
    """``ItemStateOut`` of an analysis's ``STATE_FIELDS``."""
    return {
        "status": values["status"],
        "requested_at": values["requested_at"],
        "started_at": values["started_at"],
        "computed_at": values["computed_at"],
        "attempts": values["attempt_count"],
        "voided": values["voided_count"],
        "pending": values["pending_count"],
        "error": values["error"],
        "progress": None,
    }


THRESHOLDS: Thresholds = {
    "facility_low": FACILITY_LOW,
    "facility_high": FACILITY_HIGH,
    "discrimination_low": DISCRIMINATION_LOW,
    "group_share": GROUP_SHARE,
    "min_attempts": MIN_ATTEMPTS,
    "key_error_min_upper": KEY_ERROR_MIN_UPPER,
}


def summary_view(summary: Summary | None) -> SummaryView | None:
    """The stored test figures with ``few_attempts``; ``None`` before a first computation."""
    if not summary:
        return None
    return {**summary, "few_attempts": too_few(summary["n"])}


def item_scale(summary: Mapping[str, Any] | None, preset: TestPreset) -> ItemScale | None:
    """The summary's score figures on the preset's reporting scale (decision 0056: the mean of a
    test out of 10 reads "7,35/10" as the result does), None before a first computation or
    without a maximum. Each figure and bin edge goes through ``assessments.scale.to_scale``."""
    if not summary or not summary.get("max_score"):
        return None
    scale = Scale.of(preset)
    most = Decimal(str(summary["max_score"]))

    def scaled(value: Any) -> float | None:
        return float(to_scale(Decimal(str(value)), most, scale)) if value is not None else None

    return {
        "score_scale": preset.score_scale,
        "scale_max": float(scale.top(most)),
        "mean": scaled(summary.get("mean")),
        "median": scaled(summary.get("median")),
        "sd": scaled(summary.get("sd")),
        "histogram": [
            {
                "lower": float(to_scale(Decimal(str(b["lower"])), most, scale)),
                "upper": float(to_scale(Decimal(str(b["upper"])), most, scale)),
                "count": b["count"],
            }
            for b in summary.get("histogram") or []
        ],
    }


PART_FIELDS = {
    "position": "position",
    "name_vi": "name_vi",
    "name_en": "name_en",
    "question_type": "question_type",
    "points": "points_per_question",
}
"""The fields of a ``PresetPart`` an analysis row carries (``_part_of``), as JSON keys."""


def _part_of(preset: TestPreset) -> Coalesce:
    """The part (``PART_FIELDS`` as a JSON object, or null) of an ``ItemAnalysisQuestion`` row's
    question in ``preset``, as two correlated subqueries of the rows' one query (no query more):
    the part of the question's blueprint row on the preset's shared form
    (``PresetQuestion.blueprint_item.part``, what the start reads, decision 0056); else, for a
    per-learner draw, a question no longer on the regenerated form or a form row whose blueprint
    row is gone, the preset's first part (by position) of the question's type: a part holds one
    type, so this is the part that drew it unless two parts share a type."""

    def fields(prefix: str) -> JSONObject:
        return JSONObject(**{key: f"{prefix}{name}" for key, name in PART_FIELDS.items()})

    on_form = PresetQuestion.objects.filter(
        preset_id=preset.pk, question_id=OuterRef("question_id"), blueprint_item__part__isnull=False
    ).values(part=fields("blueprint_item__part__"))[:1]
    by_type = (
        PresetPart.objects.filter(preset_id=preset.pk, question_type=OuterRef("question__type"))
        .order_by("position", "id")
        .values(part=fields(""))[:1]
    )
    return Coalesce(Subquery(on_form, output_field=JSONField()), Subquery(by_type, output_field=JSONField()))


def item_parts(questions: list[ItemQuestion], found: list[Any], attempts: int) -> list[ItemPart]:
    """The test's parts over the analysed questions (issue 39; decisions 0056 and 0059), by
    position; ``[]`` without parts. ``found[i]`` is the part of ``questions[i]`` (``PART_FIELDS``
    or ``None``); each question's ``part`` is set to its part's position (from 1). Computed from
    the stored per-question figures, no pass over the attempts: a question's mean score is
    ``facility x max_points`` over its ``n`` attempts, so the part's subtotal summed over the
    ``attempts`` analysed (``summary.n``) is the sum of ``n x facility x max_points``:

    - ``mean_score``: that sum / ``attempts``, raw points, the mean subtotal an attempt's result
      shows for the part ("2,10/3"; ``assessments.parts.part_scores``);
    - ``max_score``: the sum of ``n x max_points`` / ``attempts``, the part's maximum (every
      attempt has the part's count of questions at its points);
    - ``question_count``: the sum of ``n`` / ``attempts``, the part's questions per attempt (a
      per-learner draw lists more questions than each attempt had);
    - ``facility``: ``mean_score / max_score``;
    - ``points``: the part's points per question.

    Before any attempt is analysed the figures are ``None`` and the count and maximum are those
    of the listed questions. Stored facilities have four decimals, so the mean is exact to within
    0.00005 x the part's maximum. Rounded to four decimals."""
    parts: dict[int, tuple[Mapping[str, Any], list[ItemQuestion]]] = {}
    for question, part in zip(questions, found, strict=True):
        if part is not None:
            position = int(part["position"]) + 1
            question["part"] = position
            parts.setdefault(position, (part, []))[1].append(question)
    out: list[ItemPart] = []
    for position, (part, rows) in sorted(parts.items()):
        counts = sum(q["n"] for q in rows)
        got = sum(q["n"] * (q["facility"] or 0.0) * (q["max_points"] or 0.0) for q in rows)
        most = sum(q["n"] * (q["max_points"] or 0.0) for q in rows)
        mean = got / attempts if attempts else None
        maximum = most / attempts if attempts else sum(q["max_points"] or 0.0 for q in rows)
        out.append(
            {
                "position": position,
                "name": part_name(part["name_vi"], part["name_en"], position - 1),
                "question_type": str(part["question_type"]),
                "points": float(part["points"]),
                "question_count": round(counts / attempts) if attempts else len(rows),
                "mean_score": round(mean, 4) if mean is not None else None,
                "max_score": round(maximum, 4),
                "facility": round(mean / maximum, 4) if mean is not None and maximum else None,
            }
        )
    return out


def item_analysis_view(
    *, analysis: ItemAnalysis, preset: TestPreset, batch: Batch | None
) -> ItemAnalysisView:
    """``ItemAnalysisOut``: the scope, the computation state, the test figures (``None`` before a
    first computation), the parts (``item_parts``) and the question rows in form order, each with
    its part. One query (the rows with their questions, clusters and parts)."""
    rows = list(
        ItemAnalysisQuestion.objects.filter(analysis=analysis)
        .order_by("position", "question_id")
        .annotate(part=_part_of(preset))
        .values(*ROW_FIELDS, "part")
    )
    shaper = _Shaper()
    questions = [shaper.row(r) for r in rows]
    summary = analysis.summary or {}
    return {
        "preset_id": preset.pk,
        "preset_name": preset.name,
        "batch_id": batch.pk if batch else None,
        "batch_name": (batch.name or str(batch)) if batch else None,
        "state": {
            **_state({f: getattr(analysis, f) for f in STATE_FIELDS}),
            "progress": item_progress(analysis),
        },
        "summary": summary_view(analysis.summary),
        "scale": item_scale(analysis.summary or None, preset),
        "parts": item_parts(questions, [r["part"] for r in rows], int(summary.get("n") or 0)),
        "questions": questions,
        "thresholds": THRESHOLDS,
        "flags": list(FLAGS),
    }


def question_item_analysis(*, question_id: int) -> QuestionItemAnalysis:
    """``QuestionItemAnalysisOut``: the figures of a question, and of every other version of it,
    in every stored analysis (each batch, and each preset overall), newest computation first.
    404 "Question not found.". Two queries."""
    q = Question.objects.filter(pk=question_id).values("pk", "root_id").first()
    if q is None:
        raise not_found(_("Question not found."))
    root = q["root_id"] or q["pk"]
    rows = (
        ItemAnalysisQuestion.objects.filter(Q(question_id=root) | Q(question__root_id=root))
        .order_by("-analysis__computed_at", "analysis__preset_id", "analysis__batch_id", "id")
        .values(*ROW_FIELDS, *(f"analysis__{f}" for f in ANALYSIS_FIELDS))
    )
    shaper = _Shaper()
    appearances: list[ItemAppearance] = []
    for r in rows:
        batch_id = r["analysis__batch_id"]
        appearances.append(
            {
                **shaper.row(r),
                "preset_id": r["analysis__preset_id"],
                "preset_name": r["analysis__preset__name"],
                "batch_id": batch_id,
                "batch_name": str(Batch(pk=batch_id, name=r["analysis__batch__name"])) if batch_id else None,
                "state": _state({f: r[f"analysis__{f}"] for f in STATE_FIELDS}),
                "test_alpha": (r["analysis__summary"] or {}).get("alpha"),
            }
        )
    return {"question_id": q["pk"], "root_id": root, "appearances": appearances, "thresholds": THRESHOLDS}


def measured_facilities(question_ids: list[int]) -> dict[int, float]:
    """``{question id: measured facility}`` of those of ``question_ids`` that have one (decision
    0019): from the preset-overall analyses (``batch`` null, every counted attempt of a test)
    computed at least once, each question's facility in every test it was analysed in, weighted
    by its attempts there (sum of facility x n over sum of n), rounded to four decimals as
    stored. Exactly this version: a later version may have changed its content. One query on
    ``ItemAnalysisQuestion.question`` (indexed). Registered with ``assessments.measured``."""
    rows = (
        ItemAnalysisQuestion.objects.filter(
            question_id__in=question_ids,
            analysis__batch__isnull=True,
            analysis__computed_at__isnull=False,
            facility__isnull=False,
            n__gt=0,
        )
        .values("question_id")
        .annotate(attempts=Sum("n"), weighted=Sum(F("facility") * F("n"), output_field=FloatField()))
        .order_by()
    )
    return {r["question_id"]: round(r["weighted"] / r["attempts"], 4) for r in rows}


def question_figures_for_note(*, question_id: int) -> list[NoteFigures]:
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
