"""A bank's questions as a Moodle XML file (issue 36, item 2): what ``readers.moodle_xml`` reads
back as the same questions.

Each folder becomes a ``type="category"`` question (``$course$/top/<bank>/<folder>/...``) before
its questions; each question one ``<question>``: ``single_choice`` and ``multiple_choice`` as
``multichoice`` (single: the key at 100 %, the others 0; multiple: the keys share 100 %, the
others share -100 %), ``true_false`` as ``truefalse``, ``short_text`` as ``shortanswer`` (every
accepted answer at 100 %, ``usecase`` from ``case_sensitive``; Moodle has no accent-blind
comparison, so ``diacritic_sensitive: false`` is not carried), ``essay`` as ``essay`` (the
rubric as ``graderinfo``, the maximum score as ``defaultgrade``), ``numeric`` as ``numerical``
(each accepted value at 100 % with no tolerance, the decimal mark a point as Moodle stores it;
the rounding instruction a last paragraph of the question text) and a ``true_false_set`` as a
Cloze question (``multianswer``: each statement a ``MULTICHOICE`` sub-question Đúng/Sai of
equal weight) when its scoring table is proportional, the one table Moodle computes; any other
table (the Ministry's 0, 0.1, 0.25, 0.5, 1 among them) has no equivalent in Moodle, and the
question is written as a ``description`` that says so in the reader's language, with its
statements and key, so that nothing is silently rescored (issue 39, decision 0055). The score
weight is
``defaultgrade`` of the other types; the explanation is ``generalfeedback``. Texts in both
languages are multilang spans, math ``\\(...\\)``, images ``<file encoding="base64">`` referred to
as ``@@PLUGINFILE@@/name`` (``question_formats.texts``).

Written as a stream (lxml ``xmlfile``): one question's element at a time.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import IO, Any, Protocol
from urllib.parse import quote

from django.utils.translation import gettext as _
from lxml import etree

from assessments.matching import SheetNumberError, default_scoring_table, sheet_number
from question_formats.texts import ImageLoader, export_images, html_to_plain, join_languages, math_to_moodle

FORMAT = "moodle_xml"
MEDIA_TYPE = "application/xml"
EXTENSION = "xml"
MOODLE_TYPES = {
    "single_choice": "multichoice",
    "multiple_choice": "multichoice",
    "true_false": "truefalse",
    "short_text": "shortanswer",
    "essay": "essay",
    "numeric": "numerical",
    "true_false_set": "multianswer",
}
CLOZE_CHOICES = ("Đúng / True", "Sai / False")
"""A Cloze statement's two choices: one text for both languages (a Cloze choice has no
multilang span)."""


class StoredQuestion(Protocol):
    """What a writer reads of a question (``assessments.models.Question`` has it)."""

    pk: int
    bank_id: int
    type: str
    content: dict[str, Any]
    answer_key: dict[str, Any]
    score_weight: Decimal | float


def category_path(folder: tuple[str, ...]) -> str:
    """``("Toán 9", "Hình")`` -> ``$course$/top/Toán 9/Hình`` (a ``/`` in a name doubled)."""
    return "/".join(["$course$", "top", *(name.replace("/", "//") for name in folder)])


def write(
    questions: Iterable[StoredQuestion],
    folders: Mapping[int, tuple[str, ...]],
    *,
    load_image: ImageLoader,
) -> bytes:
    """The Moodle XML file's bytes (``write_to`` into memory)."""
    out = io.BytesIO()
    write_to(out, questions, folders, load_image=load_image)
    return out.getvalue()


def write_to(
    out: IO[bytes],
    questions: Iterable[StoredQuestion],
    folders: Mapping[int, tuple[str, ...]],
    *,
    load_image: ImageLoader,
) -> None:
    """Write the file into ``out``: ``questions`` in the given order (grouped by folder: a
    category is written each time the folder changes), each in the folder ``folders[bank_id]``
    (outermost first). ``load_image`` gives the bytes of a stored image (``texts.ImageLoader``)."""
    with etree.xmlfile(out, encoding="UTF-8") as xf:
        xf.write_declaration()
        with xf.element("quiz"):
            current = None
            for question in questions:
                folder = tuple(folders.get(question.bank_id, ()))
                if folder != current:
                    xf.write(_category(folder), pretty_print=True)
                    current = folder
                xf.write(_question(question, load_image), pretty_print=True)


def _sub(parent, tag: str, text: str | None = None, **attrs: str):
    element = etree.SubElement(parent, tag, **attrs)
    if text is not None:
        element.text = text
    return element


def _category(folder: tuple[str, ...]):
    question = etree.Element("question", type="category")
    _sub(_sub(question, "category"), "text", category_path(folder))
    _sub(_sub(question, "info", format="html"), "text", "")
    return question


def _text(parent, tag: str, html: str, load_image: ImageLoader, *, text_format: str = "html"):
    """``<tag format=...><text><![CDATA[html]]></text><file .../>...</tag>``."""
    html, files = export_images(
        math_to_moodle(html), load_image, lambda name: "@@PLUGINFILE@@/" + quote(name)
    )
    element = _sub(parent, tag, format=text_format)
    _sub(element, "text").text = etree.CDATA(html) if html and "]]>" not in html else html
    for name, data in files:
        _sub(element, "file", base64.b64encode(data).decode("ascii"), name=name, path="/", encoding="base64")
    return element


def _number(value: Decimal | float) -> str:
    text = f"{float(value):.7f}".rstrip("0").rstrip(".")
    return text or "0"


def _answer(
    parent, fraction: float, html: str, load_image: ImageLoader, *, text_format: str = "html"
) -> None:
    answer = _text(parent, "answer", html, load_image, text_format=text_format)
    answer.set("fraction", _number(fraction))
    _sub(_sub(answer, "feedback", format="html"), "text", "")


def proportional(table: list[str], statements: int) -> bool:
    """Whether a true/false set's ``table`` is the proportional one (k/n, two decimals,
    ``matching.default_scoring_table`` of a count other than four): what a Moodle Cloze question
    computes from equally weighted sub-questions (exactly k/n, which differs by less than 0.005
    of the points)."""
    expected = default_scoring_table(statements) if statements != 4 else ["0", "0.25", "0.5", "0.75", "1"]
    try:
        return [float(f) for f in table] == [float(f) for f in expected]
    except (TypeError, ValueError):
        return False


def _with_rounding(stem: dict[str, Any], rounding: dict[str, Any]) -> dict[str, Any]:
    """The stem in each language with the rounding instruction (plain text) as a last paragraph."""
    out = dict(stem)
    for lang, text in (rounding or {}).items():
        if str(text or "").strip():
            out[lang] = f"{stem.get(lang) or ''}<p><i>{html.escape(str(text))}</i></p>"
    return out


def _statement_lines(content: dict[str, Any], key: dict[str, Any], cloze: bool) -> dict[str, str]:
    """A true/false set's statements a), b)... per language as paragraphs: each followed by its
    Cloze sub-question (``cloze``) or by its key in words (a description)."""
    judged = key.get("statements") or {}
    out: dict[str, str] = {}
    for lang in ("vi", "en"):
        lines = []
        for index, statement in enumerate(content.get("statements") or []):
            text = statement.get(lang) or statement.get("vi") or statement.get("en") or ""
            value = judged.get(statement.get("id"))
            if cloze:
                right, wrong = CLOZE_CHOICES if value else CLOZE_CHOICES[::-1]
                tail = " {1:MULTICHOICE:=" + right + "~" + wrong + "}"
            else:
                tail = "" if value is None else f" ({_('True') if value else _('False')})"
            lines.append(f"<p>{chr(ord('a') + index)}) {text}{tail}</p>")
        out[lang] = "".join(lines)
    return out


def _question(question: StoredQuestion, load_image: ImageLoader):
    content, key = question.content or {}, question.answer_key or {}
    kind = question.type
    statements = content.get("statements") or []
    refused = kind == "true_false_set" and not proportional(key.get("scoring_table") or [], len(statements))
    element = etree.Element("question", type="description" if refused else MOODLE_TYPES[kind])
    stem = content.get("stem") or {}
    name = html_to_plain(stem.get("vi") or stem.get("en") or "")[:100] or f"Q{question.pk}"
    _sub(_sub(element, "name"), "text", name)
    if kind == "numeric":
        stem = _with_rounding(stem, content.get("rounding") or {})
    if kind == "true_false_set":
        lines = _statement_lines(content, key, cloze=not refused)
        stem = {lang: f"{stem.get(lang) or ''}{lines[lang]}" for lang in ("vi", "en") if stem.get(lang)}
        if refused:
            note = _(
                "Not exported as a question: Moodle has no true/false set scored by a table such as "
                "the Ministry's (0; 0.1; 0.25; 0.5; 1). Export it as QTI 2.1, which keeps its table."
            )
            stem = {lang: f"<p><b>{html.escape(note)}</b></p>{text}" for lang, text in stem.items()}
    _text(element, "questiontext", join_languages(stem), load_image)
    _text(element, "generalfeedback", join_languages(content.get("explanation") or {}), load_image)
    if refused:
        _sub(element, "defaultgrade", "0")
        _sub(element, "penalty", "0")
        _sub(element, "hidden", "0")
        return element
    grade = key.get("max_score") or 1 if kind == "essay" else question.score_weight
    _sub(element, "defaultgrade", _number(grade))
    _sub(element, "penalty", "1" if kind == "true_false" else "0.3333333")
    _sub(element, "hidden", "0")
    if kind in ("single_choice", "multiple_choice"):
        single = kind == "single_choice"
        options = content.get("options") or []
        correct = {key.get("option")} if single else set(key.get("options") or [])
        right = [o for o in options if o.get("id") in correct]
        wrong = [o for o in options if o.get("id") not in correct]
        _sub(element, "single", "true" if single else "false")
        _sub(element, "shuffleanswers", "true")
        _sub(element, "answernumbering", "abc")
        for option in options:
            if option.get("id") in correct:
                fraction = 100.0 if single else 100.0 / len(right)
            else:
                fraction = 0.0 if single or not wrong else -100.0 / len(wrong)
            _answer(element, fraction, join_languages(option), load_image)
    elif kind == "true_false":
        value = key.get("value")
        _answer(element, 100 if value is True else 0, "true", load_image, text_format="moodle_auto_format")
        _answer(element, 100 if value is False else 0, "false", load_image, text_format="moodle_auto_format")
    elif kind == "short_text":
        _sub(element, "usecase", "1" if key.get("case_sensitive") else "0")
        for accepted in key.get("accepted") or []:
            _answer(element, 100, accepted, load_image, text_format="moodle_auto_format")
    elif kind == "numeric":
        for accepted in key.get("accepted") or []:
            try:
                value = _number(sheet_number(accepted))
            except SheetNumberError:
                continue  # the question form refuses such a key; never written as a number
            answer = _sub(element, "answer", fraction="100", format="moodle_auto_format")
            _sub(answer, "text", value)
            _sub(answer, "tolerance", "0")
            _sub(_sub(answer, "feedback", format="html"), "text", "")
    elif kind == "essay":
        _sub(element, "responseformat", "editor")
        _sub(element, "responserequired", "1")
        _sub(element, "responsefieldlines", "15")
        _sub(element, "attachments", "0")
        _text(element, "graderinfo", key.get("rubric") or "", load_image)
        _sub(_sub(element, "responsetemplate", format="html"), "text", "")
    return element
