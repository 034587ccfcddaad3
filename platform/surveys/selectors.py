"""Reads of survey management (issue 8, items 2 and 6), in the educator's organization schema:
the survey list, one survey with its content, who has taken a survey, the distribution of
Holland codes, and the payloads shared by the learner and educator views of one submission
(overview, category scores, suitable groups). Lists run a constant number of queries."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from config.envelope import order_by_checked, paginate
from config.errors import ApplicationError, not_found
from config.i18n import localized
from surveys import content
from surveys.error_codes import SurveyErrorCode as Code
from surveys.models import RIASEC, Submission, SubmissionAnswer, Survey, SurveyStatement
from surveys.rules import submission_state, survey_state
from surveys.statements import submission_state_expr, survey_state_expr
from tenants.models import Organization

SURVEY_ORDER = {
    "name": "name",
    "created_at": "created_at",
    "updated_at": "updated_at",
    "starts_at": "starts_at",
    "ends_at": "ends_at",
    "status": "state",
    "takers": "taker_count",
}
SURVEY_STATUSES = {"draft", "pending", "published", "ended", "cancelled"}
TAKER_ORDER = {
    "created_at": "created_at",
    "name": "learner_name",
    "status": "state",
    "completed_at": "completed_at",
    "holland_code": "holland_code",
}
TAKER_STATUSES = {"pending", "not_started", "in_progress", "completed", "expired", "ended", "cancelled"}


def _count(model, field: str, **extra) -> Coalesce:
    sub = (
        model.objects.filter(**{field: OuterRef("pk")}, **extra)
        .order_by()
        .values(field)
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(sub, output_field=IntegerField()), 0)


def _status_filter(value: str, allowed: set[str]) -> str:
    if value and value not in allowed:
        raise ApplicationError(
            "validation_error",
            _("Choose one of the allowed values."),
            errors={"status": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(allowed))}]},
        )
    return value


def surveys_annotated(organization_id: int) -> QuerySet[Survey]:
    """Surveys with ``state`` (the shown status), statement and taker counts and the active
    listing (id, report price, cover), in one query."""
    from marketplace.models import Listing

    listings = Listing.objects.filter(
        organization_id=organization_id,
        kind=Listing.Kind.SURVEY,
        preset_id=OuterRef("pk"),
        status=Listing.Status.ACTIVE,
    )
    return Survey.objects.annotate(
        state=survey_state_expr(),
        statement_count=_count(SurveyStatement, "survey"),
        taker_count=_count(Submission, "survey"),
        completed_count=_count(Submission, "survey", status=Submission.Status.COMPLETED),
        listing_id=Subquery(listings.values("pk")[:1]),
        listing_price=Subquery(listings.values("price_survey_report")[:1]),
        listing_cover=Subquery(listings.values("cover_image")[:1]),
    )


def _listing(survey: Survey) -> dict[str, Any] | None:
    if not survey.listing_id:
        return None
    return {
        "id": survey.listing_id,
        "price_survey_report": survey.listing_price,
        "cover_image": default_storage.url(survey.listing_cover) if survey.listing_cover else None,
    }


def survey_row(survey: Survey) -> dict[str, Any]:
    return {
        "id": survey.pk,
        "name": survey.shown_name,
        "status": survey.state,
        "is_default": survey.is_default,
        "statement_count": survey.statement_count,
        "time_limit_minutes": survey.time_limit_minutes,
        "starts_at": survey.starts_at,
        "ends_at": survey.ends_at,
        "taker_count": survey.taker_count,
        "completed_count": survey.completed_count,
        "listing": _listing(survey),
        "created_by_name": survey.created_by_name,
        "created_at": survey.created_at,
        "updated_at": survey.updated_at,
        "published_at": survey.published_at,
    }


def survey_list(
    *, organization_id: int, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/surveys/list: ``search`` (name in either language), ``status`` (draft,
    pending, published, ended, cancelled), ``order_by`` (name, created_at, updated_at,
    starts_at, ends_at, status, takers; default ``-created_at``). Two queries."""
    qs = surveys_annotated(organization_id)
    if search.strip():
        qs = qs.filter(Q(name__icontains=search.strip()) | Q(name_en__icontains=search.strip()))
    if _status_filter(status, SURVEY_STATUSES):
        qs = qs.filter(state=status)
    qs = qs.order_by(*order_by_checked(order_by, SURVEY_ORDER, "-created_at"))
    rows, meta = paginate(qs, page=page, limit=limit)
    return [survey_row(s) for s in rows], meta


def survey_detail(*, organization_id: int, survey_id: int) -> dict[str, Any]:
    """One survey with its full bilingual content, for the edit form (``schemas.SurveyDetailOut``):
    the list row plus ``name_en``, ``description``, ``description_en``, ``scale``, ``groups``,
    ``statements`` ([{"id", "group", "text": {"vi", "en"}}] in authored order), ``stored_status``
    and ``structure_locked`` (statements can no longer be added, removed or regrouped). Two
    queries. 404 ``not_found`` for no such survey in the current organization."""
    survey = surveys_annotated(organization_id).filter(pk=survey_id).first()
    if survey is None:
        raise not_found(_("Survey not found."))
    statements = [
        {"id": s.pk, "group": s.group, "text": s.text} for s in survey.statements.order_by("position", "id")
    ]
    return {
        **survey_row(survey),
        "name": survey.name,
        "name_en": survey.name_en,
        "description": survey.description,
        "description_en": survey.description_en,
        "scale": survey.scale,
        "groups": survey.groups,
        "statements": statements,
        "stored_status": survey.status,
        "structure_locked": survey.status != Survey.Status.DRAFT,
    }


def survey_states(ids: list[int]) -> dict[int, bool]:
    """``{survey id: published?}`` for each of ``ids`` that is a survey of the current
    organization (a preset's linked surveys, ``assessments.linked_surveys``); ids of no survey
    are left out."""
    return {
        pk: status == Survey.Status.PUBLISHED
        for pk, status in Survey.objects.filter(pk__in=ids).values_list("pk", "status")
    }


def takers(
    *, survey_id: int, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/surveys/{id}/takers: who holds the survey, with the shown status, progress,
    Holland code and whether the full report is unlocked. ``search`` name or e-mail;
    ``status`` a submission status; ``order_by`` created_at (default -created_at), name, status,
    completed_at, holland_code. Two queries."""
    qs = Submission.objects.filter(survey_id=survey_id).annotate(
        state=submission_state_expr(), answered=_count(SubmissionAnswer, "submission")
    )
    if search.strip():
        qs = qs.filter(Q(learner_name__icontains=search.strip()) | Q(learner_email__icontains=search.strip()))
    if _status_filter(status, TAKER_STATUSES):
        qs = qs.filter(state=status)
    qs = qs.order_by(*order_by_checked(order_by, TAKER_ORDER, "-created_at"))
    rows, meta = paginate(qs, page=page, limit=limit)
    return [
        {
            "user_survey_id": s.enrollment_id,
            "learner_profile_id": s.learner_profile_id,
            "learner_name": s.learner_name,
            "learner_email": s.learner_email,
            "status": s.state,
            "source": s.source,
            "answered": s.answered,
            "started_at": s.started_at,
            "completed_at": s.completed_at,
            "holland_code": s.holland_code,
            "report_unlocked": s.report_unlocked,
            "created_at": s.created_at,
        }
        for s in rows
    ], meta


def results(*, survey_id: int) -> dict[str, Any]:
    """GET /api/v1/surveys/{id}/results: the organization's picture of one survey: takers by
    shown status, the distribution of full Holland codes (most frequent first, then
    alphabetical), how often each group is the first letter, and the mean normalized score
    per group over completed submissions. Two queries."""
    by_status = dict(
        Submission.objects.filter(survey_id=survey_id)
        .annotate(state=submission_state_expr())
        .order_by()
        .values("state")
        .annotate(n=Count("pk"))
        .values_list("state", "n")
    )
    completed = list(
        Submission.objects.filter(survey_id=survey_id, status=Submission.Status.COMPLETED).values_list(
            "holland_code", "scores"
        )
    )
    codes = Counter(code for code, _scores in completed if code)
    firsts = Counter(code[0] for code in codes.elements())
    sums = dict.fromkeys(RIASEC, 0.0)
    for _code, scores in completed:
        for group in scores.get("groups", []):
            sums[group["code"]] += group.get("normalized", 0)
    count = len(completed)
    return {
        "takers": sum(by_status.values()),
        "completed": count,
        "by_status": [{"status": status, "count": n} for status, n in sorted(by_status.items())],
        "codes": [
            {"code": code, "count": n} for code, n in sorted(codes.items(), key=lambda i: (-i[1], i[0]))
        ],
        "first_letters": [{"code": c, "count": firsts.get(c, 0)} for c in RIASEC],
        "mean_normalized": [{"code": c, "mean": round(sums[c] / count, 1) if count else 0.0} for c in RIASEC],
    }


# --- one submission (learner or educator view) -----------------------------------------------


def report_offer(organization_id: int, survey_id: int) -> tuple[int | None, int | None]:
    """``(listing id, report price in VND)`` of the survey's active listing, or ``(None,
    None)`` when the full report is not offered."""
    from marketplace.models import Listing

    row = (
        Listing.objects.filter(
            organization_id=organization_id,
            kind=Listing.Kind.SURVEY,
            preset_id=survey_id,
            status=Listing.Status.ACTIVE,
        )
        .values_list("pk", "price_survey_report")
        .first()
    )
    return row if row else (None, None)


def overview(*, submission: Submission, organization: Organization) -> dict[str, Any]:
    """GET .../submissions/{id}/overview and GET /survey-users/{id}: the survey and where this
    submission stands. ``id`` and ``survey_id`` are the user_survey_id (the Enrollment id, what
    the SPA's routes take); ``organization_survey_id`` is the survey's id in its organization.
    ``organization`` is the submission's (``{"id", "name"}``, its shown name). ``can_start`` is
    true for not_started and in_progress; ``report_price`` (VND) is the full report's price on
    the marketplace (null: not offered). Texts in the reader's language, with fallback
    (``config.i18n``)."""
    survey = submission.survey
    now = timezone.now()
    counts = {"total": survey.statements.count(), "answered": submission.answers.count()}
    state = submission_state(submission, survey, now)
    _listing_id, price = report_offer(organization.pk, survey.pk)
    return {
        "id": submission.enrollment_id,
        "survey_id": submission.enrollment_id,
        "organization_survey_id": survey.pk,
        "organization": {"id": organization.pk, "name": organization.shown_name},
        "name": survey.shown_name,
        "description": localized(survey, "description"),
        "status": state,
        "survey_status": survey_state(survey, now),
        "learner_name": submission.learner_name,
        "statement_count": counts["total"],
        "group_count": len(survey.groups),
        "scale": [{"value": p["value"], "label": content.pick(p["label"])} for p in survey.scale],
        "time_limit_minutes": survey.time_limit_minutes,
        "starts_at": survey.starts_at,
        "ends_at": survey.ends_at,
        "started_at": submission.started_at,
        "deadline_at": submission.deadline_at,
        "completed_at": submission.completed_at,
        "answered": counts["answered"],
        "total": counts["total"],
        "holland_code": submission.holland_code,
        "report_unlocked": submission.report_unlocked,
        "report_price": price,
        "can_start": state in (Submission.Status.NOT_STARTED, Submission.Status.IN_PROGRESS),
        "created_at": submission.created_at,
        "server_now": now,
    }


def _require_completed(submission: Submission) -> dict[str, Any]:
    if submission.status != Submission.Status.COMPLETED or not submission.scores:
        raise ApplicationError(
            Code.NOT_COMPLETED, _("The results are ready once the survey is completed."), status=409
        )
    return submission.scores


def category_score(*, submission: Submission) -> dict[str, Any]:
    """GET /survey-users/{id}/category-score: each group's raw score (sum of answers), its
    range, and normalized score (0-100), in R I A S E C order, with the ranking, the Holland
    code, the ties and the profile indices (``scoring.score``). 409 ``survey_not_completed``."""
    scores = _require_completed(submission)
    names = content.group_names(submission.survey.groups)
    return {
        "user_survey_id": submission.enrollment_id,
        "holland_code": scores["holland_code"],
        "ranking": scores["ranking"],
        "ties": scores["ties"],
        "tie_broken": scores["tie_broken"],
        "differentiation": scores["differentiation"],
        "consistency": scores["consistency"],
        "groups": [{**g, "name": names.get(g["code"], g["code"])} for g in scores["groups"]],
    }


def tie_rule() -> str:
    """The tie rule of ``scoring``, in the reader's language."""
    return _(
        "Groups are ranked by normalized score; equal scores are separated by the number of "
        "“Strongly agree” answers, then by the order R, I, A, S, E, C."
    )


def suitable_groups(
    submission: Submission, count: int = 3, language: str | None = None, full: bool = False
) -> list[dict]:
    """The first ``count`` groups of the ranking with their texts in ``language``; the
    admission combinations and tips only with the full report (unlocked, or ``full``)."""
    scores = _require_completed(submission)
    groups = {g["code"]: g for g in submission.survey.groups}
    by_code = {g["code"]: g for g in scores["groups"]}
    unlocked = full or submission.report_unlocked
    out = []
    for code in scores["ranking"][:count]:
        group = groups.get(code, {"code": code})
        out.append(
            {
                "code": code,
                "rank": by_code[code]["rank"],
                "raw": by_code[code]["raw"],
                "normalized": by_code[code]["normalized"],
                "name": content.pick(group.get("name"), language) or code,
                "nickname": content.pick(group.get("nickname"), language),
                "description": content.pick(group.get("description"), language),
                "traits": content.pick_list(group.get("traits"), language),
                "careers": content.pick_list(group.get("careers"), language),
                "fields": content.pick_list(group.get("fields"), language),
                "combinations": content.pick_list(group.get("combinations"), language) if unlocked else [],
                "tips": content.pick(group.get("tips"), language) if unlocked else "",
            }
        )
    return out


def category_suitable(*, submission: Submission) -> dict[str, Any]:
    """GET /survey-users/{id}/category-suitable: the top three groups (the Holland code) with
    description, traits, suitable careers and university fields of study; the admission subject
    combinations and tips come with the unlocked full report. ``tie_rule`` explains the rule;
    ``tie_broken`` says it was needed. 409 ``survey_not_completed``."""
    scores = _require_completed(submission)
    return {
        "user_survey_id": submission.enrollment_id,
        "holland_code": scores["holland_code"],
        "tie_broken": scores["tie_broken"],
        "ties": scores["ties"],
        "tie_rule": tie_rule(),
        "report_unlocked": submission.report_unlocked,
        "groups": suitable_groups(submission),
    }
