"""Paper tests through the API (issue 36, item 3): the .zip of N versions, their pages, headers,
formulas and keys, the seed, bad input, and who may."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django_tenants.utils import schema_context
from docx import Document
from openpyxl import load_workbook
from pypdf import PdfReader

from accounts.tests.factories import ProfileFactory
from analytics.models import ExportJob
from assessments.models import PresetQuestion, Question
from conftest import client_for
from question_formats.tests.paper_fixtures import paper_preset

pytestmark = pytest.mark.django_db
J = "application/json"
OMATH = "{http://schemas.openxmlformats.org/officeDocument/2006/math}oMath"
FORMULA = re.compile(r"\$([^$]+)\$")


@pytest.fixture
def preset(settings, tmp_path, org_a, educator_a):
    settings.MEDIA_ROOT = tmp_path
    return paper_preset(org_a, educator_a)


def start(client, preset_id, capture, **body):
    with capture(execute=True):
        return client.post(f"/api/v1/test-presets/{preset_id}/paper-exports", body, content_type=J)


def download(client, preset_id, job_id) -> zipfile.ZipFile:
    res = client.get(f"/api/v1/test-presets/{preset_id}/paper-exports/{job_id}/download")
    assert res.status_code == 200
    return zipfile.ZipFile(io.BytesIO(b"".join(res.streaming_content)))


def bank_questions(org) -> dict[str, Question]:
    """The test's questions by their stem's text (the Vietnamese stem without tags)."""
    with schema_context(org.schema_name):
        return {re.sub(r"<[^>]+>", "", q.content["stem"]["vi"]): q for q in Question.objects.all()}


def squashed(text: str) -> str:
    """A formula's text as Word's equation holds it: the characters without spaces or TeX
    commands (``\\frac{5}{6}`` -> ``56``, ``2x + 3`` -> ``2x+3``)."""
    return re.sub(r"\\[A-Za-z]+|[{}\s$^]", "", text)


def docx_questions(document) -> list[tuple[str, list[str]]]:
    """(stem text, [option texts]) per question of a version's .docx, equations included."""
    out: list[tuple[str, list[str]]] = []
    for paragraph in document.paragraphs:
        text = "".join(t.text or "" for t in paragraph._p.iter() if str(t.tag).endswith("}t")).strip()
        if re.match(r"^Câu \d+\.", text):
            out.append((text, []))
        elif re.match(r"^[A-D]\.", text) and out:
            out[-1][1].append(text[2:].strip())
    return out


def test_three_versions_in_vietnamese(org_a, preset, as_educator_a, django_capture_on_commit_callbacks):
    res = start(
        as_educator_a, preset.pk, django_capture_on_commit_callbacks, versions=3, language="vi", seed=5
    )
    assert res.status_code == 202, res.json()
    job = res.json()["data"]
    assert (job["status"], job["versions"], job["seed"], job["language"]) == ("queued", 3, "5", "vi")
    assert job["file_name"] == f"de-thi-giay-{preset.pk}.zip" and job["download_url"] is None
    polled = as_educator_a.get(f"/api/v1/test-presets/{preset.pk}/paper-exports/{job['id']}").json()["data"]
    assert (polled["status"], polled["progress"], polled["versions_done"]) == ("done", 100, 3)
    assert polled["download_url"] == f"/api/v1/test-presets/{preset.pk}/paper-exports/{job['id']}/download"
    response = as_educator_a.get(polled["download_url"])
    assert response["Content-Disposition"] == f'attachment; filename="de-thi-giay-{preset.pk}.zip"'
    archive = download(as_educator_a, preset.pk, job["id"])
    assert sorted(archive.namelist()) == [
        "dap-an.xlsx",
        "ma-de-101.docx",
        "ma-de-101.pdf",
        "ma-de-102.docx",
        "ma-de-102.pdf",
        "ma-de-103.docx",
        "ma-de-103.pdf",
    ]

    questions = bank_questions(org_a)
    texts = [q.content["stem"]["vi"] for q in questions.values()] + [
        o["vi"] for q in questions.values() for o in q.content["options"]
    ]
    occurrences = [m for text in texts for m in FORMULA.findall(text)]
    assert len(occurrences) == 27 and len(set(occurrences)) == 27

    sheet = load_workbook(io.BytesIO(archive.read("dap-an.xlsx"))).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert sheet.title == "Đáp án"
    assert rows[0] == ["Câu", "Mã đề 101", "Mã đề 102", "Mã đề 103"]
    assert [r[0] for r in rows[1:]] == [1, 2, 3, 4, 5, 6, 7]

    for column, code in enumerate((101, 102, 103), start=1):
        label = f"Mã đề {code}"
        pdf = PdfReader(io.BytesIO(archive.read(f"ma-de-{code}.pdf")))
        pages = [page.extract_text() for page in pdf.pages]
        assert len(pages) == 2 and all(label in text for text in pages)
        assert [f"{label} — Trang {n}" in text for n, text in enumerate(pages, start=1)] == [True, True]
        assert "(Đề thi có 7 câu)" in pages[0] and "Thời gian làm bài: 45 phút" in pages[0]
        assert "Câu 1." in pages[0] and "— HẾT —" in pages[0] and "$" not in pages[0]
        assert f"Đáp án — {label}" in pages[1]
        # Every formula drawn as a picture (one image per distinct formula), and the bank's picture.
        names = {image.name for image in pdf.pages[0].images}
        assert len(names) == len(set(occurrences)) + 1

        document = Document(io.BytesIO(archive.read(f"ma-de-{code}.docx")))
        assert [s.header.paragraphs[0].text for s in document.sections] == [f"Kiểm tra Toán 12 — {label}"]
        assert len(list(document.element.body.iter(OMATH))) == len(occurrences)

        keys = {row[0]: row[column] for row in rows[1:]}
        printed = docx_questions(document)
        assert len(printed) == 7
        for number, (stem, options) in enumerate(printed, start=1):
            words = re.sub(r"^Câu \d+\.\s*", "", stem)
            source = max(
                (q for text, q in questions.items() if words.startswith(text.split("$")[0].strip())),
                key=lambda q: len(q.content["stem"]["vi"].split("$")[0]),
            )
            key = source.answer_key
            if source.type == "single_choice":
                right = next(o["vi"] for o in source.content["options"] if o["id"] == key["option"])
                assert squashed(options["ABCD".index(keys[number])]) == squashed(right), (code, number)
            elif source.type == "multiple_choice":
                right = sorted(
                    squashed(o["vi"]) for o in source.content["options"] if o["id"] in key["options"]
                )
                letters = keys[number].split(", ")
                assert sorted(squashed(options["ABCD".index(letter)]) for letter in letters) == right
            elif source.type == "true_false":
                assert keys[number] == "Sai"
            else:
                assert keys[number] == "42"
            assert f"\n{number}\n{keys[number]}\n" in pages[1]  # the PDF's key table


def test_the_same_seed_prints_the_same_papers(preset, as_educator_a, django_capture_on_commit_callbacks):
    def export(**body):
        job = start(as_educator_a, preset.pk, django_capture_on_commit_callbacks, versions=2, **body).json()[
            "data"
        ]
        archive = download(as_educator_a, preset.pk, job["id"])
        keys = [
            [c.value for c in row]
            for row in load_workbook(io.BytesIO(archive.read("dap-an.xlsx"))).active.iter_rows()
        ]
        pages = [p.extract_text() for p in PdfReader(io.BytesIO(archive.read("ma-de-102.pdf"))).pages]
        return job, keys, pages

    first, keys, pages = export(seed=123456789)
    again, keys_again, pages_again = export(seed=123456789)
    assert first["id"] != again["id"] and (keys, pages) == (keys_again, pages_again)
    drawn, *_rest = export()
    assert drawn["seed"].isdigit() and ExportJob.objects.get(pk=drawn["id"]).params["seed"] == int(
        drawn["seed"]
    )


def test_an_english_paper(preset, as_educator_a, django_capture_on_commit_callbacks):
    job = start(
        as_educator_a, preset.pk, django_capture_on_commit_callbacks, versions=1, language="en"
    ).json()["data"]
    archive = download(as_educator_a, preset.pk, job["id"])
    assert sorted(archive.namelist()) == ["answer-keys.xlsx", "version-101.docx", "version-101.pdf"]
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(archive.read("version-101.pdf"))).pages]
    assert "Version 101 — Page 1" in pages[0] and "Question 1." in pages[0] and "— THE END —" in pages[0]
    assert "Answer key — Version 101" in pages[1]
    document = Document(io.BytesIO(archive.read("version-101.docx")))
    assert document.sections[0].header.paragraphs[0].text == "Kiểm tra Toán 12 — Version 101"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"versions": 0}, "versions"),
        ({"versions": 11}, "versions"),
        ({"versions": 2, "language": "fr"}, "language"),
        ({"versions": 2, "seed": -1}, "seed"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_queued(preset, as_educator_a, body, field):
    res = as_educator_a.post(f"/api/v1/test-presets/{preset.pk}/paper-exports", body, content_type=J)
    assert res.status_code == 400 and res.json()["code"] == "validation_error"
    assert list(res.json()["errors"]) == [field]
    assert not ExportJob.objects.exists()


def test_a_test_without_questions(org_a, preset, as_educator_a):
    with schema_context(org_a.schema_name):
        PresetQuestion.objects.filter(preset_id=preset.pk).delete()
    res = as_educator_a.post(
        f"/api/v1/test-presets/{preset.pk}/paper-exports", {"versions": 2}, content_type=J
    )
    assert res.status_code == 400 and res.json()["code"] == "paper_no_questions"
    assert res.json()["message"] == "Đề thi chưa có câu hỏi: hãy tạo câu hỏi cho đề trước."
    assert not ExportJob.objects.exists()


def test_who_may(org_a, preset, as_educator_a, educator_b, as_learner, django_capture_on_commit_callbacks):
    url = f"/api/v1/test-presets/{preset.pk}/paper-exports"
    other_org = client_for(educator_b)
    assert other_org.post(url, {"versions": 1}, content_type=J).status_code == 404
    assert as_learner.post(url, {"versions": 1}, content_type=J).status_code == 403
    job = start(as_educator_a, preset.pk, django_capture_on_commit_callbacks, versions=1)
    job_id = job.json()["data"]["id"]
    for path in (f"{url}/{job_id}", f"{url}/{job_id}/download"):
        assert other_org.get(path).status_code == 404
    colleague = client_for(ProfileFactory(educator=True, organization=org_a))
    assert colleague.get(f"{url}/{job_id}").status_code == 404  # a job is its creator's
    assert (
        colleague.post(url, {"versions": 1}, content_type=J).status_code == 202
    )  # the test is the organization's
    assert as_educator_a.get(f"{url}/not-a-uuid").status_code == 404
    assert (
        as_educator_a.get(f"/api/v1/test-presets/{preset.pk + 1}/paper-exports/{job_id}").status_code == 404
    )
    assert as_educator_a.get(f"/api/v1/transaction/analytics/exports/{job_id}").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_export_runs_in_its_own_idle_thread_in_the_organizations_schema(preset, as_educator_a, settings):
    """Outside the test suite the work runs in a SCHED_IDLE thread whose connection starts in the
    public schema (config.priority): it failed there with "relation assessments_testpreset does
    not exist" until it entered the organization's schema itself."""
    settings.BACKGROUND_IDLE_PRIORITY = True
    res = as_educator_a.post(
        f"/api/v1/test-presets/{preset.pk}/paper-exports", {"versions": 2}, content_type=J
    )
    assert res.status_code == 202, res.json()
    job_id = res.json()["data"]["id"]
    polled = as_educator_a.get(f"/api/v1/test-presets/{preset.pk}/paper-exports/{job_id}").json()["data"]
    assert (polled["status"], polled["versions_done"]) == ("done", 2)
    assert sorted(download(as_educator_a, preset.pk, job_id).namelist()) == [
        "dap-an.xlsx",
        "ma-de-101.docx",
        "ma-de-101.pdf",
        "ma-de-102.docx",
        "ma-de-102.pdf",
    ]
