"""The age checked, not only declared (issue 37, item 5; decision 0049).

- **A change of date of birth across 16** (either way) by a learner who has a consent record is
  not applied by the learner alone (``birth_date_change_ask``, called by the profile page's save):
  it is held as a ``BirthDateChange`` for the organization's admin (a learner of its roster) or
  the parent or guardian (by a mailed link) to confirm or refuse, and recorded as consent events.
  The profile keeps the confirmed date until then, so the consent gate (``consent.gate``, which
  reads ``Profile.date_of_birth`` in ``consent.statements`` and ``consent.rules``) uses it.
- **The parent's date of birth**: on the consent link the parent confirms the relationship and
  the child's date of birth; a date that is not the learner's stops the consent
  (``parent_mismatch``): the link stops, the parent reads why, the learner is told by a
  notification and a mail.

Every refusal is an ``ApplicationError`` with a code from ``consent.error_codes`` (or
``validation_error``) and a localized message.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, User, token_digest
from accounts.services.checks import check_email, normalize_email, parse_birth_date
from config import dates
from config.errors import ApplicationError, FieldErrors
from config.i18n import reader_language
from consent import rules
from consent.error_codes import ConsentErrorCode as Code
from consent.models import BirthDateChange, Consent, ConsentEvent, ParentRequest
from consent.selectors import roster_learner
from notifications.models import Notification
from notifications.services import notify
from outbox.services import enqueue

Event = ConsentEvent.Kind
Status = BirthDateChange.Status


def shown(day: date | None) -> str:
    """A date of birth as typed and shown on the forms: ``dd/mm/yyyy`` ("" for none), as the
    profile shows it (``config.dates.format_date`` in Vietnamese)."""
    return dates.format_date(day, language="vi")


def _event(user_id: int, kind: str, *, ip: str | None = None, actor: str = "", detail: str = "") -> None:
    ConsentEvent.objects.create(
        user_id=user_id, kind=kind, ip=ip, actor_name=actor[:200], detail=detail[:300]
    )


# --- the learner asks ---------------------------------------------------------------------------


def _effective_after(profile: Profile, born: date | None) -> date | None:
    """The learner's date of birth as the gate would read it (``rules.birth_date_of``: the latest
    of their LEARNER profiles) once ``profile`` holds ``born``."""
    others = (
        Profile.objects.filter(
            user_id=profile.user_id, pandai_profile_role=Profile.Role.LEARNER, date_of_birth__isnull=False
        )
        .exclude(pk=profile.pk)
        .values_list("date_of_birth", flat=True)
    )
    days = [d for d in [*others, born] if d is not None]
    return max(days) if days else None


def _roster_organization(profile: Profile):
    """The organization whose admin confirms: the profile's, else another active LEARNER profile's
    of the same person; None for a learner of no organization."""
    if profile.organization_id and profile.status != Profile.Status.REMOVED:
        return profile.organization
    other = (
        Profile.objects.select_related("organization")
        .filter(
            user_id=profile.user_id,
            pandai_profile_role=Profile.Role.LEARNER,
            organization__isnull=False,
            status=Profile.Status.ACTIVE,
        )
        .order_by("pk")
        .first()
    )
    return other.organization if other else None


def known_parent_email(user_id: int) -> str:
    """The parent's or guardian's address the product already has for the learner: the latest
    request's (not replaced), else the latest parent's consent's; "" when none."""
    request = (
        ParentRequest.objects.filter(user_id=user_id).exclude(status=ParentRequest.Status.REPLACED).first()
    )
    if request is not None:
        return request.parent_email
    consent = (
        Consent.objects.filter(user_id=user_id, subject=Consent.Subject.PARENT)
        .exclude(parent_email="")
        .first()
    )
    return consent.parent_email if consent else ""


def _pending_cancel(user_id: int) -> None:
    BirthDateChange.objects.filter(user_id=user_id, status=Status.PENDING).update(
        status=Status.CANCELLED, decided_at=timezone.now()
    )


def birth_date_change_ask(
    *, profile: Profile, born: date | None, parent_email: str = "", ip: str | None = None
) -> BirthDateChange | None:
    """The learner's own profile sets its date of birth to ``born`` (PUT /api/v1/users/profile/self,
    in its transaction). Returns None when the caller applies it (no consent record yet, the same
    date, a first date, a cleared one, or no crossing of 16), having cancelled any pending change.
    Otherwise the change crosses 16 for a learner with a consent record: a ``BirthDateChange`` is
    held and returned (the caller leaves the profile's date as it is), a ``birth_date_requested``
    event recorded, and the confirmer told: the organization's admins by a notification (a learner
    of its roster), else the parent or guardian by a mail with a link (the address known, or
    ``parent_email`` given now). 400 ``validation_error`` on ``parent_email`` when no address is
    known and none (or an invalid one, or the learner's own) is given."""
    if profile.pandai_profile_role != Profile.Role.LEARNER:
        return None
    User.objects.select_for_update().filter(pk=profile.user_id).first()  # one change at a time
    before = rules.birth_date_of(profile.user_id)
    after = _effective_after(profile, born)
    crosses = (
        born is not None
        and born != profile.date_of_birth
        and before is not None
        and after is not None
        and (rules.age_band(before) == rules.AGE_ADULT) != (rules.age_band(after) == rules.AGE_ADULT)
        and Consent.objects.filter(user_id=profile.user_id).exists()
    )
    _pending_cancel(profile.user_id)
    if not crosses:
        return None
    assert born is not None  # crosses
    user = profile.user
    organization = _roster_organization(profile)
    change = BirthDateChange(
        user=user,
        profile=profile,
        previous=profile.date_of_birth,
        requested=born,
        language=reader_language(),
        requested_ip=ip,
    )
    token = ""
    if organization is not None:
        change.confirmer = BirthDateChange.Confirmer.ADMIN
        change.organization = organization
    else:
        email = normalize_email(parent_email) or known_parent_email(user.pk)
        errors = FieldErrors()
        check_email(errors, "parent_email", email)
        if email and email == normalize_email(user.email):
            errors.add("parent_email", _("Enter your parent's or guardian's e-mail, not your own."))
        if errors:
            errors.raise_if_any(
                _(
                    "A change of date of birth across 16 is confirmed by your parent or guardian: "
                    "enter their e-mail."
                )
            )
        token = ParentRequest.new_token()
        change.confirmer = BirthDateChange.Confirmer.PARENT
        change.parent_email = email
        change.token_hash = token_digest(token)
    change.save()
    _event(
        user.pk,
        Event.BIRTH_DATE_REQUESTED,
        ip=ip,
        actor=user.name_or_email,
        detail=f"{shown(change.previous)} -> {shown(born)} ({change.confirmer})",
    )
    if organization is not None:
        admins = Profile.objects.filter(
            organization=organization,
            pandai_profile_role=Profile.Role.EDUCATOR,
            is_admin=True,
            status=Profile.Status.ACTIVE,
        )
        notify(
            recipients=list(admins),
            notifiable_type=Notification.Type.CONSENT,
            title_key="birth_date_change.title",
            body_key="birth_date_change.body",
            title_args={"learner": user.name_or_email},
            body_args={
                "learner": user.name_or_email,
                "previous": shown(change.previous),
                "requested": shown(born),
            },
            actions=[{"url": "/learner", "target": "_self", "label": "action.review"}],
        )
    else:
        from consent.tasks import birth_date_mail_send

        birth_date_mail_send(change.pk, token)  # written to the outbox in this transaction
    return change


# --- the confirmer decides ------------------------------------------------------------------------


def _decide(change: BirthDateChange, *, confirm: bool, by: str, ip: str | None) -> BirthDateChange:
    """Confirm (the profile takes the date) or refuse a pending change, as a consent event; the
    learner is told by a notification. A change no longer pending is answered as it is."""
    if change.status != Status.PENDING:
        return change
    change.status = Status.CONFIRMED if confirm else Status.REFUSED
    change.decided_at = timezone.now()
    change.decided_by_name = by[:200]
    change.save(update_fields=["status", "decided_at", "decided_by_name"])
    if confirm:
        Profile.objects.filter(pk=change.profile_id).update(
            date_of_birth=change.requested, updated_at=timezone.now()
        )
    _event(
        change.user_id,
        Event.BIRTH_DATE_CONFIRMED if confirm else Event.BIRTH_DATE_REFUSED,
        ip=ip,
        actor=by,
        detail=f"{shown(change.previous)} -> {shown(change.requested)}",
    )
    key = "birth_date_confirmed" if confirm else "birth_date_refused"
    notify(
        recipients=Profile.objects.get(pk=change.profile_id),
        notifiable_type=Notification.Type.CONSENT,
        title_key=f"{key}.title",
        body_key=f"{key}.body",
        body_args={"requested": shown(change.requested), "by": by},
        actions=[{"url": "/profile", "target": "_self", "label": "action.review"}],
    )
    return change


def pending_for_organization(organization_id: int, user_ids: list[int]) -> dict[int, BirthDateChange]:
    """The changes of the roster learners ``user_ids`` waiting for this organization's admin, by
    user id (one query, for one learner or a roster's page)."""
    changes = BirthDateChange.objects.select_related("organization").filter(
        user_id__in=user_ids,
        status=Status.PENDING,
        confirmer=BirthDateChange.Confirmer.ADMIN,
        organization_id=organization_id,
    )
    return {change.user_id: change for change in changes}


@transaction.atomic
def admin_decide(*, actor: Profile, profile_id: int, confirm: bool, ip: str | None) -> Profile:
    """POST /api/v1/organization/members/{id}/birth-date/confirm (or /refuse): an organization
    admin confirms or refuses a roster learner's pending change of date of birth; returns the
    roster learner. Errors: 403 ``not_org_admin``; 404 for a learner not on the roster; 409
    ``no_birth_date_change`` when none waits for this organization."""
    organization_id = actor.organization_id or 0  # an admin has one (OrgAdminSessionAuth)
    learner = roster_learner(organization_id, profile_id, lock=True)
    change = (
        BirthDateChange.objects.select_for_update()
        .filter(
            user_id=learner.user_id,
            status=Status.PENDING,
            confirmer=BirthDateChange.Confirmer.ADMIN,
            organization_id=organization_id,
        )
        .first()
    )
    if change is None:
        raise ApplicationError(
            Code.NO_BIRTH_DATE_CHANGE,
            _("No change of date of birth is waiting for confirmation."),
            status=409,
        )
    _decide(change, confirm=confirm, by=actor.user.name_or_email, ip=ip)
    return learner


def change_of_token(token: str, *, lock: bool = False) -> BirthDateChange:
    """The change a parent's link names; 400 ``invalid_consent_link`` for an unknown token or one
    of a change the learner replaced or cancelled."""
    qs = BirthDateChange.objects.select_related("user")
    if lock:
        qs = qs.select_for_update(of=("self",))
    change = qs.filter(token_hash=token_digest(token)).first() if token else None
    if change is None or change.status == Status.CANCELLED:
        raise ApplicationError(
            Code.INVALID_CONSENT_LINK,
            _("This link is not valid any more: the change of date of birth was withdrawn or replaced."),
            status=400,
        )
    return change


@transaction.atomic
def parent_decide(*, token: str, confirm: bool, ip: str | None) -> BirthDateChange:
    """POST /public/api/consent/birth-date/confirm (or /refuse): the parent or guardian confirms or
    refuses the change through the mailed link. 400 ``invalid_consent_link``; a decided change is
    answered as it is."""
    change = change_of_token(token, lock=True)
    return _decide(change, confirm=confirm, by=change.parent_email, ip=ip)


def change_row(change: BirthDateChange | None) -> dict[str, Any] | None:
    """``BirthDateChangeOut``: the dates (dd/mm/yyyy), state, who confirms (``admin`` with the
    organization's name, or ``parent`` with the address), when asked and decided."""
    if change is None:
        return None
    return {
        "previous": shown(change.previous),
        "requested": shown(change.requested),
        "status": change.status,
        "confirmer": change.confirmer,
        "confirmer_name": change.organization.shown_name
        if change.confirmer == BirthDateChange.Confirmer.ADMIN and change.organization
        else change.parent_email,
        "requested_at": change.requested_at,
        "decided_at": change.decided_at,
    }


def learner_change(user_id: int) -> BirthDateChange | None:
    """The learner's latest change when it still says something: pending, or refused."""
    change = BirthDateChange.objects.select_related("organization").filter(user_id=user_id).first()
    return change if change and change.status in (Status.PENDING, Status.REFUSED) else None


def link_view(*, token: str) -> dict[str, Any]:
    """``BirthDateLinkOut``: what /birth-date-confirm/:token shows the parent: the learner's name
    and e-mail, the change and its state, the language it was asked in."""
    change = change_of_token(token)
    return {
        "learner_name": change.user.name_or_email,
        "learner_email": change.user.email,
        "change": change_row(change),
        "language": change.language,
    }


# --- the parent's date of birth on the consent link ---------------------------------------------


def parent_answer_checked(errors: FieldErrors, data: dict[str, Any]) -> tuple[str, date | None]:
    """The relationship (``parent`` or ``guardian``) and the child's date of birth (dd/mm/yyyy, in
    the past) the parent gave with their consent; adds to ``errors`` on ``relationship`` and
    ``child_birth_date`` otherwise (the caller raises 400 ``validation_error``)."""
    relationship = data.get("relationship") or ""
    if relationship not in Consent.Relationship.values:
        errors.add("relationship", _("Confirm that you are the parent or the legal guardian."))
    typed = FieldErrors()
    born = parse_birth_date(typed, (data.get("child_birth_date") or "").strip(), required=True)
    for message in typed.errors.get("date_of_birth", []):
        errors.add("child_birth_date", message)
    return relationship, born


def parent_mismatch(request: ParentRequest, born: date | None, *, ip: str | None) -> ApplicationError | None:
    """When ``born`` (what the parent typed) is not the learner's date of birth
    (``rules.birth_date_of``): the request stops (``mismatch``: its link cannot consent), a
    ``parent_mismatch`` event is recorded, the learner is told by a notification and a mail (written
    to the outbox in this transaction, sent after its commit; in their language), and the error the parent reads is returned (409
    ``birth_date_mismatch``) for the caller to raise once this is committed. None when it matches."""
    if born is not None and born == rules.birth_date_of(request.user_id):
        return None
    request.status = ParentRequest.Status.MISMATCH
    request.responded_at = timezone.now()
    request.save(update_fields=["status", "responded_at"])
    user = request.user
    _event(user.pk, Event.PARENT_MISMATCH, ip=ip, actor=request.parent_email)
    learner_profiles = list(
        Profile.objects.filter(
            user=user, pandai_profile_role=Profile.Role.LEARNER, status=Profile.Status.ACTIVE
        )
    )
    if learner_profiles:
        notify(
            recipients=learner_profiles,
            notifiable_type=Notification.Type.CONSENT,
            title_key="parent_mismatch.title",
            body_key="parent_mismatch.body",
            body_args={"parent": request.parent_email},
            actions=[{"url": "/profile", "target": "_self", "label": "action.review"}],
        )
    context = {
        "name": user.name_or_email,
        "parent": request.parent_email,
        "profile_link": f"{settings.SITE_URL}/profile",
    }
    language = reader_language(user.preferred_language)
    enqueue("consent.parent_birth_date_mismatch", user.email, context, language)
    return ApplicationError(
        Code.BIRTH_DATE_MISMATCH,
        _(
            "The date of birth you entered is not the one %(name)s gave, so your consent was not "
            "recorded. We have asked %(name)s to check it and send you a new request."
        )
        % {"name": user.name_or_email},
        status=409,
    )
