"""A preset's parts (phần) as a test shows and scores them (issue 39 item 2; decision 0056): the
part's name, the points each question of a generated form is worth, the maximum of a preset, and
the parts an attempt keeps from its start.

A question in a part is worth the part's ``points_per_question``; a question outside any part
(a preset without parts, or a form row whose blueprint item is gone) its own ``score_weight`` on
a shared form, 1 in a per-learner draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, TypedDict

from django.db.models import F, Sum
from django.db.models.functions import Coalesce

from assessments.models import BlueprintItem, PresetPart, PresetQuestion, TestPreset
from config.i18n import pick

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
PARTS_MAX = len(ROMAN)
"""Parts of one preset: the national exam has three; ten leaves room for other formats."""
PART_NAME_MAX = 60
POINTS_MIN, POINTS_MAX = Decimal("0.01"), Decimal(100)
"""Bounds of a part's points per question (two decimals)."""


def default_part_names(position: int) -> tuple[str, str]:
    """("Phần I", "Part I") for the first part (``position`` 0), and so on."""
    numeral = ROMAN[position] if position < len(ROMAN) else str(position + 1)
    return f"Phần {numeral}", f"Part {numeral}"


def part_place(position: int, *, language: str | None = None) -> str:
    """ "Phần I" / "Part I" (``position`` 0) in the reader's language: a part's short name, the
    gradebook's column heading."""
    vi, en = default_part_names(position)
    return pick(vi, en, language=language)


def part_name(name_vi: str, name_en: str, position: int, *, language: str | None = None) -> str:
    """The part's name in the reader's language: its own name (the other language's when one is
    blank, ``config.i18n.pick``), or "Phần I" / "Part I" by its place when it has none."""
    if not (name_vi or "").strip() and not (name_en or "").strip():
        return part_place(position, language=language)
    return pick(name_vi, name_en, language=language)


def form_points(preset: TestPreset) -> list[tuple[int, Decimal]]:
    """``[(question id, points)]`` of the preset's shared form in order: the part's points per
    question, else the question's score weight. The Python twin of
    ``sitting.statements.shared_form_sql`` (the start's statement; ``sitting/tests/test_twins.py``
    runs both). One query."""
    rows = (
        PresetQuestion.objects.filter(preset=preset)
        .order_by("position")
        .annotate(
            points=Coalesce(F("blueprint_item__part__points_per_question"), F("question__score_weight"))
        )
        .values_list("question_id", "points")
    )
    return [(qid, Decimal(points)) for qid, points in rows]


def preset_max_score(preset: TestPreset) -> Decimal:
    """The preset's maximum in raw points. With parts: the sum over the parts of questions x points
    per question ("its maximum is the sum of the parts"). Without: the sum of the shared form's
    score weights, or the blueprint's count (per learner: every question counts 1). Two queries."""
    with_parts = BlueprintItem.objects.filter(preset_subject__preset=preset, part__isnull=False)
    if with_parts.exists():
        total = with_parts.aggregate(total=Sum(F("count") * F("part__points_per_question")))["total"]
        return Decimal(total or 0)
    if preset.form_mode == TestPreset.FormMode.SHARED:
        return sum((points for _qid, points in form_points(preset)), Decimal(0))
    return Decimal(
        BlueprintItem.objects.filter(preset_subject__preset=preset).aggregate(total=Sum("count"))["total"]
        or 0
    )


class AttemptPart(TypedDict):
    """A part as an attempt keeps it from its start (``Attempt.parts``)."""

    name_vi: str
    name_en: str
    question_type: str
    points: str
    question_ids: list[int]


PartRow = tuple[int, int, str, str, str, Decimal]
"""A part as the start reads it with its form: (id, position, name_vi, name_en, question type,
points per question)."""


def part_row(part: PresetPart | None) -> PartRow | None:
    """``PartRow`` of a part (None outside any part)."""
    if part is None:
        return None
    return (part.pk, part.position, part.name_vi, part.name_en, part.question_type, part.points_per_question)


def attempt_parts(drawn: Iterable[tuple[int, PartRow | None]]) -> list[AttemptPart]:
    """The parts of a new attempt: ``drawn`` is its form as ``[(question id, its part's row or
    None)]`` in order; each part lists its questions in that order, the parts by position. ``[]``
    for a form without parts. No query: the start reads the parts with the form (the start's
    statements are counted, issue 23)."""
    parts: dict[int, tuple[PartRow, list[int]]] = {}
    for qid, row in drawn:
        if row is not None:
            parts.setdefault(row[0], (row, []))[1].append(qid)
    return [
        {
            "name_vi": row[2],
            "name_en": row[3],
            "question_type": row[4],
            "points": str(row[5]),
            "question_ids": ids,
        }
        for row, ids in sorted(parts.values(), key=lambda entry: entry[0][1])
    ]


def shared_form_parts(preset: TestPreset) -> dict[int, int | None]:
    """``{question id: part id or None}`` of the preset's shared form. One query."""
    return dict(
        PresetQuestion.objects.filter(preset=preset).values_list("question_id", "blueprint_item__part_id")
    )


class PartScore(TypedDict):
    """A part's subtotal in an attempt: raw ``score`` of ``max_score`` points (score None while an
    answer of the part waits for an educator)."""

    position: int
    name: str
    question_type: str
    question_count: int
    score: Decimal | None
    max_score: Decimal


def part_scores(
    parts: list[Mapping[str, Any]],
    scores: Mapping[int, Decimal | None],
    *,
    language: str | None = None,
) -> list[PartScore]:
    """The subtotals of an attempt's ``parts`` (``Attempt.parts``) from its answers' ``scores``
    (``{question id: score}``; a question without an answer scores 0, an answer waiting for an
    educator, None, leaves its part's score None)."""
    out: list[PartScore] = []
    for position, part in enumerate(parts):
        ids = [int(q) for q in part.get("question_ids") or []]
        points = Decimal(str(part.get("points") or 0))
        values = [scores.get(qid, Decimal(0)) for qid in ids]
        got = None if None in values else sum((v for v in values if v is not None), Decimal(0))
        out.append(
            {
                "position": position + 1,
                "name": part_name(
                    part.get("name_vi", ""), part.get("name_en", ""), position, language=language
                ),
                "question_type": str(part.get("question_type", "")),
                "question_count": len(ids),
                "score": got,
                "max_score": points * len(ids),
            }
        )
    return out


class FormPart(TypedDict):
    """A part as the test page shows it (``PartOut`` of the attempt, issue 39): its ``position``
    from 1, ``name`` in the reader's language (``part_name``), ``place`` its short name ("Phần II"
    / "Part II", ``part_place``: the heading of its numbers in the question grid), its
    ``question_type``, the ``points`` each of its questions is worth, and where its questions sit
    in the form: ``first`` (the 1-based number of its first question) and ``count``."""

    position: int
    name: str
    place: str
    question_type: str
    points: float
    first: int
    count: int


def form_parts(
    parts: list[Mapping[str, Any]], question_ids: list[int], *, language: str | None = None
) -> list[FormPart]:
    """The parts of an attempt's form for its test page: ``parts`` as the attempt keeps them
    (``Attempt.parts``, ``AttemptPart``) against its ``question_ids`` in order. A form keeps each
    part's questions together and in part order (decision 0056: generation and ``preset_reorder``),
    so a part is its ``count`` questions from number ``first``; a part none of whose questions is
    in the form (it cannot happen: the start writes both) is left out. ``[]`` without parts. No
    query."""
    number = {qid: n for n, qid in enumerate(question_ids, start=1)}
    out: list[FormPart] = []
    for position, part in enumerate(parts):
        numbers = [number[q] for q in (int(q) for q in part.get("question_ids") or []) if q in number]
        if not numbers:
            continue
        out.append(
            {
                "position": position + 1,
                "name": part_name(
                    part.get("name_vi", ""), part.get("name_en", ""), position, language=language
                ),
                "place": part_place(position, language=language),
                "question_type": str(part.get("question_type", "")),
                "points": float(Decimal(str(part.get("points") or 0))),
                "first": min(numbers),
                "count": len(numbers),
            }
        )
    return out
