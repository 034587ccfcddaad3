"""Bilingual values in the authoring API follow the reader's language, falling back to the other
language when blank (``config.i18n``; issue 17, item 2)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from assessments.models import Subject
from assessments.tests.test_presets_api import post, preset_body
from conftest import client_for

pytestmark = pytest.mark.django_db


def _question(client, subject_id: int) -> dict:
    bank = post(client, "/api/v1/question-banks", {"name": f"Ngữ văn {subject_id}"}).json()["data"]
    body = {
        "bank_id": bank["id"],
        "type": "true_false",
        "subject_id": subject_id,
        "content": {"stem": {"vi": "Đúng hay sai?"}},
        "answer_key": {},
    }
    res = post(client, "/api/v1/questions", body)
    assert res.status_code == 201, res.json()
    return res.json()["data"]


def _subject_names(client, question_id: int, bank_id: int, language: str) -> tuple[str, str]:
    header = {"HTTP_ACCEPT_LANGUAGE": language}
    detail = client.get(f"/api/v1/questions/{question_id}", **header).json()["data"]
    rows = client.get(f"/api/v1/questions?bank_id={bank_id}", **header).json()["data"]["items"]
    return detail["subject_name"], rows[0]["subject_name"]


def test_english_reader_of_a_subject_without_english_name_sees_the_vietnamese_one(educator_a, org_a):
    with schema_context(org_a.schema_name):
        subject = Subject.objects.create(code="han-nom", name_vi="Hán Nôm", name_en="")
        maths = Subject.objects.get(code="toan")
    client = client_for(educator_a)
    q = _question(client, subject.pk)
    assert _subject_names(client, q["id"], q["bank_id"], "en") == ("Hán Nôm", "Hán Nôm")
    assert _subject_names(client, q["id"], q["bank_id"], "vi") == ("Hán Nôm", "Hán Nôm")
    q = _question(client, maths.pk)
    assert _subject_names(client, q["id"], q["bank_id"], "en") == ("Mathematics", "Mathematics")
    assert _subject_names(client, q["id"], q["bank_id"], "vi") == ("Toán", "Toán")


def test_generation_shortfalls_name_the_subject_in_the_readers_language(as_educator_a, bank, round_id, org_a):
    short = preset_body(bank, round_id)
    short["subjects"][0]["items"] = [{"cluster_id": bank["t2"], "count": 4}]
    preset = post(as_educator_a, "/api/v1/test-presets", short).json()["data"]
    url = f"/api/v1/test-presets/{preset['id']}/generate"

    def shortfall_subject(language: str) -> str:
        res = as_educator_a.post(url, {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)
        assert res.status_code == 400 and res.json()["code"] == "generation_failed"
        return res.json()["shortfalls"][0]["subject"]

    assert (shortfall_subject("en"), shortfall_subject("vi")) == ("Mathematics", "Toán")
    with schema_context(org_a.schema_name):
        Subject.objects.filter(code="toan").update(name_en="")
    assert shortfall_subject("en") == "Toán"
