"""A bank's questions as a QTI 2.1 content package (issue 36, item 2): what ``readers.qti`` reads
back as the same questions. The package's layout, languages and math: ``question_formats.qti_common``.

Each item (valid against the published QTI 2.1 XSD, checked in the tests):

- ``single_choice`` / ``multiple_choice``: a ``choiceInteraction`` (``maxChoices`` 1 / 0) over
  an ``identifier`` response of ``single`` / ``multiple`` cardinality, its ``correctResponse``
  the key;
- ``true_false``: a ``choiceInteraction`` of two choices ``true`` ("Đúng"/"True") and ``false``;
- ``short_text``: a ``textEntryInteraction`` over a ``string`` response: the first accepted
  answer is the ``correctResponse``, each accepted answer a ``mapEntry`` (``caseSensitive``
  from the key; accents compared unless the interaction's class is ``diacritic-insensitive``);
- ``essay``: an ``extendedTextInteraction``; the rubric a ``rubricBlock view="scorer"``, the
  maximum score ``SCORE``'s ``normalMaximum``;
- ``true_false_set`` (issue 39, decision 0055): a ``matchInteraction`` pairing each statement
  (a), b)..., never shuffled, each matched once) with ``true`` ("Đúng"/"True") or ``false`` over
  a ``directedPair`` response of ``multiple`` cardinality, its ``correctResponse`` the key's
  pairs; each right pair maps to 1, and ``SCORE`` is the question's scoring table at that count
  of right statements (outcome ``RIGHT``; one ``responseElseIf`` a count: the QTI 2.1 XSD misnames
  a ``matchTableEntry``'s value), so the Ministry's 0, 0.1, 0.25, 0.5, 1 score as they do here;
- ``numeric``: a ``textEntryInteraction`` of four characters over a ``float`` response, right
  when ``equal`` (exactly) to any accepted value (written with the point); the rounding
  instruction a paragraph before it.

The stem is a ``<div>`` before the interaction; the explanation a ``modalFeedback`` shown once
the response is processed (``FEEDBACK`` = ``SOLUTION``). The score weight is not carried (QTI
scores an item from its own response processing).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from typing import IO, Any

import latex2mathml.converter
from lxml import etree
from lxml import html as lxml_html

from assessments.matching import SHEET_CELLS, SheetNumberError, sheet_number
from config.i18n import LANGUAGES
from question_formats.qti_common import (
    CP_NS,
    CP_SCHEMA_LOCATION,
    DIACRITIC_BLIND_CLASS,
    ITEM_RESOURCE_TYPE,
    MATHML_NS,
    QTI_NS,
    QTI_SCHEMA_LOCATION,
    SPAN_FOR_TAG,
    TRUE_FALSE_IDS,
    TRUE_FALSE_TEXTS,
    XML_LANG,
    XSI_NS,
)
from question_formats.texts import BANK_MATH, ImageLoader, export_images, html_to_plain
from question_formats.writers.moodle_xml import StoredQuestion

FORMAT = "qti"
MEDIA_TYPE = "application/zip"
EXTENSION = "zip"
_NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
_XHTML_TAGS = {
    "p", "br", "b", "strong", "i", "em", "sub", "sup", "ul", "ol", "li", "code", "pre", "span",
    "img", "table", "thead", "tbody", "tr", "td", "th", "blockquote", "div",
}  # fmt: skip
_ATTRIBUTES = {
    "img": ("src", "alt", "width", "height"),
    "span": ("class",),
    "td": ("colspan", "rowspan"),
    "th": ("colspan", "rowspan"),
}
_RESPONSE_MATCH_CORRECT = "match_correct"


def _q(tag: str) -> str:
    return f"{{{QTI_NS}}}{tag}"


def _sub(parent, tag: str, text: str | None = None, **attrs: str):
    element = etree.SubElement(parent, _q(tag), **attrs)
    if text is not None:
        element.text = text
    return element


def item_identifier(question: StoredQuestion) -> str:
    """``Q<root id>``: the identifier both language variants of a question share."""
    return f"Q{getattr(question, 'root_id', None) or question.pk}"


def choice_identifier(option_id: str, index: int) -> str:
    """The option's id when it is a QTI identifier (an XML NCName), else ``O<n>``."""
    return option_id if _NCNAME.match(option_id or "") else f"O{index + 1}"


# --- math and HTML -------------------------------------------------------------------------------


def math_element(latex: str):
    """``<m:math>`` for ``latex``: latex2mathml's presentation MathML with the LaTeX kept as an
    ``application/x-tex`` annotation (what the reader turns back into ``$latex$``). LaTeX that
    latex2mathml cannot read is shown as its text."""
    math = etree.Element(f"{{{MATHML_NS}}}math", nsmap={"m": MATHML_NS})
    semantics = etree.SubElement(math, f"{{{MATHML_NS}}}semantics")
    try:
        converted = etree.fromstring(latex2mathml.converter.convert(latex).encode())
        presentation = list(converted)
    except Exception:  # noqa: BLE001 - latex2mathml raises its own and Python's errors on bad LaTeX
        presentation = []
    if len(presentation) == 1:
        semantics.append(presentation[0])
    else:
        row = etree.SubElement(semantics, f"{{{MATHML_NS}}}mrow")
        if presentation:
            row.extend(presentation)
        else:
            etree.SubElement(row, f"{{{MATHML_NS}}}mtext").text = latex
    annotation = etree.SubElement(semantics, f"{{{MATHML_NS}}}annotation", encoding="application/x-tex")
    annotation.text = latex
    return math


def _append_text(parent, text: str) -> None:
    """``text`` at the end of ``parent`` with each ``$...$`` as MathML."""
    position = 0
    for match in BANK_MATH.finditer(text):
        _add_string(parent, text[position : match.start()])
        parent.append(math_element(match.group(1)))
        position = match.end()
    _add_string(parent, text[position:])


def _add_string(parent, text: str) -> None:
    if not text:
        return
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _convert(source, target) -> None:
    """Append ``source``'s content (lxml.html nodes) to ``target`` as QTI XHTML."""
    _append_text(target, source.text or "")
    for child in source:
        if not isinstance(child.tag, str):  # a comment
            _append_text(target, child.tail or "")
            continue
        tag = child.tag.lower()
        if tag in SPAN_FOR_TAG:
            element = _sub(target, "span", **{"class": SPAN_FOR_TAG[tag]})
        elif tag in _XHTML_TAGS:
            element = _sub(target, tag)
            for name in _ATTRIBUTES.get(tag, ()):
                if child.get(name) is not None:
                    element.set(name, child.get(name))
            if tag == "img":
                element.set("alt", child.get("alt") or "")
        else:  # not in the bank's subset: its text only
            element = None
        if element is not None:
            _convert(child, element)
        else:
            _convert(child, target)
        _append_text(target, child.tail or "")


def _flow(parent, tag: str, html: str, **attrs: str):
    """A ``<tag>`` under ``parent`` holding ``html`` as QTI XHTML with MathML."""
    element = _sub(parent, tag, **attrs)
    if html.strip():
        _convert(lxml_html.fragment_fromstring(html, create_parent="div"), element)
    return element


# --- items --------------------------------------------------------------------------------------


def _image_src(name: str) -> str:
    return f"../images/{name}"


def _lang_text(texts: Mapping[str, Any] | None, lang: str) -> str:
    return str((texts or {}).get(lang) or "")


def question_languages(question: StoredQuestion) -> list[str]:
    """The languages a question is written in (its stem), Vietnamese first; at least one."""
    stem = (question.content or {}).get("stem") or {}
    written = [
        lang
        for lang in LANGUAGES
        if html_to_plain(_lang_text(stem, lang)) or "<img" in _lang_text(stem, lang)
    ]
    return written or [LANGUAGES[0]]


def item_xml(
    question: StoredQuestion, lang: str, load_image: ImageLoader
) -> tuple[bytes, list[tuple[str, bytes]]]:
    """One language variant of ``question`` as an ``assessmentItem`` document, and the images it
    shows (``(file name, bytes)``)."""
    content, key = question.content or {}, question.answer_key or {}
    files: dict[str, bytes] = {}

    def html_of(texts: Mapping[str, Any] | None) -> str:
        html, found = export_images(_lang_text(texts, lang), load_image, _image_src)
        files.update(found)
        return html

    stem_html = html_of(content.get("stem"))
    item = etree.Element(
        _q("assessmentItem"),
        nsmap={None: QTI_NS, "m": MATHML_NS, "xsi": XSI_NS},
        identifier=item_identifier(question),
        title=html_to_plain(stem_html)[:100] or item_identifier(question),
        adaptive="false",
        timeDependent="false",
    )
    item.set(f"{{{XSI_NS}}}schemaLocation", QTI_SCHEMA_LOCATION)
    item.set(XML_LANG, lang)
    explanation = html_of(content.get("explanation"))
    kind = question.type
    response = _sub(item, "responseDeclaration", identifier="RESPONSE")
    if kind in ("single_choice", "multiple_choice", "true_false"):
        response.set("cardinality", "multiple" if kind == "multiple_choice" else "single")
        response.set("baseType", "identifier")
        if kind == "true_false":
            choices = [
                (TRUE_FALSE_IDS[0], TRUE_FALSE_TEXTS[lang][0]),
                (TRUE_FALSE_IDS[1], TRUE_FALSE_TEXTS[lang][1]),
            ]
            correct = (
                [] if key.get("value") is None else [TRUE_FALSE_IDS[0] if key["value"] else TRUE_FALSE_IDS[1]]
            )
        else:
            options = content.get("options") or []
            ids = {o.get("id"): choice_identifier(str(o.get("id") or ""), i) for i, o in enumerate(options)}
            choices = [(ids[o.get("id")], html_of(o)) for o in options]
            wanted = [key.get("option")] if kind == "single_choice" else key.get("options") or []
            correct = [ids[o] for o in wanted if o in ids]
        if correct:
            values = _sub(response, "correctResponse")
            for value in correct:
                _sub(values, "value", value)
    elif kind == "true_false_set":
        response.set("cardinality", "multiple")
        response.set("baseType", "directedPair")
        statements = content.get("statements") or []
        sids = {s.get("id"): choice_identifier(str(s.get("id") or ""), i) for i, s in enumerate(statements)}
        judged = key.get("statements") or {}
        pairs = [
            f"{sids[sid]} {TRUE_FALSE_IDS[0] if judged[sid] else TRUE_FALSE_IDS[1]}"
            for sid in sids
            if isinstance(judged.get(sid), bool)
        ]
        if pairs:
            values = _sub(response, "correctResponse")
            for pair in pairs:
                _sub(values, "value", pair)
            mapping = _sub(response, "mapping", defaultValue="0")
            for pair in pairs:
                _sub(mapping, "mapEntry", mapKey=pair, mappedValue="1")
    elif kind == "numeric":
        response.set("cardinality", "single")
        response.set("baseType", "float")
        numbers = _numbers(key.get("accepted") or [])
        if numbers:
            _sub(_sub(response, "correctResponse"), "value", numbers[0])
    elif kind == "short_text":
        response.set("cardinality", "single")
        response.set("baseType", "string")
        accepted = [str(a) for a in key.get("accepted") or [] if str(a).strip()]
        if accepted:
            _sub(_sub(response, "correctResponse"), "value", accepted[0])
            mapping = _sub(response, "mapping", defaultValue="0", lowerBound="0", upperBound="1")
            case = "true" if key.get("case_sensitive") else "false"
            for answer in accepted:
                _sub(mapping, "mapEntry", mapKey=answer, mappedValue="1", caseSensitive=case)
    else:  # essay
        response.set("cardinality", "single")
        response.set("baseType", "string")
    if kind == "true_false_set":
        _sub(item, "outcomeDeclaration", identifier="RIGHT", cardinality="single", baseType="integer")
    score = _sub(item, "outcomeDeclaration", identifier="SCORE", cardinality="single", baseType="float")
    if kind == "essay" and key.get("max_score"):
        score.set("normalMaximum", _number(key["max_score"]))
    if explanation.strip():
        _sub(item, "outcomeDeclaration", identifier="FEEDBACK", cardinality="single", baseType="identifier")
    body = _sub(item, "itemBody")
    _flow(body, "div", stem_html)
    if kind in ("single_choice", "multiple_choice", "true_false"):
        interaction = _sub(
            body,
            "choiceInteraction",
            responseIdentifier="RESPONSE",
            shuffle="false",
            maxChoices="0" if kind == "multiple_choice" else "1",
        )
        for identifier, html in choices:
            _flow(interaction, "simpleChoice", html, identifier=identifier)
    elif kind == "true_false_set":
        statements = content.get("statements") or []
        interaction = _sub(
            body,
            "matchInteraction",
            responseIdentifier="RESPONSE",
            shuffle="false",
            maxAssociations=str(len(statements)),
        )
        sources = _sub(interaction, "simpleMatchSet")
        for index, statement in enumerate(statements):
            identifier = choice_identifier(str(statement.get("id") or ""), index)
            _flow(sources, "simpleAssociableChoice", html_of(statement), identifier=identifier, matchMax="1")
        targets = _sub(interaction, "simpleMatchSet")
        for identifier, text in zip(TRUE_FALSE_IDS, TRUE_FALSE_TEXTS[lang], strict=True):
            _flow(
                targets, "simpleAssociableChoice", text, identifier=identifier, matchMax=str(len(statements))
            )
    elif kind == "numeric":
        rounding = _lang_text(content.get("rounding"), lang)
        if rounding.strip():
            _sub(body, "p", rounding)
        _sub(
            _sub(body, "p"),
            "textEntryInteraction",
            responseIdentifier="RESPONSE",
            expectedLength=str(SHEET_CELLS),
        )
    elif kind == "short_text":
        entry = _sub(
            _sub(body, "p"), "textEntryInteraction", responseIdentifier="RESPONSE", expectedLength="20"
        )
        if key.get("diacritic_sensitive") is False:
            entry.set("class", DIACRITIC_BLIND_CLASS)
    else:
        _sub(body, "extendedTextInteraction", responseIdentifier="RESPONSE", expectedLines="10")
        rubric, found = export_images(str(key.get("rubric") or ""), load_image, _image_src)
        files.update(found)
        if rubric.strip():
            _flow(body, "rubricBlock", rubric, view="scorer")
    _processing(
        item,
        kind,
        bool(explanation.strip()),
        numbers=_numbers(key.get("accepted") or []),
        table=[_number(f) for f in key.get("scoring_table") or []],
    )
    if explanation.strip():
        _flow(
            item,
            "modalFeedback",
            explanation,
            outcomeIdentifier="FEEDBACK",
            identifier="SOLUTION",
            showHide="show",
        )
    return etree.tostring(item, xml_declaration=True, encoding="UTF-8"), list(files.items())


def _number(value) -> str:
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def _numbers(accepted: list) -> list[str]:
    """A numeric answer's accepted sheet numbers as QTI floats ("0,5" -> "0.5"); a value that is
    not a sheet number (the question form refuses them) is left out."""
    out = []
    for value in accepted:
        try:
            out.append(format(sheet_number(str(value)).normalize(), "f"))
        except SheetNumberError:
            continue
    return out


def _set_score(parent, value: str) -> None:
    _sub(_sub(parent, "setOutcomeValue", identifier="SCORE"), "baseValue", value, baseType="float")


def _processing(item, kind: str, explanation: bool, *, numbers: list[str], table: list[str]) -> None:
    """The item's ``responseProcessing``: SCORE 1 or 0 for a match with the key (a short text's
    mapping), a true/false set's table at its count of right statements (``RIGHT``: each right
    pair maps to 1), a numeric answer 1 when equal to an accepted value; FEEDBACK the solution."""
    if kind == "essay" and not explanation:
        return
    processing = _sub(item, "responseProcessing")
    if kind == "true_false_set" and table:
        _sub(
            _sub(_sub(processing, "setOutcomeValue", identifier="RIGHT"), "round"),
            "mapResponse",
            identifier="RESPONSE",
        )
        condition = _sub(processing, "responseCondition")
        for right, fraction in enumerate(table):
            branch = _sub(condition, "responseIf" if right == 0 else "responseElseIf")
            match = _sub(branch, "match")
            _sub(match, "variable", identifier="RIGHT")
            _sub(match, "baseValue", str(right), baseType="integer")
            _set_score(branch, fraction)
    if kind == "numeric" and numbers:
        condition = _sub(processing, "responseCondition")
        when = _sub(condition, "responseIf")
        either = _sub(when, "or")
        for number in numbers:
            equal = _sub(either, "equal", toleranceMode="exact")
            _sub(equal, "variable", identifier="RESPONSE")
            _sub(equal, "baseValue", number, baseType="float")
        _set_score(when, "1")
        _set_score(_sub(condition, "responseElse"), "0")
    if kind in ("single_choice", "multiple_choice", "true_false"):
        condition = _sub(processing, "responseCondition")
        when = _sub(condition, "responseIf")
        match = _sub(when, "match")
        _sub(match, "variable", identifier="RESPONSE")
        _sub(match, "correct", identifier="RESPONSE")
        _set_score(when, "1")
        _set_score(_sub(condition, "responseElse"), "0")
    elif kind == "short_text":
        _sub(_sub(processing, "setOutcomeValue", identifier="SCORE"), "mapResponse", identifier="RESPONSE")
    if explanation:
        _sub(
            _sub(processing, "setOutcomeValue", identifier="FEEDBACK"),
            "baseValue",
            "SOLUTION",
            baseType="identifier",
        )


# --- package ------------------------------------------------------------------------------------


def write(
    questions: Iterable[StoredQuestion],
    folders: Mapping[int, tuple[str, ...]],
    *,
    load_image: ImageLoader,
) -> bytes:
    """The package's bytes (``write_to`` into memory)."""
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
    """Write the zip into ``out`` (seekable): the items and images as the questions come (one
    question's documents in memory at a time), then ``imsmanifest.xml``. ``folders[bank_id]`` is
    a question's folder path (outermost first); ``load_image`` as in ``texts.ImageLoader``."""
    resources = []  # (identifier, href, image names)
    tree: dict = {"items": [], "folders": {}}  # the folders' tree: each node's resource ids and sub-folders
    written_images: set[str] = set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for question in questions:
            identifier = item_identifier(question)
            first = None
            for lang in question_languages(question):
                document, images = item_xml(question, lang, load_image)
                resource_id = f"{identifier}-{lang}"
                href = f"items/{resource_id}.xml"
                archive.writestr(href, document)
                for name, data in images:
                    if name not in written_images:
                        archive.writestr(f"images/{name}", data)
                        written_images.add(name)
                resources.append((resource_id, href, [name for name, _data in images]))
                first = first or resource_id
            node = tree
            for name in folders.get(question.bank_id, ()):
                node = node["folders"].setdefault(name, {"items": [], "folders": {}})
            node["items"].append(first)
        archive.writestr("imsmanifest.xml", _manifest(resources, tree))


def _manifest(resources: list, tree: dict) -> bytes:
    manifest = etree.Element(
        f"{{{CP_NS}}}manifest", nsmap={None: CP_NS, "xsi": XSI_NS}, identifier="MANIFEST-QUESTION-BANK"
    )
    manifest.set(f"{{{XSI_NS}}}schemaLocation", CP_SCHEMA_LOCATION)
    metadata = etree.SubElement(manifest, f"{{{CP_NS}}}metadata")
    etree.SubElement(metadata, f"{{{CP_NS}}}schema").text = "QTIv2.1 Package"
    etree.SubElement(metadata, f"{{{CP_NS}}}schemaversion").text = "1.0.0"
    counter = iter(range(1, 10**9))

    def add(parent, node: dict) -> None:
        for resource_id in node["items"]:
            entry = etree.SubElement(
                parent, f"{{{CP_NS}}}item", identifier=f"I-{resource_id}", identifierref=resource_id
            )
            etree.SubElement(entry, f"{{{CP_NS}}}title").text = resource_id
        for name, child in node["folders"].items():
            folder = etree.SubElement(parent, f"{{{CP_NS}}}item", identifier=f"F{next(counter)}")
            etree.SubElement(folder, f"{{{CP_NS}}}title").text = name
            add(folder, child)

    organizations = etree.SubElement(manifest, f"{{{CP_NS}}}organizations")
    if tree["items"] or tree["folders"]:
        organizations.set("default", "FOLDERS")
        organization = etree.SubElement(organizations, f"{{{CP_NS}}}organization", identifier="FOLDERS")
        etree.SubElement(organization, f"{{{CP_NS}}}title").text = "Folders"
        add(organization, tree)
    listing = etree.SubElement(manifest, f"{{{CP_NS}}}resources")
    for resource_id, href, images in resources:
        resource = etree.SubElement(
            listing, f"{{{CP_NS}}}resource", identifier=resource_id, type=ITEM_RESOURCE_TYPE, href=href
        )
        etree.SubElement(resource, f"{{{CP_NS}}}file", href=href)
        for name in images:
            etree.SubElement(resource, f"{{{CP_NS}}}file", href=f"images/{name}")
    return etree.tostring(manifest, xml_declaration=True, encoding="UTF-8", pretty_print=True)
