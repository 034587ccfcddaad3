"""The statuses shown for surveys and submissions in Python (spec section 4 "Survey status
labels"; issue 35, item 2: each fast rule beside its twin).

Some transitions happen by the clock (a survey opens at ``starts_at`` and ends at ``ends_at``;
a submission's time limit runs out at ``deadline_at``), so what is shown is derived from the
stored status and the dates, by ONE rule written three ways that ``surveys/tests/test_twins.py``
keeps equal: ``submission_state`` here (Python, one row), and in ``surveys.statements``
``submission_state_expr`` (ORM, educator lists) and ``SUBMISSION_STATE_SQL`` (raw SQL, the
learner's list across organization schemas). A change here is a change there.

Submission rule, first match wins:
1. stored completed / expired / ended / cancelled -> that (final);
2. the survey is cancelled -> cancelled;
3. in progress and ``deadline_at`` has passed -> expired;
4. the survey is ended, or its ``ends_at`` has passed -> ended;
5. not started and the survey's ``starts_at`` is ahead -> pending;
6. otherwise the stored status (not_started, in_progress).

Survey rule: draft and cancelled as stored; ended when stored so or ``ends_at`` has passed;
pending when published and ``starts_at`` is ahead; else published. Services persist a derived
final status the first time they touch the row (``taking.refresh``).
"""

from __future__ import annotations

from datetime import datetime

from surveys.models import Submission, Survey

S = Submission.Status
V = Survey.Status
FINAL = (S.COMPLETED, S.EXPIRED, S.ENDED, S.CANCELLED)
OPEN = (S.NOT_STARTED, S.IN_PROGRESS)


def survey_state(survey: Survey, now: datetime) -> str:
    if survey.status in (V.DRAFT, V.CANCELLED, V.ENDED):
        return survey.status
    if survey.ends_at and survey.ends_at <= now:
        return V.ENDED
    if survey.starts_at and survey.starts_at > now:
        return S.PENDING
    return V.PUBLISHED


def submission_state(submission: Submission, survey: Survey, now: datetime) -> str:
    if submission.status in FINAL:
        return submission.status
    if survey.status == V.CANCELLED:
        return S.CANCELLED
    if submission.status == S.IN_PROGRESS and submission.deadline_at and submission.deadline_at <= now:
        return S.EXPIRED
    if survey.status == V.ENDED or (survey.ends_at and survey.ends_at <= now):
        return S.ENDED
    if submission.status == S.NOT_STARTED and survey.starts_at and survey.starts_at > now:
        return S.PENDING
    return submission.status
