"""Round trips through the whole pipeline (issue 36, "Done when"): a bank exported through the
export API as Moodle XML and as QTI, the file uploaded to ``POST /question-files``, read by the
job, previewed and imported into another bank gives back the same questions (stems, options,
keys, types, image bytes, both languages, folder names); the unsupported questions of a Moodle
XML, GIFT and Aiken file are listed in the preview with their problem (in the language of the
upload, Vietnamese here); a Word file and a Moodle XML file are both previewable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django_tenants.utils import schema_context

from assessments.models import Question, QuestionBank
from assessments.tests.test_authoring_api import make_bank
from question_formats.tests.test_api import EN, FILES, J, _candidates, _read
from question_formats.tests.test_exports import _bank_with_every_type

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parent / "fixtures"
_IMAGE = re.compile(r'src="/media/(question-images/[^"]+)"')


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def _shape(question: Question) -> dict:
    """What must survive the round trip, the image addresses replaced by their bytes."""

    def swap(text: str) -> str:
        return _IMAGE.sub(lambda m: f'src="{default_storage.open(m.group(1)).read().hex()}"', text)

    def texts(value: dict) -> dict:
        return {lang: swap(value.get(lang, "")) for lang in ("vi", "en")}

    content = question.content
    return {
        "type": question.type,
        "stem": texts(content["stem"]),
        "explanation": texts(content.get("explanation") or {}),
        "options": [{"id": o["id"], **texts(o)} for o in content.get("options") or []],
        "answer_key": question.answer_key,
    }


def _tree(bank_id: int) -> dict[tuple[str, ...], list[dict]]:
    """The folders below ``bank_id`` by their path of names (the bank itself ``()``) -> the
    shapes of their questions in creation order."""
    paths = {bank_id: ()}
    pending = [bank_id]
    while pending:
        parent = pending.pop()
        for folder in QuestionBank.objects.filter(parent_id=parent).order_by("pk"):
            paths[folder.pk] = (*paths[parent], folder.name)
            pending.append(folder.pk)
    return {
        path: [_shape(q) for q in Question.objects.filter(bank_id=pk).order_by("pk")]
        for pk, path in paths.items()
    }


@pytest.mark.parametrize("export_format", ["moodle_xml", "qti"])
def test_a_bank_exported_uploaded_previewed_and_imported_again_is_unchanged(
    as_educator_a, org_a, django_capture_on_commit_callbacks, export_format
):
    top, ids, _ = _bank_with_every_type(as_educator_a)
    res = as_educator_a.get(f"/api/v1/question-banks/{top['id']}/export/{export_format}")
    assert res.status_code == 200
    data = b"".join(res.streaming_content)
    name = f"question-bank-{top['id']}.{'xml' if export_format == 'moodle_xml' else 'zip'}"

    polled = _read(as_educator_a, django_capture_on_commit_callbacks, data, name)
    assert (polled["format"], polled["status"], polled["questions"], polled["need_attention"]) == (
        export_format,
        "ready",
        5,
        0,
    )
    items = _candidates(as_educator_a, polled["id"])
    assert [(c["type"], c["folder"], c["problems"]) for c in items] == [
        ("single_choice", ["Toán 9"], []),
        ("multiple_choice", ["Toán 9"], []),
        ("true_false", ["Toán 9", "Hình/Khối"], []),
        ("short_text", ["Toán 9", "Hình/Khối"], []),
        ("essay", ["Toán 9", "Hình/Khối"], []),
    ]

    target = make_bank(as_educator_a, "Nhận lại")
    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(
            f"{FILES}/{polled['id']}/import", {"bank_id": target["id"]}, content_type=J, **EN
        )
    assert res.status_code == 202, res.json()
    done = as_educator_a.get(f"{FILES}/{polled['id']}").json()["data"]
    assert (done["status"], done["import_job"]["result"]) == (
        "imported",
        {"imported": 5, "skipped": 0, "folders": 2},
    )

    with schema_context(org_a.schema_name):
        original = _tree(top["id"])
        again = _tree(target["id"])
        assert list(again) == [(), ("Toán 9",), ("Toán 9", "Hình/Khối")]
        assert again[()] == []
        # The bank's own name is the file's top folder, its folder below it.
        assert again[("Toán 9",)] == original[()]
        assert again[("Toán 9", "Hình/Khối")] == original[("Hình/Khối",)]
        assert [q["type"] for q in original[()] + original[("Hình/Khối",)]] == [
            "single_choice",
            "multiple_choice",
            "true_false",
            "short_text",
            "essay",
        ]
        first = again[("Toán 9",)][0]
        assert first["stem"]["en"] == "<p>Compute $x^2$</p>"
        assert first["options"][1] == {"id": "b", "vi": "<b>hai</b> <u>ba</u>", "en": "two"}
        assert first["stem"]["vi"].startswith('<p>Tính $\\frac{1}{2}+x^2$</p><p><img src="')
        assert Question.objects.filter(bank__parent_id=target["id"]).count() == 2
        assert set(Question.objects.filter(pk__gt=max(ids)).values_list("status", flat=True)) == {"draft"}


UNSUPPORTED = "Loại câu hỏi chưa được hỗ trợ: {}"


@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        (
            "moodle_all_types.xml",
            [
                ("Đoạn văn chung", "Loại câu hỏi chưa được hỗ trợ: description"),
                ("Câu 6", "Loại câu hỏi chưa được hỗ trợ: numerical"),
                ("Câu 7", "Loại câu hỏi chưa được hỗ trợ: matching"),
                ("Câu 8", "Loại câu hỏi chưa được hỗ trợ: cloze"),
                ("Câu 9", "Loại câu hỏi chưa được hỗ trợ: ddwtos"),
                ("Câu 10", "Loại câu hỏi chưa được hỗ trợ: calculated"),
            ],
        ),
        (
            "all_types.gift",
            [
                ("Câu 8", "Loại câu hỏi chưa được hỗ trợ: numerical"),
                ("Câu 9", "Loại câu hỏi chưa được hỗ trợ: numerical"),
                ("Câu 10", "Loại câu hỏi chưa được hỗ trợ: matching"),
                ("Đoạn văn", "Loại câu hỏi chưa được hỗ trợ: description"),
            ],
        ),
    ],
)
def test_unsupported_questions_are_listed_in_the_preview(
    as_educator_a, django_capture_on_commit_callbacks, fixture, expected
):
    polled = _read(
        as_educator_a, django_capture_on_commit_callbacks, (FIXTURES / fixture).read_bytes(), fixture
    )
    assert polled["status"] == "ready"
    attention = _candidates(as_educator_a, polled["id"], attention="true")
    unsupported = [
        (c["ref"], p["message"], c["blocked"])
        for c in attention
        for p in c["problems"]
        if p["code"] == "unsupported_type"
    ]
    assert unsupported == [(ref, message, True) for ref, message in expected]


def test_an_aiken_files_questions_without_a_key_are_listed_in_the_preview(
    as_educator_a, django_capture_on_commit_callbacks
):
    data = (FIXTURES / "all_types.aiken.txt").read_bytes()
    polled = _read(as_educator_a, django_capture_on_commit_callbacks, data, "all_types.txt")
    assert (polled["format"], polled["questions"], polled["need_attention"]) == ("aiken", 4, 2)
    attention = _candidates(as_educator_a, polled["id"], attention="true")
    assert [(c["ref"], [(p["code"], p["message"]) for p in c["problems"]]) for c in attention] == [
        ("Câu hỏi không có dòng đáp án", [("no_key_marked", "Câu hỏi không có dòng ANSWER.")]),
        ("Câu hỏi có đáp án sai", [("no_key_marked", "ANSWER: D không ứng với phương án nào của câu hỏi.")]),
    ]


def test_a_word_file_and_a_moodle_xml_file_are_both_previewed(
    as_educator_a, django_capture_on_commit_callbacks
):
    word = _read(
        as_educator_a, django_capture_on_commit_callbacks, (FIXTURES / "exam_2025.docx").read_bytes()
    )
    moodle = _read(
        as_educator_a,
        django_capture_on_commit_callbacks,
        (FIXTURES / "moodle_all_types.xml").read_bytes(),
        "ngan-hang.xml",
    )
    assert [(f["format_name"], f["status"], f["questions"], f["need_attention"]) for f in (word, moodle)] == [
        ("Word (.docx)", "ready", 12, 4),
        ("Moodle XML", "ready", 11, 6),
    ]
    first = _candidates(as_educator_a, moodle["id"])[0]
    assert (first["ref"], first["type"], first["folder"]) == (
        "Câu 1 - đạo hàm",
        "single_choice",
        ["Đại số", "Hàm số"],
    )


def test_the_sample_word_exam_is_offered_to_educators_and_previews_one_problem(
    as_educator_a, as_learner, django_capture_on_commit_callbacks
):
    res = as_educator_a.get(f"{FILES}/sample")
    assert res.status_code == 200
    assert res["Content-Disposition"] == 'attachment; filename="de-thi-mau.docx"'
    assert res["Content-Type"] == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    data = b"".join(res.streaming_content)
    assert as_learner.get(f"{FILES}/sample").status_code == 403

    polled = _read(as_educator_a, django_capture_on_commit_callbacks, data, "de-thi-mau.docx")
    assert (polled["format"], polled["questions"], polled["need_attention"], polled["importable"]) == (
        "docx",
        6,
        1,
        5,
    )
    items = _candidates(as_educator_a, polled["id"])
    assert [(c["ref"], c["answer_key"]) for c in items] == [
        ("Câu 1", {"option": "b"}),  # underlined letter
        ("Câu 2", {"option": "c"}),  # red option, options on one line
        ("Câu 3", {"option": "d"}),  # bold option
        ("Câu 4", {"option": "b"}),  # the answer table after "HẾT"
        ("Câu 5", {"option": "b"}),  # "Đáp án: B"
        ("Câu 6", {}),
    ]
    assert items[1]["content"]["stem"]["vi"] == "<p>Phương trình $x^{2} - 4 = 0$ có nghiệm dương là</p>"
    assert items[3]["images"][0]["media_type"] == "image/png"
    assert items[4]["content"]["explanation"]["vi"] == (
        "<p>Một tuần có 7 ngày, $7 \\times 4 = 28$ ngày là bốn tuần.</p>"
    )
    assert [p["message"] for p in items[5]["problems"]] == [
        "Câu 6: không có phương án nào được đánh dấu là đáp án."
    ]
