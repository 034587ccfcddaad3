"""Taking a survey (issue 8, item 3): obtaining one, start, the statements, answer saves,
finish, and the clock-driven transitions. Runs inside the survey's organization schema (the
API enters it through the learner's Enrollment row).

Flow and statuses (spec section 4): a learner obtains a survey (free: from its marketplace
listing, or because a test they hold links it) -> ``not_started`` (or ``pending`` until it
opens) -> start -> ``in_progress`` -> finish with every statement answered -> ``completed``.
``expired`` (time limit), ``ended`` (the survey ended first) and ``cancelled`` (by an
educator) are final; ``rules`` derives them and ``refresh`` stores them."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from config.errors import ApplicationError, FieldErrors
from surveys import content, scoring
from surveys.error_codes import SurveyErrorCode as Code
from surveys.models import Submission, SubmissionAnswer, Survey, SurveyStatement
from surveys.rules import FINAL, submission_state, survey_state
from tenants.scope import organization_schema, owned_enrollment_get

S = Submission.Status
V = Survey.Status


def submission_create(*, survey: Survey, profile: Profile, source: str) -> Submission:
    """A ``not_started`` submission of ``survey`` for the LEARNER ``profile`` with its
    Enrollment row (kind survey; its id is the learner's ``user_survey_id``). Runs in the
    survey's schema and the caller's transaction."""
    from tenants.services import current_organization_id

    submission = Submission.objects.create(
        survey=survey,
        learner_profile_id=profile.pk,
        learner_user_id=profile.user_id,
        learner_name=profile.user.name_or_email,
        learner_email=profile.user.email,
        source=source,
    )
    enrollment = Enrollment.objects.create(
        profile=profile,
        organization_id=current_organization_id(),
        kind=Enrollment.Kind.SURVEY,
        object_id=submission.pk,
        item_id=survey.pk,
        name=survey.name[:200],
    )
    submission.enrollment_id = enrollment.pk
    submission.save(update_fields=["enrollment_id"])
    return submission


def obtain(*, profile: Profile, survey: Survey, source: str) -> tuple[Submission, bool]:
    """The learner's submission of ``survey``, created when they have none: ``(submission,
    created)``. Needs a survey account (403 ``survey_account_required``: POST
    /api/v1/users/register-pandai-survey opens it) and a survey that is published or about to
    open (409 ``survey_not_available``)."""
    existing = Submission.objects.filter(survey=survey, learner_profile_id=profile.pk).first()
    if existing is not None:
        return existing, False
    if not profile.has_pandai_survey_account:
        raise ApplicationError(
            Code.ACCOUNT_REQUIRED,
            _("Open your career-survey account first."),
            status=403,
        )
    if survey_state(survey, timezone.now()) not in (V.PUBLISHED, S.PENDING):
        raise ApplicationError(Code.NOT_AVAILABLE, _("This survey is no longer available."), status=409)
    return submission_create(survey=survey, profile=profile, source=source), True


def refresh(submission: Submission) -> Submission:
    """Store a final status the clock or the survey has reached (expired, ended, cancelled)."""
    state = submission_state(submission, submission.survey, timezone.now())
    if state != submission.status and state in FINAL:
        submission.status, submission.closed_at = state, timezone.now()
        submission.save(update_fields=["status", "closed_at", "updated_at"])
    return submission


_REFUSALS = {
    S.COMPLETED: (Code.ALREADY_COMPLETED, lambda: _("You have already completed this survey.")),
    S.EXPIRED: (Code.EXPIRED, lambda: _("The time for this survey has run out.")),
    S.ENDED: (Code.ENDED, lambda: _("This survey has ended.")),
    S.CANCELLED: (Code.CANCELLED, lambda: _("This survey was cancelled.")),
    S.PENDING: (Code.NOT_OPEN, lambda: _("This survey is not open yet.")),
    S.NOT_STARTED: (Code.NOT_STARTED, lambda: _("Start the survey first.")),
}


def _refuse(state: str) -> ApplicationError:
    code, message = _REFUSALS[state]
    return ApplicationError(code, message(), status=409)


def _locked(submission_id: int) -> Submission:
    submission = Submission.objects.select_for_update().select_related("survey").get(pk=submission_id)
    refresh(submission)
    return submission


@transaction.atomic
def start(*, submission_id: int) -> Submission:
    """POST .../{id}/start: ``not_started`` -> ``in_progress``, fixing this learner's stable
    shuffled statement order (seeded by the submission id) and the deadline (start + time
    limit). Starting an ``in_progress`` survey returns it unchanged (resume). 409 with the
    reason otherwise: ``survey_already_completed``, ``survey_not_open``, ``survey_expired``,
    ``survey_ended``, ``survey_cancelled``, ``survey_no_questions``."""
    submission = _locked(submission_id)
    state = submission_state(submission, submission.survey, timezone.now())
    if state == S.IN_PROGRESS:
        return submission
    if state != S.NOT_STARTED:
        raise _refuse(state)
    ids = list(submission.survey.statements.order_by("position", "id").values_list("id", flat=True))
    if not ids:
        raise ApplicationError(Code.NO_QUESTIONS, _("This survey has no questions."), status=409)
    random.Random(submission.pk).shuffle(ids)
    now = timezone.now()
    limit = submission.survey.time_limit_minutes
    submission.order = ids
    submission.status, submission.started_at = S.IN_PROGRESS, now
    submission.deadline_at = now + timedelta(minutes=limit) if limit else None
    submission.save(update_fields=["order", "status", "started_at", "deadline_at", "updated_at"])
    return submission


def _ordered_statements(submission: Submission) -> list[SurveyStatement]:
    statements = {s.pk: s for s in submission.survey.statements.all()}
    order = [i for i in submission.order if i in statements]
    placed = set(order)
    order += sorted((i for i in statements if i not in placed), key=lambda i: statements[i].position)
    return [statements[i] for i in order]


def progress(
    submission: Submission, statements: list[SurveyStatement], answers: dict[int, int]
) -> list[dict]:
    """``[{"code", "answered", "total"}]`` per RIASEC group."""
    rows = {code: {"code": code, "answered": 0, "total": 0} for code in scoring.RIASEC}
    for statement in statements:
        rows[statement.group]["total"] += 1
        rows[statement.group]["answered"] += statement.pk in answers
    return list(rows.values())


def questions(*, submission: Submission) -> dict[str, Any]:
    """GET .../{id}/questions: the statements in this learner's order with the saved answers,
    the scale and the groups (names in the reader's language), progress per group, the
    deadline and the server's clock. Editable only while in progress; a completed (or
    otherwise closed) survey is shown read-only; ``survey_not_started`` /
    ``survey_not_open`` before the start."""
    refresh(submission)
    now = timezone.now()
    state = submission_state(submission, submission.survey, now)
    if state in (S.NOT_STARTED, S.PENDING):
        raise _refuse(state)
    survey = submission.survey
    statements = _ordered_statements(submission)
    answers = dict(submission.answers.values_list("statement_id", "value"))
    names = content.group_names(survey.groups)
    return {
        "user_survey_id": submission.enrollment_id,
        "status": state,
        "editable": state == S.IN_PROGRESS,
        "scale": [{"value": p["value"], "label": content.pick(p["label"])} for p in survey.scale],
        "groups": [{"code": code, "name": names.get(code, code)} for code in scoring.RIASEC],
        "questions": [
            {
                "id": s.pk,
                "number": index,
                "group": s.group,
                "text": content.pick(s.text),
                "answer": answers.get(s.pk),
            }
            for index, s in enumerate(statements, start=1)
        ],
        "answered": len(answers),
        "total": len(statements),
        "progress": progress(submission, statements, answers),
        "deadline_at": submission.deadline_at,
        "server_now": now,
    }


@transaction.atomic
def answer_store(*, submission_id: int, statement_id: int, value: Any) -> dict[str, Any]:
    """POST api/v1/surveys/submissions/store-answer: save one answer (a scale value 1..5) as
    it is given. Idempotent per statement: saving again replaces the value (one INSERT ... ON
    CONFLICT DO UPDATE). 400 ``invalid_answer`` (value not on the scale, or a statement of
    another survey); 409 unless in progress. Returns ``{"question_id", "answer", "answered",
    "total", "progress"}``."""
    submission = _locked(submission_id)
    state = submission_state(submission, submission.survey, timezone.now())
    if state != S.IN_PROGRESS:
        raise _refuse(state)
    errors = FieldErrors()
    if not submission.survey.statements.filter(pk=statement_id).exists():
        errors.add("question_id", _("This statement is not part of the survey."))
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= content.SCALE_POINTS:
        errors.add("answer", _("Choose one of the allowed values."))
    errors.raise_if_any(_("The answer could not be saved."), code=Code.INVALID_ANSWER)
    SubmissionAnswer.objects.bulk_create(
        [SubmissionAnswer(submission=submission, statement_id=statement_id, value=value)],
        update_conflicts=True,
        unique_fields=["submission", "statement"],
        update_fields=["value", "saved_at"],
    )
    counts = dict(
        SurveyStatement.objects.filter(survey_id=submission.survey_id)
        .values("group")
        .annotate(total=Count("id"))
        .values_list("group", "total")
    )
    answered = dict(
        submission.answers.values("statement__group")
        .annotate(n=Count("id"))
        .values_list("statement__group", "n")
    )
    return {
        "question_id": statement_id,
        "answer": value,
        "answered": sum(answered.values()),
        "total": sum(counts.values()),
        "progress": [
            {"code": code, "answered": answered.get(code, 0), "total": counts.get(code, 0)}
            for code in scoring.RIASEC
        ],
    }


@transaction.atomic
def finish(*, submission_id: int) -> Submission:
    """POST .../{id}/finish: ``in_progress`` -> ``completed`` when every statement is
    answered: the scores (``scoring.score``) and the Holland code are stored. With statements
    unanswered: 409 ``survey_unanswered`` listing them (``unanswered``: [{"id", "number",
    "group", "text"}] in the learner's order); 409 with the reason when not in progress."""
    submission = _locked(submission_id)
    state = submission_state(submission, submission.survey, timezone.now())
    if state != S.IN_PROGRESS:
        raise _refuse(state)
    statements = _ordered_statements(submission)
    answers = dict(submission.answers.values_list("statement_id", "value"))
    missing = [
        {"id": s.pk, "number": index, "group": s.group, "text": content.pick(s.text)}
        for index, s in enumerate(statements, start=1)
        if s.pk not in answers
    ]
    if missing:
        numbers = ", ".join(str(m["number"]) for m in missing)
        raise ApplicationError(
            Code.UNANSWERED,
            _("Answer every statement before finishing: %(count)d left (%(numbers)s).")
            % {"count": len(missing), "numbers": numbers},
            status=409,
            errors={
                "answers": [
                    _("Statement %(number)d is not answered.") % {"number": m["number"]} for m in missing
                ]
            },
            extra={"unanswered": missing},
        )
    result = scoring.score(statements=[(s.pk, s.group) for s in statements], answers=answers)
    submission.scores = result
    submission.holland_code = result["holland_code"]
    submission.status, submission.completed_at = S.COMPLETED, timezone.now()
    submission.save(update_fields=["scores", "holland_code", "status", "completed_at", "updated_at"])
    return submission


def obtain_from(
    *,
    profile: Profile,
    listing_id: int | None = None,
    test_enrollment_id: int | None = None,
    survey_id: int | None = None,
) -> tuple[int, bool]:
    """POST /api/v1/survey-users: take a free survey. Either ``listing_id`` (a survey listed on
    the marketplace) or ``test_enrollment_id`` + ``survey_id`` (a survey linked to a test
    preset the learner holds). Returns ``(user_survey_id, created)``; the learner's existing
    submission is returned again (idempotent). 404 for an unknown or foreign listing or test;
    the rules of ``obtain`` apply. The caller is a learner (the operation's ``LearnerSessionAuth``)."""
    from assessments.models import TestPreset
    from config.errors import not_found
    from marketplace.models import Listing

    if listing_id:
        listing = (
            Listing.objects.select_related("organization")
            .filter(pk=listing_id, kind=Listing.Kind.SURVEY, status=Listing.Status.ACTIVE)
            .first()
        )
        if listing is None:
            raise not_found(_("Survey not found."))
        organization, wanted, source = listing.organization, listing.preset_id, Submission.Source.LISTING
    elif test_enrollment_id and survey_id:
        test = owned_enrollment_get(
            profile=profile,
            enrollment_id=test_enrollment_id,
            kind=Enrollment.Kind.TEST,
            message=_("Survey not found."),
        )
        with organization_schema(test.organization.schema_name):
            linked = (
                TestPreset.objects.filter(pk=test.item_id).values_list("survey_ids", flat=True).first() or []
            )
        if survey_id not in [int(i) for i in linked if str(i).isdigit()]:
            raise not_found(_("Survey not found."))
        organization, wanted, source = test.organization, survey_id, Submission.Source.TEST
    else:
        errors = FieldErrors()
        errors.add("listing_id", _("Required"))
        errors.raise_if_any()
    with organization_schema(organization.schema_name), transaction.atomic():
        survey = Survey.objects.select_for_update().filter(pk=wanted).first()
        if survey is None:
            raise not_found(_("Survey not found."))
        submission, created = obtain(profile=profile, survey=survey, source=source)
        return submission.enrollment_id, created
