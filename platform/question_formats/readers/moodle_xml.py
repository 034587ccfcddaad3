"""Moodle XML question files (issue 36, item 2), read as candidates.

Moodle's format (docs.moodle.org "Moodle XML format"): ``<quiz>`` holding ``<question type=...>``
elements; a ``type="category"`` question sets the category (``$course$/top/A/B``) of those after
it, which becomes the candidates' folder ``("A", "B")`` (the context ``$course$``, ``$system$``,
``$module$``, ``$cat1$`` and Moodle's hidden ``top`` are dropped; ``//`` in a name is a ``/``).

What each type becomes:

- ``multichoice``: ``single`` true: ``single_choice`` keyed by the answer at 100 %; otherwise
  ``multiple_choice`` keyed by every answer with a positive fraction.
- ``truefalse``: ``true_false`` keyed by the answer (``true``/``false``) at 100 %.
- ``shortanswer``: ``short_text``; the answers at 100 % are accepted, ``usecase`` is
  ``case_sensitive``; Moodle compares accents exactly, so ``diacritic_sensitive`` is true.
  Answers with partial credit are left out (a warning).
- ``essay``: ``essay``; ``graderinfo`` is the rubric, ``defaultgrade`` the maximum score.
- ``numerical``: ``numeric`` (issue 39) when every answer at 100 % has no tolerance and is a
  number the answer sheet's four cells can hold ("0.5" is accepted as "0,5"); otherwise not
  supported, its answers at 100 % with their tolerance kept as ``answer_key = {"numeric":
  [{"value", "tolerance"}]}``.
- ``description`` (a shared stimulus once the bank has one) and everything else (``matching``,
  ``cloze``/``multianswer``, ``ddwtos``, ``ddmarker``, ``calculated*``, ``gapselect``...):
  ``type="unsupported"`` with ``source_type`` and a blocking problem.

Every text: ``generalfeedback`` is the explanation; ``defaultgrade`` the score weight (not for
an essay); images are ``<file name=... encoding="base64">`` in the text's element, referred to as
``@@PLUGINFILE@@/name``; math, languages and HTML as ``question_formats.texts`` says.

Memory: the file is parsed as a stream (lxml ``iterparse``) and each ``<question>`` element is
freed once read, so a 10,000-question file costs its candidates and not its tree
(``bench/question_files_formats.py``). No DTD, no entity expansion, no network.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from typing import Any
from urllib.parse import unquote

from django.utils.translation import gettext as _
from lxml import etree

from assessments.matching import SheetNumberError, sheet_number, sheet_text
from question_formats.candidates import Candidate, Problem
from question_formats.texts import (
    XML_PARSER_OPTIONS,
    ImageBag,
    bank_text,
    broken,
    check_count,
    choice_problems,
    clean_html,
    empty_text,
    html_to_plain,
    looks_like_text,
    markdown_to_html,
    math_to_bank,
    option_id,
    plain_to_html,
    refuse_doctype,
    stem_problems,
    unrecognized,
    unsupported_problem,
)

FORMAT = "moodle_xml"
NAME = "Moodle XML"
_ROOT = re.compile(r"^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<quiz[\s>/]", re.S)
_PLUGINFILE = re.compile(r"@@PLUGINFILE@@/([^\"'\s<>]+)")
_CONTEXTS = {"$course$", "$system$", "$module$", "$cat1$"}
SUPPORTED = {"multichoice", "truefalse", "shortanswer", "essay"}


def sniff(data: bytes, filename: str) -> bool:
    """True when the content is XML whose root element is ``<quiz>`` (the name is not read)."""
    text = looks_like_text(data)
    return bool(text and _ROOT.match(text))


def category_folder(path: str) -> tuple[str, ...]:
    """``$course$/top/A/B`` -> ``("A", "B")``: the context and Moodle's ``top`` dropped, ``//``
    in a name read as ``/``."""
    parts = [part.replace("\x00", "/").strip() for part in path.replace("//", "\x00").split("/")]
    parts = [part for part in parts if part]
    if parts and parts[0].lower() in _CONTEXTS:
        parts = parts[1:]
    if parts and parts[0] == "top":
        parts = parts[1:]
    return tuple(parts)


def read(data: bytes) -> list[Candidate]:
    """The questions of a Moodle XML file, in file order (module docstring). Raises 400
    ``xml_refused`` for a DTD, ``question_file_unrecognized`` when the root is not ``<quiz>``,
    ``question_file_broken`` for broken XML and ``question_file_too_large`` past
    ``texts.MAX_QUESTIONS``."""
    refuse_doctype(data)
    events = etree.iterparse(io.BytesIO(data), events=("start", "end"), **XML_PARSER_OPTIONS)
    candidates: list[Candidate] = []
    folder: tuple[str, ...] = ()
    depth = 0
    try:
        for event, element in events:
            if event == "start":
                depth += 1
                if depth == 1 and element.tag != "quiz":
                    raise unrecognized(NAME)
                continue
            depth -= 1
            if depth != 1 or element.tag != "question":
                continue
            kind = (element.get("type") or "").strip().lower()
            if kind == "category":
                folder = category_folder(element.findtext("category/text") or "")
            else:
                candidates.append(_question(element, kind, folder, len(candidates) + 1))
                check_count(candidates)
            element.clear(keep_tail=False)
            parent = element.getparent()
            while parent is not None and element.getprevious() is not None:
                del parent[0]
    except etree.XMLSyntaxError as exc:
        if depth == 0 and not candidates:
            raise unrecognized(NAME) from exc
        raise broken(NAME, _("(line %(line)s)") % {"line": exc.lineno}) from exc
    return candidates


def _text(element, path: str) -> str:
    return (element.findtext(path) or "").strip()


def _field(element, bag: ImageBag, problems: list[Problem]) -> str:
    """The HTML of a Moodle text element (``<questiontext format=...><text>...</text>
    <file .../></questiontext>``) with its files as candidate images; math not yet converted."""
    if element is None:
        return ""
    raw = element.findtext("text") or ""
    text_format = (element.get("format") or "html").lower()
    if text_format == "markdown":
        html = markdown_to_html(raw)
    elif text_format in ("plain_text", "moodle_auto_format") and "<" not in raw:
        html = plain_to_html(raw)
    else:
        html = raw
    files = {}
    for file in element.findall("file"):
        name = (file.get("name") or "").strip()
        try:
            files[name] = base64.b64decode((file.text or "").strip(), validate=False)
        except (binascii.Error, ValueError):
            problems.append(
                Problem("image_unsupported", _("The file %(name)s cannot be read.") % {"name": name})
            )

    def swap(match: re.Match) -> str:
        name = unquote(match.group(1)).rsplit("/", 1)[-1]
        if name not in files:
            return match.group(0)
        return bag.add(name, files[name]) or ""

    return _PLUGINFILE.sub(swap, html)


def _fraction(answer) -> float:
    try:
        return float(answer.get("fraction") or 0)
    except ValueError:
        return 0.0


def _question(element, kind: str, folder: tuple[str, ...], number: int) -> Candidate:
    problems: list[Problem] = []
    bag = ImageBag()
    ref = html_to_plain(_text(element, "name/text")) or f"#{number}"
    stem = bank_text(_field(element.find("questiontext"), bag, problems), problems)
    explanation = bank_text(_field(element.find("generalfeedback"), bag, problems), problems)
    content: dict[str, Any] = {"stem": stem, "explanation": explanation}
    candidate = Candidate(ref=ref, type="unsupported", content=content, folder=folder, source_type=kind)
    grade = _grade(element)
    answers = element.findall("answer")
    if kind == "multichoice":
        single = _text(element, "single").lower() in ("true", "1")
        options = []
        correct = []
        for index, answer in enumerate(answers):
            option = {"id": option_id(index), **bank_text(_field(answer, bag, problems), problems)}
            options.append(option)
            fraction = _fraction(answer)
            if (single and fraction >= 99.99) or (not single and fraction > 0):
                correct.append(option["id"])
        candidate.type = "single_choice" if single else "multiple_choice"
        content["options"] = options
        candidate.answer_key = {"option": correct[0] if correct else ""} if single else {"options": correct}
        problems.extend(choice_problems(options, candidate.answer_key, candidate.type))
    elif kind == "truefalse":
        candidate.type = "true_false"
        value = None
        for index, answer in enumerate(answers):
            if _fraction(answer) >= 99.99:
                word = html_to_plain(answer.findtext("text") or "").lower()
                value = word == "true" if word in ("true", "false") else index == 0
        candidate.answer_key = {"value": value} if value is not None else {}
        if value is None:
            problems.append(Problem("no_key_marked", _("Neither true nor false is marked as the answer.")))
    elif kind == "shortanswer":
        candidate.type = "short_text"
        accepted = [(a.findtext("text") or "").strip() for a in answers if _fraction(a) >= 99.99]
        accepted = [math_to_bank(text) for text in accepted if text]
        if len(accepted) < len([a for a in answers if _fraction(a) > 0]):
            problems.append(
                Problem(
                    "partial_credit_not_kept",
                    _("Answers with partial credit are left out: the bank accepts an answer or not."),
                    blocking=False,
                )
            )
        case_sensitive = _text(element, "usecase") in ("1", "true")
        candidate.answer_key = {
            "accepted": accepted,
            "case_sensitive": case_sensitive,
            "diacritic_sensitive": True,
        }
        if not accepted:
            problems.append(Problem("no_key_marked", _("No answer is accepted as correct.")))
    elif kind == "essay":
        candidate.type = "essay"
        rubric = clean_html(math_to_bank(_field(element.find("graderinfo"), bag, problems)), problems)
        candidate.answer_key = {"rubric": rubric, "max_score": grade if grade else 1}
        grade = None
    elif kind == "numerical" and (sheet := _sheet_numbers(answers)) is not None:
        candidate.type = "numeric"
        candidate.answer_key = {"accepted": sheet}
        problems = stem_problems(stem) + problems
    else:
        if kind == "numerical":
            candidate.answer_key = {
                "numeric": [
                    {
                        "value": html_to_plain(a.findtext("text") or ""),
                        "tolerance": _text(a, "tolerance") or "0",
                    }
                    for a in answers
                    if _fraction(a) >= 99.99
                ]
            }
        problems.append(unsupported_problem(kind or "?"))
    if kind in SUPPORTED:
        problems = stem_problems(stem) + problems
    candidate.score_weight = grade
    candidate.images = bag.images
    candidate.problems = problems + bag.problems
    if "options" not in content and candidate.type in ("single_choice", "multiple_choice"):
        content["options"] = []
    content.setdefault("explanation", empty_text())
    return candidate


def _sheet_numbers(answers) -> list[str] | None:
    """A ``numerical`` question's answers at 100 % as the answer sheet writes them, or None when
    one has a tolerance or is no number the four cells can hold (``matching.sheet_number``)."""
    right = [a for a in answers if _fraction(a) >= 99.99]
    try:
        if not right or any(float(_text(a, "tolerance") or "0") != 0 for a in right):
            return None
        return list(
            dict.fromkeys(
                sheet_text(str(sheet_number(html_to_plain(a.findtext("text") or "")))) for a in right
            )
        )
    except (ValueError, SheetNumberError):
        return None


def _grade(element) -> float | None:
    try:
        value = float(_text(element, "defaultgrade"))
    except ValueError:
        return None
    return value if value > 0 else None
