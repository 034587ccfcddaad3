"""Shared stimuli (issue 39, item 1; decision 0054): a passage, table or figure with the questions
that hang from it, authored, versioned and vetted as one group, drawn together and in order,
shown once in the test page's payload; tenant isolation and roles."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context
from openpyxl import Workbook, load_workbook
from pypdf import PdfReader

from assessments.models import Batch, Question, Stimulus, TestPreset
from assessments.services import generation, vetting
from assessments.services.common import Actor
from assessments.services.spreadsheets import COLUMNS, STIMULUS_COLUMNS
from assessments.tests.test_authoring_api import (
    as_colleague_a,  # noqa: F401 - a fixture
    colleague_a,  # noqa: F401 - a fixture
    complete_single,
    make_bank,
    make_matrix,
    post,
    put,
    subject_id,
)
from assessments.tests.test_presets_api import preset_body
from assignments.models import Assignment
from config.errors import ApplicationError
from conftest import client_for
from question_formats.paper.docx import version_html
from question_formats.paper.markup import Pictures
from question_formats.paper.pdf import PaperHeading
from question_formats.paper.versions import PaperQuestion, Part, paper_version
from question_formats.readers import moodle_xml, qti
from sitting.tests.test_taking import open_test, save, start

pytestmark = pytest.mark.django_db

PASSAGE = {
    "title": {"vi": "Đọc đoạn văn về rừng ngập mặn", "en": "Read the passage on mangroves"},
    "body": {
        "vi": "<p>Rừng ngập mặn che chắn bờ biển.</p><p>Diện tích: $S = 2{,}5\\ \\text{km}^2$.</p>",
        "en": "<p>Mangroves shelter the coast.</p>",
    },
}


def make_stimulus(client, bank_id, **extra):
    body = {"bank_id": bank_id, "grade": 9, "subject_id": subject_id(), "content": PASSAGE, **extra}
    res = post(client, "/api/v1/stimuli", body)
    assert res.status_code == 201, res.json()
    return res.json()["data"]


def group_question(client, bank_id, stimulus_id, stem):
    body = complete_single(bank_id, stimulus_id=stimulus_id)
    body["content"]["stem"] = {"vi": stem, "en": ""}
    res = post(client, "/api/v1/questions", body)
    assert res.status_code == 201, res.json()
    return res.json()["data"]


# --- authoring ---------------------------------------------------------------------------------


def test_create_validate_and_order_questions(as_educator_a):
    bank = make_bank(as_educator_a)
    res = post(as_educator_a, "/api/v1/stimuli", {"bank_id": bank["id"], "grade": 13, "content": {}})
    assert res.status_code == 400 and res.json()["errors"] == {
        "grade": ["Chọn khối lớp từ 1 đến 12."],
        "content.body": ["Hãy viết đoạn văn, hoặc thêm bảng hay hình."],
    }
    long = {"title": {"vi": "x" * 301}, "body": {"vi": "<p>Đoạn văn</p>"}}
    res = post(as_educator_a, "/api/v1/stimuli", {"bank_id": bank["id"], "content": long})
    assert res.json()["errors"] == {"content.title.vi": ["Tối đa 300 ký tự."]}
    res = post(as_educator_a, "/api/v1/stimuli", {"content": PASSAGE})
    assert res.json()["errors"] == {"bank_id": ["Bắt buộc"]}

    stimulus = make_stimulus(as_educator_a, bank["id"])
    assert stimulus["status"] == "draft" and stimulus["content"]["title"] == PASSAGE["title"]
    assert stimulus["content"]["body"]["vi"] == PASSAGE["body"]["vi"]  # kept, formula and all
    first = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu một")
    second = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu hai")
    alone = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    assert first["stimulus"] == {
        "id": stimulus["id"],
        "version": 1,
        "status": "draft",
        "title": PASSAGE["title"],
    }
    assert alone["stimulus"] is None

    url = f"/api/v1/stimuli/{stimulus['id']}"
    detail = put(
        as_educator_a, f"{url}/questions", {"question_ids": [second["id"], alone["id"], first["id"]]}
    )
    assert detail.status_code == 200 and detail.json()["message"] == "Đã lưu các câu hỏi của ngữ liệu."
    assert [q["id"] for q in detail.json()["data"]["questions"]] == [second["id"], alone["id"], first["id"]]
    detail = put(as_educator_a, f"{url}/questions", {"question_ids": [first["id"], second["id"]]}).json()[
        "data"
    ]
    assert [q["id"] for q in detail["questions"]] == [first["id"], second["id"]]
    assert as_educator_a.get(f"/api/v1/questions/{alone['id']}").json()["data"]["stimulus"] is None

    other_bank = make_bank(as_educator_a, "Văn 9")
    elsewhere = post(as_educator_a, "/api/v1/questions", complete_single(other_bank["id"])).json()["data"]
    res = put(as_educator_a, f"{url}/questions", {"question_ids": [first["id"], elsewhere["id"]]})
    assert res.status_code == 400 and res.json()["errors"] == {
        "question_ids.1": [f"Câu hỏi {elsewhere['id']} ở ngân hàng khác."]
    }
    res = post(
        as_educator_a, "/api/v1/questions", complete_single(other_bank["id"], stimulus_id=stimulus["id"])
    )
    assert res.status_code == 400 and res.json()["errors"] == {
        "stimulus_id": ["Ngữ liệu phải ở cùng ngân hàng với câu hỏi."]
    }

    rows = as_educator_a.get(f"/api/v1/stimuli?bank_id={bank['id']}").json()["data"]
    assert [(r["id"], r["question_count"]) for r in rows["items"]] == [(stimulus["id"], 2)]
    listed = as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["items"]
    assert {q["id"]: (q["stimulus"] or {}).get("id") for q in listed} == {
        first["id"]: stimulus["id"],
        second["id"]: stimulus["id"],
        alone["id"]: None,
    }


def test_vetted_and_versioned_together(as_educator_a, as_colleague_a):  # noqa: F811
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    stimulus = make_stimulus(as_educator_a, bank["id"], content={"body": PASSAGE["body"]})
    url = f"/api/v1/stimuli/{stimulus['id']}"
    res = post(as_educator_a, f"{url}/submit")
    assert res.status_code == 400 and res.json()["code"] == "stimulus_incomplete"
    assert res.json()["errors"] == {
        "content.title": ["Hãy đặt tiêu đề cho ngữ liệu."],
        "questions": ["Hãy thêm ít nhất một câu hỏi."],
    }
    put(as_educator_a, url, {"content": PASSAGE})
    one = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu một")
    two = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu hai")
    put(as_educator_a, f"/api/v1/questions/{two['id']}", {"grade": 8})
    res = post(as_educator_a, f"{url}/submit")
    assert res.json()["errors"] == {"questions.1.grade": ["Hãy dùng khối lớp của ngữ liệu."]}
    put(as_educator_a, f"/api/v1/questions/{two['id']}", {"grade": 9})

    alone = post(as_educator_a, f"/api/v1/questions/{one['id']}/submit")
    assert alone.status_code == 409 and alone.json()["code"] == "question_in_stimulus"
    assert alone.json()["message"] == (
        "Câu hỏi này thuộc một ngữ liệu dùng chung: câu hỏi được gửi duyệt, duyệt và xuất bản cùng ngữ liệu."
    )
    bulk = post(as_educator_a, "/api/v1/questions/bulk", {"action": "submit", "ids": [one["id"]]})
    assert bulk.json()["data"][0]["code"] == "question_in_stimulus"

    submitted = post(as_educator_a, f"{url}/submit").json()["data"]
    assert submitted["status"] == "submitted"
    assert {q["status"] for q in submitted["questions"]} == {"submitted"}
    assert post(as_educator_a, f"{url}/approve").json()["code"] == "own_question"
    res = post(as_colleague_a, f"{url}/reject", {"comment": " "})
    assert res.json()["errors"] == {"comment": ["Bắt buộc"]}
    assert post(as_colleague_a, f"{url}/approve").json()["data"]["status"] == "approved"
    res = post(as_educator_a, f"{url}/publish")
    assert res.status_code == 400 and res.json()["code"] == "matrix_incomplete"
    assert set(res.json()["errors"]) == {"questions.0.matrix", "questions.1.matrix"}
    for q in (one, two):
        assert put(as_educator_a, f"/api/v1/questions/{q['id']}/matrix", matrix).status_code == 200
    published = post(as_educator_a, f"{url}/publish").json()["data"]
    assert published["status"] == "published"
    assert {q["status"] for q in published["questions"]} == {"published"}
    assert (
        post(as_educator_a, f"/api/v1/questions/{one['id']}/publish").json()["code"] == "question_in_stimulus"
    )

    # Editing the published stimulus opens the group's next version: the stimulus and each question.
    v2 = put(as_educator_a, url, {"content": {**PASSAGE, "title": {"vi": "Rừng ngập mặn (sửa)", "en": ""}}})
    v2 = v2.json()["data"]
    assert (v2["version"], v2["root_id"], v2["status"]) == (2, stimulus["id"], "draft")
    assert [q["version"] for q in v2["questions"]] == [2, 2]
    assert as_educator_a.get(url).json()["data"]["open_version_id"] == v2["id"]
    again = put(as_educator_a, url, {"content": PASSAGE})
    assert again.status_code == 409 and again.json()["code"] == "stimulus_locked"
    assert again.json()["open_version_id"] == v2["id"]
    res = put(as_educator_a, f"/api/v1/questions/{one['id']}", {"difficulty": "hard"})
    assert res.status_code == 409 and res.json()["code"] == "stimulus_locked"
    # The old group still stands for the tests that use it, until the new one is published.
    old = as_educator_a.get(url).json()["data"]
    assert old["status"] == "published" and {q["status"] for q in old["questions"]} == {"published"}

    v2_url = f"/api/v1/stimuli/{v2['id']}"
    post(as_educator_a, f"{v2_url}/submit")
    post(as_colleague_a, f"{v2_url}/approve")
    assert post(as_educator_a, f"{v2_url}/publish").json()["data"]["status"] == "published"
    old = as_educator_a.get(url).json()["data"]
    assert old["status"] == "superseded" and {q["status"] for q in old["questions"]} == {"superseded"}
    history = as_educator_a.get(f"/api/v1/questions/{one['id']}/history").json()["data"]
    assert [(h["version"], h["to_status"]) for h in history][-3:] == [
        (2, "approved"),
        (1, "superseded"),
        (2, "published"),
    ]

    # Editing a published question of the group opens the group's next version too.
    edited = put(as_educator_a, f"/api/v1/questions/{v2['questions'][1]['id']}", {"difficulty": "hard"})
    edited = edited.json()["data"]
    assert (edited["version"], edited["difficulty"], edited["stimulus"]["version"]) == (3, "hard", 3)


def test_delete_only_before_publication_and_questions_stay(as_educator_a, as_colleague_a):  # noqa: F811
    bank = make_bank(as_educator_a)
    stimulus = make_stimulus(as_educator_a, bank["id"])
    q = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu một")
    url = f"/api/v1/stimuli/{stimulus['id']}"
    assert as_colleague_a.delete(url).json()["code"] == "not_creator"
    res = as_educator_a.delete(url)
    assert res.status_code == 200 and res.json()["message"] == "Đã xóa ngữ liệu."
    assert as_educator_a.get(url).status_code == 404
    assert as_educator_a.get(f"/api/v1/questions/{q['id']}").json()["data"]["stimulus"] is None


def test_a_bank_is_deleted_with_its_stimuli_and_moving_a_question_moves_its_group(as_educator_a):
    bank = make_bank(as_educator_a)
    stimulus = make_stimulus(as_educator_a, bank["id"])
    one = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu một")
    two = group_question(as_educator_a, bank["id"], stimulus["id"], "Câu hai")
    other = make_bank(as_educator_a, "Văn 9")
    res = post(as_educator_a, "/api/v1/questions/move", {"ids": [one["id"]], "bank_id": other["id"]})
    assert res.status_code == 200
    assert as_educator_a.get(f"/api/v1/stimuli/{stimulus['id']}").json()["data"]["bank_id"] == other["id"]
    assert as_educator_a.get(f"/api/v1/questions/{two['id']}").json()["data"]["bank_id"] == other["id"]
    assert as_educator_a.delete(f"/api/v1/question-banks/{other['id']}").status_code == 200
    assert as_educator_a.get(f"/api/v1/stimuli/{stimulus['id']}").status_code == 404


def test_another_organization_gets_404_and_a_learner_403(as_educator_a, educator_b, as_learner):
    bank = make_bank(as_educator_a)
    stimulus = make_stimulus(as_educator_a, bank["id"])
    other = client_for(educator_b)
    url = f"/api/v1/stimuli/{stimulus['id']}"
    assert other.get(url).status_code == 404
    assert put(other, url, {"content": PASSAGE}).status_code == 404
    assert put(other, f"{url}/questions", {"question_ids": []}).status_code == 404
    assert post(other, f"{url}/submit").status_code == 404
    assert other.delete(url).status_code == 404
    assert other.get(f"/api/v1/stimuli?bank_id={bank['id']}").json()["data"]["items"] == []
    res = post(other, "/api/v1/stimuli", {"bank_id": bank["id"], "content": PASSAGE})
    assert res.status_code == 404
    assert as_learner.get(url).status_code == 403


# --- generation --------------------------------------------------------------------------------


def _group(org, ids: list[int], *, subject_id: int) -> Stimulus:
    """A published stimulus over the published questions ``ids``, in that order."""
    with schema_context(org.schema_name):
        first = Question.objects.get(pk=ids[0])
        stimulus = Stimulus.objects.create(
            bank_id=first.bank_id,
            grade=9,
            subject_id=subject_id,
            content=PASSAGE,
            status="published",
            created_by_profile_id=1,
        )
        for position, pk in enumerate(ids, start=1):
            Question.objects.filter(pk=pk).update(stimulus=stimulus, stimulus_position=position)
        return stimulus


def _nb_questions(org, bank) -> list[int]:
    with schema_context(org.schema_name):
        return list(
            Question.objects.filter(topic_id=bank["t1"], complexity_level_id=bank["nb"])
            .order_by("id")
            .values_list("pk", flat=True)
        )


def _preset(client, bank, round_id, **extra):
    res = post(client, "/api/v1/test-presets", preset_body(bank, round_id, **extra))
    assert res.status_code == 201, res.json()
    return res.json()["data"]["id"]


def test_the_draw_keeps_a_group_together_and_in_order(as_educator_a, bank, round_id, org_a):
    nb = _nb_questions(org_a, bank)  # six, the item draws four: the group and two, or four alone
    group = [nb[4], nb[1]]  # the stimulus' order, not the ids'
    _group(org_a, group, subject_id=bank["subject"])
    preset_id = _preset(as_educator_a, bank, round_id)
    with schema_context(org_a.schema_name):
        preset = TestPreset.objects.get(pk=preset_id)
        draws = {seed: [pk for pk, _item in generation.blueprint_draw(preset, seed)] for seed in range(30)}
        assert draws[7] == [pk for pk, _item in generation.blueprint_draw(preset, 7)]  # a seed reproduces
    with_group = 0
    for ids in draws.values():
        first_four = ids[:4]
        assert len(set(ids)) == 6
        inside = [pk for pk in first_four if pk in group]
        if inside:
            with_group += 1
            start = first_four.index(group[0])
            assert first_four[start : start + 2] == group  # together, in the stimulus' order
    assert 0 < with_group < 30  # drawn sometimes, never split


def test_a_group_larger_than_what_the_item_still_needs_is_not_drawn(as_educator_a, bank, round_id, org_a):
    nb = _nb_questions(org_a, bank)
    _group(org_a, nb[:5], subject_id=bank["subject"])  # five of the six: the item needs four
    preset_id = _preset(as_educator_a, bank, round_id)
    res = post(as_educator_a, f"/api/v1/test-presets/{preset_id}/generate", {"seed": 3})
    assert res.status_code == 400 and res.json()["code"] == "generation_failed"
    (short,) = res.json()["shortfalls"]
    assert (short["needed"], short["available"], short["missing"]) == (4, 1, 3)
    with schema_context(org_a.schema_name):
        with pytest.raises(ApplicationError):  # the per-learner draw follows the same rule
            generation.blueprint_draw(TestPreset.objects.get(pk=preset_id), 5)


def test_the_shared_form_keeps_groups_on_reorder_and_swap(as_educator_a, bank, round_id, org_a):
    nb = _nb_questions(org_a, bank)
    first, second = [nb[0], nb[1]], [nb[2], nb[3]]
    _group(org_a, first, subject_id=bank["subject"])
    _group(org_a, second, subject_id=bank["subject"])  # the item of four: both groups, or one and two alone
    preset_id = _preset(as_educator_a, bank, round_id)
    url = f"/api/v1/test-presets/{preset_id}"
    for seed in range(40):
        post(as_educator_a, f"{url}/generate", {"seed": seed})
        form = as_educator_a.get(f"{url}/form").json()["data"]
        ids = [r["question"]["id"] for r in form]
        if set(first + second) <= set(ids):
            break
    else:
        pytest.fail("no seed drew both groups")
    position = ids.index(first[0])
    assert ids[position : position + 2] == first
    # Move the group's second question to the end: the group moves as one block.
    rows = [r["id"] for r in form]
    moved = [r for r in rows if r != rows[position + 1]] + [rows[position + 1]]
    assert put(as_educator_a, f"{url}/form/order", {"order": moved}).status_code == 200
    ids = [r["question"]["id"] for r in as_educator_a.get(f"{url}/form").json()["data"]]
    position = ids.index(first[0])
    assert ids[position : position + 2] == first
    # Swapping a question of a group swaps the group for another group of its size.
    row = next(r for r in as_educator_a.get(f"{url}/form").json()["data"] if r["question"]["id"] == first[1])
    res = post(as_educator_a, f"{url}/form/{row['id']}/swap")
    assert res.status_code == 400 and res.json()["code"] == "generation_failed"  # no third group of two
    third = [nb[4], nb[5]]
    _group(org_a, third, subject_id=bank["subject"])
    assert post(as_educator_a, f"{url}/form/{row['id']}/swap").status_code == 200
    ids = [r["question"]["id"] for r in as_educator_a.get(f"{url}/form").json()["data"]]
    assert first[0] not in ids and ids[ids.index(third[0]) : ids.index(third[0]) + 2] == third


# --- the test page -----------------------------------------------------------------------------


def test_the_attempt_carries_the_stimulus_once(as_educator_a, bank, round_id, org_a):
    nb = _nb_questions(org_a, bank)
    group = [nb[5], nb[2], nb[0], nb[3]]  # four of six: the item of four can only draw the group
    stimulus = _group(org_a, group, subject_id=bank["subject"])
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    attempt = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    assert attempt["stimuli"] == [{"id": stimulus.pk, **PASSAGE}]
    ids = [q["id"] for q in attempt["questions"]]
    position = ids.index(group[0])
    assert ids[position : position + 4] == group
    assert [q["stimulus_id"] for q in attempt["questions"]].count(stimulus.pk) == 4
    for q in attempt["questions"]:
        save(client, eid, q["id"], {"value": True}, 1, token)
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    result = client.get(f"/api/v1/take-test/{eid}/result").json()["data"]
    assert result["stimuli"] == [{"id": stimulus.pk, **PASSAGE}]
    assert [a["question"]["stimulus_id"] for a in result["answers"]].count(stimulus.pk) == 4


# --- the spreadsheet, the exports, the paper and the report ------------------------------------


def _workbook(questions: list[dict], stimuli: list[dict] | None):
    wb = Workbook()
    ws = wb.active
    ws.append(COLUMNS)
    for row in questions:
        ws.append([row.get(c) for c in COLUMNS])
    if stimuli is not None:
        sheet = wb.create_sheet("stimuli")
        sheet.append(STIMULUS_COLUMNS)
        for row in stimuli:
            sheet.append([row.get(c) for c in STIMULUS_COLUMNS])
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile("q.xlsx", out.getvalue())


def _import(client, bank_id, file, dry_run):
    url = f"/api/v1/question-banks/{bank_id}/import?dry_run={'true' if dry_run else 'false'}"
    return client.post(url, {"file": file})


TF = {"type": "true_false", "grade": 9, "subject_code": "tieng-anh", "difficulty": "easy", "correct": "đúng"}
READING = {"key": "R1", "title_vi": "Đọc đoạn văn", "body_vi": "Mai gets up at six."}


def test_the_spreadsheet_gives_stimuli_and_reports_their_problems(as_educator_a):
    bank = make_bank(as_educator_a)
    rows = [
        {**TF, "stem_vi": "Câu một", "stimulus": "R1"},
        {**TF, "stem_vi": "Không thuộc ngữ liệu"},
        {**TF, "stem_vi": "Câu hai", "stimulus": "r1"},
        {**TF, "stem_vi": "Ngữ liệu lạ", "stimulus": "X9"},
        {**TF, "stem_vi": "Môn khác", "subject_code": "toan", "stimulus": "R1"},
    ]
    stimuli = [READING, {"key": "R1", "body_vi": "Lặp"}, {"key": "R2", "title_vi": "Trống"}]
    report = _import(as_educator_a, bank["id"], _workbook(rows, stimuli), dry_run=True).json()["data"]
    assert (report["rows"], report["valid"]) == (5, 3)
    assert report["errors"] == [
        {"row": 3, "column": "stimuli!key", "message": "Mã R1 bị dùng hai lần."},
        {"row": 3, "column": "stimuli!title_vi", "message": "Hãy đặt tiêu đề cho ngữ liệu."},
        {"row": 4, "column": "stimuli!body_vi", "message": "Hãy viết đoạn văn, hoặc thêm bảng hay hình."},
        {
            "row": 5,
            "column": "stimulus",
            "message": "Không có ngữ liệu mã X9: hãy thêm nó vào trang tính stimuli.",
        },
        {"row": 6, "column": "stimulus", "message": "Hãy dùng khối lớp và môn học của ngữ liệu R1."},
    ]
    res = _import(as_educator_a, bank["id"], _workbook(rows[:3], [READING]), dry_run=False)
    assert res.status_code == 200 and res.json()["data"]["imported"] == 3
    (stimulus,) = as_educator_a.get(f"/api/v1/stimuli?bank_id={bank['id']}").json()["data"]["items"]
    assert (stimulus["grade"], stimulus["question_count"], stimulus["title"]["vi"]) == (9, 2, "Đọc đoạn văn")
    detail = as_educator_a.get(f"/api/v1/stimuli/{stimulus['id']}").json()["data"]
    assert [q["stem"]["vi"] for q in detail["questions"]] == ["Câu một", "Câu hai"]
    assert detail["missing"] == []  # ready to submit

    exported = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export")
    book = load_workbook(io.BytesIO(exported.content))
    key = f"S{stimulus['id']}"
    assert [r[-1] for r in book.worksheets[0].iter_rows(min_row=2, values_only=True)] == [key, key, None]
    assert list(book["stimuli"].iter_rows(min_row=2, values_only=True)) == [
        (key, 9, "tieng-anh", "Đọc đoạn văn", None, "Mai gets up at six.", None)
    ]
    # A file of the old template, without the column and the sheet, still imports.
    old = _workbook([{**TF, "stem_vi": "Cũ"}], None)
    assert _import(as_educator_a, bank["id"], old, dry_run=True).json()["data"]["errors"] == []


@pytest.mark.parametrize("export_format", ["moodle_xml", "qti"])
def test_the_exports_carry_the_stimulus_in_its_questions_stems(as_educator_a, export_format):
    bank = make_bank(as_educator_a)
    stimulus = make_stimulus(as_educator_a, bank["id"])
    group_question(as_educator_a, bank["id"], stimulus["id"], "Câu một")
    res = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export/{export_format}")
    read = moodle_xml.read if export_format == "moodle_xml" else qti.read
    (candidate,) = read(b"".join(res.streaming_content))
    stem = candidate.content["stem"]["vi"]
    assert "Đọc đoạn văn về rừng ngập mặn" in stem and "Rừng ngập mặn che chắn bờ biển." in stem
    assert stem.index("Rừng ngập mặn che chắn") < stem.index("Câu một")


def test_a_paper_version_prints_the_stimulus_once_before_its_questions():
    def question(pk, group=""):
        stimulus = "<p><strong>Bảng số liệu</strong></p><p>Nhiệt độ</p>" if group else ""
        return PaperQuestion(id=pk, type="true_false", stem=f"<p>Q{pk}</p>", group=group, stimulus=stimulus)

    part = Part("", (question(1), question(2, "7"), question(3, "7"), question(4)))
    version = paper_version([part], seed=1, code=101)
    heading = PaperHeading(organization="O", test_name="T", subjects="", duration_minutes=None)
    html = version_html(version, heading=heading, pictures=Pictures(Path("/nonexistent")))
    numbers = [q.number for q in version.questions if q.question.group]
    lead = f"Dựa vào thông tin sau để trả lời các câu từ {numbers[0]} đến {numbers[1]}."
    assert html.count(lead) == 1 and html.count("Bảng số liệu") == 1
    assert html.index(lead) < html.index("Bảng số liệu") < html.index("Q2")


def test_the_advanced_report_names_the_stimulus(as_educator_a, bank, round_id, org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    nb = _nb_questions(org_a, bank)
    _group(org_a, [nb[5], nb[2], nb[0], nb[3]], subject_id=bank["subject"])
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    for q in questions[:2]:
        save(client, eid, q["id"], {"value": True}, 1, token)
    client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    with schema_context(org_a.schema_name):
        Assignment.objects.update(advanced_report=True)
        Batch.objects.update(expires_at=timezone.now())
    report = client.post(f"/api/v1/take-test/{eid}/report").json()["data"]["report"]
    first = [q["stimulus_id"] for q in questions].index(questions[0]["stimulus_id"]) + 1
    assert report["stimuli"] == [
        {
            "id": questions[0]["stimulus_id"],
            "title": PASSAGE["title"],
            "first": first,
            "last": first + 3,
            "score": 2.0,
            "max": 4.0,
            "percent": 50.0,
            "cohort_percent": 50.0,
        }
    ]
    pdf = client.get(f"/api/v1/take-test/{eid}/report/pdf")
    text = " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(b"".join(pdf.streaming_content))).pages
    )
    assert f"Câu {first}–{first + 3}: Đọc đoạn văn về rừng ngập mặn" in " ".join(text.split())


def test_a_published_question_joins_as_its_next_version_and_goes_back_with_its_group(
    as_educator_a,
    as_colleague_a,  # noqa: F811
    org_a,
):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    alone = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    put(as_educator_a, f"/api/v1/questions/{alone['id']}/matrix", matrix)
    post(as_educator_a, f"/api/v1/questions/{alone['id']}/submit")
    post(as_colleague_a, f"/api/v1/questions/{alone['id']}/approve")
    post(as_educator_a, f"/api/v1/questions/{alone['id']}/publish")
    stimulus = make_stimulus(as_educator_a, bank["id"])
    url = f"/api/v1/stimuli/{stimulus['id']}"
    detail = put(as_educator_a, f"{url}/questions", {"question_ids": [alone["id"]]}).json()["data"]
    (joined,) = detail["questions"]
    assert (joined["version"], joined["status"]) != (1, "published") and joined["version"] == 2
    # The published version stands alone (and is drawn) until the group is published.
    assert as_educator_a.get(f"/api/v1/questions/{alone['id']}").json()["data"]["status"] == "published"
    post(as_educator_a, f"{url}/submit")
    post(as_colleague_a, f"{url}/approve")
    post(as_educator_a, f"{url}/publish")
    assert as_educator_a.get(f"/api/v1/questions/{alone['id']}").json()["data"]["status"] == "superseded"

    # The item analysis sends a question back: its whole group goes back, already submitted.
    with schema_context(org_a.schema_name):
        back = vetting.question_send_back(
            actor=Actor(profile_id=99, name="Cô Hoa"), question_id=joined["id"], note="Quá dễ"
        )
        assert (back.version, back.status, back.stimulus.version, back.stimulus.status) == (
            3,
            "submitted",
            2,
            "submitted",
        )
        assert back.transitions.get().comment == "Quá dễ"
