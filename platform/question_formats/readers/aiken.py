"""Aiken question files (issue 36, item 2), read as candidates.

Aiken (docs.moodle.org "Aiken format"): single-choice questions in plain text, each its question
line(s), then its options, one a line, opened by a capital letter and ``.`` or ``)``
("A. 4", "B) 5"), then ``ANSWER: B``. Blank lines between questions are optional. Every
candidate is a ``single_choice`` keyed by the letter's option; a question without an
``ANSWER:`` line (a new question starts, or the file ends) or whose letter names no option is
blocked. Texts are plain: escaped as HTML, with math delimiters read as ``question_formats.texts``
says.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from question_formats.candidates import Candidate, Problem
from question_formats.texts import (
    bank_text,
    check_count,
    choice_problems,
    decode_text,
    empty_text,
    html_to_plain,
    looks_like_text,
    option_id,
    plain_to_html,
    stem_problems,
    unrecognized,
)

FORMAT = "aiken"
NAME = "Aiken"
_OPTION = re.compile(r"^([A-Z])[.)]\s+(.*\S)\s*$")
_ANSWER = re.compile(r"^ANSWER\s*:\s*([A-Z])\s*$", re.I)
_ANSWER_LINES = re.compile(r"(?m)^ANSWER\s*:\s*[A-Z]\s*$", re.I)
_OPTION_LINES = re.compile(r"(?m)^[A-Z][.)]\s+\S")


def sniff(data: bytes, filename: str) -> bool:
    """True for text (not XML) with at least one option line and one ``ANSWER: X`` line."""
    text = looks_like_text(data)
    if not text or text.lstrip().startswith("<"):
        return False
    return bool(_ANSWER_LINES.search(text) and _OPTION_LINES.search(text))


class _Pending:
    def __init__(self, line: int) -> None:
        self.line = line
        self.stem: list[str] = []
        self.options: list[tuple[str, str]] = []


def read(data: bytes) -> list[Candidate]:
    """The questions of an Aiken file, in file order (module docstring). Raises 400
    ``question_file_unrecognized`` for a binary or XML file, or text without any Aiken
    question, and ``question_file_too_large`` past ``texts.MAX_QUESTIONS``."""
    text = decode_text(data, NAME)
    if text.lstrip().startswith("<"):
        raise unrecognized(NAME)
    candidates: list[Candidate] = []
    pending: _Pending | None = None
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        answer = _ANSWER.match(line)
        option = _OPTION.match(line)
        if answer and pending is not None:
            candidates.append(_candidate(pending, answer.group(1).upper()))
            pending = None
        elif option and pending is not None and pending.stem:
            pending.options.append((option.group(1), option.group(2)))
        else:
            if pending is not None and pending.options:
                candidates.append(_candidate(pending, None))
                pending = None
            pending = pending or _Pending(number)
            pending.stem.append(line)
        check_count(candidates)
    if pending is not None:
        candidates.append(_candidate(pending, None))
    if not any(c.answer_key.get("option") or c.content.get("options") for c in candidates):
        raise unrecognized(NAME)
    return candidates


def _candidate(pending: _Pending, letter: str | None) -> Candidate:
    problems: list[Problem] = []
    stem = bank_text(plain_to_html("\n".join(pending.stem)), problems)
    options = [
        {"id": option_id(index), **bank_text(plain_to_html(text), problems)}
        for index, (_letter, text) in enumerate(pending.options)
    ]
    letters = [found for found, _text in pending.options]
    key = {"option": option_id(letters.index(letter)) if letter in letters else ""}
    problems = stem_problems(stem) + problems + choice_problems(options, key, "single_choice")
    if letter is None:
        problems = [p for p in problems if p.code != "no_key_marked"]
        problems.append(Problem("no_key_marked", _("The question has no ANSWER line.")))
    elif letter not in letters:
        problems = [p for p in problems if p.code != "no_key_marked"]
        problems.append(
            Problem(
                "no_key_marked", _("ANSWER: %(letter)s names no option of the question.") % {"letter": letter}
            )
        )
    ref = html_to_plain(stem["vi"])[:40] or _("line %(n)d") % {"n": pending.line}
    return Candidate(
        ref=ref,
        type="single_choice",
        content={"stem": stem, "options": options, "explanation": empty_text()},
        answer_key=key,
        problems=problems,
        source_type="multichoice",
    )
