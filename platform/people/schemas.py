"""Request and response schemas of the organization people API (issue 9; ``people.api``). The
learner import's report is ``imports.schemas.LearnerImportOut`` (also a background job's result)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from accounts.models import Invitation, MembershipEvent, Profile
from config.fields import Choice, ColumnText, Limit, List, OrderBy, PageNo, Search
from people.services import MAX_BULK_ROWS
from tenants.models import Organization

INVITE_EMAILS_MAX = MAX_BULK_ROWS
"""Addresses in one invitation request: as many as one learner import file holds."""


class InviteIn(Schema):
    emails: List(ColumnText(Invitation, "email"), INVITE_EMAILS_MAX) = []
    role: Choice = ""
    job_title: ColumnText(Invitation, "job_title") = ""


class InviteResultOut(Schema):
    email: str
    ok: bool
    code: str
    message: str


class OrgInvitationOut(Schema):
    id: int
    email: str
    role: str
    status: str
    job_title: str
    invited_by: str | None
    sent_at: datetime
    expires_at: datetime
    resend_count: int
    responded_at: datetime | None

    @staticmethod
    def resolve_status(invitation: Invitation) -> str:
        return invitation.effective_status

    @staticmethod
    def resolve_invited_by(invitation: Invitation) -> str | None:
        return invitation.invited_by.user.name_or_email if invitation.invited_by else None


class InvitationQuery(Schema):
    page: PageNo = 1
    limit: Limit = 10
    role: Choice = ""
    status: Choice = ""
    search: Search = ""
    order_by: OrderBy = ""


class ImportQuery(Schema):
    dry_run: bool = True


class MemberIn(Schema):
    is_admin: bool | None = None
    active: bool | None = None
    has_pandai_survey_account: bool | None = None
    job_title: ColumnText(Profile, "job_title") | None = None


class EventOut(Schema):
    id: int
    kind: str
    label: str
    email: str
    actor_name: str | None
    created_at: datetime

    @staticmethod
    def resolve_label(event: MembershipEvent) -> str:
        return str(event.get_kind_display())

    @staticmethod
    def resolve_actor_name(event: MembershipEvent) -> str | None:
        return event.actor_name or None


class ActivityBatchOut(Schema):
    id: int
    name: str
    starts_at: datetime
    expires_at: datetime


class ActivityAttemptOut(Schema):
    number: int
    status: str
    submitted_at: datetime | None
    score: float | None
    max_score: float
    scale_score: float | None  # decision 0056: on the test's reporting scale
    scale_max: float | None
    result: str
    voided: bool
    released: bool


class ActivityAssignmentOut(Schema):
    id: int
    preset_id: int
    preset_name: str
    batch: ActivityBatchOut | None
    status: str
    source: str
    attempts_allowed: int
    attempts_used: int
    created_at: datetime
    attempt: ActivityAttemptOut | None


class ActivitySurveyOut(Schema):
    id: int
    survey_id: int
    survey_name: str
    status: str
    started_at: datetime | None
    completed_at: datetime | None
    holland_code: str | None


class LearnerActivityOut(Schema):
    profile_id: int
    name: str
    email: str
    status: str
    cccd: str  # masked ("********1234") unless the viewer is the learner (issue 24, item 6)
    assignments: list[ActivityAssignmentOut]
    surveys: list[ActivitySurveyOut]


class SettingsIn(Schema):
    display_name: ColumnText(Organization, "display_name") | None = None
    contact_email: ColumnText(Organization, "contact_email") | None = None
    default_language: ColumnText(Organization, "default_language") | None = None


class SettingsOut(Schema):
    id: int
    name: str
    display_name: str
    logo: str | None
    contact_email: str
    default_language: str
    survey_management_allowed: bool


# --- the educator's /home panel (issue 19, section 1; people.home) ---------------------------------


class AttentionBatchOut(Schema):
    """A batch running now."""

    id: int
    name: str
    preset_id: int
    preset_name: str
    starts_at: datetime
    expires_at: datetime
    in_progress: int


class AttentionReleaseOut(Schema):
    """Graded results of one batch (or of a test's attempts without a batch: ``batch_id`` null)
    not released yet."""

    preset_id: int
    preset_name: str
    batch_id: int | None
    batch_name: str | None
    count: int


class AttentionInvitationsOut(Schema):
    """Open invitations per role."""

    educators: int
    learners: int


class HomeAttentionOut(Schema):
    answers_to_grade: int
    running_batches: list[AttentionBatchOut]
    running_batches_total: int
    releases: list[AttentionReleaseOut]
    results_to_release: int
    invitations: AttentionInvitationsOut | None
