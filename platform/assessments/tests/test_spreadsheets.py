"""Question import (dry run, all-or-nothing) and export (issue 4, item 6)."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook, load_workbook

from assessments.services.spreadsheets import COLUMNS
from assessments.tests.test_authoring_api import make_bank, make_matrix, post

pytestmark = pytest.mark.django_db

GOOD = [
    {
        "type": "single_choice",
        "grade": 9,
        "subject_code": "toan",
        "difficulty": "easy",
        "stem_vi": "$2+2=$?",
        "option_a_vi": "4",
        "option_b_vi": "5",
        "correct": "a",
    },
    {
        "type": "multiple_choice",
        "grade": 9,
        "subject_code": "toan",
        "difficulty": "medium",
        "stem_vi": "Số nguyên tố?",
        "option_a_vi": "2",
        "option_b_vi": "4",
        "option_c_vi": "5",
        "correct": "a,c",
    },
    {
        "type": "true_false",
        "grade": 9,
        "subject_code": "tieng-anh",
        "difficulty": "easy",
        "stem_vi": "'Went' là quá khứ của 'go'",
        "correct": "đúng",
    },
    {
        "type": "short_text",
        "grade": 9,
        "subject_code": "dia-ly",
        "difficulty": "easy",
        "stem_vi": "Thủ đô Việt Nam?",
        "correct": "Hà Nội|Ha Noi",
    },
    {
        "type": "essay",
        "grade": 9,
        "subject_code": "ngu-van",
        "difficulty": "hard",
        "stem_vi": "Phân tích bài thơ",
        "rubric": "Nêu 3 ý",
        "max_score": 10,
        "correct": "",
    },
]


def xlsx(rows, columns=COLUMNS) -> SimpleUploadedFile:
    wb = Workbook()
    ws = wb.active
    ws.append(columns)
    for row in rows:
        ws.append([row.get(c) for c in columns])
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile(
        "q.xlsx",
        out.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


def upload(client, bank_id, file, dry_run):
    return client.post(
        f"/api/v1/question-banks/{bank_id}/import?dry_run={'true' if dry_run else 'false'}", {"file": file}
    )


def test_broken_file_reports_every_row_and_writes_nothing(as_educator_a):
    bank = make_bank(as_educator_a)
    rows = [
        GOOD[0],
        {**GOOD[0], "grade": 13},
        {**GOOD[1], "correct": "z"},
        {**GOOD[2], "correct": "maybe"},
        {**GOOD[0], "subject_code": "alchemy"},
        {**GOOD[3], "correct": ""},
        {**GOOD[0], "type": "poem"},
        {**GOOD[0], "topic_code": "NOPE"},
    ]
    res = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=True)
    assert res.status_code == 200, res.json()
    report = res.json()["data"]
    assert report["rows"] == 8 and report["valid"] == 1 and report["imported"] == 0
    by_row = {(e["row"], e["column"]) for e in report["errors"]}
    assert {
        (3, "grade"),
        (4, "correct"),
        (5, "correct"),
        (6, "subject_code"),
        (7, "correct"),
        (8, "type"),
        (9, "topic_code"),
    } <= by_row
    res = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=False)
    assert res.status_code == 400 and res.json()["code"] == "import_invalid"
    assert len(res.json()["report"]["errors"]) == len(report["errors"])
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 0


def test_good_file_imports_all_rows_then_exports(as_educator_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    rows = [
        *GOOD,
        {
            **GOOD[0],
            "topic_code": "DS",
            "subtopic_code": "DS1",
            "complexity_code": "NB",
            "cognitive_code": "REM",
        },
    ]
    res = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=True)
    assert res.json()["data"] == {"rows": 6, "valid": 6, "errors": [], "imported": 0}
    res = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=False)
    assert res.status_code == 200 and res.json()["data"]["imported"] == 6
    items = as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}&limit=50&order_by=id").json()["data"][
        "items"
    ]
    assert [i["type"] for i in items] == [r["type"] for r in rows]
    details = [as_educator_a.get(f"/api/v1/questions/{i['id']}").json()["data"] for i in items]
    assert all(d["status"] == "draft" and d["missing"] == [] for d in details)
    assert details[1]["answer_key"] == {"options": ["a", "c"]}
    assert details[2]["answer_key"] == {"value": True}
    assert details[3]["answer_key"]["accepted"] == ["Hà Nội", "Ha Noi"]
    assert details[5]["matrix"]["subtopic"]["id"] == matrix["subtopic_id"]
    assert items[5]["has_matrix"] is True and items[0]["has_matrix"] is False
    # A question can be submitted straight away.
    assert post(as_educator_a, f"/api/v1/questions/{items[0]['id']}/submit").status_code == 200

    res = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export")
    assert res.status_code == 200 and 'filename="question-bank-' in res["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(res.content)).worksheets[0]
    exported = list(sheet.iter_rows(values_only=True))
    assert list(exported[0]) == COLUMNS and len(exported) == 7
    # The export imports back cleanly.
    again = SimpleUploadedFile("again.xlsx", res.content)
    assert upload(as_educator_a, bank["id"], again, dry_run=True).json()["data"]["errors"] == []


def test_not_a_spreadsheet_and_template(as_educator_a):
    bank = make_bank(as_educator_a)
    fake = SimpleUploadedFile(
        "q.xlsx", b"type,grade\nsingle_choice,9\n", content_type="application/vnd.ms-excel"
    )
    res = upload(as_educator_a, bank["id"], fake, dry_run=True)
    assert res.status_code == 400 and res.json()["code"] == "unsupported_file"
    res = upload(as_educator_a, bank["id"], xlsx([GOOD[0]], columns=["foo", "bar"]), dry_run=True)
    assert res.status_code == 400 and res.json()["code"] == "import_invalid"
    template = as_educator_a.get("/api/v1/question-banks/import-template")
    assert template.status_code == 200
    rows = list(load_workbook(io.BytesIO(template.content)).worksheets[0].iter_rows(values_only=True))
    assert list(rows[0]) == COLUMNS and len(rows) == 6  # the third hangs from a shared stimulus
    assert [r[0] for r in rows[1:]] == [
        "single_choice",
        "short_text",
        "true_false",
        "true_false_set",
        "numeric",
    ]
    ok = upload(
        as_educator_a, bank["id"], SimpleUploadedFile("t.xlsx", template.content), dry_run=True
    ).json()["data"]
    assert ok["errors"] == [] and ok["rows"] == 5


# --- the national exam's types (issue 39, item 1; decision 0055) --------------------------------

TRUE_FALSE_SET = {
    "type": "true_false_set",
    "grade": 12,
    "subject_code": "toan",
    "difficulty": "medium",
    "stem_vi": "Cho hàm số $f(x)=x^2$.",
    "stem_en": "Let $f(x)=x^2$.",
    "statement_a_vi": "$f(0)=0$",
    "statement_a_key": "Đ",
    "statement_b_vi": "$f(1)=2$",
    "statement_b_en": "$f(1)=2$",
    "statement_b_key": "s",
    "statement_c_vi": "Đồ thị là parabol",
    "statement_c_key": "T",
    "scoring_table": "0; 0,5 ;0.75|1",
    "correct": "",
}
NUMERIC = {
    "type": "numeric",
    "grade": 12,
    "subject_code": "toan",
    "difficulty": "easy",
    "stem_vi": "Tính $1/2$.",
    "correct": "0.5|−1",
    "rounding_vi": "Làm tròn đến hàng phần mười",
    "rounding_en": "Round to one decimal place",
}


def test_the_new_types_import_and_export_back_the_same(as_educator_a):
    bank = make_bank(as_educator_a)
    res = upload(as_educator_a, bank["id"], xlsx([TRUE_FALSE_SET, NUMERIC, GOOD[0]]), dry_run=False)
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["imported"] == 3
    items = as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}&order_by=id").json()["data"]["items"]
    tfs, numeric = (as_educator_a.get(f"/api/v1/questions/{i['id']}").json()["data"] for i in items[:2])
    assert tfs["content"]["statements"] == [
        {"id": "a", "vi": "$f(0)=0$", "en": ""},
        {"id": "b", "vi": "$f(1)=2$", "en": "$f(1)=2$"},
        {"id": "c", "vi": "Đồ thị là parabol", "en": ""},
    ]
    assert tfs["answer_key"] == {
        "statements": {"a": True, "b": False, "c": True},
        "scoring_table": ["0", "0.5", "0.75", "1"],
    }
    assert numeric["answer_key"] == {"accepted": ["0,5", "-1"]}
    assert numeric["content"]["rounding"] == {
        "vi": "Làm tròn đến hàng phần mười",
        "en": "Round to one decimal place",
    }
    assert tfs["missing"] == [] and numeric["missing"] == []

    exported = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export").content
    header, *rows = load_workbook(io.BytesIO(exported)).worksheets[0].iter_rows(values_only=True)
    cells = [dict(zip(header, row, strict=True)) for row in rows]
    assert (cells[0]["statement_b_key"], cells[0]["scoring_table"]) == ("S", "0|0,5|0,75|1")
    assert (cells[1]["correct"], cells[1]["rounding_vi"]) == ("0,5|-1", "Làm tròn đến hàng phần mười")
    again = make_bank(as_educator_a, name="Bản sao")
    res = upload(as_educator_a, again["id"], SimpleUploadedFile("again.xlsx", exported), dry_run=False)
    assert res.status_code == 200 and res.json()["data"]["imported"] == 3
    copies = as_educator_a.get(f"/api/v1/questions?bank_id={again['id']}&order_by=id").json()["data"]["items"]
    copy = as_educator_a.get(f"/api/v1/questions/{copies[0]['id']}").json()["data"]
    assert (copy["content"], copy["answer_key"]) == (tfs["content"], tfs["answer_key"])


def test_a_bad_row_of_the_new_types_names_its_column(as_educator_a):
    bank = make_bank(as_educator_a)
    rows = [
        {**TRUE_FALSE_SET, "statement_b_key": "có lẽ"},
        {**TRUE_FALSE_SET, "scoring_table": "0|0,5|0,25|1"},
        {**TRUE_FALSE_SET, "statement_c_key": ""},
        {**NUMERIC, "correct": "0,5|12345"},
        {**NUMERIC, "correct": ""},
    ]
    report = upload(as_educator_a, bank["id"], xlsx(rows), dry_run=True).json()["data"]
    assert [(e["row"], e["column"], e["message"]) for e in report["errors"]] == [
        (2, "statement_b_key", "Ghi Đ hoặc S (đúng hoặc sai)."),
        (2, "statement_a_key", "Hãy đánh dấu Đúng hoặc Sai cho mọi ý."),
        (3, "scoring_table", "Tỉ lệ sau không được nhỏ hơn tỉ lệ trước."),
        (4, "statement_a_key", "Hãy đánh dấu Đúng hoặc Sai cho mọi ý."),
        (5, "correct", "Tối đa 4 ký tự."),
        (6, "correct", "Nhập ít nhất một đáp án được chấp nhận."),
    ]


def test_a_file_of_the_older_template_still_imports(as_educator_a):
    bank = make_bank(as_educator_a)
    old_columns = [c for c in COLUMNS if not c.startswith(("statement_", "scoring_", "rounding_"))]
    assert len(old_columns) == 31 and len(COLUMNS) == 52  # 31: the stimulus column (decision 0054)
    res = upload(as_educator_a, bank["id"], xlsx(GOOD, columns=old_columns), dry_run=False)
    assert res.status_code == 200 and res.json()["data"]["imported"] == len(GOOD)
