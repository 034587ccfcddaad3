"""The statuses shown for surveys and submissions (spec section 4 "Survey status labels").

Some transitions happen by the clock (a survey opens at ``starts_at`` and ends at ``ends_at``;
a submission's time limit runs out at ``deadline_at``), so what is shown is derived from the
stored status and the dates, by ONE rule written three ways that a test keeps equal:
``submission_state`` (Python, one row), ``submission_state_expr`` (ORM, educator lists) and
``SUBMISSION_STATE_SQL`` (raw SQL, the learner's list across organization schemas).

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

from django.db.models import Case, CharField, F, Q, Value, When
from django.db.models.functions import Now

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


def survey_state_expr(prefix: str = "") -> Case:
    """``survey_state`` as an ORM expression over Survey (``prefix`` e.g. ``"survey__"``)."""
    p = prefix
    return Case(
        When(Q(**{f"{p}status__in": [V.DRAFT, V.CANCELLED, V.ENDED]}), then=F(f"{p}status")),
        When(Q(**{f"{p}ends_at__lte": Now()}), then=Value(V.ENDED)),
        When(Q(**{f"{p}starts_at__gt": Now()}), then=Value(S.PENDING)),
        default=Value(V.PUBLISHED),
        output_field=CharField(),
    )


def submission_state_expr() -> Case:
    """``submission_state`` as an ORM expression over Submission (joins its survey)."""
    return Case(
        When(status__in=FINAL, then=F("status")),
        When(survey__status=V.CANCELLED, then=Value(S.CANCELLED)),
        When(status=S.IN_PROGRESS, deadline_at__lte=Now(), then=Value(S.EXPIRED)),
        When(Q(survey__status=V.ENDED) | Q(survey__ends_at__lte=Now()), then=Value(S.ENDED)),
        When(status=S.NOT_STARTED, survey__starts_at__gt=Now(), then=Value(S.PENDING)),
        default=F("status"),
        output_field=CharField(),
    )


# ``submission_state`` over the aliases ``s`` (surveys_submission) and ``v`` (surveys_survey).
SUBMISSION_STATE_SQL = (
    "CASE"
    " WHEN s.status IN ('completed', 'expired', 'ended', 'cancelled') THEN s.status"
    " WHEN v.status = 'cancelled' THEN 'cancelled'"
    " WHEN s.status = 'in_progress' AND s.deadline_at <= NOW() THEN 'expired'"
    " WHEN v.status = 'ended' OR v.ends_at <= NOW() THEN 'ended'"
    " WHEN s.status = 'not_started' AND v.starts_at > NOW() THEN 'pending'"
    " ELSE s.status END"
)
