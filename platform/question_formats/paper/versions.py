"""Shuffled versions of a paper test (issue 36, item 3; decision 0042): pure logic, no I/O.

A version ("mã đề") is the test's questions with, inside each part, the question groups in a new
order (a group is one question, or the questions sharing a stimulus, kept together in their own
order) and each choice question's options in a new order, its answer key following its options.
Everything is drawn from ``random.Random(f"{seed}:{code}")``: the same seed gives the same
versions in every process (a string seed is hashed with SHA-512, never Python's salted ``hash``),
and version 102 does not depend on how many versions were asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from assessments.matching import statement_label

FIRST_CODE = 101
"""The first version's code; the next ones count up (101, 102, ...), as Vietnamese schools number them."""

LETTERS = "ABCDEFGHIJ"
"""Option labels by position; a question holds at most ``assessments.services.questions.MAX_OPTIONS``
(10) options."""

CHOICE_TYPES = ("single_choice", "multiple_choice")


def option_label(question_type: str, index: int) -> str:
    """How the paper labels the ``index``-th printed option: "A.", "B."...; a true/false set's
    statements (printed as its options, never shuffled; issue 39) "a)", "b)"... as the national
    exam prints them."""
    return statement_label(index) if question_type == "true_false_set" else f"{LETTERS[index]}."


@dataclass(frozen=True)
class PaperQuestion:
    """A question of the test as printed in the paper's language.

    ``stem`` and each option's text are the bank's sanitized HTML (math as ``$...$``); ``options``
    are ``(option id, html)`` in the bank's order; ``answer_key`` is the stored key
    (``assessments.content.AnswerKeyOut`` shapes); ``group`` names a shared stimulus: questions with
    the same non-empty group stay together, in the order given (``""``: the question stands alone);
    ``stimulus`` is that stimulus' HTML (title and body), printed once before the group.
    """

    id: int
    type: str
    stem: str
    options: tuple[tuple[str, str], ...] = ()
    answer_key: dict[str, Any] | None = None
    group: str = ""
    stimulus: str = ""


@dataclass(frozen=True)
class Part:
    """A part of the test (decision 0042: one per subject of the blueprint): a title ("" when the
    test has one part) and its questions in the test's order."""

    title: str
    questions: tuple[PaperQuestion, ...]


@dataclass(frozen=True)
class PrintedQuestion:
    """A question as one version prints it: its ``number`` in the version (1, 2, ... across
    parts), its options in the version's order and its key in that order.

    ``key``: single choice, the letter (``"C"``); multiple choice, the letters in alphabetical
    order (``"A, C"``); true/false, ``True``/``False``; short text and numeric, the first
    accepted answer; a true/false set, one character a statement in order, ``T`` true, ``F``
    false, ``-`` not keyed (``"TFTF"``; issue 39); essay or a question without a key, ``None``."""

    number: int
    question: PaperQuestion
    options: tuple[tuple[str, str], ...]
    key: str | bool | None


@dataclass(frozen=True)
class PaperVersion:
    """One version: its ``code`` (101, 102, ...) and its parts as ``(title, printed questions)``."""

    code: int
    parts: tuple[tuple[str, tuple[PrintedQuestion, ...]], ...]

    @property
    def questions(self) -> list[PrintedQuestion]:
        """Every printed question in order (what the answer key lists)."""
        return [q for _title, questions in self.parts for q in questions]


def _groups(questions: Sequence[PaperQuestion]) -> list[list[PaperQuestion]]:
    """The part's questions as groups in first-seen order: a question with a ``group`` joins the
    earlier ones of that group; a question without one is a group of its own."""
    groups: list[list[PaperQuestion]] = []
    named: dict[str, list[PaperQuestion]] = {}
    for q in questions:
        if q.group and q.group in named:
            named[q.group].append(q)
            continue
        groups.append([q])
        if q.group:
            named[q.group] = groups[-1]
    return groups


def remapped_key(question: PaperQuestion, options: Sequence[tuple[str, str]]) -> str | bool | None:
    """The key of ``question`` printed with ``options`` in this order (see ``PrintedQuestion.key``)."""
    key = question.answer_key or {}
    letter = {option_id: LETTERS[i] for i, (option_id, _html) in enumerate(options)}
    if question.type == "single_choice":
        return letter.get(key.get("option") or "")
    if question.type == "multiple_choice":
        letters = sorted(letter[o] for o in key.get("options") or [] if o in letter)
        return ", ".join(letters) or None
    if question.type == "true_false":
        value = key.get("value")
        return value if isinstance(value, bool) else None
    if question.type in ("short_text", "numeric"):
        accepted = key.get("accepted") or []
        return str(accepted[0]) if accepted else None
    if question.type == "true_false_set":
        judged = key.get("statements") or {}

        def mark(value: Any) -> str:
            return "T" if value is True else "F" if value is False else "-"

        return "".join(mark(judged.get(option_id)) for option_id, _html in options) or None
    return None


def paper_version(
    parts: Sequence[Part], *, seed: int, code: int, shuffle_options: bool = True
) -> PaperVersion:
    """Version ``code`` of ``parts`` drawn with ``seed`` (see the module's docstring)."""
    rng = random.Random(f"{seed}:{code}")
    number = 0
    printed_parts = []
    for part in parts:
        groups = _groups(part.questions)
        rng.shuffle(groups)
        printed = []
        for group in groups:
            for q in group:
                number += 1
                options = list(q.options)
                if shuffle_options and q.type in CHOICE_TYPES:
                    rng.shuffle(options)
                printed.append(PrintedQuestion(number, q, tuple(options), remapped_key(q, options)))
        printed_parts.append((part.title, tuple(printed)))
    return PaperVersion(code=code, parts=tuple(printed_parts))


def paper_versions(parts: Sequence[Part], *, count: int, seed: int) -> list[PaperVersion]:
    """``count`` versions, codes ``FIRST_CODE`` upwards."""
    return [paper_version(parts, seed=seed, code=FIRST_CODE + i) for i in range(count)]


GroupOf = Callable[[Any], str]
"""How the service names a question's shared stimulus (``""``: none): its id (decision 0054)."""


def stimulus_heads(questions: Sequence[PrintedQuestion]) -> dict[int, tuple[int, int]]:
    """For the first printed question of each group with a stimulus, the numbers of the group's
    first and last question (``{number: (first, last)}``): where the stimulus is printed, with
    "Questions 3–5 ..." (a group is printed together, ``paper_version``)."""
    heads: dict[int, tuple[int, int]] = {}
    first: dict[str, int] = {}
    for q in questions:
        if not q.question.group or not q.question.stimulus:
            continue
        start = first.setdefault(q.question.group, q.number)
        heads[start] = (start, q.number)
    return heads
