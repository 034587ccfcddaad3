"""Shapes the assignments app's schemas share (issue 17, item 5): question types, answers as stored
(decision 0008), an attempt's breakdown. Times are aware instants (ISO 8601, UTC); scores are
points."""

from __future__ import annotations

from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field, Strict

from assessments.matching import STATEMENT_ID_MAX, STATEMENTS_MAX

QuestionType = Literal[
    "single_choice", "multiple_choice", "true_false", "short_text", "essay", "true_false_set", "numeric"
]
AttemptResult = Literal["pending", "passed", "failed"]


# --- shared shapes (a question's texts, options and answer keys: assessments.content) ----------


class Closed(Schema):
    """An exact shape: unknown keys are refused (and OpenAPI says ``additionalProperties: false``),
    so a union of such shapes picks the one that matches."""

    model_config = ConfigDict(extra="forbid")


OPTION_ID_MAX = 1000
"""An option id in an answer (ids are short, "a".."j" from the editor; imports keep theirs)."""


class OptionAnswer(Closed):
    """A single-choice answer: the chosen option's id."""

    option: Annotated[str, Strict(), Field(max_length=OPTION_ID_MAX)]


class OptionsAnswer(Closed):
    """A multiple-choice answer: the chosen options' ids."""

    options: Annotated[list[Annotated[str, Strict(), Field(max_length=OPTION_ID_MAX)]], Field(max_length=50)]


class ValueAnswer(Closed):
    """A true/false answer."""

    value: Annotated[bool, Strict()]


class StatementsAnswer(Closed):
    """A true/false set's answer (phần II, issue 39): each judged statement's id (at most
    ``STATEMENT_ID_MAX`` characters) with true (Đúng) or false (Sai), at most ``STATEMENTS_MAX``
    of them; a statement left out is unanswered."""

    statements: Annotated[
        dict[Annotated[str, Field(max_length=STATEMENT_ID_MAX)], Annotated[bool, Strict()]],
        Field(max_length=STATEMENTS_MAX),
    ]


class TextAnswer(Closed):
    """A short text (at most 2,000 characters), essay (at most 20,000) or numeric answer (the
    answer sheet's four cells, issue 39); ``taking`` checks the length by question type."""

    text: Annotated[str, Strict(), Field(max_length=20_000)]


Answer = OptionAnswer | OptionsAnswer | ValueAnswer | StatementsAnswer | TextAnswer
"""An answer as stored (decision 0008): ``{"option"}``, ``{"options": [...]}``, ``{"value"}``,
``{"statements": {id: bool}}`` or ``{"text"}``; ``null`` when cleared or never given."""


class BreakdownRowOut(Schema):
    """Points of one subject or matrix cluster: ``score`` of ``max``, ``percent`` (0-100, one
    decimal)."""

    id: int
    name: str
    score: float
    max: float
    percent: float


class BreakdownOut(Schema):
    """An attempt's points by subject and by matrix cluster (empty lists before release)."""

    subject: list[BreakdownRowOut] = []
    topic: list[BreakdownRowOut] = []
    complexity_level: list[BreakdownRowOut] = []
    cognitive_domain: list[BreakdownRowOut] = []


class ReleasedOut(Schema):
    """How many results were released now."""

    released: int


class PartScoreOut(Schema):
    """A part's (phần) subtotal in an attempt (decision 0056; ``assignments.scores``): its place
    (from 1) and name in the reader's language, the question type it draws, how many questions,
    raw ``score`` of ``max_score`` points and the same on the preset's reporting scale
    (``scale_score`` of ``scale_max``); the scores are null while an answer of the part waits
    for an educator."""

    position: int
    name: str
    question_type: str
    question_count: int
    score: float | None
    max_score: float
    scale_score: float | None
    scale_max: float
