"""QTI 2.1 content packages (issue 36, item 2), read as candidates. The package's layout, the
language variants and math: ``question_formats.qti_common``.

The zip is opened within bounds (``config.archives.open_zip_checked``: ``MAX_ENTRIES``,
``MAX_UNPACKED_BYTES``, ``MAX_RATIO``), ``imsmanifest.xml`` is read first, then each
``imsqti_item_xmlv2p*`` resource's item in the manifest's order; items sharing an
``identifier`` with another ``xml:lang`` are one question's languages (``ref`` = the
identifier). Every XML part is parsed without DTD, entities or network
(``config.archives.xml_parse``). The manifest's ``<organization>`` tree gives the folders.

An item with one ``choiceInteraction`` is ``single_choice`` (single cardinality),
``multiple_choice`` (multiple), or ``true_false`` (two choices ``true`` and ``false``); one
``textEntryInteraction`` is ``short_text`` (the ``mapEntry`` keys with a positive value, else the
``correctResponse``; ``caseSensitive`` from them), or ``numeric`` when its response is a ``float``
or ``integer`` whose values are numbers of the answer sheet's four cells (issue 39); one ``extendedTextInteraction`` is ``essay``
(a ``rubricBlock`` for scorers is the rubric, ``SCORE``'s ``normalMaximum`` the maximum score).
Any other interaction, or several in one item, is ``unsupported`` with a blocking problem. A
``modalFeedback`` is the explanation.
"""

from __future__ import annotations

import html as html_lib
import io
import posixpath
import re
import zipfile
from typing import Any

from django.utils.translation import gettext as _
from lxml import etree

from assessments.matching import SheetNumberError, sheet_number, sheet_text
from config.archives import ZIP_READ_ERRORS, open_zip_checked, xml_parse
from config.i18n import LANGUAGES
from question_formats.candidates import Candidate, Problem
from question_formats.qti_common import (
    CP_NS,
    DIACRITIC_BLIND_CLASS,
    MATHML_NS,
    QTI_NAMESPACES,
    TEX_ENCODINGS,
    TRUE_FALSE_IDS,
    XML_LANG,
)
from question_formats.texts import MAX_QUESTIONS as MAX_ITEMS
from question_formats.texts import (
    ImageBag,
    broken,
    choice_problems,
    clean_html,
    empty_text,
    html_to_plain,
    math_to_bank,
    option_id,
    stem_problems,
    too_many_questions,
    unrecognized,
    unsupported_problem,
)

FORMAT = "qti"
NAME = "QTI"
MB = 1024 * 1024
MAX_ENTRIES = 2 * MAX_ITEMS + 10_000  # two language variants a question, and their images
MAX_UNPACKED_BYTES = 512 * MB
MAX_RATIO = 100
_INTERACTIONS = {
    "choiceInteraction", "textEntryInteraction", "extendedTextInteraction", "inlineChoiceInteraction",
    "matchInteraction", "associateInteraction", "orderInteraction", "gapMatchInteraction",
    "hottextInteraction", "hotspotInteraction", "graphicOrderInteraction", "graphicAssociateInteraction",
    "graphicGapMatchInteraction", "selectPointInteraction", "positionObjectStage", "sliderInteraction",
    "uploadInteraction", "drawingInteraction", "mediaInteraction", "customInteraction", "endAttemptInteraction",
}  # fmt: skip
_INLINE_INTERACTIONS = {"textEntryInteraction", "inlineChoiceInteraction", "endAttemptInteraction"}
_SKIPPED = {
    "rubricBlock",
    "feedbackBlock",
    "feedbackInline",
    "templateBlock",
    "templateInline",
    "printedVariable",
}
_SPAN_TAGS = {"u": "u", "s": "s"}


def _local(element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _is_qti(element, name: str) -> bool:
    return (
        isinstance(element.tag, str)
        and etree.QName(element).namespace in QTI_NAMESPACES
        and _local(element) == name
    )


def sniff(data: bytes, filename: str) -> bool:
    """True for a zip whose directory lists ``imsmanifest.xml`` (nothing is inflated)."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return "imsmanifest.xml" in archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return False


def read(data: bytes) -> list[Candidate]:
    """The questions of a QTI 2.1 package (module docstring). Raises 400
    ``question_file_unrecognized`` for a file that is no zip or has no manifest,
    ``archive_too_large`` past the zip's bounds, ``xml_refused`` for a DTD in any part,
    ``question_file_broken`` for a broken manifest or a missing or broken item, and
    ``question_file_too_large`` past ``texts.MAX_QUESTIONS`` items."""
    with open_zip_checked(
        data,
        max_entries=MAX_ENTRIES,
        max_total_bytes=MAX_UNPACKED_BYTES,
        max_ratio=MAX_RATIO,
        unsupported=unrecognized(NAME),
    ) as archive:
        names = set(archive.namelist())
        if "imsmanifest.xml" not in names:
            raise unrecognized(NAME)
        manifest = xml_parse(_member(archive, "imsmanifest.xml"), unsupported=broken(NAME, "imsmanifest.xml"))
        if _local(manifest) != "manifest":
            raise broken(NAME, "imsmanifest.xml")
        folders = _folders(manifest)
        resources = [
            r
            for r in manifest.iter(f"{{{CP_NS}}}resource", "resource")
            if (r.get("type") or "").startswith("imsqti_item_xmlv2p")
        ]
        if len(resources) > 2 * MAX_ITEMS:
            raise too_many_questions()
        groups: dict[str, _Group] = {}
        for resource in resources:
            href = posixpath.normpath(
                posixpath.join(posixpath.dirname("imsmanifest.xml"), resource.get("href") or "")
            )
            if href.startswith("..") or href not in names:
                raise broken(NAME, _("(%(name)s is missing)") % {"name": resource.get("href") or "?"})
            item = xml_parse(_member(archive, href), unsupported=broken(NAME, f"({href})"))
            if not _is_qti(item, "assessmentItem"):
                raise broken(NAME, f"({href})")
            identifier = item.get("identifier") or resource.get("identifier") or href
            group = groups.get(identifier)
            if group is None:
                if len(groups) >= MAX_ITEMS:
                    raise too_many_questions()
                group = groups[identifier] = _Group(
                    identifier, folders.get(resource.get("identifier") or "", ())
                )
            elif not group.folder:
                group.folder = folders.get(resource.get("identifier") or "", ())
            _read_item(item, href, archive, names, group)
    return [group.candidate() for group in groups.values()]


def _member(archive: zipfile.ZipFile, name: str) -> bytes:
    try:
        return archive.read(name)
    except ZIP_READ_ERRORS as exc:
        raise broken(NAME, f"({name})") from exc


def _folders(manifest) -> dict[str, tuple[str, ...]]:
    """Each resource id the default ``<organization>`` points at -> its folder path."""
    found: dict[str, tuple[str, ...]] = {}

    def walk(node, path: tuple[str, ...]) -> None:
        for item in node:
            if _local(item) != "item":
                continue
            if item.get("identifierref"):
                found.setdefault(item.get("identifierref"), path)
            title = next((html_to_plain(c.text or "") for c in item if _local(c) == "title"), "")
            walk(item, (*path, title) if title and not item.get("identifierref") else path)

    for organization in manifest.iter(f"{{{CP_NS}}}organization", "organization"):
        walk(organization, ())
        break
    return found


class _Group:
    """One question: its language variants as they are read."""

    def __init__(self, identifier: str, folder: tuple[str, ...]) -> None:
        self.identifier = identifier
        self.folder = folder
        self.bag = ImageBag()
        self.problems: list[Problem] = []
        self.type = ""
        self.source_type = ""
        self.stem = empty_text()
        self.explanation = empty_text()
        self.options: list[dict[str, str]] = []
        self.key: dict = {}

    def candidate(self) -> Candidate:
        content: dict[str, Any] = {"stem": self.stem, "explanation": self.explanation}
        if self.type in ("single_choice", "multiple_choice"):
            content["options"] = self.options
        problems = list(self.problems)
        if self.type == "unsupported":
            problems.append(unsupported_problem(self.source_type))
        else:
            problems = stem_problems(self.stem) + problems
            if self.type in ("single_choice", "multiple_choice"):
                problems += choice_problems(self.options, self.key, self.type)
        return Candidate(
            ref=self.identifier,
            type=self.type,
            content=content,
            answer_key=self.key,
            folder=self.folder,
            images=self.bag.images,
            problems=problems + self.bag.problems,
            source_type=self.source_type,
        )


class _Html:
    """QTI XHTML (with MathML) as the bank's HTML; images read from the package."""

    def __init__(self, href: str, archive: zipfile.ZipFile, names: set[str], group: _Group) -> None:
        self.base = posixpath.dirname(href)
        self.archive, self.names, self.group = archive, names, group
        self.unreadable_math = False

    def inner(self, element, *, skip=frozenset()) -> str:
        parts = [html_lib.escape(element.text or "", quote=False)]
        for child in element:
            if child not in skip:
                parts.append(self.node(child, skip))
            parts.append(html_lib.escape(child.tail or "", quote=False))
        return "".join(parts)

    def node(self, element, skip) -> str:
        if not isinstance(element.tag, str):
            return ""
        name = _local(element)
        if etree.QName(element).namespace == MATHML_NS:
            return self.math(element) if name == "math" else ""
        if name in _SKIPPED or name in _INTERACTIONS:
            return "_____" if name in _INLINE_INTERACTIONS else ""
        if name == "img":
            return self.image(element)
        if name == "span" and (element.get("class") or "") in _SPAN_TAGS:
            name = _SPAN_TAGS[element.get("class")]
            return f"<{name}>{self.inner(element, skip=skip)}</{name}>"
        attrs = "".join(
            f' {a}="{html_lib.escape(element.get(a))}"'
            for a in ("class", "colspan", "rowspan")
            if element.get(a)
        )
        if name == "br":
            return "<br>"
        return f"<{name}{attrs}>{self.inner(element, skip=skip)}</{name}>"

    def math(self, element) -> str:
        for annotation in element.iter(f"{{{MATHML_NS}}}annotation"):
            if (annotation.get("encoding") or "").strip().lower() in TEX_ENCODINGS and (
                annotation.text or ""
            ).strip():
                return html_lib.escape(f"${annotation.text.strip()}$", quote=False)
        self.unreadable_math = True
        return html_lib.escape(" ".join("".join(element.itertext()).split()), quote=False)

    def image(self, element) -> str:
        src = element.get("src") or ""
        path = posixpath.normpath(posixpath.join(self.base, src))
        if src and path in self.names and not path.startswith(".."):
            try:
                data = self.archive.read(path)
            except ZIP_READ_ERRORS:
                data = b""
            found = self.group.bag.add(posixpath.basename(path), data) if data else None
            if found:
                alt = f' alt="{html_lib.escape(element.get("alt"))}"' if element.get("alt") else ""
                return f'<img src="{html_lib.escape(found)}"{alt}>'  # QTI requires alt; the bank does not
        self.group.problems.append(
            Problem(
                "image_not_kept",
                _("An image from %(src)s is not in the file and is left out.") % {"src": src or "?"},
                blocking=False,
            )
        )
        return ""


def _lang(item) -> str:
    code = (item.get(XML_LANG) or "").strip().lower()[:2]
    return code if code in LANGUAGES else LANGUAGES[0]


_LAYOUT_SPACE = re.compile(r"\s*\n\s*")
_BLOCK_EDGE = re.compile(r"\s*(</?(?:p|div|ul|ol|li|table|thead|tbody|tr|td|th|blockquote|br)\b[^>]*>)\s*")


def _text(html_reader: _Html, html: str, problems: list[Problem]) -> str:
    """One language's text: the file's indentation dropped (a line break with its spaces is one
    space, none beside a block's tag), math as the bank writes it, cleaned."""
    html = _BLOCK_EDGE.sub(r"\1", _LAYOUT_SPACE.sub(" ", html))
    return clean_html(math_to_bank(html.strip()), problems)


def _read_item(item, href: str, archive: zipfile.ZipFile, names: set[str], group: _Group) -> None:
    lang = _lang(item)
    reader = _Html(href, archive, names, group)
    body = next((c for c in item if _is_qti(c, "itemBody")), None)
    interactions = [e for e in body.iter() if _local(e) in _INTERACTIONS] if body is not None else []
    first_variant = not group.type
    if len(interactions) != 1:
        group.type = "unsupported"
        group.source_type = ", ".join(sorted({_local(e) for e in interactions})) or _("no interaction")
    else:
        interaction = interactions[0]
        kind = _local(interaction)
        if first_variant:
            group.source_type = kind
        declaration = next(
            (
                d
                for d in item
                if _is_qti(d, "responseDeclaration")
                and d.get("identifier") == interaction.get("responseIdentifier")
            ),
            None,
        )
        if kind == "choiceInteraction":
            _choice(item, interaction, declaration, reader, group, lang, first_variant)
        elif kind == "textEntryInteraction" and first_variant:
            _text_entry(item, interaction, declaration, group)
        elif kind == "extendedTextInteraction" and first_variant:
            _extended_text(item, body, reader, group)
        elif first_variant and kind not in ("textEntryInteraction", "extendedTextInteraction"):
            group.type = "unsupported"
    if body is not None:
        skip = set()
        for element in body:
            if _local(element) in _INTERACTIONS or _local(element) in _SKIPPED:
                skip.add(element)
            elif any(_local(e) in _INLINE_INTERACTIONS for e in element.iter()) and not html_to_plain(
                reader.inner(element).replace("_____", "")
            ):
                skip.add(element)  # a paragraph holding only the answer box
        stem = reader.inner(body, skip=frozenset(skip))
        prompt = next((p for i in interactions for p in i if _is_qti(p, "prompt")), None)
        if prompt is not None:
            stem += f"<p>{reader.inner(prompt)}</p>"  # a prompt holds inline content only
        group.stem[lang] = _text(reader, stem, group.problems)
    feedback = [c for c in item if _is_qti(c, "modalFeedback")]
    if feedback:
        group.explanation[lang] = _text(reader, "".join(reader.inner(f) for f in feedback), group.problems)
    if reader.unreadable_math:
        group.problems.append(
            Problem(
                "formula_unreadable",
                _("A formula is in MathML without its LaTeX: type it again as LaTeX."),
            )
        )


def _values(declaration, tag: str = "correctResponse") -> list[str]:
    if declaration is None:
        return []
    found = next((c for c in declaration if _local(c) == tag), None)
    return [(v.text or "").strip() for v in found if _local(v) == "value"] if found is not None else []


def _choice(
    item, interaction, declaration, reader: _Html, group: _Group, lang: str, first_variant: bool
) -> None:
    choices = [c for c in interaction if _is_qti(c, "simpleChoice")]
    identifiers = [c.get("identifier") or "" for c in choices]
    correct = _values(declaration)
    if first_variant:
        if sorted(i.lower() for i in identifiers) == sorted(TRUE_FALSE_IDS):
            group.type = "true_false"
            group.key = {"value": correct[0].lower() == "true"} if correct else {}
            if not correct:
                group.problems.append(
                    Problem("no_key_marked", _("Neither true nor false is marked as the answer."))
                )
            return
        multiple = declaration is not None and declaration.get("cardinality") == "multiple"
        group.type = "multiple_choice" if multiple else "single_choice"
        ids = {identifier: option_id(index) for index, identifier in enumerate(identifiers)}
        keyed = [ids[c] for c in correct if c in ids]
        group.key = {"options": keyed} if multiple else {"option": keyed[0] if keyed else ""}
        group.options = [{"id": option_id(index), **empty_text()} for index in range(len(choices))]
    if group.type == "true_false":
        return
    for index, choice in enumerate(choices[: len(group.options)]):
        group.options[index][lang] = _text(reader, reader.inner(choice), group.problems)


def _sheet_numbers(item, declaration) -> list[str] | None:
    """A ``float``/``integer`` response's accepted values as the answer sheet writes them (the
    ``baseValue``s its processing compares the response with, else its ``correctResponse``), or
    None when it is no such response or a value is no number the sheet's four cells can hold: a
    ``numeric`` question (issue 39; what ``writers.qti`` writes), else read as a short text."""
    if declaration is None or declaration.get("baseType") not in ("float", "integer"):
        return None
    processing = next((c for c in item if _is_qti(c, "responseProcessing")), None)
    compared = [
        (v.text or "").strip()
        for v in (processing.iter() if processing is not None else [])
        if _local(v) == "baseValue"
        and v.get("baseType") in ("float", "integer")
        and _local(v.getparent()) in ("equal", "match")
    ]
    values = compared or _values(declaration)
    try:
        return [sheet_text(str(sheet_number(v))) for v in values] if values else None
    except SheetNumberError:
        return None


def _text_entry(item, interaction, declaration, group: _Group) -> None:
    numbers = _sheet_numbers(item, declaration)
    if numbers is not None:
        group.type = "numeric"
        group.key = {"accepted": list(dict.fromkeys(numbers))}
        return
    group.type = "short_text"
    mapping = (
        next((c for c in declaration if _local(c) == "mapping"), None) if declaration is not None else None
    )
    entries = [e for e in mapping if _local(e) == "mapEntry"] if mapping is not None else []
    accepted = [e.get("mapKey") or "" for e in entries if _positive(e.get("mappedValue"))] or _values(
        declaration
    )
    case_sensitive = any((e.get("caseSensitive") or "").lower() == "true" for e in entries)
    group.key = {
        "accepted": [math_to_bank(a) for a in accepted if a.strip()],
        "case_sensitive": case_sensitive,
        "diacritic_sensitive": DIACRITIC_BLIND_CLASS not in (interaction.get("class") or "").split(),
    }
    if not group.key["accepted"]:
        group.problems.append(Problem("no_key_marked", _("No answer is accepted as correct.")))


def _positive(value: str | None) -> bool:
    try:
        return float(value or 0) > 0
    except ValueError:
        return False


def _extended_text(item, body, reader: _Html, group: _Group) -> None:
    group.type = "essay"
    rubric = [r for r in body.iter() if _local(r) == "rubricBlock" and "scorer" in (r.get("view") or "")]
    score = next(
        (d for d in item if _is_qti(d, "outcomeDeclaration") and d.get("identifier") == "SCORE"), None
    )
    try:
        maximum = (
            float(score.get("normalMaximum")) if score is not None and score.get("normalMaximum") else 1.0
        )
    except ValueError:
        maximum = 1.0
    group.key = {
        "rubric": _text(reader, "".join(reader.inner(r) for r in rubric), group.problems),
        "max_score": maximum,
    }
