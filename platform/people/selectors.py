"""Reads of the organization people API (issue 9)."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.cccd import cccd_shown
from accounts.models import Invitation, MembershipEvent, Profile, invitation_ttl
from assessments.scale import Scale, score_shown
from assignments.models import Assignment, Attempt
from config.envelope import order_by_checked, paginate
from config.errors import not_found
from surveys.models import Submission
from surveys.statements import submission_state_expr
from tenants.models import Organization

INVITATION_ORDER = {"email": "email", "sent_at": "sent_at", "status": "status", "created_at": "created_at"}


def pending_invitations(now) -> Q:
    """Invitations still open at ``now``: pending and sent less than ``invitation_ttl()`` ago (a
    pending one past that shows as expired)."""
    return Q(status=Invitation.Status.PENDING, sent_at__gt=now - invitation_ttl())


def pending_invitation_counts(*, organization: Organization) -> dict[str, int]:
    """How many of ``organization``'s invitations are open (``pending_invitations``), per role:
    ``{"EDUCATOR": n, "LEARNER": n}``. One query."""
    counts = dict(
        Invitation.objects.filter(pending_invitations(timezone.now()), organization=organization)
        .values_list("role")
        .annotate(n=Count("id"))
        .order_by()
    )
    return {role: counts.get(role, 0) for role in (Profile.Role.EDUCATOR, Profile.Role.LEARNER)}


def invitation_list(
    *,
    organization: Organization,
    page: int,
    limit: int,
    role: str = "",
    status: str = "",
    search: str = "",
    order_by: str = "",
) -> tuple[list[Invitation], dict[str, int]]:
    """The organization's invitations. ``status`` pending means pending and not yet expired;
    expired also covers pending ones past their expiry. Three queries."""
    qs: QuerySet[Invitation] = Invitation.objects.select_related("invited_by__user").filter(
        organization=organization
    )
    if role:
        qs = qs.filter(role=role.upper())
    now = timezone.now()
    cutoff = now - invitation_ttl()
    if status == Invitation.Status.PENDING:
        qs = qs.filter(pending_invitations(now))
    elif status == Invitation.Status.EXPIRED:
        qs = qs.filter(
            Q(status=Invitation.Status.EXPIRED) | Q(status=Invitation.Status.PENDING, sent_at__lte=cutoff)
        )
    elif status:
        qs = qs.filter(status=status)
    if search:
        qs = qs.filter(email__icontains=search)
    qs = qs.order_by(*order_by_checked(order_by, INVITATION_ORDER, "-sent_at"))
    return paginate(qs, page=page, limit=limit)


def member_events(*, organization: Organization, profile_id: int) -> list[MembershipEvent]:
    """A member's history, newest first: events on the profile and on invitations to its e-mail.
    Two queries; 404 ``not_found`` for a profile of another organization (or none)."""
    member = Profile.objects.select_related("user").filter(pk=profile_id, organization=organization).first()
    if member is None:
        raise not_found(_("Member not found."))
    return list(
        MembershipEvent.objects.filter(organization=organization)
        .filter(Q(profile=member) | Q(profile__isnull=True, email__iexact=member.user.email))
        .order_by("-id")
    )


def learner_activity(*, organization: Organization, profile_id: int, viewer_user_id: int) -> dict[str, Any]:
    """GET /api/v1/organization/members/{id}/activity (issue 9, item 2): a learner profile of the
    caller's organization with its assignments in the organization (preset, batch, status,
    attempts used, the latest attempt's score out of its maximum (points, and on the test's
    reporting scale: ``scale_score``, ``scale_max``), result pending|passed|failed,
    whether that result is released to the learner) and its survey submissions (survey name in
    the request's language, shown status, Holland code once completed) and its CCCD number as
    ``viewer_user_id`` may see it (masked unless it is the learner's own; issue 24, item 6,
    ``accounts.cccd.cccd_shown``). Runs in the
    organization's schema; four queries whatever the number of rows. 404 ``not_found`` for an
    id of another organization, an educator, or no profile. Removed learners stay readable:
    their results in the organization remain."""
    learner = (
        Profile.objects.select_related("user")
        .filter(pk=profile_id, organization=organization, pandai_profile_role=Profile.Role.LEARNER)
        .first()
    )
    if learner is None:
        raise not_found(_("Learner not found."))
    assignments = (
        Assignment.objects.filter(learner_profile_id=learner.pk)
        .select_related("preset", "batch")
        .prefetch_related(
            Prefetch("attempts", queryset=Attempt.objects.order_by("-number"), to_attr="attempts_newest")
        )
        .order_by("-created_at", "-id")
    )
    submissions = (
        Submission.objects.filter(learner_profile_id=learner.pk)
        .select_related("survey")
        .annotate(state=submission_state_expr())
        .order_by("-created_at", "-id")
    )
    return {
        "profile_id": learner.pk,
        "name": learner.user.name_or_email,
        "email": learner.user.email,
        "status": learner.status,
        "cccd": cccd_shown(learner, viewer_user_id=viewer_user_id),
        "assignments": [_assignment_row(a) for a in assignments],
        "surveys": [
            {
                "id": s.pk,
                "survey_id": s.survey_id,
                "survey_name": s.survey.shown_name,
                "status": s.state,
                "started_at": s.started_at,
                "completed_at": s.completed_at,
                "holland_code": s.holland_code if s.state == Submission.Status.COMPLETED else None,
            }
            for s in submissions
        ],
    }


def _assignment_row(assignment: Assignment) -> dict[str, Any]:
    attempts = assignment.attempts_newest
    latest = attempts[0] if attempts else None
    batch = assignment.batch
    return {
        "id": assignment.pk,
        "preset_id": assignment.preset_id,
        "preset_name": assignment.preset.name,
        "batch": (
            {"id": batch.pk, "name": batch.name, "starts_at": batch.starts_at, "expires_at": batch.expires_at}
            if batch
            else None
        ),
        "status": assignment.status,
        "source": assignment.source,
        "attempts_allowed": assignment.attempts_allowed,
        "attempts_used": len(attempts),
        "created_at": assignment.created_at,
        "attempt": (
            {
                "number": latest.number,
                "status": latest.status,
                "submitted_at": latest.submitted_at,
                "score": latest.score,
                "max_score": latest.max_score,
                # on the test's reporting scale, as every score is shown (decision 0056)
                **score_shown(latest.score, latest.max_score, Scale.of(assignment.preset)),
                "result": latest.result,
                "voided": latest.voided,
                "released": latest.released_at is not None,
            }
            if latest
            else None
        ),
    }


def organization_settings(organization: Organization) -> dict[str, Any]:
    return {
        "id": organization.pk,
        "name": organization.name,
        "display_name": organization.display_name,
        "logo": default_storage.url(organization.logo) if organization.logo else None,
        "contact_email": organization.contact_email,
        "default_language": organization.default_language,
        "survey_management_allowed": organization.survey_management_allowed,
    }
