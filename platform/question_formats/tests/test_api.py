"""The question-file pipeline through the API (issue 36, item 1): upload -> read in the
background job -> preview -> fix or skip -> import as drafts; nothing written before the
confirm; the uploader's own file only; hostile uploads."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import Question, QuestionBank
from assessments.tests.test_authoring_api import make_bank
from conftest import client_for
from imports.models import ImportJob
from question_formats.models import FileCandidate, QuestionFile
from question_formats.tests.fixtures import make_fixtures

pytestmark = pytest.mark.django_db

FILES = "/api/v1/question-files"
EXAM = (Path(__file__).resolve().parent / "fixtures" / "exam_2025.docx").read_bytes()
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def colleague_a(org_a):
    return ProfileFactory(educator=True, organization=org_a)


def _upload(client, data: bytes = EXAM, name: str = "de-thi.docx", **extra):
    return client.post(FILES, {"file": SimpleUploadedFile(name, data)}, **extra)


def _read(client, capture, data: bytes = EXAM, name: str = "de-thi.docx") -> dict:
    """Upload and let the read job run (huey is immediate in tests); the file as polled."""
    with capture(execute=True):
        res = _upload(client, data, name)
    assert res.status_code == 202, res.json()
    assert res.json()["data"]["status"] == "reading"
    return client.get(f"{FILES}/{res.json()['data']['id']}", **EN).json()["data"]


def _candidates(client, file_id: str, **query) -> list[dict]:
    res = client.get(f"{FILES}/{file_id}/candidates", {"limit": 100, **query}, **EN)
    assert res.status_code == 200, res.json()
    return res.json()["data"]["items"]


def _patch(client, file_id: str, candidate_id: int, body: dict, **extra):
    return client.patch(f"{FILES}/{file_id}/candidates/{candidate_id}", body, content_type=J, **extra)


def _by_ref(items: list[dict]) -> dict[str, dict]:
    return {f"{c['ref']} {c['folder'][0].split('.')[0]}": c for c in items}


def test_upload_preview_fix_skip_and_import_as_drafts(
    as_educator_a, org_a, django_capture_on_commit_callbacks
):
    bank = make_bank(as_educator_a, "Toán 12")
    polled = _read(as_educator_a, django_capture_on_commit_callbacks)
    assert {k: polled[k] for k in ("file_name", "format", "format_name", "status", "questions")} == {
        "file_name": "de-thi.docx",
        "format": "docx",
        "format_name": "Word (.docx)",
        "status": "ready",
        "questions": 12,
    }
    assert (polled["need_attention"], polled["skipped"], polled["importable"], polled["imported"]) == (
        4,
        0,
        8,
        0,
    )
    read_job = polled["read_job"]
    assert (read_job["kind"], read_job["status"], read_job["progress"], read_job["dry_run"]) == (
        "question_file",
        "done",
        100,
        True,
    )
    assert read_job["result"] == {"format": "docx", "questions": 12, "need_attention": 4}
    assert ImportJob.objects.get(pk=read_job["id"]).file == ""  # the upload is deleted once read
    with schema_context(org_a.schema_name):  # nothing is written before the confirm
        assert Question.objects.count() == 0

    file_id = polled["id"]
    items = _by_ref(_candidates(as_educator_a, file_id))
    first = items["Câu 1 PHẦN I"]
    assert first["content"]["stem"] == {"vi": "<p>Giá trị của $\\frac{1}{2}$ + 1 bằng</p>", "en": ""}
    assert first["answer_key"] == {"option": "b"} and first["problems"] == [] and not first["blocked"]
    picture = items["Câu 4 PHẦN I"]
    url = f"{FILES}/{file_id}/candidates/{picture['id']}/images/image1.png"
    assert (
        picture["content"]["stem"]["vi"]
        == f'<p>Hình bên là đồ thị của hàm số nào?</p><p><img src="{url}" alt=""></p>'
    )
    assert picture["images"] == [{"name": "image1.png", "url": url, "media_type": "image/png"}]
    image = as_educator_a.get(url)
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert b"".join(image.streaming_content) == make_fixtures.png()

    attention = _candidates(as_educator_a, file_id, attention="true")
    assert [(c["ref"], [p["code"] for p in c["problems"]], c["blocked"]) for c in attention] == [
        ("Câu 6", ["no_key_marked"], True),
        ("Câu 7", ["equation_as_picture"], False),
        ("Câu 9", ["two_keys"], True),
        ("Câu 1", ["unsupported_type"], True),
        ("Câu 1", ["unsupported_type"], True),
    ]
    # Written in the language of the upload (Vietnamese by default), by the read job.
    assert attention[0]["problems"][0]["message"] == "Câu 6: không có phương án nào được đánh dấu là đáp án."

    # Fix: a key that is not an option is refused as the question form refuses it.
    no_key = items["Câu 6 PHẦN I"]
    bad = _patch(as_educator_a, file_id, no_key["id"], {"answer_key": {"option": "z"}}, **EN)
    assert bad.status_code == 400
    assert bad.json()["code"] == "validation_error"
    assert bad.json()["errors"] == {"answer_key.option": ["The correct option must be one of the options."]}
    fixed = _patch(as_educator_a, file_id, no_key["id"], {"answer_key": {"option": "b"}, "grade": 12}, **EN)
    assert fixed.status_code == 200, fixed.json()
    assert fixed.json()["message"] == "Question saved."
    assert (
        fixed.json()["data"]["answer_key"],
        fixed.json()["data"]["problems"],
        fixed.json()["data"]["blocked"],
    ) == (
        {"option": "b"},
        [],
        False,
    )
    # A fix of the picture's question keeps its picture (sent back as the preview's URL).
    kept = _patch(
        as_educator_a,
        file_id,
        picture["id"],
        {
            "content": {
                **picture["content"],
                "stem": {"vi": f'<p>Đồ thị nào?</p><p><img src="{url}" alt=""></p>', "en": ""},
            }
        },
    )
    assert (
        kept.json()["data"]["content"]["stem"]["vi"] == f'<p>Đồ thị nào?</p><p><img src="{url}" alt=""></p>'
    )
    with schema_context(org_a.schema_name):
        assert FileCandidate.objects.get(pk=picture["id"]).content["stem"]["vi"] == (
            '<p>Đồ thị nào?</p><p><img src="candidate-image:image1.png" alt=""></p>'
        )
    skipped = _patch(as_educator_a, file_id, items["Câu 9 PHẦN I"]["id"], {"skipped": True}, **EN)
    assert skipped.json()["message"] == "Question skipped." and skipped.json()["data"]["skipped"] is True

    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(f"{FILES}/{file_id}/import", {"bank_id": bank["id"]}, content_type=J, **EN)
    assert res.status_code == 202, res.json()
    assert res.json()["data"]["status"] == "importing"
    done = as_educator_a.get(f"{FILES}/{file_id}").json()["data"]
    assert done["status"] == "imported"
    assert done["import_job"]["result"] == {"imported": 9, "skipped": 3, "folders": 1}
    assert (done["import_job"]["rows_total"], done["import_job"]["progress"]) == (9, 100)
    assert done["imported"] == 9
    with schema_context(org_a.schema_name):
        folder = QuestionBank.objects.get(parent_id=bank["id"])
        assert folder.name == "PHẦN I. Câu trắc nghiệm nhiều phương án lựa chọn"
        questions = list(Question.objects.filter(bank=folder).order_by("pk"))
        assert [q.status for q in questions] == ["draft"] * 9
        assert questions[0].content["stem"]["vi"] == "<p>Giá trị của $\\frac{1}{2}$ + 1 bằng</p>"
        assert questions[0].answer_key == {"option": "b"}
        stem = questions[3].content["stem"]["vi"]
        assert stem.startswith(f'<p>Đồ thị nào?</p><p><img src="/media/question-images/{org_a.schema_name}/')
        assert stem.endswith('.webp" alt=""></p>')
        assert (
            questions[4].content["explanation"]["vi"] == "<p>Ta có $\\frac{1}{2}$ = 0,5 là số lớn nhất.</p>"
        )
        assert (questions[5].answer_key, questions[5].grade) == ({"option": "b"}, 12)  # Câu 6 as fixed
    again = as_educator_a.post(f"{FILES}/{file_id}/import", {"bank_id": bank["id"]}, content_type=J, **EN)
    assert again.status_code == 409 and again.json()["code"] == "question_file_already_imported"
    late = _patch(as_educator_a, file_id, no_key["id"], {"skipped": True})
    assert late.status_code == 409


def test_import_into_a_folder_reuses_the_folder_of_the_same_name(
    as_educator_a, org_a, django_capture_on_commit_callbacks
):
    bank = make_bank(as_educator_a, "Toán 12")
    folder = make_bank(as_educator_a, "Đề giữa kỳ", parent_id=bank["id"])
    existing = make_bank(
        as_educator_a, "PHẦN I. Câu trắc nghiệm nhiều phương án lựa chọn", parent_id=folder["id"]
    )
    polled = _read(as_educator_a, django_capture_on_commit_callbacks)
    outside = make_bank(as_educator_a, "Văn 12")
    res = as_educator_a.post(
        f"{FILES}/{polled['id']}/import",
        {"bank_id": bank["id"], "folder_id": outside["id"]},
        content_type=J,
        **EN,
    )
    assert res.status_code == 400 and res.json()["errors"] == {
        "folder_id": ["Choose a folder of the chosen bank."]
    }
    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(
            f"{FILES}/{polled['id']}/import",
            {"bank_id": bank["id"], "folder_id": folder["id"]},
            content_type=J,
        )
    assert res.status_code == 202
    result = as_educator_a.get(f"{FILES}/{polled['id']}").json()["data"]["import_job"]["result"]
    assert result == {"imported": 8, "skipped": 4, "folders": 0}
    with schema_context(org_a.schema_name):
        assert Question.objects.filter(bank_id=existing["id"]).count() == 8


def test_nothing_to_import_when_every_question_is_skipped(as_educator_a, django_capture_on_commit_callbacks):
    bank = make_bank(as_educator_a)
    polled = _read(as_educator_a, django_capture_on_commit_callbacks)
    for candidate in _candidates(as_educator_a, polled["id"]):
        _patch(as_educator_a, polled["id"], candidate["id"], {"skipped": True})
    res = as_educator_a.post(f"{FILES}/{polled['id']}/import", {"bank_id": bank["id"]}, content_type=J, **EN)
    assert res.status_code == 400
    assert (res.json()["code"], res.json()["message"]) == (
        "nothing_to_import",
        "Nothing to import: every question is skipped or still needs attention.",
    )


def test_the_file_is_the_uploaders_only_and_other_organizations_get_404(
    as_educator_a, educator_b, colleague_a, learner, django_capture_on_commit_callbacks
):
    polled = _read(as_educator_a, django_capture_on_commit_callbacks)
    file_id = polled["id"]
    candidate = _candidates(as_educator_a, file_id)[3]
    bank = make_bank(as_educator_a)
    urls = [
        ("get", f"{FILES}/{file_id}", None),
        ("get", f"{FILES}/{file_id}/candidates", None),
        ("get", f"{FILES}/{file_id}/candidates/{candidate['id']}/images/image1.png", None),
        ("patch", f"{FILES}/{file_id}/candidates/{candidate['id']}", {"skipped": True}),
        ("post", f"{FILES}/{file_id}/import", {"bank_id": bank["id"]}),
    ]
    for who in (client_for(educator_b), client_for(colleague_a)):
        for method, url, body in urls:
            res = getattr(who, method)(url, body, content_type=J) if body else getattr(who, method)(url)
            assert res.status_code == 404, (method, url, res.status_code)
    as_learner = client_for(learner)
    assert _upload(as_learner).status_code == 403
    assert as_learner.get(f"{FILES}/{file_id}").status_code == 403
    assert as_educator_a.get(f"{FILES}/not-a-uuid").status_code == 404
    missing = as_educator_a.get(f"{FILES}/{file_id}/candidates/{candidate['id']}/images/image9.png")
    assert missing.status_code == 404
    bad_bank = as_educator_a.post(f"{FILES}/{file_id}/import", {"bank_id": 999999}, content_type=J)
    assert bad_bank.status_code == 404


def test_a_file_that_is_not_a_question_file_is_refused_and_nothing_is_stored(as_educator_a, org_a):
    res = _upload(as_educator_a, b"%PDF-1.7 not a word file", "de-thi.docx", **EN)
    assert res.status_code == 400
    assert (res.json()["code"], res.json()["message"]) == (
        "not_a_question_file",
        "This is not a question file we can read: upload a Word (.docx), Moodle XML, GIFT, Aiken or QTI file.",
    )
    vi = _upload(as_educator_a, b"%PDF-1.7", "de-thi.docx")
    assert vi.json()["message"] == (
        "Đây không phải tệp câu hỏi mà hệ thống đọc được: hãy tải lên tệp Word (.docx), Moodle XML, GIFT, Aiken hoặc QTI."
    )
    assert ImportJob.objects.count() == 0
    with schema_context(org_a.schema_name):
        assert QuestionFile.objects.count() == 0
    assert as_educator_a.post(FILES).status_code == 400


def test_an_upload_over_the_cap_is_refused(as_educator_a, monkeypatch):
    from question_formats import services

    monkeypatch.setattr(services, "UPLOAD_MAX_BYTES", 1000)
    res = _upload(as_educator_a, EXAM, **EN)
    assert res.status_code == 413
    assert res.json()["code"] == "question_file_too_large"


def test_a_zip_bomb_fails_its_read_job_with_the_reason(as_educator_a, django_capture_on_commit_callbacks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("word/document.xml", b"<w:document/>" + b" " * 30_000_000)
    polled = _read(as_educator_a, django_capture_on_commit_callbacks, buffer.getvalue())
    assert polled["status"] == "failed"
    assert (polled["read_job"]["error_code"], polled["read_job"]["error_message"]) == (
        "archive_too_large",
        "Một phần của tệp bị nén hơn 100 lần: tệp bị từ chối vì có thể là bom nén.",
    )
    assert polled["questions"] == 0


def test_a_file_without_questions_fails_its_read(as_educator_a, django_capture_on_commit_callbacks):
    from docx import Document

    document = Document()
    document.add_paragraph("Chỉ là một đoạn văn.")
    buffer = io.BytesIO()
    document.save(buffer)
    polled = _read(as_educator_a, django_capture_on_commit_callbacks, buffer.getvalue())
    assert (polled["status"], polled["read_job"]["error_code"]) == ("failed", "no_questions_found")


def test_nothing_can_be_fixed_while_the_file_is_read(
    as_educator_a, org_a, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        res = _upload(as_educator_a)
    file_id = res.json()["data"]["id"]
    assert as_educator_a.get(f"{FILES}/{file_id}").json()["data"]["status"] == "reading"
    bank = make_bank(as_educator_a)
    blocked = as_educator_a.post(f"{FILES}/{file_id}/import", {"bank_id": bank["id"]}, content_type=J, **EN)
    assert blocked.status_code == 409
    assert (blocked.json()["code"], blocked.json()["message"]) == (
        "question_file_not_ready",
        "The file is still being read.",
    )


def test_files_past_the_retention_of_imports_are_deleted_with_their_pictures(
    as_educator_a, org_a, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.core.files.storage import default_storage
    from django.utils import timezone

    from privacy.models import DeletionRecord
    from question_formats.services import question_files_purge

    polled = _read(as_educator_a, django_capture_on_commit_callbacks)
    with schema_context(org_a.schema_name):
        paths = [i["path"] for c in FileCandidate.objects.all() for i in c.images]
        assert len(paths) == 2 and all(default_storage.exists(p) for p in paths)
        assert question_files_purge(org_a) == 0  # 24 hours by default: still kept
        QuestionFile.objects.update(created_at=timezone.now() - timedelta(hours=25))
        assert question_files_purge(org_a) == 1
        assert QuestionFile.objects.count() == 0 and FileCandidate.objects.count() == 0
    assert not any(default_storage.exists(p) for p in paths)
    record = DeletionRecord.objects.get(object_type="question_file")
    assert (record.object_id, record.file_name, record.kind, record.file_found) == (
        polled["id"],
        "de-thi.docx",
        "import_upload",
        True,
    )
    ImportJob.objects.filter(pk=polled["read_job"]["id"]).delete()  # the imports purge, same period
    assert as_educator_a.get(f"{FILES}/{polled['id']}").status_code == 404
