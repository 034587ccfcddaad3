"""Item analysis statistics (issue 19, section 2; decision 0017): pure numpy/scipy, no database.

The input is a matrix of item scores, one row per attempt (one attempt per learner) and one
column per question, with ``nan`` where the question was not on that attempt's form (per-learner
draws); the maximum points of each question; which answers were left empty; for choice
questions, which options each attempt chose; and, when every attempt had the same number of
questions, the scores by position on the form. ``analyse`` returns plain JSON-ready dicts:

- test figures: ``n``, ``mean``, ``median``, ``sd`` (sample, n - 1), ``skewness`` (adjusted
  Fisher-Pearson G1, ``scipy.stats.skew(bias=False)``, Moodle's formula), ``histogram``,
  ``alpha`` (Cronbach's alpha; KR-20 when every answer scored 0 or its question's maximum,
  ``coefficient`` says which), ``reliability_basis`` (what alpha was computed over, below) and
  ``sem`` (standard error of measurement, sd * sqrt(1 - alpha));
- per question: ``facility`` (mean score / maximum), ``discrimination`` (corrected item-rest
  Pearson correlation: the question against the total of the *other* questions; the
  point-biserial for 0/1 items), ``efficiency`` (Moodle's discriminative efficiency: that
  covariance over the largest one the two score distributions allow), ``upper_lower`` (the upper-
  lower 27 % index: (mean in the upper group - mean in the lower group) / maximum),
  ``omit_rate``, ``options`` (distractor analysis: count and share of each option overall, in
  the upper and in the lower 27 %) and ``flags``; for a true/false set (phần II, câu hỏi
  Đúng/Sai) ``statements`` (each statement's facility overall and in the two groups) and
  ``right_counts`` (attempts by the number of statements judged right), for a numeric answer
  (phần III, trả lời ngắn) ``wrong_answers`` (the most frequent wrong answers, grouped as the
  answer sheet reads them, with their counts in the two groups) and ``other_wrong``.

Partial credit (issue 39, item 3; decision 0059). Every formula above takes the scores as they
are, so a true/false set scored 0.1, 0.25, 0.5 or 1 of its point is a polytomous item like an
essay: facility is its mean score over its points (for 0/1 items the proportion right),
discrimination the Pearson r of its partial scores with the rest (the point-biserial for 0/1
items), alpha is Cronbach's (KR-20 for 0/1 items). ``MIN_ATTEMPTS`` is the number of attempts
below which the figures are shown with a note that they need more (``too_few``).

Reliability when forms differ. Cronbach's alpha needs a complete attempts x items matrix. With
one shared form the items are the questions ("questions" basis). With a different draw per
learner no two learners need share a question, so alpha over questions is undefined; instead,
as Moodle does for random-question slots, the items are the *positions* of the form (position p
holds whichever question the blueprint drew there: every form has the same blueprint, so
position p measures the same cell), which is complete when every attempt had the same number of
questions ("positions" basis). Otherwise alpha and SEM are ``None`` (basis ``None``).

Figures that are undefined (too few attempts, no variance) are ``None``. A negative alpha (items
that disagree more than chance) is reported, but its SEM is ``None``: sd * sqrt(1 - alpha) would
exceed the sd, which classical test theory does not allow (Moodle prints such an error ratio
above 100 %). Moodle's quiz statistics report is the anchor; its facility index, discrimination
index, discriminative efficiency, coefficient of internal consistency and standard error are the
same formulas (Moodle prints them as percentages).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TypedDict

import numpy as np

from assessments.matching import SheetNumberError, numeric_matches, sheet_format, sheet_number

FACILITY_LOW = 0.2
"""Below this facility a question is flagged ``too_hard``."""
FACILITY_HIGH = 0.9
"""Above this facility a question is flagged ``too_easy``."""
DISCRIMINATION_LOW = 0.2
"""An item-rest correlation below this (and not negative) is flagged ``low_discrimination``."""
GROUP_SHARE = 0.27
"""Kelley's upper and lower groups: the top and bottom 27 % of attempts by total score."""
HISTOGRAM_BINS = 10
"""Bins of the score distribution when it is not one bin per whole score."""
HISTOGRAM_MAX_SCORES = 20
"""Up to this whole-number maximum (and whole totals), one bin per possible score 0..max."""

MIN_ATTEMPTS = 30
"""Attempts a figure needs to be read as a measurement (issue 39, item 3; decision 0059): with
fewer, the page and the export show each figure (facility, discrimination, alpha, flags) with the
note "needs at least 30 attempts; this has n" (``too_few``). 30 is the usual floor of classical
item analysis for a stable correlation; the upper and lower 27 % groups then hold 8 attempts."""
KEY_ERROR_MIN_UPPER = 2
"""A wrong answer is a likely key error only when at least this many attempts of the upper group
gave it (``key_error_suspected``): one strong learner's slip is not a pattern."""
WRONG_ANSWERS_SHOWN = 5
"""The most frequent wrong answers of a numeric question listed (and the only ones flagged)."""

FLAGS = (
    "too_hard",
    "too_easy",
    "low_discrimination",
    "negative_discrimination",
    "unused_distractor",
    "likely_key_error",
)
"""Every flag a question may carry, in the order they are listed."""


class HistogramBin(TypedDict):
    """Totals t with ``lower`` <= t < ``upper`` (``ItemSummaryOut.histogram``)."""

    lower: float | None
    upper: float | None
    count: int


class Summary(TypedDict):
    """The test figures of ``analyse`` (stored as ``ItemAnalysis.summary``; ``ItemSummaryOut``)."""

    n: int
    question_count: int
    form_length: int | None
    max_score: float | None
    mean: float | None
    median: float | None
    sd: float | None
    skewness: float | None
    histogram: list[HistogramBin]
    alpha: float | None
    coefficient: str
    reliability_basis: str | None
    sem: float | None
    group_size: int


class OptionFigures(TypedDict):
    """Distractor analysis of one option (``_options``): shares are fractions of the attempts
    that had the question, overall and in the upper and lower groups; ``upper_count`` and
    ``lower_count`` are the attempts of each group that chose it (absent from figures stored
    before issue 39)."""

    option_id: str
    correct: bool
    count: int
    share: float | None
    upper_share: float | None
    lower_share: float | None
    upper_count: int
    lower_count: int


class StatementFigures(TypedDict):
    """One statement of a true/false set (``_statements``): ``key`` the judgement the key gives
    (True: Đúng), ``right`` the attempts that judged it so, ``wrong`` those that judged it the
    other way, ``blank`` those that left it unanswered (not right: it earns nothing, decision
    0055); ``facility`` = right / attempts that had the question, and the same within the upper
    and the lower group; ``upper_wrong`` and ``lower_wrong`` count the other judgement in each
    group; ``flags`` is ``["likely_key_error"]`` when the other judgement is a likely key error
    (``key_error_suspected``), else empty."""

    statement_id: str
    key: bool
    right: int
    wrong: int
    blank: int
    facility: float | None
    upper_facility: float | None
    lower_facility: float | None
    upper_wrong: int
    lower_wrong: int
    flags: list[str]


class WrongAnswerFigures(TypedDict):
    """One wrong answer of a numeric question (``_wrong_answers``): ``answer`` as the sheet writes
    it (``matching.sheet_format``: "0.5", "0,50" and ",5" are one answer "0,5"), or as typed
    (surrounding blanks dropped) when it is not a number the sheet can hold (``valid`` False);
    ``count`` and ``share`` of the attempts that had the question, the same in the upper and
    the lower group; ``flags`` as ``StatementFigures``'."""

    answer: str
    valid: bool
    count: int
    share: float | None
    upper_count: int
    lower_count: int
    upper_share: float | None
    lower_share: float | None
    flags: list[str]


class QuestionFigures(TypedDict):
    """The figures of one question of ``analyse`` (module docstring)."""

    question_id: int
    type: str
    max_points: float | None
    n: int
    facility: float | None
    discrimination: float | None
    efficiency: float | None
    upper_lower: float | None
    omit_rate: float | None
    options: list[OptionFigures]
    statements: list[StatementFigures]
    right_counts: list[int]
    accepted: list[str]
    wrong_answers: list[WrongAnswerFigures]
    other_wrong: int
    flags: list[str]


class Analysis(TypedDict):
    """What ``analyse`` returns."""

    summary: Summary
    questions: list[QuestionFigures]


@dataclass
class Item:
    """One question of the analysis: its id, type, maximum points and, for choice questions
    (single, multiple, true/false), its option ids in order and the keyed (correct) ones; for a
    true/false set its statement ids in order and the key's judgement of each (True: Đúng); for
    a numeric question its accepted answers (the key's sheet numbers)."""

    question_id: int
    type: str
    max_points: float
    option_ids: list[str] = field(default_factory=list)
    correct: set[str] = field(default_factory=set)
    statement_ids: list[str] = field(default_factory=list)
    statement_key: list[bool] = field(default_factory=list)
    accepted: list[str] = field(default_factory=list)


def too_few(n: int) -> bool:
    """Whether ``n`` attempts are fewer than a figure needs (``MIN_ATTEMPTS``): the page and the
    export then show the note beside each figure of that count."""
    return n < MIN_ATTEMPTS


def key_error_suspected(
    *, upper_share: float | None, lower_share: float | None, upper_count: int | None
) -> bool:
    """The likely-key-error rule of every wrong answer (issue 19; issue 39, item 3; decision
    0059): a wrong option, the wrong judgement of a true/false statement, or a wrong numeric
    answer is suspect when a larger share of the upper 27 % group than of the lower one gave it
    and at least ``KEY_ERROR_MIN_UPPER`` attempts of the upper group did. Shares, not counts,
    because with a different draw per learner the two groups need not hold as many attempts that
    had the question. ``upper_count`` ``None`` (figures stored before issue 39) skips the count."""
    if upper_share is None or lower_share is None or upper_share <= lower_share:
        return False
    return upper_count is None or upper_count >= KEY_ERROR_MIN_UPPER


def _num(value: float | np.floating | None, digits: int = 4) -> float | None:
    """A finite float rounded to ``digits``, or ``None`` (nan, inf, missing)."""
    if value is None:
        return None
    value = float(value)
    return round(value, digits) if math.isfinite(value) else None


def _pearson(x: np.ndarray, y: np.ndarray) -> float | None:
    """Pearson's r of two equal-length vectors; ``None`` under three points or without variance."""
    if x.size < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return None
    from scipy import stats

    return float(stats.pearsonr(x, y).statistic)


def efficiency(x: np.ndarray, rest: np.ndarray) -> float | None:
    """Moodle's discriminative efficiency: cov(x, rest) / cov_max, where cov_max pairs the sorted
    item scores with the sorted rest scores (the largest covariance those two distributions
    allow). 1 is the best a question with this facility can do; ``None`` as for ``_pearson``."""
    if x.size < 3 or np.ptp(x) == 0 or np.ptp(rest) == 0:
        return None
    dx, dr = x - x.mean(), rest - rest.mean()
    cov_max = float(((np.sort(x) - x.mean()) * (np.sort(rest) - rest.mean())).sum())
    return float((dx * dr).sum()) / cov_max if cov_max > 0 else None


def cronbach_alpha(scores: np.ndarray) -> float | None:
    """Cronbach's alpha of an (attempts x items) matrix with no missing values:
    k / (k - 1) * (1 - sum of item variances / variance of totals), sample variances (n - 1;
    the n / (n - 1) factors cancel, so population variances give the same value). With items
    scored 0 or their maximum this is KR-20. ``None`` with fewer than two items or attempts, or
    when the totals do not vary."""
    n, k = scores.shape
    if k < 2 or n < 2:
        return None
    total_var = scores.sum(axis=1).var(ddof=1)
    if total_var == 0:
        return None
    return float(k / (k - 1) * (1 - scores.var(axis=0, ddof=1).sum() / total_var))


def histogram(totals: np.ndarray, max_total: float) -> list[HistogramBin]:
    """The score distribution, each bin ``{"lower", "upper", "count"}`` holding the totals t with
    lower <= t < upper (the last bin also its upper edge). When the maximum is a whole number up
    to ``HISTOGRAM_MAX_SCORES`` and every total is whole: one bin per score s, [s, s + 1), so
    that 9 and 10 of 10 are told apart. Otherwise ``HISTOGRAM_BINS`` equal bins from 0 to the
    maximum (or the highest total, if above it)."""
    top = max(float(max_total), float(totals.max()) if totals.size else 0.0, 1.0)
    whole = bool(np.all(np.isclose(totals, np.round(totals))))
    if top.is_integer() and top <= HISTOGRAM_MAX_SCORES and whole:
        bins, span = int(top) + 1, (0.0, top + 1)
    else:
        bins, span = HISTOGRAM_BINS, (0.0, top)
    counts, edges = np.histogram(np.round(totals, 6), bins=bins, range=span)
    return [
        {"lower": _num(edges[i], 2), "upper": _num(edges[i + 1], 2), "count": int(counts[i])}
        for i in range(bins)
    ]


def groups(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row indices of the lower and upper 27 % groups by total score: round(0.27 n) each (at
    least one when n >= 2), ties broken by row order (a stable sort; rows come in attempt order),
    so the same data always gives the same groups."""
    n = totals.size
    size = max(1, int(round(GROUP_SHARE * n))) if n >= 2 else 0
    order = np.argsort(totals, kind="stable")
    return order[:size], order[n - size :] if size else order[:0]


def _options(item: Item, chosen: np.ndarray, upper: np.ndarray, lower: np.ndarray) -> list[OptionFigures]:
    """Distractor analysis of a choice item: per option its count, its share overall, in the upper
    and in the lower group (fractions of the attempts in each that had the question; omitted
    answers count in the denominators) and whether it is keyed. ``chosen`` is (attempts x
    options) booleans over the attempts that had the question."""
    rows: list[OptionFigures] = []
    for j, option_id in enumerate(item.option_ids):
        col = chosen[:, j]
        rows.append(
            {
                "option_id": option_id,
                "correct": option_id in item.correct,
                "count": int(col.sum()),
                "share": _num(col.mean()) if col.size else None,
                "upper_share": _num(col[upper].mean()) if upper.size else None,
                "lower_share": _num(col[lower].mean()) if lower.size else None,
                "upper_count": int(col[upper].sum()),
                "lower_count": int(col[lower].sum()),
            }
        )
    return rows


def _share(mask: np.ndarray) -> float | None:
    return _num(mask.mean()) if mask.size else None


def _statements(
    item: Item, judged: np.ndarray, upper: np.ndarray, lower: np.ndarray
) -> tuple[list[StatementFigures], list[int]]:
    """Per statement of a true/false set its figures (``StatementFigures``) and the attempts by
    the number of statements judged right (index 0 to the number of statements). ``judged`` is
    (attempts that had the question x statements) int: 1 judged true (Đúng), 0 judged false
    (Sai), -1 unanswered; ``upper``/``lower`` index its rows."""
    rows: list[StatementFigures] = []
    right_all = np.zeros(judged.shape, dtype=bool)
    for s, (statement_id, key) in enumerate(zip(item.statement_ids, item.statement_key, strict=True)):
        col = judged[:, s]
        right, wrong = col == int(key), col == int(not key)
        right_all[:, s] = right
        upper_wrong, lower_wrong = wrong[upper], wrong[lower]
        rows.append(
            {
                "statement_id": statement_id,
                "key": key,
                "right": int(right.sum()),
                "wrong": int(wrong.sum()),
                "blank": int((col < 0).sum()),
                "facility": _share(right),
                "upper_facility": _share(right[upper]),
                "lower_facility": _share(right[lower]),
                "upper_wrong": int(upper_wrong.sum()),
                "lower_wrong": int(lower_wrong.sum()),
                "flags": ["likely_key_error"]
                if key_error_suspected(
                    upper_share=_share(upper_wrong),
                    lower_share=_share(lower_wrong),
                    upper_count=int(upper_wrong.sum()),
                )
                else [],
            }
        )
    counts = np.bincount(right_all.sum(axis=1), minlength=len(item.statement_ids) + 1)
    return rows, [int(c) for c in counts]


def numeric_group(text: str) -> tuple[str, bool]:
    """How a numeric answer is counted among the wrong answers: (the sheet's writing of its
    number, True), so that "0.5", "0,50" and ",5" are one answer "0,5"; or (the text as typed,
    surrounding blanks dropped, False) when it is not a number the sheet can hold (only a forged
    request stores one, decision 0055)."""
    try:
        return sheet_format(sheet_number(text)), True
    except SheetNumberError:
        return text.strip(), False


def _wrong_answers(
    item: Item, typed: np.ndarray, upper: np.ndarray, lower: np.ndarray
) -> tuple[list[WrongAnswerFigures], int]:
    """The ``WRONG_ANSWERS_SHOWN`` most frequent wrong answers of a numeric question (most given
    first; ties: more in the upper group, then by the answer), and how many attempts gave
    another wrong answer. ``typed`` is the (attempts that had the question,) object array of
    the answers' texts, ``None`` when left empty (not a wrong answer: the omit rate counts it);
    an answer is wrong when ``matching.numeric_matches`` says it does not match the key."""
    key = {"accepted": item.accepted}
    in_upper = np.zeros(typed.size, dtype=bool)
    in_upper[upper] = True
    in_lower = np.zeros(typed.size, dtype=bool)
    in_lower[lower] = True
    seen: dict[str, tuple[str, bool] | None] = {}  # per distinct text: its group, None when right
    groups: dict[tuple[str, bool], list[int]] = {}  # per group: count, in upper, in lower
    for i, text in enumerate(typed):
        if text is None or not str(text).strip():
            continue
        if text not in seen:
            seen[text] = None if numeric_matches(text, key) else numeric_group(text)
        group = seen[text]
        if group is None:
            continue
        counts = groups.setdefault(group, [0, 0, 0])
        counts[0] += 1
        counts[1] += int(in_upper[i])
        counts[2] += int(in_lower[i])
    ranked = sorted(groups.items(), key=lambda g: (-g[1][0], -g[1][1], g[0][0]))
    n, n_upper, n_lower = typed.size, upper.size, lower.size
    rows: list[WrongAnswerFigures] = []
    for (answer, valid), (count, up, low) in ranked[:WRONG_ANSWERS_SHOWN]:
        upper_share = _num(up / n_upper) if n_upper else None
        lower_share = _num(low / n_lower) if n_lower else None
        rows.append(
            {
                "answer": answer,
                "valid": valid,
                "count": count,
                "share": _num(count / n) if n else None,
                "upper_count": up,
                "lower_count": low,
                "upper_share": upper_share,
                "lower_share": lower_share,
                "flags": ["likely_key_error"]
                if key_error_suspected(upper_share=upper_share, lower_share=lower_share, upper_count=up)
                else [],
            }
        )
    return rows, sum(c[0] for _g, c in ranked[WRONG_ANSWERS_SHOWN:])


OPTION_FLAGS = ("unused_distractor", "likely_key_error")
"""The flags an option may carry (the distractor flags of ``FLAGS``), in that order."""


def option_flags(option: OptionFigures, *, n: int) -> list[str]:
    """The flags of one option of a choice question (a sub-list of ``OPTION_FLAGS``): a wrong
    option nobody chose, once the question was answered at all (``n`` > 0), is an unused
    distractor; a wrong option that ``key_error_suspected`` (more by share in the upper group
    than in the lower, by at least two of the upper group) is a likely key error. ``option`` is a
    row of ``_options`` (``correct``, ``count``, ``upper_share``, ``lower_share``,
    ``upper_count``). The question's distractor flags are these, gathered."""
    if option["correct"]:
        return []
    flags = []
    if n and option["count"] == 0:
        flags.append("unused_distractor")
    if key_error_suspected(
        upper_share=option["upper_share"],
        lower_share=option["lower_share"],
        upper_count=option.get("upper_count"),
    ):
        flags.append("likely_key_error")
    return flags


def question_flags(
    *,
    n: int,
    facility: float | None,
    discrimination: float | None,
    options: list[OptionFigures],
    answers: list[list[str]] | None = None,
) -> list[str]:
    """The flags of one question (a sub-list of ``FLAGS``, in that order), from its figures:
    facility under ``FACILITY_LOW`` or over ``FACILITY_HIGH``; an item-rest correlation from 0
    to under ``DISCRIMINATION_LOW``, or negative; then the flags of its options
    (``option_flags``): a wrong option nobody chose (only once the question was answered at
    all, ``n`` > 0); a likely key error (``key_error_suspected``); ``answers``: the flags of its
    true/false statements or of its listed wrong numeric answers, gathered the same way."""
    flags = []
    if facility is not None and facility < FACILITY_LOW:
        flags.append("too_hard")
    if facility is not None and facility > FACILITY_HIGH:
        flags.append("too_easy")
    if discrimination is not None and 0 <= discrimination < DISCRIMINATION_LOW:
        flags.append("low_discrimination")
    if discrimination is not None and discrimination < 0:
        flags.append("negative_discrimination")
    found = {flag for o in options for flag in option_flags(o, n=n)}
    found.update(flag for row in answers or [] for flag in row)
    flags += [flag for flag in OPTION_FLAGS if flag in found]
    return flags


def analyse(
    *,
    items: list[Item],
    scores: np.ndarray,
    omitted: np.ndarray,
    choices: dict[int, np.ndarray],
    max_total: float,
    slot_scores: np.ndarray | None = None,
    judgements: dict[int, np.ndarray] | None = None,
    typed: dict[int, np.ndarray] | None = None,
) -> Analysis:
    """Item analysis of ``scores`` ((n attempts x k items) float, ``nan`` = not on the form),
    ``omitted`` ((n x k) bool: presented but left empty), ``choices`` ({item column: (n x options)
    bool}, choice items only), ``max_total`` (the test's maximum points, for the histogram),
    ``slot_scores`` ((n x m) scores by position, when every attempt had m questions; used for
    alpha only when the question matrix has gaps), ``judgements`` ({item column: (n x
    statements) int, 1 Đúng, 0 Sai, -1 unanswered}, true/false sets only) and ``typed`` ({item
    column: (n,) object array of the typed texts, ``None`` when empty}, numeric items only).
    Returns ``{"summary": {...}, "questions":
    [...]}`` (see the module docstring); every question's ``flags`` is a sub-list of ``FLAGS``.
    scipy is imported here, not with the module: the web processes read the stored figures and
    the constants, and scipy.stats would cost each of them 0.8 s and 76 MB."""
    from scipy import stats

    n, k = scores.shape
    presented = ~np.isnan(scores)
    filled = np.where(presented, scores, 0.0)
    totals = filled.sum(axis=1)
    lower, upper = groups(totals)
    in_upper = np.zeros(n, dtype=bool)
    in_upper[upper] = True
    in_lower = np.zeros(n, dtype=bool)
    in_lower[lower] = True
    maxima = np.array([it.max_points for it in items], dtype=float)
    dichotomous = bool(
        k
        and presented.any()
        and all(np.isin(scores[presented[:, j], j], (0.0, maxima[j])).all() for j in range(k))
    )
    if k and presented.all():
        basis, alpha = "questions", cronbach_alpha(scores)
    elif slot_scores is not None and slot_scores.shape[0] == n and slot_scores.size:
        basis, alpha = "positions", cronbach_alpha(slot_scores)
    else:
        basis, alpha = None, None
    sd = float(totals.std(ddof=1)) if n >= 2 else None
    sem = sd * math.sqrt(1 - alpha) if sd is not None and alpha is not None and alpha >= 0 else None
    summary: Summary = {
        "n": int(n),
        "question_count": int(k),
        "form_length": int(slot_scores.shape[1]) if slot_scores is not None else None,
        "max_score": _num(max_total, 2),
        "mean": _num(totals.mean()) if n else None,
        "median": _num(np.median(totals)) if n else None,
        "sd": _num(sd),
        "skewness": _num(stats.skew(totals, bias=False)) if n >= 3 and np.ptp(totals) > 0 else None,
        "histogram": histogram(totals, max_total) if n else [],
        "alpha": _num(alpha),
        "coefficient": "kr20" if dichotomous else "alpha",
        "reliability_basis": basis if alpha is not None else None,
        "sem": _num(sem),
        "group_size": int(upper.size),
    }
    questions: list[QuestionFigures] = []
    for j, item in enumerate(items):
        mask = presented[:, j]
        col = scores[mask, j]
        rest = totals[mask] - col
        count = int(mask.sum())
        facility = _num(col.mean() / item.max_points) if count and item.max_points else None
        discrimination = _num(_pearson(col, rest))
        up, low = mask & in_upper, mask & in_lower
        upper_lower = (
            _num((scores[up, j].mean() - scores[low, j].mean()) / item.max_points)
            if up.any() and low.any() and item.max_points
            else None
        )
        up_rows, low_rows = np.flatnonzero(in_upper[mask]), np.flatnonzero(in_lower[mask])
        options: list[OptionFigures] = []
        if j in choices:
            options = _options(item, choices[j][mask], up_rows, low_rows)
        statements: list[StatementFigures] = []
        right_counts: list[int] = []
        if judgements is not None and j in judgements and item.statement_ids:
            statements, right_counts = _statements(item, judgements[j][mask], up_rows, low_rows)
        wrong: list[WrongAnswerFigures] = []
        other_wrong = 0
        if typed is not None and j in typed:
            wrong, other_wrong = _wrong_answers(item, typed[j][mask], up_rows, low_rows)
        questions.append(
            {
                "question_id": item.question_id,
                "type": item.type,
                "max_points": _num(item.max_points, 2),
                "n": count,
                "facility": facility,
                "discrimination": discrimination,
                "efficiency": _num(efficiency(col, rest)),
                "upper_lower": upper_lower,
                "omit_rate": _num(omitted[mask, j].mean()) if count else None,
                "options": options,
                "statements": statements,
                "right_counts": right_counts,
                "accepted": [numeric_group(a)[0] for a in item.accepted] if item.type == "numeric" else [],
                "wrong_answers": wrong,
                "other_wrong": other_wrong,
                "flags": question_flags(
                    n=count,
                    facility=facility,
                    discrimination=discrimination,
                    options=options,
                    answers=[row["flags"] for row in [*statements, *wrong]],
                ),
            }
        )
    return {"summary": summary, "questions": questions}
