"""QTI 2.1 content packages (issue 36, item 2): every exported item valid against the published
QTI 2.1 XSD, the package read back as the same questions, a package written by another tool, and
hostile packages."""

from __future__ import annotations

import io
import zipfile
from functools import cache
from pathlib import Path

import pytest
from lxml import etree

from config.errors import ApplicationError
from question_formats.readers import qti as reader
from question_formats.tests import samples
from question_formats.writers import qti as writer

HERE = Path(__file__).parent
XSD = HERE / "xsd" / "qtiv2p1" / "imsqti_v2p1.xsd"
CP = "{http://www.imsglobal.org/xsd/imscp_v1p1}"


@cache
def _schema() -> etree.XMLSchema:
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    return etree.XMLSchema(etree.parse(str(XSD), parser))


def _package() -> bytes:
    return writer.write(samples.questions(), samples.FOLDERS, load_image=samples.load_image)


def _zip(files: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_every_exported_item_is_valid_against_the_qti_2_1_xsd():
    with zipfile.ZipFile(io.BytesIO(_package())) as archive:
        items = [n for n in archive.namelist() if n.startswith("items/")]
        assert items == [
            "items/Q1-vi.xml",
            "items/Q1-en.xml",
            "items/Q2-vi.xml",
            "items/Q3-vi.xml",
            "items/Q3-en.xml",
            "items/Q4-vi.xml",
            "items/Q5-en.xml",
        ]
        for name in items:
            document = etree.fromstring(archive.read(name))
            assert _schema().validate(document), (name, _schema().error_log)
        assert archive.read("images/5f0c.png") == samples.PNG
        first = etree.fromstring(archive.read("items/Q1-vi.xml"))
    assert first.get("{http://www.w3.org/XML/1998/namespace}lang") == "vi"
    annotation = first.find(".//{http://www.w3.org/1998/Math/MathML}annotation")
    assert (annotation.get("encoding"), annotation.text) == ("application/x-tex", "\\frac{1}{2} + x^2")
    assert first.find(".//{http://www.w3.org/1998/Math/MathML}mfrac") is not None


def test_the_manifest_lists_every_item_with_its_images_and_the_folders():
    with zipfile.ZipFile(io.BytesIO(_package())) as archive:
        manifest = etree.fromstring(archive.read("imsmanifest.xml"))
    resources = manifest.findall(f"{CP}resources/{CP}resource")
    assert [(r.get("identifier"), r.get("type"), [f.get("href") for f in r]) for r in resources][:2] == [
        ("Q1-vi", "imsqti_item_xmlv2p1", ["items/Q1-vi.xml", "images/5f0c.png"]),
        ("Q1-en", "imsqti_item_xmlv2p1", ["items/Q1-en.xml"]),
    ]
    organization = manifest.find(f"{CP}organizations/{CP}organization")
    top = organization.find(f"{CP}item")
    assert top.findtext(f"{CP}title") == "Toán 9"
    assert [i.get("identifierref") for i in top.findall(f"{CP}item")] == ["Q1-vi", "Q2-vi", None]
    inner = top.findall(f"{CP}item")[2]
    assert inner.findtext(f"{CP}title") == "Hình/Khối"
    assert [i.get("identifierref") for i in inner.findall(f"{CP}item")] == ["Q3-vi", "Q4-vi", "Q5-en"]


def test_the_package_reads_back_as_the_same_questions():
    found = reader.read(_package())
    stored = samples.questions()
    assert [(c.ref, c.type, c.folder) for c in found] == [
        ("Q1", "single_choice", ("Toán 9",)),
        ("Q2", "multiple_choice", ("Toán 9",)),
        ("Q3", "true_false", ("Toán 9", "Hình/Khối")),
        ("Q4", "short_text", ("Toán 9", "Hình/Khối")),
        ("Q5", "essay", ("Toán 9", "Hình/Khối")),
    ]
    for candidate, question in zip(found, stored, strict=True):
        expected = {"stem": question.content["stem"], "explanation": question.content["explanation"]}
        if question.type in ("single_choice", "multiple_choice"):
            expected["options"] = question.content["options"]
        expected["stem"] = {
            lang: text.replace(samples.IMAGE_URL, "candidate-image:5f0c.png")
            for lang, text in expected["stem"].items()
        }
        assert candidate.content == expected
        assert candidate.answer_key == question.answer_key
        assert candidate.problems == []
    assert [(i.name, i.data, i.media_type) for i in found[0].images] == [
        ("5f0c.png", samples.PNG, "image/png")
    ]


def _fixture_package() -> bytes:
    folder = HERE / "fixtures" / "qti_package"
    files = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    files["items/picture.png"] = samples.PNG
    return _zip(files)


def _problems(candidate) -> list[tuple[str, str, bool]]:
    return [(p.code, p.message, p.blocking) for p in candidate.problems]


def test_a_package_from_another_tool_is_read_with_what_needs_attention():
    choice, multiple, text, essay, match = reader.read(_fixture_package())
    assert (choice.ref, choice.type, choice.folder) == ("choice-1", "single_choice", ())
    assert choice.content == {
        "stem": {
            "vi": "",
            "en": '<p>Look at the picture: <img src="candidate-image:picture.png" alt="a square"></p>'
            "<p>Which is the area of a square of side a?</p>",
        },
        "explanation": {"vi": "", "en": "<p>Side times side.</p>"},
        "options": [
            {"id": "a", "vi": "", "en": "2a"},
            {"id": "b", "vi": "", "en": "$a^2$"},
            {"id": "c", "vi": "", "en": "4<em>a</em>"},
        ],
    }
    assert choice.answer_key == {"option": "b"}
    assert _problems(choice) == [
        ("formula_unreadable", "A formula is in MathML without its LaTeX: type it again as LaTeX.", True)
    ]
    assert [(i.name, i.data) for i in choice.images] == [("picture.png", samples.PNG)]

    assert multiple.content["stem"] == {"vi": "<p>Số nào là số nguyên tố?</p>", "en": ""}
    assert [o["vi"] for o in multiple.content["options"]] == ["2", "4", "5"]
    assert multiple.answer_key == {"options": ["a", "c"]} and multiple.problems == []

    assert text.content["stem"] == {"vi": "<p>Thủ đô của Việt Nam là _____.</p>", "en": ""}
    assert text.answer_key == {
        "accepted": ["Hà Nội", "Ha Noi"],
        "case_sensitive": False,
        "diacritic_sensitive": True,
    }

    assert essay.content["stem"] == {"vi": "<p>Trình bày đặc điểm khí hậu miền Bắc.</p>", "en": ""}
    assert essay.answer_key == {"rubric": "<p>Nêu đủ 3 ý.</p>", "max_score": 10.0}

    assert (match.type, match.source_type) == ("unsupported", "matchInteraction")
    assert _problems(match) == [("unsupported_type", "Question type not supported: matchInteraction", True)]


def test_sniff_needs_a_zip_with_a_manifest():
    assert reader.sniff(_package(), "bank.xml") is True
    assert reader.sniff(_zip({"word/document.xml": b"<w/>"}), "bank.zip") is False
    assert reader.sniff(samples.PNG, "bank.zip") is False


def _refused(data: bytes) -> ApplicationError:
    with pytest.raises(ApplicationError) as caught:
        reader.read(data)
    return caught.value


def test_a_file_that_is_not_a_package_is_refused_by_content():
    for data in (samples.PNG, _zip({"word/document.xml": b"<w/>"})):
        error = _refused(data)
        assert (error.code, error.message) == ("question_file_unrecognized", "The file is not a QTI file.")


def test_a_zip_bomb_is_refused_before_anything_is_inflated():
    bomb = _zip({"imsmanifest.xml": b"<manifest/>", "items/zeros.xml": b"\0" * (20 * 1024 * 1024)})
    error = _refused(bomb)
    assert (error.code, error.message) == (
        "archive_too_large",
        "A part of the file is compressed more than 100 times: it is refused as a zip bomb.",
    )


def test_too_many_entries_are_refused(monkeypatch):
    monkeypatch.setattr(reader, "MAX_ENTRIES", 3)
    error = _refused(_zip({f"items/{n}.xml": b"<x/>" for n in range(4)}))
    assert (error.code, error.message) == ("archive_too_large", "The file holds more than 3 parts.")


MANIFEST_XXE = b"""<?xml version="1.0"?>
<!DOCTYPE manifest [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>&secret;</resources></manifest>"""
MANIFEST_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE manifest [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>&b;</resources></manifest>"""


@pytest.mark.parametrize(
    "manifest", [MANIFEST_XXE, MANIFEST_LAUGHS], ids=["external_entity", "billion_laughs"]
)
def test_a_manifest_with_a_document_type_is_refused(manifest):
    error = _refused(_zip({"imsmanifest.xml": manifest}))
    assert (error.code, error.message) == (
        "xml_refused",
        "The file's XML declares a document type, which is not allowed.",
    )


def test_an_item_the_manifest_names_but_the_zip_lacks_is_refused():
    manifest = (
        b'<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>'
        b'<resource identifier="R" type="imsqti_item_xmlv2p1" href="../../etc/passwd"/></resources></manifest>'
    )
    error = _refused(_zip({"imsmanifest.xml": manifest}))
    assert (error.code, error.message) == (
        "question_file_broken",
        "The QTI file cannot be read. (../../etc/passwd is missing)",
    )
