"""The twins of the survey state (issue 35, item 2): the shown status of a submission written
three ways, ``surveys.rules.submission_state`` (Python), ``surveys.statements
.submission_state_expr`` (ORM) and ``surveys.statements.SUBMISSION_STATE_SQL`` (raw SQL), held
equal here."""

from __future__ import annotations

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from surveys.models import Submission
from surveys.rules import submission_state
from surveys.statements import SUBMISSION_STATE_SQL, submission_state_expr
from surveys.tests.helpers import allow, listed, published_survey, take

pytestmark = pytest.mark.django_db


def test_the_status_rule_is_the_same_in_python_orm_and_sql(org_a, as_educator_a):
    """Every combination that matters, evaluated three ways, agrees."""
    from datetime import timedelta

    from django.db import connection

    allow(org_a)
    listing = listed(as_educator_a, published_survey(as_educator_a))
    _p, _c, usid = take(listing)
    now = timezone.now()
    past, future = now - timedelta(hours=1), now + timedelta(hours=1)
    cases = []
    for stored in ("not_started", "in_progress", "completed", "expired", "cancelled"):
        for survey_status in ("published", "ended", "cancelled"):
            for starts, ends in (
                (None, None),
                (future, None),
                (past - timedelta(hours=1), past),
                (past, future),
            ):
                for deadline in (None, past, future):
                    cases.append((stored, survey_status, starts, ends, deadline))
    with schema_context(org_a.schema_name):
        submission = Submission.objects.select_related("survey").get(enrollment_id=usid)
        survey = submission.survey
        for stored, survey_status, starts, ends, deadline in cases:
            Submission.objects.filter(pk=submission.pk).update(status=stored, deadline_at=deadline)
            type(survey).objects.filter(pk=survey.pk).update(
                status=survey_status, starts_at=starts, ends_at=ends
            )
            submission.refresh_from_db()
            survey.refresh_from_db()
            python = submission_state(submission, survey, timezone.now())
            orm = Submission.objects.annotate(s=submission_state_expr()).get(pk=submission.pk).s
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT {SUBMISSION_STATE_SQL} FROM surveys_submission s "  # noqa: S608
                    "JOIN surveys_survey v ON v.id = s.survey_id WHERE s.id = %s",
                    [submission.pk],
                )
                sql = cursor.fetchone()[0]
            assert python == orm == sql, (stored, survey_status, starts, ends, deadline)
