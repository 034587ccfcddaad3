"""Writes of survey management (issue 8, item 2) and the marketplace hooks: create (from the
default content or a copy), edit, publish, end, cancel, delete, publish to and withdraw from
the marketplace, and ``survey_report_purchased`` (called by ``marketplace.purchases.pay``).

Management is for EDUCATORS of an organization whose ``survey_management_allowed`` the
SuperAdmin has turned on (spec sections 1 and 6): anyone else is refused with 403
``survey_management_disabled`` (``require_manager``). Every function runs in the
organization's schema (the educator's request, or ``tenants.scope.organization_schema`` for the
marketplace)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile
from config.errors import ApplicationError, CommonErrorCode, FieldErrors, not_found
from config.images import read_limited, reencode_image
from privacy.models import DeletionRecord
from privacy.services import file_delete_after_commit
from surveys import content
from surveys.error_codes import SurveyErrorCode as Code
from surveys.models import Submission, Survey, SurveyStatement
from surveys.rules import OPEN, survey_state

V = Survey.Status
S = Submission.Status
MAX_TIME_LIMIT = 600  # minutes
COVER_MAX_BYTES = 5 * 1024 * 1024
COVER_MAX_SIDE = 1200


def require_manager(profile: Profile) -> Profile:
    """``profile`` when it may manage surveys: an EDUCATOR (else 403 ``forbidden_role``) of an
    organization with survey management allowed (else 403 ``survey_management_disabled``)."""
    if not profile.is_educator:
        raise ApplicationError(
            CommonErrorCode.FORBIDDEN_ROLE, _("You're not allowed to access this page"), status=403
        )
    if not profile.manages_surveys:
        raise ApplicationError(
            Code.MANAGEMENT_DISABLED,
            _(
                "Survey management is not enabled for your organization. "
                "Ask the platform administrator (SuperAdmin) to allow it."
            ),
            status=403,
        )
    return profile


def survey_get(survey_id: int, *, for_update: bool = False) -> Survey:
    qs = Survey.objects.select_for_update() if for_update else Survey.objects
    survey = qs.filter(pk=survey_id).first()
    if survey is None:
        raise not_found(_("Survey not found."))
    return survey


def _statements_create(survey: Survey, statements: list[dict[str, Any]]) -> None:
    SurveyStatement.objects.bulk_create(
        SurveyStatement(survey=survey, group=item["group"], text=item["text"], position=position)
        for position, item in enumerate(statements)
    )


@transaction.atomic
def survey_create(*, actor: Profile, copy_from: int | None = None, name: str = "") -> Survey:
    """POST /api/v1/surveys: a new draft with the default content, or a copy of ``copy_from``
    (its groups, scale, statements, time limit; not its dates). 404 for an unknown survey."""
    if copy_from:
        source = survey_get(copy_from)
        data = {
            "name": source.name,
            "name_en": source.name_en,
            "description": source.description,
            "description_en": source.description_en,
            "scale": source.scale,
            "groups": source.groups,
            "time_limit_minutes": source.time_limit_minutes,
            "is_default": source.is_default,
        }
        statements = [{"group": s.group, "text": s.text} for s in source.statements.all()]
        data["name"] = f"{source.name} (bản sao)"[:200]
        data["name_en"] = f"{source.name_en} (copy)"[:200] if source.name_en else ""
    else:
        default = content.default_content()
        data = {
            "name": default["name"]["vi"],
            "name_en": default["name"]["en"],
            "description": default["description"]["vi"],
            "description_en": default["description"]["en"],
            "scale": default["scale"],
            "groups": default["groups"],
            "time_limit_minutes": default.get("time_limit_minutes"),
            "is_default": True,
        }
        statements = default["statements"]
    if name.strip():
        data["name"] = name.strip()[:200]
    survey = Survey.objects.create(
        **data, created_by_profile_id=actor.pk, created_by_name=actor.user.name_or_email
    )
    _statements_create(survey, statements)
    return survey


def _dates(errors: FieldErrors, data: dict[str, Any]) -> tuple[datetime | None, datetime | None]:
    starts, ends = data.get("starts_at"), data.get("ends_at")
    if starts and ends and ends <= starts:
        errors.add("ends_at", _("The end must be later than the start."))
    return starts, ends


@transaction.atomic
def survey_update(*, survey_id: int, data: dict[str, Any]) -> Survey:
    """PUT /api/v1/surveys/{id}: name (required) and English name, descriptions, time limit
    (1..600 minutes or none), availability dates (end after start), scale, groups and
    statements (shapes in ``surveys.content``). A draft's statements are replaced as sent. Once
    published, the statements keep their ids and groups (texts and order may change): adding,
    removing or regrouping is 409 ``survey_locked`` (copy the survey instead), and an ended or
    cancelled survey cannot change at all (409 ``survey_locked``). 400 ``validation_error``
    per field. A listed survey's marketplace listing follows the new name, dates and limit."""
    survey = survey_get(survey_id, for_update=True)
    if survey.status in (V.ENDED, V.CANCELLED):
        raise ApplicationError(
            Code.SURVEY_LOCKED, _("An ended or cancelled survey can no longer be edited."), status=409
        )
    errors = FieldErrors()
    name = (data.get("name") or "").strip()
    if not name:
        errors.add("name", _("Required"))
    limit = data.get("time_limit_minutes")
    if limit is not None and not (isinstance(limit, int) and 1 <= limit <= MAX_TIME_LIMIT):
        errors.add("time_limit_minutes", _("Enter a whole number of minutes from 1 to 600."))
    starts, ends = _dates(errors, data)
    scale = content.clean_scale(errors, data.get("scale"))
    groups = content.clean_groups(errors, data.get("groups"))
    statements = content.clean_statements(errors, data.get("statements"))
    errors.raise_if_any(_("The survey could not be saved."))
    if survey.status != V.DRAFT:
        existing = {s.pk: s for s in survey.statements.all()}
        sent = {item["id"]: item for item in statements}
        if set(sent) != set(existing) or any(existing[i].group != sent[i]["group"] for i in existing):
            raise ApplicationError(
                Code.SURVEY_LOCKED,
                _(
                    "Statements cannot be added, removed or moved to another group once the survey "
                    "is published; make a copy to change them."
                ),
                status=409,
            )
        changed = []
        for position, item in enumerate(statements):
            row = existing[item["id"]]
            row.text, row.position = item["text"], position
            changed.append(row)
        SurveyStatement.objects.bulk_update(changed, ["text", "position"])
    else:
        survey.statements.all().delete()
        _statements_create(survey, statements)
    survey.name = name[:200]
    survey.name_en = (data.get("name_en") or "").strip()[:200]
    survey.description = (data.get("description") or "").strip()
    survey.description_en = (data.get("description_en") or "").strip()
    survey.time_limit_minutes = limit
    survey.starts_at, survey.ends_at = starts, ends
    survey.scale, survey.groups = scale, groups
    survey.save()
    listing_sync(survey=survey)
    return survey


@transaction.atomic
def survey_publish(*, survey_id: int) -> Survey:
    """POST /api/v1/surveys/{id}/publish: draft -> published, when the survey is complete
    (409 ``survey_incomplete`` with the reasons in ``errors.statements``) and its end date is
    not past (409 ``survey_closed``). Anything but a draft: 409 ``invalid_transition``."""
    survey = survey_get(survey_id, for_update=True)
    if survey.status != V.DRAFT:
        raise ApplicationError(Code.INVALID_TRANSITION, _("Only a draft can be published."), status=409)
    reasons = content.missing_for_publish(survey.groups, [(s.group, s.text) for s in survey.statements.all()])
    if reasons:
        raise ApplicationError(
            Code.SURVEY_INCOMPLETE,
            _("The survey is not complete yet."),
            status=409,
            errors={"statements": reasons},
        )
    now = timezone.now()
    if survey.ends_at and survey.ends_at <= now:
        raise ApplicationError(
            Code.SURVEY_CLOSED, _("The end date has passed: choose a later one first."), status=409
        )
    survey.status, survey.published_at = V.PUBLISHED, now
    survey.save(update_fields=["status", "published_at", "updated_at"])
    return survey


def _close(survey: Survey, status: str, submission_status: str) -> Survey:
    now = timezone.now()
    survey.status, survey.closed_at = status, now
    survey.save(update_fields=["status", "closed_at", "updated_at"])
    survey.submissions.filter(status__in=OPEN).update(status=submission_status, closed_at=now, updated_at=now)
    _listing_withdraw(survey)
    return survey


@transaction.atomic
def survey_end(*, survey_id: int) -> Survey:
    """POST /api/v1/surveys/{id}/end: a published survey ends now; unfinished submissions
    become ``ended`` and the listing leaves the marketplace. 409 ``invalid_transition``."""
    survey = survey_get(survey_id, for_update=True)
    if survey.status != V.PUBLISHED:
        raise ApplicationError(
            Code.INVALID_TRANSITION, _("Only a published survey can be ended."), status=409
        )
    return _close(survey, V.ENDED, S.ENDED)


@transaction.atomic
def survey_cancel(*, survey_id: int) -> Survey:
    """POST /api/v1/surveys/{id}/cancel: a draft or published survey is cancelled; unfinished
    submissions become ``cancelled`` (completed ones keep their results) and the listing leaves
    the marketplace. 409 ``invalid_transition`` for an ended or cancelled survey."""
    survey = survey_get(survey_id, for_update=True)
    if survey.status not in (V.DRAFT, V.PUBLISHED):
        raise ApplicationError(
            Code.INVALID_TRANSITION, _("This survey is already ended or cancelled."), status=409
        )
    return _close(survey, V.CANCELLED, S.CANCELLED)


@transaction.atomic
def survey_delete(*, survey_id: int) -> None:
    """DELETE /api/v1/surveys/{id}: only a draft (it has no submissions); else 409
    ``invalid_transition`` (cancel it instead)."""
    survey = survey_get(survey_id, for_update=True)
    if survey.status != V.DRAFT or survey.submissions.exists():
        raise ApplicationError(
            Code.INVALID_TRANSITION, _("Only a draft can be deleted; cancel a published survey."), status=409
        )
    survey.delete()


@transaction.atomic
def submission_cancel(*, enrollment_id: int) -> Submission:
    """POST /api/v1/surveys/submissions/{id}/cancel (educators): cancel a learner's unfinished
    submission. 404 outside the organization; 409 ``invalid_transition`` when it is final."""
    from surveys import taking

    submission = (
        Submission.objects.select_for_update()
        .select_related("survey")
        .filter(enrollment_id=enrollment_id)
        .first()
    )
    if submission is None:
        raise not_found(_("Survey not found."))
    taking.refresh(submission)
    if submission.status not in OPEN:
        raise ApplicationError(
            Code.INVALID_TRANSITION, _("Only an unfinished survey can be cancelled."), status=409
        )
    submission.status, submission.closed_at = S.CANCELLED, timezone.now()
    submission.save(update_fields=["status", "closed_at", "updated_at"])
    return submission


# --- marketplace ------------------------------------------------------------------------------


def _listing_fields(survey: Survey) -> dict[str, Any]:
    """The listing's columns that follow the survey: both names (the card picks the reader's,
    issue 38 item 6), dates, time limit, search text."""
    return {
        "name": survey.name,
        "name_en": survey.name_en,
        "starts_at": survey.starts_at,
        "ends_at": survey.ends_at,
        "duration_minutes": survey.time_limit_minutes,
        "search_text": " ".join(
            [survey.name, survey.name_en, survey.description, survey.description_en]
        ).lower(),
    }


def active_listing(survey: Survey):
    from marketplace.models import Listing
    from tenants.services import current_organization_id

    return (
        Listing.objects.select_for_update()
        .filter(
            organization_id=current_organization_id(),
            kind=Listing.Kind.SURVEY,
            preset_id=survey.pk,
            status=Listing.Status.ACTIVE,
        )
        .first()
    )


def listing_sync(*, survey: Survey) -> None:
    """Keep the survey's active listing (if any) in step with its name, dates and limit."""
    listing = active_listing(survey)
    if listing is not None:
        for field, value in _listing_fields(survey).items():
            setattr(listing, field, value)
        listing.save()


def _listing_withdraw(survey: Survey) -> None:
    from marketplace.models import Listing

    listing = active_listing(survey)
    if listing is not None:
        listing.status = Listing.Status.WITHDRAWN
        listing.save(update_fields=["status", "updated_at"])


def _price(errors: FieldErrors, value: Any) -> int | None:
    from marketplace.services import MAX_PRICE

    if value is None or str(value).strip() == "":
        return None
    text = str(value).strip()
    if not text.isdigit() or int(text) > MAX_PRICE:
        errors.add("price_survey_report", _("Enter a whole number of VND from 0 to 100,000,000."))
        return None
    return int(text)


@transaction.atomic
def survey_market_publish(*, actor: Profile, survey_id: int, data: dict[str, Any], cover=None):
    """POST /api/v1/surveys/{id}/market-publish (multipart): list a published survey on the
    marketplace, or update its listing. Fields: ``price_survey_report`` (VND; 0 = the full
    report is free; empty = not offered), ``description`` (the listing's text; the survey's
    description in both languages by default; the card shows the reader's, issue 38 item 6), ``cover`` (optional image: JPEG, PNG or WebP by content, at most
    5 MB, stored as WebP 1200 px). Taking the survey itself is always free (``price_test_only``
    0). 409 ``survey_not_published`` unless the survey is published or pending; 400
    ``validation_error``, ``unsupported_image``; 413 ``image_too_large``. Returns the Listing."""
    from marketplace.models import Listing
    from tenants.services import current_organization_id

    survey = survey_get(survey_id, for_update=True)
    if survey_state(survey, timezone.now()) not in (V.PUBLISHED, S.PENDING):
        raise ApplicationError(
            Code.SURVEY_NOT_PUBLISHED,
            _("Publish the survey before listing it on the marketplace."),
            status=409,
        )
    errors = FieldErrors()
    price = _price(errors, data.get("price_survey_report"))
    errors.raise_if_any(_("The survey could not be published to the marketplace."))
    organization_id = current_organization_id()
    cover_path = ""
    if cover is not None:
        raw = read_limited(cover, COVER_MAX_BYTES, too_large_code=Code.IMAGE_TOO_LARGE)
        webp = reencode_image(raw, max_side=COVER_MAX_SIDE, unsupported_code=Code.UNSUPPORTED_IMAGE)
        cover_path = default_storage.save(
            f"listing-covers/{organization_id}/survey-{survey.pk}-{uuid.uuid4().hex}.webp", ContentFile(webp)
        )
    own_description = (data.get("description") or "").strip()
    listing = active_listing(survey)
    if listing is None:
        listing = Listing(
            organization_id=organization_id,
            kind=Listing.Kind.SURVEY,
            preset_id=survey.pk,
            published_by_profile_id=actor.pk,
            price_test_only=0,
            camera_proctoring=False,
        )
    old_cover = listing.cover_image if cover_path else ""
    for field, value in _listing_fields(survey).items():
        setattr(listing, field, value)
    # The survey's description in both languages, or the educator's own text for the card, which
    # has one language and is then shown on English pages too.
    listing.description = own_description or survey.description
    listing.description_en = "" if own_description else survey.description_en
    listing.price_survey_report = price
    if cover_path:
        listing.cover_image = cover_path
    listing.save()
    if old_cover:  # deleted once this commits, and recorded (issue 37, item 4; decision 0049)
        file_delete_after_commit(
            name=old_cover,
            kind=DeletionRecord.Kind.LISTING_COVER,
            object_type="listing",
            object_id=listing.pk,
            organization_id=organization_id,
        )
    return listing


@transaction.atomic
def survey_market_withdraw(*, survey_id: int) -> None:
    """POST /api/v1/surveys/{id}/market-withdraw: take the survey's listing off the
    marketplace (learners who hold the survey keep it). 404 when it is not listed."""
    survey = survey_get(survey_id, for_update=True)
    if active_listing(survey) is None:
        raise not_found(_("This survey is not on the marketplace."))
    _listing_withdraw(survey)


def survey_report_purchased(*, survey_id: int, profile: Profile, transaction_id: int) -> int | None:
    """Called by ``marketplace.purchases.pay`` inside the survey's organization schema when a
    transaction with the survey-report add-on is paid: unlock the full report of the
    learner's submission of ``survey_id`` (creating the submission, with its Enrollment, when
    the learner bought the report before taking the survey) and return the submission id.
    Idempotent: a second payment path for the same report changes nothing more."""
    from surveys import taking

    survey = Survey.objects.filter(pk=survey_id).first()
    if survey is None:
        return None
    submission = (
        Submission.objects.select_for_update().filter(survey=survey, learner_profile_id=profile.pk).first()
    )
    if submission is None:
        submission = taking.submission_create(
            survey=survey, profile=profile, source=Submission.Source.PURCHASE
        )
        if not profile.has_pandai_survey_account:  # buying the report opens the survey account
            Profile.objects.filter(pk=profile.pk).update(has_pandai_survey_account=True)
    if not submission.report_unlocked:
        submission.report_unlocked = True
        submission.report_transaction_id = transaction_id
        submission.save(update_fields=["report_unlocked", "report_transaction_id", "updated_at"])
    return submission.pk


def checkout_analytic(*, profile: Profile, organization_id: int, submission: Submission) -> dict[str, Any]:
    """POST /api/v1/survey-users/{id}/checkout-analytic: put the survey-report add-on of the
    survey's listing into a checkout (``marketplace.purchases.checkout``) and return the
    PENDING transaction to pay (``POST /api/v1/transaction/pay`` then unlocks the report
    through ``survey_report_purchased``). A pending transaction that already holds this report
    is returned again instead of a second one. A free report (price 0) is unlocked at once
    (``transaction`` null). Returns ``{"transaction": {...} | null, "report_unlocked",
    "report_price"}``. 409 ``report_already_unlocked``, ``report_not_offered`` (no active
    listing or no report price); the checkout's own errors (``grade_required``, 400) pass
    through."""
    from marketplace import purchases
    from marketplace.models import Addon, Transaction, TransactionItem
    from surveys.selectors import report_offer

    if submission.report_unlocked:
        raise ApplicationError(
            Code.REPORT_ALREADY_UNLOCKED, _("You already have the full report of this survey."), status=409
        )
    listing_id, price = report_offer(organization_id, submission.survey_id)
    if listing_id is None or price is None:
        raise ApplicationError(
            Code.REPORT_NOT_OFFERED, _("The full report of this survey is not on sale."), status=409
        )
    if price == 0:
        with transaction.atomic():
            Submission.objects.filter(pk=submission.pk).update(
                report_unlocked=True, updated_at=timezone.now()
            )
        return {"transaction": None, "report_unlocked": True, "report_price": 0}
    pending = (
        TransactionItem.objects.select_related("transaction")
        .filter(
            transaction__profile=profile,
            transaction__status=Transaction.Status.PENDING,
            transaction__expires_at__gt=timezone.now(),
            listing_id=listing_id,
            addon=Addon.SURVEY_REPORT,
        )
        .order_by("-transaction__created_at")
        .first()
    )
    tx = pending.transaction if pending else None
    if tx is None:
        tx = purchases.checkout(
            profile=profile, items=[{"listing_id": listing_id, "addon": Addon.SURVEY_REPORT}]
        )
    return {
        "transaction": {
            "id": tx.pk,
            "status": tx.status,
            "amount": tx.amount,
            "remark": tx.remark,
            "created_at": tx.created_at,
            "expires_at": tx.expires_at,
        },
        "report_unlocked": False,
        "report_price": price,
    }
