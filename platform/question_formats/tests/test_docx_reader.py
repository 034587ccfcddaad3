"""The Word reader (issue 36, item 1) on the 2025-layout fixture: every way of marking the key,
equations as LaTeX through pandoc, pictures, a MathType object, the national format's parts the
bank cannot hold yet, and hostile files."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.utils import translation

from config.errors import ApplicationError
from question_formats.readers import docx as reader
from question_formats.readers import reader_for
from question_formats.tests.fixtures import make_fixtures

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PART_I = ("PHẦN I. Câu trắc nghiệm nhiều phương án lựa chọn",)


@pytest.fixture(scope="module")
def exam():
    with translation.override("en"):
        return reader.read((FIXTURES / "exam_2025.docx").read_bytes())


def _options(candidate) -> list[str]:
    return [o["vi"] for o in candidate.content["options"]]


def _problems(candidate) -> list[tuple[str, str, bool]]:
    return [(p.code, p.message, p.blocking) for p in candidate.problems]


def test_the_committed_fixture_is_the_one_the_script_writes():
    generated = reader.read(make_fixtures.exam_2025())
    committed = reader.read((FIXTURES / "exam_2025.docx").read_bytes())
    assert [(c.ref, c.content, c.answer_key) for c in generated] == [
        (c.ref, c.content, c.answer_key) for c in committed
    ]


def test_every_question_in_order_with_its_part_as_folder(exam):
    assert [(c.ref, c.type, c.source_type, c.folder) for c in exam] == [
        *[(f"Câu {n}", "single_choice", "", PART_I) for n in range(1, 11)],
        ("Câu 1", "unsupported", "true_false_set", ("PHẦN II. Câu trắc nghiệm đúng sai",)),
        ("Câu 1", "unsupported", "numeric", ("PHẦN III. Câu trắc nghiệm trả lời ngắn",)),
    ]


def test_each_way_of_marking_the_key(exam):
    keys = {c.ref: c.answer_key for c in exam[:10]}
    assert keys == {
        "Câu 1": {"option": "b"},  # the underlined letter
        "Câu 2": {"option": "c"},  # red, options on one line separated by tabs
        "Câu 3": {"option": "d"},  # bold, options in a table
        "Câu 4": {"option": "a"},  # the answer table: a row of numbers over a row of letters
        "Câu 5": {"option": "d"},  # the key line "5-D"
        "Câu 6": {},  # nothing marked
        "Câu 7": {"option": "a"},
        "Câu 8": {"option": "c"},  # the key line "8c"
        "Câu 9": {},  # two marked
        "Câu 10": {"option": "b"},  # "Đáp án: B"
    }


def test_equations_become_latex_between_dollars(exam):
    assert exam[0].content["stem"] == {"vi": "<p>Giá trị của $\\frac{1}{2}$ + 1 bằng</p>", "en": ""}
    assert exam[1].content["stem"]["vi"] == "<p>Phương trình $x^{2} - 4 = 0$ có nghiệm dương là</p>"
    assert _options(exam[2]) == ["9", "-3", "1,5", "$\\sqrt{3}$"]
    assert _options(exam[1]) == ["x = 1", "x = 4", "x = 2", "x = 16"]
    assert _options(exam[0]) == ["1", "3/2", "2", "5/2"]  # the underline (the key's mark) is not kept


def test_explanations_inline_and_after_the_key_table(exam):
    assert exam[4].content["explanation"]["vi"] == "<p>Ta có $\\frac{1}{2}$ = 0,5 là số lớn nhất.</p>"
    assert exam[7].content["explanation"]["vi"] == "<p>Nhân trước, cộng sau: 2 + 4 = 6.</p><p>Chọn C.</p>"
    assert exam[0].content["explanation"]["vi"] == ""


def test_a_picture_and_a_mathtype_object(exam):
    picture = exam[3]
    assert picture.content["stem"]["vi"] == (
        '<p>Hình bên là đồ thị của hàm số nào?</p><p><img src="candidate-image:image1.png" alt=""></p>'
    )
    assert [(i.name, i.media_type) for i in picture.images] == [("image1.png", "image/png")]
    assert picture.images[0].data == make_fixtures.png()
    assert picture.flags == set() and picture.problems == []
    mathtype = exam[6]
    assert (
        mathtype.content["stem"]["vi"]
        == '<p>Giá trị của biểu thức <img src="candidate-image:image2.png" alt=""> là</p>'
    )
    assert mathtype.flags == {"equation_as_picture"}
    assert _problems(mathtype) == [
        ("equation_as_picture", "Câu 7: an equation is a MathType object, kept as its picture.", False)
    ]
    assert not mathtype.blocked


def test_problems_of_a_teachers_file(exam):
    assert _problems(exam[5]) == [("no_key_marked", "Câu 6: no option is marked as the answer.", True)]
    assert _problems(exam[8]) == [
        ("two_keys", "Câu 9: 2 options are marked as the answer of a single-choice question.", True)
    ]
    assert [_problems(c) for c in exam[:5]] == [[], [], [], [], []]


def test_the_national_formats_new_types_are_listed_as_not_yet_supported(exam):
    true_false, numeric = exam[10], exam[11]
    assert true_false.content["stem"]["vi"] == (
        "<p>Cho hàm số y = 2x + 1.</p><ol><li>a) Hàm số đồng biến trên ℝ.</li>"
        "<li>b) Đồ thị đi qua điểm (0; 1).</li><li>c) Hệ số góc bằng 1.</li><li>d) y(1) = 3.</li></ol>"
    )
    assert _problems(true_false) == [
        (
            "unsupported_type",
            "Câu 1: true/false statements (a–d) is not yet supported by the bank; skip it or retype it as"
            " another type.",
            True,
        )
    ]
    assert (
        numeric.content["stem"]["vi"]
        == "<p>Nghiệm của phương trình 2x + 3 = 0 là bao nhiêu?</p><p>Answer in the file: -1,5</p>"
    )
    assert [p.code for p in numeric.problems] == ["unsupported_type"]
    assert numeric.blocked and true_false.blocked


def test_messages_follow_the_language():
    with translation.override("vi"):
        found = reader.read((FIXTURES / "exam_2025.docx").read_bytes())
    assert found[5].problems[0].message == "Câu 6: không có phương án nào được đánh dấu là đáp án."


def test_a_shared_passage_is_listed_not_dropped():
    from docx import Document

    document = Document()
    document.add_paragraph("Đọc đoạn văn sau và trả lời các câu hỏi từ câu 1 đến câu 2.")
    document.add_paragraph("Hà Nội là thủ đô của Việt Nam.")
    document.add_paragraph("Câu 1. Thủ đô của Việt Nam là")
    document.add_paragraph("A. Hà Nội")
    document.add_paragraph("B. Huế")
    document.add_paragraph("Đáp án: A")
    buffer = io.BytesIO()
    document.save(buffer)
    with translation.override("en"):
        found = reader.read(buffer.getvalue())
    assert [(c.ref, c.type, c.source_type) for c in found] == [
        ("Passage 1", "unsupported", "stimulus"),
        ("Câu 1", "single_choice", ""),
    ]
    assert found[0].content["stem"]["vi"] == (
        "<p>Đọc đoạn văn sau và trả lời các câu hỏi từ câu 1 đến câu 2.</p><p>Hà Nội là thủ đô của Việt Nam.</p>"
    )
    assert found[1].answer_key == {"option": "a"} and found[1].problems == []


def test_several_options_on_one_line_separated_by_spaces_and_bare_numbers():
    from docx import Document

    document = Document()
    document.add_paragraph("1. Which is even?")
    document.add_paragraph("A. 1   B. 2   C. 3   D. 5")
    document.add_paragraph("Answer: B")
    document.add_paragraph("2. Which is odd?")
    document.add_paragraph("A) 2")
    document.add_paragraph("B) 3")
    buffer = io.BytesIO()
    document.save(buffer)
    found = reader.read(buffer.getvalue())
    assert [(c.ref, _options(c), c.answer_key) for c in found] == [
        ("Câu 1", ["1", "2", "3", "5"], {"option": "b"}),
        ("Câu 2", ["2", "3"], {}),
    ]


# --- hostile and foreign files -----------------------------------------------------------------


def _zip(parts: dict[str, bytes], method=zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _code(data: bytes) -> str:
    with pytest.raises(ApplicationError) as caught:
        reader.read(data)
    return caught.value.code


def test_files_that_are_not_word_files_are_refused_by_content():
    xlsx = _zip({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<workbook/>"})
    for data, name in (
        (b"%PDF-1.7 ...", "de-thi.docx"),
        (xlsx, "de-thi.docx"),
        (b"PK\x03\x04broken", "a.docx"),
    ):
        assert reader.sniff(data, name) is False
        with translation.override("en"), pytest.raises(ApplicationError) as caught:
            reader_for(data, name)
        assert caught.value.code == "not_a_question_file"
        assert caught.value.message == (
            "This is not a question file we can read: upload a Word (.docx), Moodle XML, GIFT, Aiken or QTI file."
        )


def test_a_zip_bomb_is_refused_before_anything_is_inflated():
    bomb = _zip(
        {"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<w:document/>" + b" " * 50_000_000}
    )
    assert len(bomb) < 100_000
    with translation.override("en"), pytest.raises(ApplicationError) as caught:
        reader.read(bomb)
    assert caught.value.code == "archive_too_large"
    assert (
        caught.value.message
        == "A part of the file is compressed more than 100 times: it is refused as a zip bomb."
    )


def test_too_many_entries_are_refused(monkeypatch):
    monkeypatch.setattr(reader, "MAX_ENTRIES", 10)
    parts = {"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<w:document/>"}
    parts.update({f"word/media/x{i}.bin": b"x" for i in range(10)})
    assert _code(_zip(parts)) == "archive_too_large"


def test_xml_with_a_doctype_is_refused():
    document = (FIXTURES / "exam_2025.docx").read_bytes()
    with zipfile.ZipFile(io.BytesIO(document)) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts["word/document.xml"] = (
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        + parts["word/document.xml"].split(b"?>", 1)[1]
    )
    assert _code(_zip(parts)) == "question_file_unreadable"


def test_a_broken_document_is_refused_with_a_localized_message():
    data = _zip({"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<not closed"})
    with translation.override("vi"), pytest.raises(ApplicationError) as caught:
        reader.read(data)
    assert caught.value.code == "question_file_unreadable"
    assert caught.value.message == "Không đọc được tệp Word: tệp bị hỏng hoặc không phải tệp .docx thật."


def test_a_wmf_picture_is_named_as_such_for_its_problem():
    from question_formats.readers.docx import _picture_from

    wmf = b"\xd7\xcd\xc6\x9a" + b"\x00" * 60
    picture = _picture_from(wmf, 3)
    assert (picture.name, picture.media_type, picture.problem) == ("image3.wmf", "windows/metafile", "wmf")
