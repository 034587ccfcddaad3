"""The national exam's two new types in the question exports (issue 39, item 1; decision 0055):
QTI 2.1 keeps a true/false set's scoring table (a ``matchInteraction`` whose right pairs are
counted, ``SCORE`` the table at that count) and a numeric answer (a float compared
exactly with each accepted value); Moodle XML writes a numeric answer as ``numerical`` and a
true/false set as a Cloze question when its table is proportional, and otherwise a
``description`` saying, in the reader's language, why it is not a question there."""

from __future__ import annotations

import io
import zipfile
from decimal import Decimal
from types import SimpleNamespace

from django.utils import translation
from lxml import etree

from question_formats.tests.samples import FOLDERS, load_image, text
from question_formats.tests.test_qti import _schema
from question_formats.writers import moodle_xml, qti

QTI = "{http://www.imsglobal.org/xsd/imsqti_v2p1}"
MINISTRY = ["0", "0.1", "0.25", "0.5", "1"]
STATEMENTS = [
    {"id": "a", "vi": "$f(0)=0$", "en": "$f(0)=0$"},
    {"id": "b", "vi": "Đồng biến", "en": "Increasing"},
    {"id": "c", "vi": "Có cực trị", "en": "Has an extremum"},
    {"id": "d", "vi": "Cắt trục hoành", "en": "Meets the x-axis"},
]
JUDGED = {"a": True, "b": False, "c": True, "d": False}


def _question(pk: int, kind: str, content: dict, key: dict) -> SimpleNamespace:
    return SimpleNamespace(
        pk=pk,
        root_id=None,
        bank_id=10,
        type=kind,
        score_weight=Decimal("1.00"),
        content={
            "stem": text("Cho $f(x)=x^3$.", "Let $f(x)=x^3$."),
            "options": [],
            "explanation": {},
            **content,
        },
        answer_key=key,
    )


def _set(pk: int = 1, table: list[str] = MINISTRY) -> SimpleNamespace:
    return _question(
        pk, "true_false_set", {"statements": STATEMENTS}, {"statements": JUDGED, "scoring_table": table}
    )


def _numeric(pk: int = 2) -> SimpleNamespace:
    rounding = text("Làm tròn đến hàng phần mười", "Round to one decimal place")
    return _question(pk, "numeric", {"rounding": rounding}, {"accepted": ["0,5", "-1,2"]})


def _items(questions) -> dict[str, etree._Element]:
    data = qti.write(questions, FOLDERS, load_image=load_image)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {
            name: etree.fromstring(archive.read(name))
            for name in archive.namelist()
            if name.startswith("items/")
        }


def test_qti_items_of_the_new_types_are_valid_and_keep_the_scoring():
    items = _items([_set(), _numeric()])
    assert sorted(items) == ["items/Q1-en.xml", "items/Q1-vi.xml", "items/Q2-en.xml", "items/Q2-vi.xml"]
    for name, item in items.items():
        assert _schema().validate(item), (name, _schema().error_log)
    tfs = items["items/Q1-vi.xml"]
    assert [v.text for v in tfs.iter(f"{QTI}value")] == ["a true", "b false", "c true", "d false"]
    branches = next(tfs.iter(f"{QTI}responseProcessing")).find(f"{QTI}responseCondition")
    table = [
        (b.find(f"{QTI}match/{QTI}baseValue").text, b.find(f"{QTI}setOutcomeValue/{QTI}baseValue").text)
        for b in branches
    ]
    assert table == [("0", "0"), ("1", "0.1"), ("2", "0.25"), ("3", "0.5"), ("4", "1")]
    interaction = next(tfs.iter(f"{QTI}matchInteraction"))
    assert interaction.get("shuffle") == "false"
    first, second = interaction.findall(f"{QTI}simpleMatchSet")
    assert [c.get("identifier") for c in first] == ["a", "b", "c", "d"]
    assert ["".join(c.itertext()) for c in second] == ["Đúng", "Sai"]
    numeric = items["items/Q2-en.xml"]
    assert [v.text for v in numeric.iter(f"{QTI}baseValue") if v.get("baseType") == "float"][:2] == [
        "0.5",
        "-1.2",
    ]
    assert "Round to one decimal place" in "".join(next(numeric.iter(f"{QTI}itemBody")).itertext())
    assert next(numeric.iter(f"{QTI}textEntryInteraction")).get("expectedLength") == "4"


def _moodle(questions) -> list[etree._Element]:
    root = etree.fromstring(moodle_xml.write(questions, FOLDERS, load_image=load_image))
    return [q for q in root.findall("question") if q.get("type") != "category"]


def test_moodle_writes_a_numeric_answer_as_numerical():
    (numeric,) = _moodle([_numeric()])
    assert numeric.get("type") == "numerical"
    answers = [
        (a.get("fraction"), a.findtext("text"), a.findtext("tolerance")) for a in numeric.findall("answer")
    ]
    assert answers == [("100", "0.5", "0"), ("100", "-1.2", "0")]
    assert "Làm tròn đến hàng phần mười" in numeric.findtext("questiontext/text")


def test_moodle_writes_a_proportional_set_as_cloze_and_refuses_the_ministry_table():
    proportional = _set(1, ["0", "0.25", "0.5", "0.75", "1"])
    with translation.override("vi"):
        cloze, refused = _moodle([proportional, _set(2)])
    assert cloze.get("type") == "multianswer"
    stem = cloze.findtext("questiontext/text")
    assert "b) Đồng biến {1:MULTICHOICE:=Sai / False~Đúng / True}" in stem
    assert "a) \\(f(0)=0\\) {1:MULTICHOICE:=Đúng / True~Sai / False}" in stem
    assert refused.get("type") == "description" and refused.findtext("defaultgrade") == "0"
    assert (
        refused.findtext("questiontext/text").count(
            "Không xuất thành câu hỏi: Moodle không có câu Đúng/Sai nhiều ý chấm theo bảng như của Bộ "
            "(0; 0,1; 0,25; 0,5; 1). Hãy xuất dưới dạng QTI 2.1, định dạng giữ được bảng điểm."
        )
        == 2
    )  # in each language's span
    assert "b) Đồng biến (Sai)" in refused.findtext("questiontext/text")
    with translation.override("en"):
        (refused,) = _moodle([_set(2)])
    assert "Not exported as a question: Moodle has no true/false set" in refused.findtext("questiontext/text")


def test_a_numeric_answer_reads_back_from_both_formats_and_a_set_is_reported():
    """Our own files read back: a numeric answer is a ``numeric`` candidate again (QTI's float
    response, Moodle's ``numerical`` without tolerance); a true/false set is not read yet and
    says so (decision 0055)."""
    from question_formats.readers import moodle_xml as moodle_reader
    from question_formats.readers import qti as qti_reader

    read = qti_reader.read(qti.write([_set(), _numeric()], FOLDERS, load_image=load_image))
    assert [(c.type, c.source_type) for c in read] == [
        ("unsupported", "matchInteraction"),
        ("numeric", "textEntryInteraction"),
    ]
    assert read[1].answer_key == {"accepted": ["0,5", "-1,2"]}
    read = moodle_reader.read(moodle_xml.write([_numeric()], FOLDERS, load_image=load_image))
    assert [(c.type, c.answer_key) for c in read] == [("numeric", {"accepted": ["0,5", "-1,2"]})]
