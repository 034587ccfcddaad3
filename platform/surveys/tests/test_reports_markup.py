"""The career-orientation report PDF draws users' text as text, never as ReportLab markup
(issue 16, item 7): the organization's, survey's, learner's and statements' text; and it dates
the report with the Vietnam day of completion in the reader's language (issue 17, item 1)."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from django_tenants.utils import schema_context

from config.dates import format_date
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
    day = format_date(completed, language=language)

    res = client.get(f"/api/v1/survey-users/{usid}/report/pdf", headers={"Accept-Language": language})
    assert res.status_code == 200 and res["Content-Type"] == "application/pdf"
    lines = _pdf_lines(res.content)
    title = {"vi": "Báo cáo định hướng nghề nghiệp", "en": "Career orientation report"}[language]
    assert lines[:3] == [title, f"{LEARNER} · {HOSTILE} · {day}", HOSTILE]
    assert HOSTILE in lines[3:]  # the statement, in the answer sheet


@pytest.mark.parametrize(("language", "day"), [("vi", "28/11/2026"), ("en", "28 Nov 2026")])
def test_survey_report_pdf_shows_the_vietnam_day_of_completion(org_a, as_educator_a, language, day):
    """Completed at 18:30 UTC on 27/11, which is 01:30 on 28/11 in Vietnam: the report says 28/11
    (the old code printed the UTC day, 27/11/2026, in one format for both languages)."""
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    _profile, client, usid = finished(listed(as_educator_a, survey_id, price=0))
    with schema_context(org_a.schema_name):
        Submission.objects.filter(enrollment_id=usid).update(
            completed_at=datetime(2026, 11, 27, 18, 30, tzinfo=UTC), learner_name="An", report_unlocked=True
        )
    res = client.get(f"/api/v1/survey-users/{usid}/report/pdf", headers={"Accept-Language": language})
    assert res.status_code == 200
    assert _pdf_lines(res.content)[1] == f"An · {org_a.shown_name} · {day}"


@pytest.mark.parametrize(("language", "shown", "other"), [("vi", "43,8", "43.8"), ("en", "43.8", "43,8")])
def test_survey_report_pdf_writes_numbers_in_the_readers_language(
    org_a, as_educator_a, language, shown, other
):
    """Issue 38: the Vietnamese report printed "43.8" (Python's ``:g``), the page beside it "43,8"."""
    allow(org_a)
    survey_id = published_survey(as_educator_a)
    _profile, client, usid = finished(listed(as_educator_a, survey_id, price=0))
    with schema_context(org_a.schema_name):
        submission = Submission.objects.get(enrollment_id=usid)
        scores = dict(submission.scores)
        scores["groups"] = [{**g, "normalized": 43.8 if g["code"] == "R" else 50.0} for g in scores["groups"]]
        scores["differentiation"] = 12.5
        Submission.objects.filter(pk=submission.pk).update(scores=scores, report_unlocked=True)
    res = client.get(f"/api/v1/survey-users/{usid}/report/pdf", headers={"Accept-Language": language})
    assert res.status_code == 200
    text = "\n".join(_pdf_lines(res.content))
    assert shown in text and other not in text
    assert ("12,5" if language == "vi" else "12.5") in text
    assert "50,0" not in text and "50.0" not in text  # whole numbers without decimals
