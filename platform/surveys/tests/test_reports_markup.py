"""The career-orientation report PDF draws users' text as text, never as ReportLab markup
(issue 16, item 7): the organization's, survey's, learner's and statements' text."""

from __future__ import annotations

import io

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from surveys.models import Submission, Survey, SurveyStatement
from surveys.tests.helpers import allow, listed, published_survey
from surveys.tests.test_purchase import finished

pytestmark = pytest.mark.django_db

HOSTILE = 'Trường <img src="/etc/passwd"> & <b'
LEARNER = "An <b"


def _pdf_lines(content: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(content))
    return [ln.strip() for page in reader.pages for ln in page.extract_text().splitlines() if ln.strip()]


@pytest.mark.parametrize("language", ["vi", "en"])
def test_survey_report_pdf_draws_hostile_names_as_text(org_a, as_educator_a, language):
    allow(org_a)
    org_a.display_name = HOSTILE
    org_a.save(update_fields=["display_name"])
    survey_id = published_survey(as_educator_a)
    with schema_context(org_a.schema_name):
        Survey.objects.filter(pk=survey_id).update(name=HOSTILE, name_en=HOSTILE)
        first = SurveyStatement.objects.filter(survey_id=survey_id).order_by("position").first()
        SurveyStatement.objects.filter(pk=first.pk).update(text={"vi": HOSTILE, "en": HOSTILE})
    _profile, client, usid = finished(listed(as_educator_a, survey_id, price=0))
    with schema_context(org_a.schema_name):
        Submission.objects.filter(enrollment_id=usid).update(learner_name=LEARNER, report_unlocked=True)
        completed = Submission.objects.get(enrollment_id=usid).completed_at
    day = timezone.localtime(completed).strftime("%d/%m/%Y")

    res = client.get(f"/api/v1/survey-users/{usid}/report/pdf", headers={"Accept-Language": language})
    assert res.status_code == 200 and res["Content-Type"] == "application/pdf"
    lines = _pdf_lines(res.content)
    title = {"vi": "Báo cáo định hướng nghề nghiệp", "en": "Career orientation report"}[language]
    assert lines[:3] == [title, f"{LEARNER} · {HOSTILE} · {day}", HOSTILE]
    assert HOSTILE in lines[3:]  # the statement, in the answer sheet
