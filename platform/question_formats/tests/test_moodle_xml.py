"""Moodle XML import (issue 36, item 2): every type of the hand-written fixture, the languages,
math, images and folders, and the hostile files."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from config.errors import ApplicationError
from question_formats.readers import moodle_xml
from question_formats.texts import MAX_QUESTIONS, join_languages, split_languages

FIXTURES = Path(__file__).parent / "fixtures"
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkaPjPwMDAxMDAwMDAAAARHwGDXcgNqQAAAABJRU5ErkJggg=="
)


def _fixture() -> list:
    return moodle_xml.read((FIXTURES / "moodle_all_types.xml").read_bytes())


def _problems(candidate) -> list[tuple[str, str, bool]]:
    return [(p.code, p.message, p.blocking) for p in candidate.problems]


def test_every_supported_type_is_read_with_its_key_folder_and_texts():
    found = _fixture()
    assert [(c.ref, c.type, c.source_type, c.folder) for c in found] == [
        ("Câu 1 - đạo hàm", "single_choice", "multichoice", ("Đại số", "Hàm số")),
        ("Câu 2 - số nguyên tố", "multiple_choice", "multichoice", ("Đại số", "Hàm số")),
        ("Câu 3", "true_false", "truefalse", ("Đại số", "Hàm số")),
        ("Câu 4", "short_text", "shortanswer", ("Địa lý",)),
        ("Câu 5", "essay", "essay", ("Địa lý",)),
        ("Đoạn văn chung", "unsupported", "description", ("Địa lý",)),
        ("Câu 6", "unsupported", "numerical", ("Địa lý",)),
        ("Câu 7", "unsupported", "matching", ("Địa lý",)),
        ("Câu 8", "unsupported", "cloze", ("Địa lý",)),
        ("Câu 9", "unsupported", "ddwtos", ("Địa lý",)),
        ("Câu 10", "unsupported", "calculated", ("Địa lý",)),
    ]
    single, multiple, true_false, short, essay = found[:5]
    image = '<p><img src="candidate-image:do thi.png" alt="đồ thị"></p>'
    assert single.content == {
        "stem": {
            "vi": f"<p>Đạo hàm của $x^2$ là gì?</p>{image}",
            "en": f"<p>What is the derivative of $x^2$?</p>{image}",
        },
        "options": [
            {"id": "a", "vi": "$x$", "en": ""},
            {"id": "b", "vi": "$2x$", "en": ""},
            {"id": "c", "vi": "hai", "en": "two"},
        ],
        "explanation": {"vi": "Quy tắc lũy thừa: $(x^n)' = nx^{n-1}$", "en": "Power rule."},
    }
    assert single.answer_key == {"option": "b"}
    assert single.score_weight == 2.0
    assert [(i.name, i.data, i.media_type) for i in single.images] == [("do thi.png", PNG, "image/png")]
    assert single.problems == [] and not single.blocked

    assert multiple.content["stem"] == {"vi": "<p>Số nào là số nguyên tố?</p>", "en": ""}
    assert [o["vi"] for o in multiple.content["options"]] == ["2", "4", "5"]
    assert multiple.answer_key == {"options": ["a", "c"]}

    assert true_false.content == {
        "stem": {"vi": "Trái Đất quay quanh Mặt Trời.", "en": ""},
        "explanation": {"vi": "", "en": ""},
    }
    assert true_false.answer_key == {"value": True}

    assert short.answer_key == {
        "accepted": ["Hà Nội", "Ha Noi"],
        "case_sensitive": False,
        "diacritic_sensitive": True,
    }
    assert _problems(short) == [
        (
            "partial_credit_not_kept",
            "Answers with partial credit are left out: the bank accepts an answer or not.",
            False,
        )
    ]
    assert not short.blocked

    assert essay.answer_key == {"rubric": "<p>Nêu đủ 3 ý, mỗi ý 3 điểm.</p>", "max_score": 10.0}
    assert essay.score_weight is None


def test_what_the_bank_cannot_hold_is_listed_per_question_with_a_blocking_problem():
    unsupported = _fixture()[5:]
    assert [(c.source_type, _problems(c)) for c in unsupported] == [
        (kind, [("unsupported_type", f"Question type not supported: {kind}", True)])
        for kind in ("description", "numerical", "matching", "cloze", "ddwtos", "calculated")
    ]
    assert all(c.blocked for c in unsupported)
    numerical = unsupported[1]
    assert numerical.answer_key == {"numeric": [{"value": "3.14", "tolerance": "0.005"}]}
    assert numerical.content["stem"]["vi"] == "<p>Giá trị của $\\pi$ (hai chữ số thập phân)?</p>"


def test_a_question_without_a_marked_answer_or_enough_options_is_blocked():
    data = b"""<?xml version="1.0"?><quiz>
      <question type="multichoice"><name><text>Q</text></name>
        <questiontext format="html"><text>Pick</text></questiontext><single>true</single>
        <answer fraction="50"><text>x</text></answer></question>
      <question type="truefalse"><name><text>T</text></name>
        <questiontext format="html"><text></text></questiontext>
        <answer fraction="0"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
    </quiz>"""
    choice, true_false = moodle_xml.read(data)
    assert _problems(choice) == [
        ("too_few_options", "The question has fewer than two options.", True),
        ("no_key_marked", "No option is marked as the answer.", True),
    ]
    assert choice.answer_key == {"option": ""}
    assert _problems(true_false) == [
        ("no_stem", "The question has no text.", True),
        ("no_key_marked", "Neither true nor false is marked as the answer.", True),
    ]


def test_multilang_spans_and_mlang_blocks_split_into_the_two_languages():
    assert split_languages(
        '<p>x </p><span class="multilang" lang="en_us">A <span class="b">b</span></span>'
    ) == (
        {"vi": "", "en": '<p>x </p>A <span class="b">b</span>'},
        [],
    )
    assert split_languages("{mlang vi}Xin chào{mlang}{mlang en}Hello{mlang}{mlang fr}Bonjour{mlang}") == (
        {"vi": "Xin chào", "en": "Hello"},
        ["fr"],
    )
    assert split_languages("Chỉ tiếng Việt") == ({"vi": "Chỉ tiếng Việt", "en": ""}, [])
    assert join_languages({"vi": "A", "en": "B"}) == (
        '<span lang="vi" class="multilang">A</span><span lang="en" class="multilang">B</span>'
    )
    assert join_languages({"vi": "A", "en": ""}) == "A"
    assert join_languages({"vi": "", "en": "B"}) == '<span lang="en" class="multilang">B</span>'


def test_sniff_reads_the_content_not_the_name():
    data = (FIXTURES / "moodle_all_types.xml").read_bytes()
    assert moodle_xml.sniff(data, "questions.txt") is True
    assert moodle_xml.sniff(PNG, "questions.xml") is False
    assert moodle_xml.sniff(b"<?xml version='1.0'?><html><body/></html>", "questions.xml") is False


def _refused(data: bytes) -> ApplicationError:
    with pytest.raises(ApplicationError) as caught:
        moodle_xml.read(data)
    return caught.value


def test_a_file_that_is_not_moodle_xml_is_refused_by_content():
    error = _refused(PNG)
    assert (error.code, error.message) == ("question_file_unrecognized", "The file is not a Moodle XML file.")
    error = _refused(b"<?xml version='1.0'?><html><body/></html>")
    assert error.code == "question_file_unrecognized"


def test_broken_xml_is_refused_with_its_line():
    error = _refused(b"<quiz>\n<question type='truefalse'>\n<name><text>x</name></question></quiz>")
    assert error.code == "question_file_broken"
    assert error.message == "The Moodle XML file cannot be read. (line 3)"


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE quiz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<quiz><question type="essay"><name><text>&lol3;</text></name></question></quiz>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<quiz><question type="essay"><questiontext><text>&secret;</text></questiontext></question></quiz>"""


@pytest.mark.parametrize("data", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["billion_laughs", "external_entity"])
def test_a_document_type_is_refused_before_anything_is_parsed(data):
    error = _refused(data)
    assert (error.code, error.message) == (
        "xml_refused",
        "The file's XML declares a document type, which is not allowed.",
    )


def test_a_document_type_hidden_after_long_comments_is_refused_too():
    data = b"<?xml version='1.0'?>" + b"<!--" + b"x" * 10_000 + b"-->" + EXTERNAL_ENTITY.split(b"?>", 1)[1]
    assert _refused(data).code == "xml_refused"


def test_an_undeclared_entity_is_broken_xml_and_never_read():
    data = (
        b"<quiz><question type='essay'><questiontext><text>&secret;</text></questiontext></question></quiz>"
    )
    assert _refused(data).code == "question_file_broken"


def _many(count: int) -> bytes:
    question = (
        "<question type='multichoice'><name><text>Q{n}</text></name>"
        "<questiontext format='html'><text><![CDATA[<p>Câu {n}: $x+{n}$?</p>]]></text></questiontext>"
        "<single>true</single><answer fraction='100'><text>{n}</text></answer>"
        "<answer fraction='0'><text>0</text></answer></question>"
    )
    return ("<quiz>" + "".join(question.format(n=n) for n in range(count)) + "</quiz>").encode()


def test_ten_thousand_questions_are_read_and_more_than_the_cap_refused():
    found = moodle_xml.read(_many(10_000))
    assert len(found) == 10_000
    assert found[-1].content["stem"]["vi"] == "<p>Câu 9999: $x+9999$?</p>"
    error = _refused(_many(MAX_QUESTIONS + 1))
    assert (error.code, error.message) == (
        "question_file_too_large",
        "The file holds more than 20,000 questions.",
    )
