"""A bank exported as Moodle XML and as QTI 2.1 through the API and read back (issue 36, item 2):
the same questions (stems, options, keys, types, images with the same bytes, both languages,
folders), current versions only, and who may export what."""

from __future__ import annotations

import io
import re
from decimal import Decimal

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from PIL import Image

from assessments.models import Question
from assessments.tests.test_authoring_api import make_bank, post
from conftest import client_for
from privacy.models import AccessLogEntry
from question_formats.readers import moodle_xml, qti

pytestmark = pytest.mark.django_db


def _upload_image(client) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 4), (0, 128, 255)).save(buffer, format="PNG")
    res = client.post(
        "/api/v1/questions/images", {"file": SimpleUploadedFile("g.png", buffer.getvalue(), "image/png")}
    )
    assert res.status_code == 201, res.json()
    return res.json()["data"]["url"]


def _bank_with_every_type(client) -> tuple[dict, list[int], str]:
    top = make_bank(client, "Toán 9")
    inner = make_bank(client, "Hình/Khối", parent_id=top["id"])
    image = _upload_image(client)
    bodies = [
        (
            top,
            "single_choice",
            {
                "stem": {
                    "vi": f'<p>Tính $\\frac{{1}}{{2}}+x^2$</p><p><img src="{image}"></p>',
                    "en": "<p>Compute $x^2$</p>",
                },
                "options": [
                    {"id": "a", "vi": "$x$", "en": "$x$"},
                    {"id": "b", "vi": "<b>hai</b> <u>ba</u>", "en": "two"},
                ],
                "explanation": {"vi": "<p>Vì $a&lt;b$</p>", "en": "<p>Because</p>"},
            },
            {"option": "b"},
        ),
        (
            top,
            "multiple_choice",
            {
                "stem": {"vi": "<p>Số nguyên tố?</p>", "en": ""},
                "options": [{"id": c, "vi": v, "en": ""} for c, v in zip("abc", "245", strict=True)],
            },
            {"options": ["a", "c"]},
        ),
        (inner, "true_false", {"stem": {"vi": "<p>Đúng?</p>", "en": "<p>True?</p>"}}, {"value": False}),
        (
            inner,
            "short_text",
            {"stem": {"vi": "<p>Thủ đô?</p>", "en": ""}},
            {"accepted": ["Hà Nội", "Ha Noi"], "case_sensitive": True, "diacritic_sensitive": True},
        ),
        (
            inner,
            "essay",
            {"stem": {"vi": "", "en": "<p>Only English</p>"}},
            {"rubric": "<p>3 ý, $x$</p>", "max_score": 5},
        ),
    ]
    ids = []
    for bank, kind, content, key in bodies:
        res = post(
            client,
            "/api/v1/questions",
            {"bank_id": bank["id"], "type": kind, "content": content, "answer_key": key},
        )
        assert res.status_code == 201, res.json()
        ids.append(res.json()["data"]["id"])
    return top, ids, image


def _expected(question: Question, image_url: str, image_name: str) -> dict:
    def swap(texts: dict) -> dict:
        return {
            lang: text.replace(image_url, f"candidate-image:{image_name}") for lang, text in texts.items()
        }

    content = {"stem": swap(question.content["stem"]), "explanation": swap(question.content["explanation"])}
    if question.type in ("single_choice", "multiple_choice"):
        content["options"] = [swap(option) for option in question.content["options"]]
    return content


@pytest.mark.parametrize(("export_format", "read"), [("moodle_xml", moodle_xml.read), ("qti", qti.read)])
def test_a_bank_exported_and_read_back_gives_the_same_questions(
    as_educator_a, settings, tmp_path, export_format, read
):
    settings.MEDIA_ROOT = tmp_path
    top, ids, image_url = _bank_with_every_type(as_educator_a)
    res = as_educator_a.get(f"/api/v1/question-banks/{top['id']}/export/{export_format}")
    assert res.status_code == 200
    extension = "xml" if export_format == "moodle_xml" else "zip"
    assert res["Content-Disposition"] == f'attachment; filename="question-bank-{top["id"]}.{extension}"'
    assert res["Content-Type"] == ("application/xml" if export_format == "moodle_xml" else "application/zip")
    found = read(b"".join(res.streaming_content))

    image_name = image_url.rsplit("/", 1)[-1]
    stored_image = default_storage.open(re.sub(r"^/media/", "", image_url)).read()
    connection.set_schema_to_public()
    questions = _questions(ids)
    assert [(c.type, c.folder) for c in found] == [
        ("single_choice", ("Toán 9",)),
        ("multiple_choice", ("Toán 9",)),
        ("true_false", ("Toán 9", "Hình/Khối")),
        ("short_text", ("Toán 9", "Hình/Khối")),
        ("essay", ("Toán 9", "Hình/Khối")),
    ]
    for candidate, question in zip(found, questions, strict=True):
        assert candidate.content == _expected(question, image_url, image_name), question.type
        assert candidate.answer_key == question.answer_key, question.type
        assert candidate.problems == [], question.type
    assert [(i.name, i.data, i.media_type) for i in found[0].images] == [
        (image_name, stored_image, "image/webp")
    ]
    assert found[0].content["stem"]["vi"] == (
        f'<p>Tính $\\frac{{1}}{{2}}+x^2$</p><p><img src="candidate-image:{image_name}"></p>'
    )
    assert found[0].content["options"][1]["vi"] == "<b>hai</b> <u>ba</u>"
    assert found[4].content["stem"] == {"vi": "", "en": "<p>Only English</p>"}


def _questions(ids: list[int]) -> list[Question]:
    from tenants.models import Organization

    connection.set_tenant(Organization.objects.get(slug="org-a"))
    return [Question.objects.get(pk=pk) for pk in ids]


def test_only_the_current_version_of_each_question_is_exported(as_educator_a, org_a):
    bank = make_bank(as_educator_a, "Lý")
    body = {
        "bank_id": bank["id"],
        "type": "true_false",
        "content": {"stem": {"vi": "Cũ"}},
        "answer_key": {"value": True},
    }
    first = post(as_educator_a, "/api/v1/questions", body).json()["data"]["id"]
    connection.set_tenant(org_a)
    old = Question.objects.get(pk=first)
    old.status = Question.Status.PUBLISHED
    old.save()
    Question.objects.create(
        bank_id=bank["id"],
        root=old,
        version=2,
        type="true_false",
        content={"stem": {"vi": "Mới", "en": ""}, "options": [], "explanation": {"vi": "", "en": ""}},
        answer_key={"value": False},
        score_weight=Decimal("3"),
        created_by_profile_id=old.created_by_profile_id,
    )
    connection.set_schema_to_public()
    res = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export/moodle_xml")
    (candidate,) = moodle_xml.read(b"".join(res.streaming_content))
    assert (candidate.content["stem"], candidate.answer_key, candidate.score_weight) == (
        {"vi": "Mới", "en": ""},
        {"value": False},
        3.0,
    )


def test_another_organizations_bank_is_not_found_and_learners_are_refused(
    as_educator_a, educator_b, as_learner
):
    bank = make_bank(as_educator_a)
    for export_format in ("moodle_xml", "qti"):
        res = client_for(educator_b).get(f"/api/v1/question-banks/{bank['id']}/export/{export_format}")
        assert (res.status_code, res.json()["code"]) == (404, "not_found")
        res = as_learner.get(f"/api/v1/question-banks/{bank['id']}/export/{export_format}")
        assert res.status_code == 403
    res = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export/gift")
    assert res.status_code == 422


def test_an_export_is_written_to_the_access_log(as_educator_a, educator_a):
    bank = make_bank(as_educator_a, "Sinh")
    res = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}/export/qti")
    assert res.status_code == 200
    b"".join(res.streaming_content)
    entry = AccessLogEntry.objects.get(kind=AccessLogEntry.Kind.QUESTION_BANK_EXPORT)
    assert (entry.object_type, entry.object_id, entry.object_label, entry.actor_profile_id) == (
        "question_bank",
        str(bank["id"]),
        "Sinh",
        educator_a.pk,
    )
