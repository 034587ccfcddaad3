"""GIFT question files (issue 36, item 2), read as candidates.

GIFT (docs.moodle.org "GIFT format"): questions separated by blank lines, ``//`` comment lines,
an optional ``::title::`` (the candidate's ``ref``) and ``[html]``/``[markdown]``/``[plain]``/
``[moodle]`` text format, then the answers between ``{`` and ``}``; text after the answers
continues the stem after a blank ``_____`` (a "missing word" question). ``\\~ \\= \\# \\{ \\}
\\:`` are the characters themselves. ``$CATEGORY: A/B`` puts the questions after it in the
folder ``("A", "B")`` (as a Moodle category path).

- ``{=a ~b ~c}``: ``single_choice`` keyed by the ``=`` answer;
- ``{~%50%a ~%50%b ~%-100%c}`` (no ``=``): ``multiple_choice`` keyed by the positive weights;
- ``{T}``, ``{TRUE}``, ``{F}``, ``{FALSE}``: ``true_false``;
- ``{=x =y}`` (``=`` answers only): ``short_text`` accepting the answers at 100 % (case-blind,
  as Moodle's short answer from GIFT; accents compared);
- ``{}``: ``essay``;
- ``{#...}`` numerical (kept as ``answer_key = {"numeric": [{"value", "tolerance"}]}``),
  ``{=a -> b ...}`` matching, and a text without answers (a description) are not supported:
  ``type="unsupported"`` with a blocking problem.

``####text`` at the end of the answers is the general feedback, the explanation; ``#text`` after
one answer is that answer's feedback, which the bank does not hold (left out).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from question_formats.candidates import Candidate, Problem
from question_formats.readers.moodle_xml import category_folder
from question_formats.texts import (
    bank_text,
    check_count,
    choice_problems,
    decode_text,
    empty_text,
    html_to_plain,
    looks_like_text,
    markdown_to_html,
    math_to_bank,
    option_id,
    plain_to_html,
    stem_problems,
    unrecognized,
    unsupported_problem,
)

FORMAT = "gift"
NAME = "GIFT"
_SIGNALS = re.compile(
    r"(?m)^\s*::[^\n]*?::|^\s*\$CATEGORY:|(?<!\\)\{\s*(?:[=~#]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\}|\})"
)
_FORMAT = re.compile(r"^\s*\[(html|markdown|plain|moodle)\]", re.I)
_WEIGHT = re.compile(r"^%(-?\d+(?:\.\d+)?)%")
_HTML_TAG = re.compile(r"<[a-zA-Z][^>]*>")
_TRUE_FALSE = {"T": True, "TRUE": True, "F": False, "FALSE": False}


def sniff(data: bytes, filename: str) -> bool:
    """True for text (not XML) holding GIFT's marks: a ``::title::``, ``$CATEGORY:`` or an
    answer block ``{=``, ``{~``, ``{#``, ``{T}``, ``{}``."""
    text = looks_like_text(data)
    return bool(text and not text.lstrip().startswith("<") and _SIGNALS.search(text))


def _find(text: str, token: str, start: int = 0) -> int:
    """The index of the first ``token`` at or after ``start`` not escaped by ``\\``, or -1."""
    index = start
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text.startswith(token, index):
            return index
        index += 1
    return -1


def _split(text: str, markers: str) -> list[str]:
    """``text`` cut before every unescaped character of ``markers`` (each piece keeps its
    marker as first character; a piece before the first marker is dropped if blank)."""
    pieces, current, index = [], "", 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            current += text[index : index + 2]
            index += 2
            continue
        if char in markers:
            pieces.append(current)
            current = ""
        current += char
        index += 1
    pieces.append(current)
    return [piece for i, piece in enumerate(pieces) if i or piece.strip()]


def _unescape(text: str) -> str:
    text = re.sub(r"\\n", "\n", text)
    return re.sub(r"\\([~=#{}:\\])", r"\1", text)


def _html(text: str, text_format: str, *, inline: bool = False) -> str:
    text = _unescape(text).strip()
    if text_format == "html":
        return text
    if text_format == "markdown":
        return markdown_to_html(text, inline=inline)
    if text_format == "moodle" and _HTML_TAG.search(text):
        return text
    return plain_to_html(text)


def _blocks(text: str):
    """``(first line number, block text)`` of each blank-line-separated block, comments out."""
    block: list[str] = []
    start = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip().startswith("//"):
            continue
        if not line.strip():
            if block:
                yield start, "\n".join(block)
            block = []
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        yield start, "\n".join(block)


def read(data: bytes) -> list[Candidate]:
    """The questions of a GIFT file, in file order (module docstring). Raises 400
    ``question_file_unrecognized`` for a binary or XML file and ``question_file_too_large``
    past ``texts.MAX_QUESTIONS``."""
    text = decode_text(data, NAME)
    if text.lstrip().startswith("<"):
        raise unrecognized(NAME)
    candidates: list[Candidate] = []
    folder: tuple[str, ...] = ()
    for line_number, block in _blocks(text):
        lines = block.split("\n")
        while lines and lines[0].strip().startswith("$CATEGORY:"):
            folder = category_folder(lines.pop(0).strip()[len("$CATEGORY:") :].strip())
        if lines:
            candidates.append(_question("\n".join(lines), folder, line_number))
            check_count(candidates)
    return candidates


def _question(block: str, folder: tuple[str, ...], line_number: int) -> Candidate:
    problems: list[Problem] = []
    body = block.strip()
    title = ""
    if body.startswith("::"):
        end = _find(body, "::", 2)
        if end > 0:
            title, body = _unescape(body[2:end]).strip(), body[end + 2 :].strip()
    text_format = "moodle"
    found = _FORMAT.match(body)
    if found:
        text_format, body = found.group(1).lower(), body[found.end() :]
    opening = _find(body, "{")
    closing = _find(body, "}", opening + 1) if opening >= 0 else -1
    if opening < 0 or closing < 0:
        stem_source, answers, source_type = body, None, "description"
    else:
        before, after = body[:opening].strip(), body[closing + 1 :].strip()
        stem_source = f"{before} _____ {after}" if after else before
        answers, source_type = body[opening + 1 : closing].strip(), ""
    stem = bank_text(_html(stem_source, text_format), problems)
    ref = title or html_to_plain(stem["vi"] or stem["en"])[:40] or _("line %(n)d") % {"n": line_number}
    candidate = Candidate(
        ref=ref, type="unsupported", content={"stem": stem, "explanation": empty_text()}, folder=folder
    )
    if answers is None:
        candidate.source_type = source_type
        candidate.problems = [unsupported_problem(source_type)]
        return candidate
    general = _find(answers, "####")
    if general >= 0:
        candidate.content["explanation"] = bank_text(_html(answers[general + 4 :], text_format), problems)
        answers = answers[:general].strip()
    _answers(candidate, answers, text_format, problems)
    if candidate.type != "unsupported":
        problems = stem_problems(stem) + problems
    candidate.problems = problems
    return candidate


def _answers(candidate: Candidate, answers: str, text_format: str, problems: list[Problem]) -> None:
    head = answers[: _find(answers, "#")] if _find(answers, "#") > 0 else answers
    if not answers:
        candidate.type = candidate.source_type = "essay"
        candidate.answer_key = {"rubric": "", "max_score": 1}
    elif answers.startswith("#"):
        candidate.source_type = "numerical"
        candidate.answer_key = {"numeric": _numeric(answers[1:])}
        problems.append(unsupported_problem("numerical"))
    elif head.strip().upper() in _TRUE_FALSE:
        candidate.type, candidate.source_type = "true_false", "truefalse"
        candidate.answer_key = {"value": _TRUE_FALSE[head.strip().upper()]}
    elif _find(answers, "->") >= 0:
        candidate.source_type = "matching"
        problems.append(unsupported_problem("matching"))
    else:
        parsed = []
        for piece in _split(answers, "=~"):
            marker, rest = piece[0], piece[1:].strip()
            weight = 100.0 if marker == "=" else 0.0
            found = _WEIGHT.match(rest)
            if found:
                weight, rest = float(found.group(1)), rest[found.end() :]
            feedback = _find(rest, "#")
            parsed.append((marker, weight, rest[:feedback] if feedback >= 0 else rest))
        if parsed and all(marker == "=" for marker, _w, _t in parsed):
            _short_answer(candidate, parsed, problems)
        elif parsed:
            _choice(candidate, parsed, text_format, problems)
        else:
            candidate.source_type = "?"
            problems.append(unsupported_problem("?"))


def _short_answer(candidate: Candidate, parsed: list, problems: list[Problem]) -> None:
    candidate.type, candidate.source_type = "short_text", "shortanswer"
    accepted = [math_to_bank(_unescape(text).strip()) for _m, weight, text in parsed if weight >= 99.99]
    if len(accepted) < len([1 for _m, weight, _t in parsed if weight > 0]):
        problems.append(
            Problem(
                "partial_credit_not_kept",
                _("Answers with partial credit are left out: the bank accepts an answer or not."),
                blocking=False,
            )
        )
    candidate.answer_key = {
        "accepted": [a for a in accepted if a],
        "case_sensitive": False,
        "diacritic_sensitive": True,
    }
    if not candidate.answer_key["accepted"]:
        problems.append(Problem("no_key_marked", _("No answer is accepted as correct.")))


def _choice(candidate: Candidate, parsed: list, text_format: str, problems: list[Problem]) -> None:
    single = any(marker == "=" for marker, _w, _t in parsed)
    options, correct = [], []
    for index, (marker, weight, text) in enumerate(parsed):
        options.append({"id": option_id(index), **bank_text(_html(text, text_format, inline=True), problems)})
        if (single and marker == "=") or (not single and weight > 0):
            correct.append(option_id(index))
    candidate.type = "single_choice" if single else "multiple_choice"
    candidate.source_type = "multichoice"
    candidate.content["options"] = options
    candidate.answer_key = {"option": correct[0]} if single else {"options": correct}
    problems.extend(choice_problems(options, candidate.answer_key, candidate.type))


def _numeric(answers: str) -> list[dict[str, str]]:
    """``3.14:0.01``, ``1..5`` or ``=3:0.1 =%50%3:0.5`` as ``[{"value", "tolerance"}]`` (the
    answers at 100 %)."""
    pieces = _split(answers, "=") if _find(answers, "=") >= 0 else [answers]
    found = []
    for piece in pieces:
        piece = piece.lstrip("=").strip()
        weight = _WEIGHT.match(piece)
        if weight:
            if float(weight.group(1)) < 99.99:
                continue
            piece = piece[weight.end() :]
        feedback = _find(piece, "#")
        piece = (piece[:feedback] if feedback >= 0 else piece).strip()
        try:
            if ".." in piece:
                low, high = (Decimal(part) for part in piece.split("..", 1))
                found.append({"value": str((low + high) / 2), "tolerance": str((high - low) / 2)})
            else:
                value, _sep, tolerance = piece.partition(":")
                found.append({"value": str(Decimal(value)), "tolerance": str(Decimal(tolerance or "0"))})
        except InvalidOperation:
            continue
    return found
