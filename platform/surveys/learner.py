"""The learner's side of surveys across organizations (issue 8, item 3; spec section 2
"/survey/student" and the ongoing-survey prompt).

A learner's surveys live in the authoring organizations' schemas and are indexed by public
``Enrollment`` rows (kind ``survey``). Lists read the learner's organizations from that index,
then every submission row in ONE query (a UNION ALL over those schemas) that filters by the
shown status (``statements.SUBMISSION_STATE_SQL``), searches, sorts and pages in SQL, so the
newest ``in_progress`` survey is found however many surveys the learner holds, in a constant
number of queries. Single submissions are reached through ``learner_submission``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Enrollment, Profile
from config.envelope import order_by_choice, page_bounds
from config.errors import ApplicationError, CommonErrorCode, not_found
from config.i18n import localized, pick
from privacy.services import AccessSubject
from surveys.models import Submission
from surveys.statements import SUBMISSION_STATE_SQL
from tenants.models import Organization
from tenants.scope import owned_enrollment, union_all

ORDER = {"created_at": "created_at", "name": "name", "status": "status", "completed_at": "completed_at"}
STATUSES = {"pending", "not_started", "in_progress", "completed", "expired", "ended", "cancelled"}
COLUMNS = (
    "id organization_id organization_name submission_id organization_survey_id name name_en "
    "status time_limit_minutes starts_at ends_at started_at deadline_at completed_at holland_code "
    "report_unlocked created_at answered total"
).split()


# One organization's submissions of the learner (``tenants.scope.union_all`` quotes {schema} and
# {public}); parameters per organization: its name, the profile id, the organization id.
MY_SURVEYS_PART = (
    "SELECT e.id, e.organization_id, %s::text, s.id, v.id, v.name, v.name_en, "  # noqa: S608 (fixed SQL)
    f"{SUBMISSION_STATE_SQL}, v.time_limit_minutes, v.starts_at, v.ends_at, s.started_at, "
    "s.deadline_at, s.completed_at, s.holland_code, s.report_unlocked, e.created_at, "
    "(SELECT count(*) FROM {schema}.surveys_submissionanswer a WHERE a.submission_id = s.id), "
    "(SELECT count(*) FROM {schema}.surveys_surveystatement t WHERE t.survey_id = v.id) "
    "FROM {schema}.surveys_submission s JOIN {schema}.surveys_survey v ON v.id = s.survey_id "
    "JOIN {public}.accounts_enrollment e ON e.id = s.enrollment_id "
    "WHERE e.profile_id = %s AND e.organization_id = %s AND e.kind = 'survey' AND e.is_active"
)

# The surveys a test preset links (its ``survey_ids``); parameters per test enrollment: the
# organization id, the enrollment id, the test's name, the preset id.
LINKED_SURVEYS_PART = (
    "SELECT %s::bigint, %s::bigint, %s::text, x.value::bigint FROM {schema}.assessments_testpreset p "
    "CROSS JOIN LATERAL jsonb_array_elements_text(p.survey_ids) AS x(value) WHERE p.id = %s"
)

# Published surveys among the wanted ids the learner does not hold; parameters per organization:
# its id, the survey ids, the profile id.
AVAILABLE_PART = (
    "SELECT %s::bigint, v.id, v.name, v.name_en, v.description, v.description_en, "
    "v.time_limit_minutes, v.starts_at, v.ends_at, "
    "CASE WHEN v.starts_at > NOW() THEN 'pending' ELSE 'published' END, "
    "(SELECT count(*) FROM {schema}.surveys_surveystatement t WHERE t.survey_id = v.id) "
    "FROM {schema}.surveys_survey v WHERE v.id = ANY(%s) AND v.status = 'published' "
    "AND (v.ends_at IS NULL OR v.ends_at > NOW()) AND NOT EXISTS "
    "(SELECT 1 FROM {schema}.surveys_submission h WHERE h.survey_id = v.id AND h.learner_profile_id = %s)"
)


def _row(values: tuple) -> dict[str, Any]:
    row = dict(zip(COLUMNS, values, strict=True))
    row["name"] = pick(row["name"], row.pop("name_en"))
    row["survey_id"] = row["id"]
    row["organization"] = {"id": row.pop("organization_id"), "name": row.pop("organization_name")}
    return row


def my_surveys(
    *, profile: Profile, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/survey-users/my-list: the learner's surveys of every organization.
    ``status`` is one of the shown statuses (``surveys.rules``); ``search`` matches the
    survey's name (either language) or the organization; ``order_by`` created_at (default
    ``-created_at``), name, status, completed_at. Three queries (organizations, count, page).
    Items: ``{"id", "survey_id"`` (both the user_survey_id), ``"organization_survey_id",
    "organization": {"id", "name"}, "name", "status", "time_limit_minutes", "starts_at",
    "ends_at", "started_at", "deadline_at", "completed_at", "holland_code", "report_unlocked",
    "answered", "total", "created_at"}``."""
    column, desc = order_by_choice(order_by, ORDER, "-created_at")
    if status and status not in STATUSES:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("Choose one of the allowed values."),
            errors={"status": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(STATUSES))}]},
        )
    page, limit = page_bounds(page, limit)
    organizations = list(
        Enrollment.objects.filter(profile=profile, kind=Enrollment.Kind.SURVEY, is_active=True)
        .order_by()
        .values_list(
            "organization_id", "organization__schema_name", "organization__display_name", "organization__name"
        )
        .distinct()
    )
    if not organizations:
        return [], {"page": page, "limit": limit, "total": 0}
    params = []
    for org_id, _schema, display, org_name in organizations:
        params += [display or org_name, profile.pk, org_id]
    where, where_params = [], []
    if status:
        where.append("u.status = %s")
        where_params.append(status)
    if search.strip():
        like = f"%{search.strip()}%"
        where.append("(u.name ILIKE %s OR u.name_en ILIKE %s OR u.organization_name ILIKE %s)")
        where_params += [like, like, like]
    names = ", ".join(COLUMNS)
    parts = union_all(MY_SURVEYS_PART, [schema for _org, schema, _display, _name in organizations])
    # fixed SQL with identifiers quoted by psycopg.sql; values travel as parameters
    union = f"SELECT * FROM ({parts}) AS u({names})"  # noqa: S608
    if where:
        union += " WHERE " + " AND ".join(where)
    direction = "DESC" if desc else "ASC"
    nulls = "NULLS LAST"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM ({union}) AS c", params + where_params)  # noqa: S608
        total = cursor.fetchone()[0]
        cursor.execute(
            f"{union} ORDER BY u.{column} {direction} {nulls}, u.id {direction} LIMIT %s OFFSET %s",
            [*params, *where_params, limit, (page - 1) * limit],
        )
        rows = [_row(values) for values in cursor.fetchall()]
    return rows, {"page": page, "limit": limit, "total": total}


@contextlib.contextmanager
def learner_submission(profile: Profile, enrollment_id: int) -> Iterator[tuple[Enrollment, Submission]]:
    """The LEARNER ``profile``'s submission behind ``enrollment_id`` (the user_survey_id),
    yielded as ``(enrollment, submission)`` inside its organization's schema
    (``tenants.scope.owned_enrollment``); 404 ``not_found`` for anyone else's (another
    learner's, another kind, a removed one)."""
    message = _("Survey not found.")
    with owned_enrollment(
        profile=profile, enrollment_id=enrollment_id, kind=Enrollment.Kind.SURVEY, message=message
    ) as enrollment:
        submission = Submission.objects.select_related("survey").filter(pk=enrollment.object_id).first()
        if submission is None:
            raise not_found(message)
        yield enrollment, submission


@contextlib.contextmanager
def viewer_submission(profile: Profile, enrollment_id: int) -> Iterator[tuple[Organization, Submission]]:
    """Read access for the overview and results: the learner who holds the submission (in its
    organization's schema, ``learner_submission``), or an educator allowed to manage surveys in
    the submission's organization (their own schema; another organization's ids are 404).
    Yields ``(organization, submission)``."""
    if not profile.is_educator:
        with learner_submission(profile, enrollment_id) as (enrollment, submission):
            yield enrollment.organization, submission
        return
    from surveys.services import require_manager

    require_manager(profile)
    submission = Submission.objects.select_related("survey").filter(enrollment_id=enrollment_id).first()
    if submission is None:
        raise not_found(_("Survey not found."))
    yield profile.organization, submission


def report_subject(user_survey_id: int | str) -> AccessSubject:
    """The access log's subject of a career report PDF opened by an educator (issue 24, item 4;
    ``privacy.access.private_file``): the submission, the survey's name and the learner. Runs in
    the educator's schema after the download succeeded. One query."""
    submission = Submission.objects.select_related("survey").get(enrollment_id=int(user_survey_id))
    return AccessSubject(
        object_type="survey_submission",
        object_id=submission.pk,
        label=localized(submission.survey, "name"),
        learner_profile_id=submission.learner_profile_id,
        learner_name=submission.learner_name,
    )


def available(*, profile: Profile) -> list[dict[str, Any]]:
    """GET /api/v1/survey-users/available: surveys the learner may take for free and does not
    hold yet: those listed on the marketplace, and those linked to a test preset the learner
    holds (the preset's "surveys" field). Four queries at most. Items: ``{"source": "listing" |
    "test", "listing_id", "test_enrollment_id", "organization_survey_id", "organization":
    {"id", "name"}, "name", "description", "statement_count", "time_limit_minutes",
    "starts_at", "ends_at", "status", "price_survey_report", "cover_image", "test_name"}``."""
    from django.core.files.storage import default_storage

    from marketplace.models import Listing

    now = timezone.now()
    wanted: dict[tuple[int, int], dict[str, Any]] = {}
    schemas: dict[int, tuple[str, str]] = {}
    listings = (
        Listing.objects.select_related("organization")
        .filter(kind=Listing.Kind.SURVEY, status=Listing.Status.ACTIVE)
        .exclude(ends_at__lte=now)
        .order_by("-published_at", "-id")[:50]
    )
    for listing in listings:
        org = listing.organization
        schemas[org.pk] = (org.schema_name, org.shown_name)
        wanted[(org.pk, listing.preset_id)] = {
            "source": "listing",
            "listing_id": listing.pk,
            "test_enrollment_id": None,
            "test_name": "",
            "price_survey_report": listing.price_survey_report,
            "cover_image": default_storage.url(listing.cover_image) if listing.cover_image else None,
        }
    tests = list(
        Enrollment.objects.filter(profile=profile, kind=Enrollment.Kind.TEST, is_active=True).values_list(
            "pk",
            "item_id",
            "name",
            "organization_id",
            "organization__schema_name",
            "organization__display_name",
            "organization__name",
        )
    )
    if tests:
        params = []
        for enrollment_id, preset_id, test_name, org_id, schema, display, org_name in tests:
            schemas[org_id] = (schema, display or org_name)
            params += [org_id, enrollment_id, test_name, preset_id]
        query = union_all(LINKED_SURVEYS_PART, [test[4] for test in tests])
        with connection.cursor() as cursor:
            cursor.execute(query, params)
            for org_id, enrollment_id, test_name, survey_id in cursor.fetchall():
                wanted.setdefault(
                    (org_id, survey_id),
                    {
                        "source": "test",
                        "listing_id": None,
                        "test_enrollment_id": enrollment_id,
                        "test_name": test_name,
                        "price_survey_report": None,
                        "cover_image": None,
                    },
                )
    if not wanted:
        return []
    by_org: dict[int, list[int]] = {}
    for org_id, survey_id in wanted:
        by_org.setdefault(org_id, []).append(survey_id)
    params = []
    for org_id, ids in by_org.items():
        params += [org_id, ids, profile.pk]
    query = union_all(AVAILABLE_PART, [schemas[org_id][0] for org_id in by_org])
    items = []
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        for (
            org_id,
            survey_id,
            name,
            name_en,
            desc,
            desc_en,
            limit,
            starts,
            ends,
            state,
            count,
        ) in cursor.fetchall():
            items.append(
                {
                    **wanted[(org_id, survey_id)],
                    "organization_survey_id": survey_id,
                    "organization": {"id": org_id, "name": schemas[org_id][1]},
                    "name": pick(name, name_en),
                    "description": pick(desc, desc_en),
                    "statement_count": count,
                    "time_limit_minutes": limit,
                    "starts_at": starts,
                    "ends_at": ends,
                    "status": state,
                }
            )
    items.sort(key=lambda i: (i["source"] != "listing", i["name"]))
    return items
