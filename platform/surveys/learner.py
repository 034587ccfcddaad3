"""The learner's side of surveys across organizations (issue 8, item 3; spec section 2
"/survey/student" and the ongoing-survey prompt).

A learner's surveys live in the authoring organizations' schemas and are indexed by public
``Enrollment`` rows (kind ``survey``). Lists read the learner's organizations from that index,
then every submission row in ONE query (a UNION ALL over those schemas) that filters by the
shown status (``states.SUBMISSION_STATE_SQL``), searches, sorts and pages in SQL, so the
newest ``in_progress`` survey is found however many surveys the learner holds, in a constant
number of queries. Single submissions are reached through ``learner_submission``."""

from __future__ import annotations

import contextlib
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tenants.utils import schema_context

from accounts.models import Enrollment, Profile
from config.envelope import MAX_LIMIT
from config.errors import ApplicationError, CommonErrorCode, not_found
from surveys.models import Submission
from surveys.states import SUBMISSION_STATE_SQL

ORDER = {"created_at": "created_at", "name": "name", "status": "status", "completed_at": "completed_at"}
STATUSES = {"pending", "not_started", "in_progress", "completed", "expired", "ended", "cancelled"}
COLUMNS = (
    "id organization_id organization_name submission_id organization_survey_id name name_en "
    "status time_limit_minutes starts_at ends_at started_at deadline_at completed_at holland_code "
    "report_unlocked created_at answered total"
).split()


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _part(schema: str) -> str:
    """One organization's submissions of the learner (schema names come from Organization rows,
    validated by django-tenants, and are quoted)."""
    s, public = _q(schema), _q(settings.PUBLIC_SCHEMA_NAME)
    return (
        "SELECT e.id, e.organization_id, %s::text, s.id, v.id, v.name, v.name_en, "  # noqa: S608
        f"{SUBMISSION_STATE_SQL}, v.time_limit_minutes, v.starts_at, v.ends_at, s.started_at, "
        "s.deadline_at, s.completed_at, s.holland_code, s.report_unlocked, e.created_at, "
        f"(SELECT count(*) FROM {s}.surveys_submissionanswer a WHERE a.submission_id = s.id), "
        f"(SELECT count(*) FROM {s}.surveys_surveystatement t WHERE t.survey_id = v.id) "
        f"FROM {s}.surveys_submission s JOIN {s}.surveys_survey v ON v.id = s.survey_id "
        f"JOIN {public}.accounts_enrollment e ON e.id = s.enrollment_id "
        "WHERE e.profile_id = %s AND e.organization_id = %s AND e.kind = 'survey' AND e.is_active"
    )


def _row(values: tuple) -> dict[str, Any]:
    row = dict(zip(COLUMNS, values, strict=True))
    english = translation.get_language() == "en"
    name_en = row.pop("name_en")
    row["name"] = (name_en if english else "") or row["name"]
    row["survey_id"] = row["id"]
    row["organization"] = {"id": row.pop("organization_id"), "name": row.pop("organization_name")}
    return row


def my_surveys(
    *, profile: Profile, page: int, limit: int, search: str = "", order_by: str = "", status: str = ""
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """GET /api/v1/survey-users/my-list: the learner's surveys of every organization.
    ``status`` is one of the shown statuses (``surveys.states``); ``search`` matches the
    survey's name (either language) or the organization; ``order_by`` created_at (default
    ``-created_at``), name, status, completed_at. Three queries (organizations, count, page).
    Items: ``{"id", "survey_id"`` (both the user_survey_id), ``"organization_survey_id",
    "organization": {"id", "name"}, "name", "status", "time_limit_minutes", "starts_at",
    "ends_at", "started_at", "deadline_at", "completed_at", "holland_code", "report_unlocked",
    "answered", "total", "created_at"}``."""
    value = (order_by or "-created_at").strip()
    desc, name = value.startswith("-"), value.lstrip("-")
    if name not in ORDER:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("This list cannot be sorted by %(field)s.") % {"field": name},
            errors={"order_by": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(ORDER))}]},
        )
    if status and status not in STATUSES:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("Choose one of the allowed values."),
            errors={"status": [_("Choose one of: %(fields)s.") % {"fields": ", ".join(sorted(STATUSES))}]},
        )
    page = max(1, int(page or 1))
    limit = min(MAX_LIMIT, max(1, int(limit or 10)))
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
    parts, params = [], []
    for org_id, schema, display, org_name in organizations:
        parts.append(_part(schema))
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
    # every part is built from quoted schema names and fixed SQL; values travel as parameters
    union = f"SELECT * FROM ({' UNION ALL '.join(parts)}) AS u({names})"  # noqa: S608
    if where:
        union += " WHERE " + " AND ".join(where)
    direction = "DESC" if desc else "ASC"
    nulls = "NULLS LAST"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM ({union}) AS c", params + where_params)  # noqa: S608
        total = cursor.fetchone()[0]
        cursor.execute(
            f"{union} ORDER BY u.{ORDER[name]} {direction} {nulls}, u.id {direction} LIMIT %s OFFSET %s",
            [*params, *where_params, limit, (page - 1) * limit],
        )
        rows = [_row(values) for values in cursor.fetchall()]
    return rows, {"page": page, "limit": limit, "total": total}


@contextlib.contextmanager
def learner_submission(profile: Profile, enrollment_id: int):
    """The LEARNER ``profile``'s submission behind ``enrollment_id`` (the user_survey_id),
    yielded as ``(enrollment, submission)`` inside its organization's schema; 404 for anyone
    else's (another learner's, another kind, a removed one)."""
    enrollment = (
        Enrollment.objects.select_related("organization")
        .filter(pk=enrollment_id, profile=profile, kind=Enrollment.Kind.SURVEY, is_active=True)
        .first()
    )
    if enrollment is None:
        raise not_found(_("Survey not found."))
    with schema_context(enrollment.organization.schema_name):
        submission = Submission.objects.select_related("survey").filter(pk=enrollment.object_id).first()
        if submission is None:
            raise not_found(_("Survey not found."))
        yield enrollment, submission


@contextlib.contextmanager
def viewer_submission(profile: Profile, enrollment_id: int):
    """Read access for the overview and results: the learner who holds the submission, or an
    educator allowed to manage surveys in the submission's organization (their own schema;
    another organization's ids are 404). Yields ``(organization name, submission)``."""
    if not profile.is_educator:
        with learner_submission(profile, enrollment_id) as (enrollment, submission):
            yield enrollment.organization.shown_name, submission
        return
    from surveys.services import require_manager

    require_manager(profile)
    submission = Submission.objects.select_related("survey").filter(enrollment_id=enrollment_id).first()
    if submission is None:
        raise not_found(_("Survey not found."))
    yield profile.organization.shown_name, submission


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
        parts, params = [], []
        for enrollment_id, preset_id, test_name, org_id, schema, display, org_name in tests:
            schemas[org_id] = (schema, display or org_name)
            parts.append(
                f"SELECT %s::bigint, %s::bigint, %s::text, x.value::bigint FROM {_q(schema)}.assessments_testpreset p "  # noqa: S608
                "CROSS JOIN LATERAL jsonb_array_elements_text(p.survey_ids) AS x(value) WHERE p.id = %s"
            )
            params += [org_id, enrollment_id, test_name, preset_id]
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(parts), params)
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
    parts, params = [], []
    for org_id, ids in by_org.items():
        s = _q(schemas[org_id][0])
        parts.append(
            "SELECT %s::bigint, v.id, v.name, v.name_en, v.description, v.description_en, "  # noqa: S608
            "v.time_limit_minutes, v.starts_at, v.ends_at, "
            "CASE WHEN v.starts_at > NOW() THEN 'pending' ELSE 'published' END, "
            f"(SELECT count(*) FROM {s}.surveys_surveystatement t WHERE t.survey_id = v.id) "
            f"FROM {s}.surveys_survey v WHERE v.id = ANY(%s) AND v.status = 'published' "
            "AND (v.ends_at IS NULL OR v.ends_at > NOW()) AND NOT EXISTS "
            f"(SELECT 1 FROM {s}.surveys_submission h WHERE h.survey_id = v.id AND h.learner_profile_id = %s)"
        )
        params += [org_id, ids, profile.pk]
    english = translation.get_language() == "en"
    items = []
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
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
                    "name": (name_en if english else "") or name,
                    "description": (desc_en if english else "") or desc,
                    "statement_count": count,
                    "time_limit_minutes": limit,
                    "starts_at": starts,
                    "ends_at": ends,
                    "status": state,
                }
            )
    items.sort(key=lambda i: (i["source"] != "listing", i["name"]))
    return items
