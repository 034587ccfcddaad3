"""GIFT and Aiken import (issue 36, item 2): every type of the hand-written fixtures, escapes,
formats, feedback, folders, what the bank cannot hold, and files that are not what they say."""

from __future__ import annotations

from pathlib import Path

import pytest

from config.errors import ApplicationError
from question_formats.readers import aiken, gift, moodle_xml
from question_formats.texts import MAX_QUESTIONS

FIXTURES = Path(__file__).parent / "fixtures"
EMPTY = {"vi": "", "en": ""}
PNG_HEAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"


def _problems(candidate) -> list[tuple[str, str, bool]]:
    return [(p.code, p.message, p.blocking) for p in candidate.problems]


def _vi(html: str) -> dict[str, str]:
    return {"vi": html, "en": ""}


def test_gift_every_type_with_keys_folders_and_explanation():
    found = gift.read((FIXTURES / "all_types.gift").read_bytes())
    assert [(c.ref, c.type, c.source_type, c.folder) for c in found] == [
        ("Câu 1", "single_choice", "multichoice", ("Toán", "Đại số")),
        ("Câu 2", "multiple_choice", "multichoice", ("Toán", "Đại số")),
        ("Câu 3", "true_false", "truefalse", ("Toán", "Đại số")),
        ("Câu 4", "true_false", "truefalse", ("Toán", "Đại số")),
        ("Câu 5", "short_text", "shortanswer", ("Địa lý",)),
        ("Câu 6", "essay", "essay", ("Địa lý",)),
        ("Câu 7", "single_choice", "multichoice", ("Địa lý",)),
        ("Câu 8", "unsupported", "numerical", ("Địa lý",)),
        ("Câu 9", "unsupported", "numerical", ("Địa lý",)),
        ("Câu 10", "unsupported", "matching", ("Địa lý",)),
        ("Đoạn văn", "unsupported", "description", ("Địa lý",)),
    ]
    first, multiple, true, false, short, essay, markdown = found[:7]
    assert first.content == {
        "stem": _vi("<p>Đạo hàm của $x^2$ là gì?</p>"),
        "explanation": _vi("<p>Quy tắc lũy thừa.</p>"),
        "options": [
            {"id": "a", "vi": "$x$", "en": ""},
            {"id": "b", "vi": "$2x$", "en": ""},
            {"id": "c", "vi": "$x^2$", "en": ""},
        ],
    }
    assert first.answer_key == {"option": "b"} and first.problems == []
    assert multiple.content["stem"] == _vi("Số nào là số nguyên tố?")
    assert [o["vi"] for o in multiple.content["options"]] == ["2", "4", "5"]
    assert multiple.answer_key == {"options": ["a", "c"]}
    assert (true.content, true.answer_key) == (
        {"stem": _vi("Trái Đất quay quanh Mặt Trời."), "explanation": EMPTY},
        {"value": True},
    )
    assert false.answer_key == {"value": False}
    assert false.content["explanation"] == EMPTY  # an answer's own feedback is not the explanation
    assert short.content["stem"] == _vi("Thủ đô của Việt Nam là _____ .")
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
    assert essay.answer_key == {"rubric": "", "max_score": 1} and essay.problems == []
    assert markdown.content["stem"] == _vi("<p>Chọn <strong>đáp án</strong> đúng cho a{1} = 2 :</p>")
    assert [o["vi"] for o in markdown.content["options"]] == ["có", "không"]
    assert markdown.answer_key == {"option": "a"}


def test_gift_what_the_bank_cannot_hold_is_listed_and_numeric_keys_kept():
    numeric, numeric_range, matching, description = gift.read((FIXTURES / "all_types.gift").read_bytes())[7:]
    assert numeric.answer_key == {"numeric": [{"value": "3.14", "tolerance": "0.005"}]}
    assert numeric_range.answer_key == {"numeric": [{"value": "3", "tolerance": "2"}]}
    for candidate, kind in ((numeric, "numerical"), (matching, "matching"), (description, "description")):
        assert _problems(candidate) == [("unsupported_type", f"Question type not supported: {kind}", True)]
        assert candidate.blocked


def test_gift_choice_without_options_enough_is_blocked():
    (candidate,) = gift.read("Chọn một {=chỉ một}\n".encode())
    assert candidate.type == "short_text"  # "=" answers only: a short answer, as in Moodle
    (candidate,) = gift.read("Chọn một {=a}\n\n".replace("{=a}", "{~a}").encode())
    assert _problems(candidate) == [
        ("too_few_options", "The question has fewer than two options.", True),
        ("no_key_marked", "No option is marked as the answer.", True),
    ]


def test_aiken_questions_keys_and_blocked_ones():
    found = aiken.read((FIXTURES / "all_types.aiken.txt").read_bytes())
    assert [(c.ref, c.type, c.answer_key, _problems(c)) for c in found] == [
        ("Đạo hàm của $x^2$ là gì?", "single_choice", {"option": "b"}, []),
        ("Thủ đô của Việt Nam?", "single_choice", {"option": "b"}, []),
        (
            "Câu hỏi không có dòng đáp án",
            "single_choice",
            {"option": ""},
            [("no_key_marked", "The question has no ANSWER line.", True)],
        ),
        (
            "Câu hỏi có đáp án sai",
            "single_choice",
            {"option": ""},
            [("no_key_marked", "ANSWER: D names no option of the question.", True)],
        ),
    ]
    assert found[0].content == {
        "stem": _vi("Đạo hàm của $x^2$ là gì?"),
        "options": [
            {"id": "a", "vi": "$x$", "en": ""},
            {"id": "b", "vi": "$2x$", "en": ""},
            {"id": "c", "vi": "$x^2$", "en": ""},
        ],
        "explanation": EMPTY,
    }
    assert found[1].content["options"] == [
        {"id": "a", "vi": "Huế", "en": ""},
        {"id": "b", "vi": "Hà Nội", "en": ""},
    ]


def test_aiken_text_is_escaped_as_html():
    (candidate,) = aiken.read(b"Is 1 < 2 & 3 > 2?\nA. <b>yes</b>\nB. no\nANSWER: A\n")
    assert candidate.content["stem"]["vi"] == "Is 1 &lt; 2 &amp; 3 &gt; 2?"
    assert candidate.content["options"][0]["vi"] == "&lt;b&gt;yes&lt;/b&gt;"


def test_each_sniffer_recognizes_its_own_content_whatever_the_name():
    gift_data = (FIXTURES / "all_types.gift").read_bytes()
    aiken_data = (FIXTURES / "all_types.aiken.txt").read_bytes()
    moodle_data = (FIXTURES / "moodle_all_types.xml").read_bytes()
    assert [gift.sniff(d, "x.txt") for d in (gift_data, aiken_data, moodle_data, PNG_HEAD)] == [
        True,
        False,
        False,
        False,
    ]
    assert [aiken.sniff(d, "x.txt") for d in (gift_data, aiken_data, moodle_data, PNG_HEAD)] == [
        False,
        True,
        False,
        False,
    ]
    assert [moodle_xml.sniff(d, "x.gift") for d in (gift_data, aiken_data, moodle_data, PNG_HEAD)] == [
        False,
        False,
        True,
        False,
    ]


@pytest.mark.parametrize(("reader", "name"), [(gift, "GIFT"), (aiken, "Aiken")])
def test_a_binary_or_xml_file_named_as_text_is_refused(reader, name):
    for data in (
        PNG_HEAD + b"\x00" * 32,
        (FIXTURES / "moodle_all_types.xml").read_bytes(),
        b"\xff\xfe\x00\xd8",
    ):
        with pytest.raises(ApplicationError) as caught:
            reader.read(data)
        assert (caught.value.code, caught.value.message) == (
            "question_file_unrecognized",
            f"The file is not a {name} file.",
        )


def test_aiken_refuses_text_without_any_question():
    with pytest.raises(ApplicationError) as caught:
        aiken.read("Chỉ là một đoạn văn.\n".encode())
    assert caught.value.code == "question_file_unrecognized"


def _gift(count: int) -> bytes:
    return "".join(f"::Q{n}:: Câu {n}: $x+{n}$? {{=đúng ~sai}}\n\n" for n in range(count)).encode()


def test_ten_thousand_gift_questions_are_read_and_more_than_the_cap_refused():
    found = gift.read(_gift(10_000))
    assert len(found) == 10_000
    assert (found[-1].ref, found[-1].content["stem"]["vi"], found[-1].answer_key) == (
        "Q9999",
        "Câu 9999: $x+9999$?",
        {"option": "a"},
    )
    with pytest.raises(ApplicationError) as caught:
        gift.read(_gift(MAX_QUESTIONS + 1))
    assert caught.value.code == "question_file_too_large"
