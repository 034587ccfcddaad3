"""Writing the national exam's two new types (issue 39, item 1; decision 0055): a true/false set's
statements, key and scoring table, a numeric answer's accepted values and rounding instruction,
each checked by the one rule in ``assessments.matching`` with its message in both languages, and
what blocks submitting for vetting."""

from __future__ import annotations

import itertools

import pytest

from assessments.tests.test_authoring_api import J, make_bank, post, put, subject_id

pytestmark = pytest.mark.django_db

STATEMENTS = [
    {
        "id": "a",
        "vi": "Hàm số đồng biến trên $\\mathbb{R}$.",
        "en": "The function is increasing on $\\mathbb{R}$.",
    },
    {"id": "b", "vi": "<b>Đồ thị</b> cắt trục hoành<script>x</script>", "en": ""},
    {"id": "c", "vi": "$f(0)=1$", "en": "$f(0)=1$"},
    {"id": "d", "vi": "Không có cực trị.", "en": "It has no extremum."},
]
_BANKS = itertools.count(1)
KEY = {"a": True, "b": False, "c": True, "d": False}


def _body(bank_id: int, qtype: str, content: dict, key: dict | None) -> dict:
    return {
        "bank_id": bank_id,
        "type": qtype,
        "grade": 12,
        "subject_id": subject_id(),
        "difficulty": "medium",
        "content": {"stem": {"vi": "Cho hàm số $f(x)=e^x$.", "en": "Let $f(x)=e^x$."}, **content},
        "answer_key": key,
    }


def _create(client, qtype: str, content: dict, key: dict | None, language: str = "vi"):
    bank = make_bank(client, name=f"Đề thi 2025 ({next(_BANKS)})")
    return client.post(
        "/api/v1/questions",
        _body(bank["id"], qtype, content, key),
        content_type=J,
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_a_true_false_set_is_stored_with_the_ministry_table_by_default(as_educator_a):
    res = _create(as_educator_a, "true_false_set", {"statements": STATEMENTS}, {"statements": KEY})
    assert res.status_code == 201, res.json()
    q = res.json()["data"]
    assert q["content"]["statements"] == [
        STATEMENTS[0],
        {"id": "b", "vi": "<b>Đồ thị</b> cắt trục hoành", "en": ""},
        STATEMENTS[2],
        STATEMENTS[3],
    ]
    assert q["content"]["rounding"] == {"vi": "", "en": ""}
    assert q["answer_key"] == {"statements": KEY, "scoring_table": ["0", "0.1", "0.25", "0.5", "1"]}
    assert q["missing"] == []
    submitted = post(as_educator_a, f"/api/v1/questions/{q['id']}/submit")
    assert submitted.status_code == 200 and submitted.json()["data"]["status"] == "submitted"


def test_an_edited_table_is_kept_as_decimal_strings(as_educator_a):
    table = ["0", "0,25", 0.5, "0.750", "1.0"]
    res = _create(
        as_educator_a,
        "true_false_set",
        {"statements": STATEMENTS},
        {"statements": KEY, "scoring_table": table},
    )
    assert res.status_code == 201, res.json()
    assert res.json()["data"]["answer_key"]["scoring_table"] == ["0", "0.25", "0.5", "0.75", "1"]
    three = _create(
        as_educator_a, "true_false_set", {"statements": STATEMENTS[:3]}, {"statements": {"a": True}}
    ).json()["data"]
    assert three["answer_key"] == {"statements": {"a": True}, "scoring_table": ["0", "0.33", "0.67", "1"]}


@pytest.mark.parametrize(
    ("table", "vi", "en"),
    [
        (
            ["0", "0.5", "1"],
            "Cần một tỉ lệ cho mỗi số ý đúng, từ 0 đến 4: tất cả 5 tỉ lệ.",
            "Give one fraction for each number of statements right, from 0 to 4: 5 in all.",
        ),
        (
            ["0", "x", "0.25", "0.5", "1"],
            "Mỗi tỉ lệ phải là một số từ 0 đến 1.",
            "Each fraction must be a number from 0 to 1.",
        ),
        (
            ["0", "0.5", "0.25", "0.75", "1"],
            "Tỉ lệ sau không được nhỏ hơn tỉ lệ trước.",
            "A fraction cannot be smaller than the one before it.",
        ),
        (
            ["0", "0.1", "0.25", "0.5", "0.9"],
            "Đúng tất cả các ý phải được trọn điểm: tỉ lệ cuối cùng là 1.",
            "All statements right must give the whole points: the last fraction is 1.",
        ),
    ],
)
def test_a_wrong_scoring_table_is_refused_with_its_reason(as_educator_a, table, vi, en):
    for language, message in (("vi", vi), ("en", en)):
        res = _create(
            as_educator_a,
            "true_false_set",
            {"statements": STATEMENTS},
            {"statements": KEY, "scoring_table": table},
            language,
        )
        assert res.status_code == 400 and res.json()["code"] == "validation_error"
        assert res.json()["errors"] == {"answer_key.scoring_table": [message]}


def test_statements_are_bounded_and_named_by_unique_ids(as_educator_a):
    seven = [{"id": c, "vi": c} for c in "abcdefg"]
    res = _create(as_educator_a, "true_false_set", {"statements": seven}, {})
    assert res.status_code == 400 and res.json()["errors"] == {"content.statements": ["Tối đa 6 ý."]}
    repeated = [{"id": "a", "vi": "1"}, {"id": "a", "vi": "2"}, {"id": "abcdefghi", "vi": "3"}]
    res = _create(as_educator_a, "true_false_set", {"statements": repeated}, {}, "en")
    assert res.json()["errors"] == {
        "content.statements.1.id": ["Each statement needs its own id of at most 8 characters."],
        "content.statements.2.id": ["Each statement needs its own id of at most 8 characters."],
    }
    res = _create(as_educator_a, "true_false_set", {"statements": STATEMENTS}, {"statements": {"z": True}})
    assert res.json()["errors"] == {
        "answer_key.statements": ["Hãy đánh dấu Đúng hoặc Sai cho các ý của câu hỏi."]
    }
    res = _create(as_educator_a, "true_false_set", {"statements": STATEMENTS}, {"statements": {"a": "yes"}})
    assert res.status_code == 422 and list(res.json()["errors"]) == ["answer_key.true_false_set.statements.a"]


def test_an_incomplete_true_false_set_cannot_be_submitted(as_educator_a):
    content = {"statements": [{"id": "a", "vi": "Một ý"}, {"id": "b", "vi": "<p> </p>"}]}
    q = _create(as_educator_a, "true_false_set", content, {"statements": {"a": True}}).json()["data"]
    assert q["missing"] == [
        {"field": "content.statements", "message": "Cần từ 2 đến 6 ý, không ý nào để trống."},
        {"field": "answer_key.statements", "message": "Hãy đánh dấu Đúng hoặc Sai cho mọi ý."},
    ]
    res = post(as_educator_a, f"/api/v1/questions/{q['id']}/submit")
    assert res.status_code == 400 and res.json()["code"] == "question_incomplete"
    assert set(res.json()["errors"]) == {"content.statements", "answer_key.statements"}
    alone = _create(as_educator_a, "true_false_set", {"statements": [{"id": "a", "vi": "x"}]}, {}).json()[
        "data"
    ]
    assert {m["field"] for m in alone["missing"]} == {"content.statements", "answer_key.statements"}


def test_a_numeric_answer_keeps_sheet_numbers_and_its_rounding(as_educator_a):
    rounding = {"vi": "  Làm tròn kết quả đến   hàng phần mười ", "en": "Round to one decimal place"}
    res = _create(
        as_educator_a,
        "numeric",
        {"rounding": rounding, "statements": STATEMENTS},
        {"accepted": ["0.5", " ", "\u22122", "1,50", "0,5", ",5"]},
    )
    assert res.status_code == 201, res.json()
    q = res.json()["data"]
    assert q["answer_key"] == {"accepted": ["0,5", "-2", "1,50", ",5"]}
    assert q["content"]["rounding"] == {
        "vi": "Làm tròn kết quả đến hàng phần mười",
        "en": "Round to one decimal place",
    }
    assert q["content"]["statements"] == []  # only a true/false set keeps statements
    assert q["missing"] == []
    again = as_educator_a.get(f"/api/v1/questions/{q['id']}").json()["data"]
    assert again["answer_key"] == q["answer_key"] and again["content"] == q["content"]


@pytest.mark.parametrize(
    ("value", "vi", "en"),
    [
        ("12345", "Tối đa 4 ký tự.", "At most 4 characters."),
        ("1e3", "Chỉ nhập chữ số, dấu - và dấu phẩy.", "Only digits, - and , are allowed."),
        ("--1", "Hãy viết một số, ví dụ -1,5 hoặc 0,25.", "Write a number such as -1,5 or 0,25."),
    ],
)
def test_an_accepted_value_the_sheet_cannot_hold_is_refused(as_educator_a, value, vi, en):
    for language, message in (("vi", vi), ("en", en)):
        res = _create(as_educator_a, "numeric", {}, {"accepted": ["2", value]}, language)
        assert res.status_code == 400
        assert res.json()["errors"] == {"answer_key.accepted.1": [message]}


def test_a_numeric_answer_needs_an_accepted_value_and_a_short_rounding(as_educator_a):
    q = _create(as_educator_a, "numeric", {}, {"accepted": []}).json()["data"]
    assert q["answer_key"] == {"accepted": []}
    assert q["missing"] == [
        {"field": "answer_key.accepted", "message": "Nhập ít nhất một đáp án được chấp nhận."}
    ]
    res = _create(as_educator_a, "numeric", {"rounding": {"vi": "x" * 201}}, {"accepted": ["1"]})
    assert res.status_code == 400 and res.json()["errors"] == {"content.rounding.vi": ["Tối đa 200 ký tự."]}
    eleven = [str(n) for n in range(11)]
    res = _create(as_educator_a, "numeric", {}, {"accepted": eleven}, "en")
    assert res.json()["errors"] == {"answer_key.accepted": ["At most 10 accepted values."]}


def test_changing_the_type_keeps_only_what_the_new_type_uses(as_educator_a):
    q = _create(as_educator_a, "true_false_set", {"statements": STATEMENTS}, {"statements": KEY}).json()[
        "data"
    ]
    res = put(
        as_educator_a,
        f"/api/v1/questions/{q['id']}",
        {"type": "numeric", "answer_key": {"accepted": ["3"]}},
    )
    assert res.status_code == 200, res.json()
    changed = res.json()["data"]
    assert changed["content"]["statements"] == [] and changed["answer_key"] == {"accepted": ["3"]}
