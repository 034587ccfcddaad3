"""The statuses shown for surveys and submissions, evaluated by the database (issue 35, item 2:
each fast rule beside its twin): ``survey_state_expr`` and ``submission_state_expr`` (ORM
expressions for the educators' lists and filters) and ``SUBMISSION_STATE_SQL`` (raw SQL for the
learner's list across organization schemas). Their twins are ``surveys.rules.survey_state`` and
``submission_state`` (Python, one row), where the rule is written out;
``surveys/tests/test_twins.py`` keeps the three equal in every combination that matters.
"""

from __future__ import annotations

from django.db.models import Case, CharField, F, Q, Value, When
from django.db.models.functions import Now

from surveys.rules import FINAL, S, V


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
