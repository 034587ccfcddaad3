"""Who reads the market and with which filters (issue 10): the viewer's scope and the filters of
every analytics endpoint, resolved once into a ``MarketQuery`` that selectors and exports use.

Scope: an educator reads their organization's items only (a transaction mixing organizations
shows each organization its own lines and money); the SuperAdmin (a Django superuser, with or
without a profile) reads every organization and may narrow to one; learners get 403
``forbidden_role``.

Dates are Vietnam calendar days (``config.dates``, issue 17 item 1), inclusive at both ends: a
sale belongs to the day of its payment (``completed_at``) and a transaction of any other status
to the day it was checked out (``created_at``). No ``from_date`` means since the beginning; no
``to_date`` means up to today (Vietnam time).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any, cast

from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from analytics.error_codes import AnalyticsErrorCode
from config import dates
from config.errors import ApplicationError

STATUSES = ("PENDING", "COMPLETED", "CANCELLED", "EXPIRED", "FAILED")
ALL_STATUSES = "ALL"
KINDS = ("test", "survey")


@dataclass(frozen=True)
class Viewer:
    """The caller of an analytics endpoint: ``organization_id`` is the educator's organization,
    ``None`` for the SuperAdmin (every organization). ``profile`` may be None (a SuperAdmin
    without a profile)."""

    user_id: int
    profile_id: int | None
    organization_id: int | None
    is_superadmin: bool


@dataclass(frozen=True)
class MarketQuery:
    """Resolved filters. ``organization_ids`` is the scope (None = every organization);
    ``preset_ids`` the tests of ``round_id`` (None = no round filter). ``status`` selects the
    transactions read by the row lists (COMPLETED by default; ``ALL`` for every status)."""

    organization_ids: tuple[int, ...] | None = None
    from_date: date | None = None
    to_date: date | None = None
    grade: int | None = None
    subject: str | None = None
    province_code: str | None = None
    round_id: int | None = None
    preset_ids: tuple[int, ...] | None = None
    test_preset_id: int | None = None
    kind: str | None = None
    status: str = "COMPLETED"
    search: str = ""

    # --- periods ---------------------------------------------------------------------------

    @property
    def bounded(self) -> bool:
        return self.from_date is not None

    def period(self) -> tuple[date | None, date]:
        """``(from_date or None, to_date or today)``: inclusive Vietnam days."""
        return self.from_date, self.to_date or dates.today()

    def bounds(self) -> tuple[datetime | None, datetime]:
        """The period as a half-open range of aware instants (``config.dates.day_bounds``):
        ``[00:00 Vietnam time of from_date (None = open), 00:00 of the day after to_date)``."""
        start, end = dates.day_bounds(*self.period())
        return start, cast(datetime, end)  # the period always has an end

    def previous(self) -> MarketQuery | None:
        """The same filters over the period of the same length just before; None when the
        period has no start (all time)."""
        start, end = self.period()
        if start is None:
            return None
        days = (end - start).days + 1
        return replace(self, from_date=start - timedelta(days=days), to_date=start - timedelta(days=1))

    # --- serialization (export jobs) -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("from_date", "to_date"):
            data[key] = data[key].isoformat() if data[key] else None
        for key in ("organization_ids", "preset_ids"):
            data[key] = list(data[key]) if data[key] is not None else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MarketQuery:
        data = dict(data)
        for key in ("from_date", "to_date"):
            data[key] = date.fromisoformat(data[key]) if data.get(key) else None
        for key in ("organization_ids", "preset_ids"):
            data[key] = tuple(data[key]) if data.get(key) is not None else None
        return cls(**data)

    def echo(self) -> dict[str, Any]:
        """The filters as the client sent them (resolved dates included), for responses."""
        start, end = self.period()
        return {
            "from_date": start,
            "to_date": end,
            "grade": self.grade,
            "subject": self.subject,
            "province_code": self.province_code,
            "round_id": self.round_id,
            "organization_id": self.organization_ids[0]
            if self.organization_ids and len(self.organization_ids) == 1
            else None,
            "test_preset_id": self.test_preset_id,
            "kind": self.kind,
            "status": self.status,
        }


def _blank(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return value


def resolve(viewer: Viewer, raw: dict[str, Any]) -> MarketQuery:
    """Check and resolve the filters of a request (empty values are dropped):

    - ``from_date``, ``to_date`` (YYYY-MM-DD, Vietnam days, inclusive; from after to -> 400);
    - ``grade`` (1-12), ``subject`` (a subject code), ``province_code``;
    - ``round_id``: the tests of that round (in the organization's schema; the SuperAdmin must
      also give ``organization_id``, else 400 ``organization_required``);
    - ``organization_id``: SuperAdmin only; an educator's scope is always their organization;
    - ``test_preset_id`` with ``kind`` (``test`` by default, ``survey`` for a survey listing);
    - ``status``: PENDING, COMPLETED (default), CANCELLED, EXPIRED, FAILED or ALL.
    """
    from config.errors import FieldErrors

    data = {k: _blank(v) for k, v in raw.items()}
    errors = FieldErrors()
    if viewer.is_superadmin:
        org = data.get("organization_id")
        organization_ids = (int(org),) if org else None
    else:
        organization_ids = (viewer.organization_id,)
    start, end = data.get("from_date"), data.get("to_date")
    if start and end and start > end:
        errors.add("to_date", _("The end date must not be before the start date."))
    grade = data.get("grade")
    if grade is not None and not 1 <= int(grade) <= 12:
        errors.add("grade", _("Choose a grade from 1 to 12."))
    status = (data.get("status") or "COMPLETED").upper()
    if status not in (*STATUSES, ALL_STATUSES):
        errors.add("status", _("Choose one of the allowed values."))
    kind = data.get("kind")
    if kind is not None and kind not in KINDS:
        errors.add("kind", _("Choose one of the allowed values."))
    errors.raise_if_any()
    round_id = data.get("round_id")
    preset_ids = None
    if round_id:
        if organization_ids is None:
            raise ApplicationError(
                AnalyticsErrorCode.ORGANIZATION_REQUIRED,
                _("Choose an organization before filtering by round."),
                status=400,
                errors={"organization_id": [_("Required")]},
            )
        preset_ids = _round_presets(organization_ids[0], int(round_id))
    return MarketQuery(
        organization_ids=organization_ids,
        from_date=start,
        to_date=end,
        grade=int(grade) if grade is not None else None,
        subject=data.get("subject"),
        province_code=data.get("province_code"),
        round_id=int(round_id) if round_id else None,
        preset_ids=preset_ids,
        test_preset_id=int(data["test_preset_id"]) if data.get("test_preset_id") else None,
        kind=kind,
        status=status,
        search=(data.get("search") or "").strip(),
    )


def _round_presets(organization_id: int, round_id: int) -> tuple[int, ...]:
    """The ids of the tests of ``round_id`` in the organization's schema (one query; an unknown
    round gives none, so nothing matches)."""
    from assessments.models import TestPreset
    from tenants.models import Organization
    from tenants.scope import organization_schema

    schema = Organization.objects.filter(pk=organization_id).values_list("schema_name", flat=True).first()
    if not schema:
        return ()
    with organization_schema(schema):
        return tuple(TestPreset.objects.filter(round_id=round_id).values_list("id", flat=True))


# --- the base query ------------------------------------------------------------------------------


def effective_grade() -> Coalesce:
    """The grade of a purchase: the test's grade, else (a survey report) the buyer's grade."""
    return Coalesce(F("grade"), F("transaction__profile__grade"))


def items(
    q: MarketQuery, *, status: str | None = None, dated: bool = True, with_grade: bool = False
) -> QuerySet:
    """``TransactionItem`` rows in scope that match the filters; annotated with ``eff_grade``
    (see ``effective_grade``) when ``with_grade`` or filtered by grade (the annotation joins the
    buyer's profile, which the other figures do not need).

    ``status`` defaults to ``q.status`` (``ALL`` = any status). Dates filter ``completed_at``
    for COMPLETED and ``created_at`` otherwise (``dated=False`` ignores the period)."""
    from marketplace.models import Addon, TransactionItem

    status = status or q.status
    qs = TransactionItem.objects.all()
    if status != ALL_STATUSES:
        qs = qs.filter(transaction__status=status)
    if q.organization_ids is not None:
        qs = (
            qs.filter(organization_id=q.organization_ids[0])
            if len(q.organization_ids) == 1
            else qs.filter(organization_id__in=q.organization_ids)
        )
    if dated:
        column = "transaction__completed_at" if status == "COMPLETED" else "transaction__created_at"
        start, end = q.bounds()
        if start is not None:
            qs = qs.filter(**{f"{column}__gte": start})
        qs = qs.filter(**{f"{column}__lt": end})
    if with_grade or q.grade is not None:
        qs = qs.annotate(eff_grade=effective_grade())
    if q.grade is not None:
        qs = qs.filter(eff_grade=q.grade)
    if q.subject:
        qs = qs.filter(subject_codes__contains=[q.subject])
    if q.province_code:
        qs = qs.filter(transaction__profile__province_code=q.province_code)
    if q.preset_ids is not None:
        qs = qs.filter(preset_id__in=q.preset_ids).exclude(addon=Addon.SURVEY_REPORT)
    if q.test_preset_id is not None:
        survey = Q(addon=Addon.SURVEY_REPORT)
        qs = qs.filter(preset_id=q.test_preset_id).filter(survey if q.kind == "survey" else ~survey)
    return qs
