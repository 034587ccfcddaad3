"""An attempt's score as every screen shows it (issue 39 item 2; decision 0056): the total on the
preset's reporting scale and, for a preset with parts (phần), each part's subtotal.

The result, the gradebook and its export, the grading pages and the advanced report all read
their score here, so that one attempt shows one number everywhere: ``assessments.scale.to_scale``
converts, ``config.i18n.format_score`` (server texts) and the SPA's ``src/lib/score.ts`` write.
A part's subtotal is converted on the same scale against the attempt's whole maximum (with the
Ministry's format and a scale of 10, Phần I of Mathematics is "2,75/3").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, TypedDict

from assessments.models import TestPreset
from assessments.parts import part_scores
from assessments.scale import Scale, ScoreShown, score_shown, to_scale
from assignments.models import Attempt, AttemptAnswer


class PartShown(TypedDict):
    """A part's subtotal in an attempt (``PartScoreOut``): raw ``score`` of ``max_score`` points
    and the same on the reporting scale (``scale_score`` of ``scale_max``); the scores are None
    while an answer of the part waits for an educator."""

    position: int
    name: str
    question_type: str
    question_count: int
    score: float | None
    max_score: float
    scale_score: float | None
    scale_max: float


class AttemptScore(ScoreShown):
    """``scale_score`` of ``scale_max`` and the parts' subtotals (``[]`` without parts)."""

    parts: list[PartShown]


def _answer_score(answer: AttemptAnswer | Mapping[str, Any]) -> Decimal | None:
    """An answer's score, None while it waits for an educator."""
    get = answer.get if isinstance(answer, Mapping) else lambda name: getattr(answer, name)
    if get("needs_grading") and get("graded_at") is None:
        return None
    score = get("score")
    return Decimal(score) if score is not None else Decimal(0)


def parts_shown(attempt: Attempt, scale: Scale, scores: Mapping[int, Decimal | None]) -> list[PartShown]:
    """The subtotals of ``attempt``'s parts from its answers' ``scores`` (``{question id:
    score}``), raw and on ``scale`` (``to_scale`` against the attempt's maximum)."""
    out: list[PartShown] = []
    for part in part_scores(attempt.parts or [], scores):
        out.append(
            {
                "position": part["position"],
                "name": part["name"],
                "question_type": part["question_type"],
                "question_count": part["question_count"],
                "score": float(part["score"]) if part["score"] is not None else None,
                "max_score": float(part["max_score"]),
                "scale_score": (
                    float(to_scale(part["score"], attempt.max_score, scale))
                    if part["score"] is not None
                    else None
                ),
                "scale_max": float(to_scale(part["max_score"], attempt.max_score, scale)),
            }
        )
    return out


def attempt_score(
    attempt: Attempt,
    preset: TestPreset,
    *,
    answers: Iterable[AttemptAnswer] | None = None,
    withheld: bool = False,
) -> AttemptScore:
    """The attempt's score on the preset's scale and its parts' subtotals. ``answers``: the
    attempt's answers when already read (else one query when it has parts); ``withheld``: the
    result is not released to this reader, so no score is given (the maximum still is)."""
    scale = Scale.of(preset)
    shown = score_shown(None if withheld else attempt.score, attempt.max_score, scale)
    parts: list[PartShown] = []
    if attempt.parts and not withheld:
        rows = answers if answers is not None else attempt.answers.all()
        parts = parts_shown(attempt, scale, {a.question_id: _answer_score(a) for a in rows})
    return {**shown, "parts": parts}


def attempts_parts(attempts: Iterable[Attempt], preset: TestPreset) -> dict[int, list[PartShown]]:
    """``{attempt id: parts' subtotals}`` of many attempts of ``preset`` (the gradebook's page or
    export chunk); attempts without parts are left out. One query (none without parts)."""
    with_parts = [t for t in attempts if t.parts]
    if not with_parts:
        return {}
    scores: dict[int, dict[int, Decimal | None]] = defaultdict(dict)
    for row in AttemptAnswer.objects.filter(attempt__in=with_parts).values(
        "attempt_id", "question_id", "score", "needs_grading", "graded_at"
    ):
        scores[row["attempt_id"]][row["question_id"]] = _answer_score(row)
    scale = Scale.of(preset)
    return {t.pk: parts_shown(t, scale, scores[t.pk]) for t in with_parts}
