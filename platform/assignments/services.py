"""Writes for assignments (issue 5, item 7; issue 6 creates purchase assignments through
``assignment_create``). Every assignment takes one batch slot and gets its public Enrollment row
and a TestScheduled notification, in the caller's database transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Enrollment, Profile
from assessments.models import Batch, TestPreset
from assessments.services import slots
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Assignment
from config.errors import ApplicationError, FieldErrors, not_found
from tenants.services import current_organization_id

A = Assignment.Status
ASSIGNABLE = (TestPreset.Status.APPROVED, TestPreset.Status.PUBLISHED)
MAX_ATTEMPTS = 10
MAX_LEARNERS = 500


def _notify_scheduled(
    assignments: list[Assignment], batch: Batch | None, profiles: dict[int, Profile]
) -> None:
    """One TestScheduled notification per learner of a batch. The batch's start is passed as the
    instant (``starts_at``): the notification shows it as Vietnam time in each reader's language
    when read ("08:00 28/11/2026" / "28 Nov 2026, 08:00"; ``notifications.messages``, issue 17,
    item 1). A test taken without the camera does not ask the learner to prepare one."""
    from notifications.models import Notification
    from notifications.services import notify

    if batch is None:
        return
    by_profile = {a.learner_profile_id: a for a in assignments}
    for profile_id, assignment in by_profile.items():
        notify(
            recipients=profiles[profile_id],
            notifiable_type=Notification.Type.TEST_SCHEDULED,
            title_key="test_scheduled.title",
            body_key=(
                "test_scheduled.body"
                if assignment.preset.camera_proctoring
                else "test_scheduled.body_no_camera"
            ),
            title_args={"test": assignment.preset.name},
            body_args={"test": assignment.preset.name, "starts_at": batch.starts_at},
            actions=[{"url": "/assignment/student", "target": "_self", "label": "action.view_test"}],
        )


def assignment_create(
    *,
    preset: TestPreset,
    batch: Batch | None,
    learners: list[Profile],
    source: str,
    actor: Profile | None = None,
    attempts_allowed: int = 1,
    due_at: datetime | None = None,
    requires_purchase: bool = False,
    purchase_cost: int = 0,
    transaction_id: int | None = None,
    advanced_report: bool = False,
    paid: bool = False,
) -> list[Assignment]:
    """Create one assignment per learner of ``preset`` in ``batch`` with its Enrollment row and a
    TestScheduled notification. Does NOT move batch slots: the caller has (``slots.take`` for a
    direct assignment, ``slots.confirm`` for a paid purchase). Runs inside the organization's
    schema and the caller's transaction; 409 ``already_assigned`` when a learner already holds a
    live assignment of the preset (a database constraint backs this)."""
    taken = set(
        Assignment.objects.filter(preset=preset, learner_profile_id__in=[p.pk for p in learners])
        .exclude(status=A.REVOKED)
        .values_list("learner_profile_id", flat=True)
    )
    if taken:
        names = ", ".join(p.user.name_or_email for p in learners if p.pk in taken)
        raise ApplicationError(
            Code.ALREADY_ASSIGNED,
            _("Already assigned this test: %(names)s.") % {"names": names},
            status=409,
            extra={"learner_profile_ids": sorted(taken)},
        )
    now = timezone.now()
    rows = Assignment.objects.bulk_create(
        [
            Assignment(
                preset=preset,
                batch=batch,
                learner_profile_id=p.pk,
                learner_user_id=p.user_id,
                learner_name=p.user.name_or_email,
                learner_email=p.user.email,
                source=source,
                attempts_allowed=attempts_allowed,
                due_at=due_at,
                requires_purchase=requires_purchase,
                purchase_cost=purchase_cost,
                paid_at=now if paid else None,
                transaction_id=transaction_id,
                advanced_report=advanced_report,
                assigned_by_profile_id=actor.pk if actor else None,
                assigned_by_name=actor.user.name_or_email if actor else "",
            )
            for p in learners
        ]
    )
    Enrollment.objects.bulk_create(
        [
            Enrollment(
                profile_id=a.learner_profile_id,
                organization_id=current_organization_id(),
                kind=Enrollment.Kind.TEST,
                object_id=a.pk,
                item_id=preset.pk,
                name=preset.name,
            )
            for a in rows
        ]
    )
    _notify_scheduled(rows, batch, {p.pk: p for p in learners})
    return rows


def _direct_fields(errors: FieldErrors, data: dict[str, Any]) -> dict[str, Any]:
    attempts = data.get("attempts_allowed", 1)
    if not isinstance(attempts, int) or not 1 <= attempts <= MAX_ATTEMPTS:
        errors.add("attempts_allowed", _("Enter a number of attempts from 1 to %(n)d.") % {"n": MAX_ATTEMPTS})
    due_at = data.get("due_at")
    if due_at is not None and (not isinstance(due_at, datetime) or due_at <= timezone.now()):
        errors.add("due_at", _("The due date must be in the future."))
    requires_purchase = bool(data.get("requires_purchase"))
    cost = data.get("purchase_cost") or 0
    if not isinstance(cost, int) or cost < 0 or cost > 1_000_000_000:
        errors.add("purchase_cost", _("Enter a price in whole VND from 0 to 1,000,000,000."))
    elif requires_purchase and cost == 0:
        errors.add("purchase_cost", _("A test that requires purchase needs a price."))
    ids = data.get("learner_profile_ids") or []
    if not isinstance(ids, list) or not ids:
        errors.add("learner_profile_ids", _("Choose at least one learner."))
    elif len(ids) > MAX_LEARNERS:
        errors.add("learner_profile_ids", _("Assign at most %(n)d learners at a time.") % {"n": MAX_LEARNERS})
    return {
        "attempts_allowed": attempts,
        "due_at": due_at,
        "requires_purchase": requires_purchase,
        "purchase_cost": cost if requires_purchase else 0,
        "learner_profile_ids": sorted(set(ids)) if isinstance(ids, list) else [],
    }


@transaction.atomic
def assignments_assign_direct(*, actor: Profile, data: dict[str, Any]) -> list[Assignment]:
    """POST /api/v1/assignments: assign an approved or published preset to learners of the
    organization without purchase (issue 5, item 7).

    ``data``: preset_id, batch_id, learner_profile_ids (active LEARNER profiles of this
    organization), attempts_allowed (1-10), due_at (future, optional), requires_purchase,
    purchase_cost (whole VND; required when requires_purchase). All or nothing: 400 with field
    errors, 404 for an unknown preset or batch, 409 ``preset_not_assignable`` (draft or rejected
    preset, or no generated form), ``batch_closed``, ``no_batch_slot`` (fewer free slots than
    learners), ``already_assigned``."""
    errors = FieldErrors()
    clean = _direct_fields(errors, data)
    preset = TestPreset.objects.filter(pk=data.get("preset_id") or 0).first()
    if preset is None:
        raise not_found(_("Test not found."))
    batch = Batch.objects.filter(pk=data.get("batch_id") or 0, preset=preset).first()
    if batch is None:
        errors.add("batch_id", _("Choose a batch of this test."))
    learners = list(
        Profile.objects.select_related("user").filter(
            pk__in=clean["learner_profile_ids"],
            organization_id=current_organization_id(),
            pandai_profile_role=Profile.Role.LEARNER,
            status=Profile.Status.ACTIVE,
        )
    )
    if clean["learner_profile_ids"] and len(learners) != len(clean["learner_profile_ids"]):
        errors.add("learner_profile_ids", _("Some learners are not active learners of this organization."))
    if batch is not None and clean["due_at"] is not None and clean["due_at"] < batch.starts_at:
        errors.add("due_at", _("The due date cannot be before the batch starts."))
    errors.raise_if_any(_("The test could not be assigned."))
    if preset.status not in ASSIGNABLE or not preset.form.exists():
        raise ApplicationError(
            Code.PRESET_NOT_ASSIGNABLE,
            _("Only an approved test with generated questions can be assigned."),
            status=409,
        )
    if not slots.batch_open_for_sale(batch):
        from assessments.error_codes import AuthoringErrorCode

        raise ApplicationError(AuthoringErrorCode.BATCH_CLOSED, _("This batch has ended."), status=409)
    try:
        slots.take(batch.pk, len(learners))
    except ApplicationError as exc:
        if exc.code == "no_batch_slot":
            exc.message = ngettext(
                "No batch slot: %(n)d free, %(m)d learner chosen.",
                "No batch slot: %(n)d free, %(m)d learners chosen.",
                len(learners),
            ) % {"n": Batch.objects.get(pk=batch.pk).available, "m": len(learners)}
        raise
    rows = assignment_create(
        preset=preset,
        batch=batch,
        learners=learners,
        source=Assignment.Source.DIRECT,
        actor=actor,
        attempts_allowed=clean["attempts_allowed"],
        due_at=clean["due_at"],
        requires_purchase=clean["requires_purchase"],
        purchase_cost=clean["purchase_cost"],
    )
    from marketplace.services import listing_sync

    listing_sync(preset=preset)
    return rows


@transaction.atomic
def assignment_revoke(*, assignment_id: int) -> Assignment:
    """DELETE /api/v1/assignments/{id}: withdraw a direct assignment not yet started; its slot
    goes back to the batch (and to the waiting list). 404 unknown; 409
    ``assignment_not_revocable`` for purchases (cancelled through their transaction) and for
    started or finished attempts."""
    assignment = Assignment.objects.select_for_update().filter(pk=assignment_id).first()
    if assignment is None or assignment.status == A.REVOKED:
        raise not_found(_("Assignment not found."))
    if assignment.source != Assignment.Source.DIRECT or assignment.status != A.ASSIGNED:
        raise ApplicationError(
            Code.NOT_REVOCABLE,
            _("Only a direct assignment that has not been started can be withdrawn."),
            status=409,
        )
    assignment.status = A.REVOKED
    assignment.revoked_at = timezone.now()
    assignment.save(update_fields=["status", "revoked_at", "updated_at"])
    Enrollment.objects.filter(
        organization_id=current_organization_id(), kind=Enrollment.Kind.TEST, object_id=assignment.pk
    ).update(is_active=False)
    if assignment.batch_id:
        batch = slots.release_taken(assignment.batch_id)
        from marketplace.services import listing_sync

        listing_sync(preset=batch.preset)
    return assignment
