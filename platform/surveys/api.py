"""Survey endpoints (issue 8; spec section 7 "Surveys" at its exact paths, plus the management
endpoints the spec does not show, in the same style).

- ``router`` at /api/v1/surveys/: survey management for EDUCATORS of an organization allowed
  to manage surveys (403 ``survey_management_disabled`` otherwise): list, create, detail,
  edit, delete, publish, end, cancel, market-publish / market-withdraw, takers, results.
- ``submissions_router`` at /api/v1/surveys/submissions/: the taking flow (learners: start,
  questions, store-answer, finish), the overview (the learner or an educator of the
  organization) and an educator's cancel.
- ``learner_router`` at /api/v1/survey-users/: the learner's list, free surveys to take,
  taking one, detail, category scores, suitable groups, the report checkout and the PDF.

Every ``{id}`` of a learner's survey is the user_survey_id (the public Enrollment id):
another learner's id and another organization's id answer 404."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import File, Form, Query, Router, Status
from ninja.files import UploadedFile

from accounts.auth import EducatorSessionAuth, LearnerSessionAuth, ProfileSessionAuth
from config.envelope import Empty, Envelope, Page, ok
from config.errors import ApplicationError
from config.fields import Description, Id
from config.requests import ProfileRequest
from consent.gate import ConsentedLearnerAuth
from privacy.access import private_file
from privacy.models import AccessLogEntry
from surveys import learner, reports, selectors, services, taking
from surveys.error_codes import SurveyErrorCode as Code
from surveys.schemas import (
    PriceText,
    SurveyAvailableOut,
    SurveyCategoryScoreOut,
    SurveyCategorySuitableOut,
    SurveyCheckoutAnalyticOut,
    SurveyCreateIn,
    SurveyDetailOut,
    SurveyListQuery,
    SurveyMarketListingOut,
    SurveyObtainIn,
    SurveyQuestionsOut,
    SurveyResultsOut,
    SurveyRowOut,
    SurveyStoreAnswerIn,
    SurveyStoreAnswerOut,
    SurveyTakerOut,
    SurveyUpdateIn,
    SurveyUserOut,
    SurveyUserQuery,
    SurveyUserRowOut,
)


class SurveyManagerAuth(EducatorSessionAuth):
    """Role ``survey_manager`` (decision 0041): an educator of an organization allowed to manage
    surveys; a learner gets 403 ``forbidden_role``, another educator 403
    ``survey_management_disabled`` (``services.require_manager``)."""

    role = "survey_manager"

    def permit(self, profile) -> None:
        services.require_manager(profile)


router = Router(tags=["surveys"], auth=SurveyManagerAuth())
submissions_router = Router(tags=["survey taking"], auth=ProfileSessionAuth())
learner_router = Router(tags=["survey users"], auth=ProfileSessionAuth())


def _detail(request: ProfileRequest, survey_id: int) -> SurveyDetailOut:
    """One survey of the educator's organization with its content (404 ``not_found`` otherwise)."""
    return SurveyDetailOut.model_validate(
        selectors.survey_detail(organization_id=request.auth.organization_id, survey_id=survey_id)
    )


# --- management -------------------------------------------------------------------------------


@router.get("/list", response=Envelope[Page[SurveyRowOut]])
def survey_list(request: ProfileRequest, query: Query[SurveyListQuery]):
    """The organization's surveys. Query: ``page``, ``limit``, ``search``, ``order_by`` (name,
    created_at, updated_at, starts_at, ends_at, status, takers; ``-`` descends), ``status``
    (draft, pending, published, ended, cancelled)."""
    profile = request.auth
    rows, meta = selectors.survey_list(
        organization_id=profile.organization_id,
        page=query.page,
        limit=query.limit,
        search=query.search,
        order_by=query.order_by,
        status=query.status,
    )
    return ok({"items": rows, **meta})


@router.post("", response={201: Envelope[SurveyDetailOut]})
def survey_create(request: ProfileRequest, payload: SurveyCreateIn):
    """A new draft from the default content, or a copy of ``copy_from``."""
    profile = request.auth
    survey = services.survey_create(actor=profile, copy_from=payload.copy_from, name=payload.name)
    return Status(201, ok(_detail(request, survey.pk), _("Survey created.")))


@router.get("/{int:survey_id}", response=Envelope[SurveyDetailOut])
def survey_detail(request: ProfileRequest, survey_id: Id):
    """One survey with its bilingual content (scale, groups, statements) for editing."""
    return ok(_detail(request, survey_id))


@router.put("/{int:survey_id}", response=Envelope[SurveyDetailOut])
def survey_update(request: ProfileRequest, survey_id: Id, payload: SurveyUpdateIn):
    """Edit a survey (rules in ``services.survey_update``)."""
    services.survey_update(survey_id=survey_id, data=payload.dict())
    return ok(_detail(request, survey_id), _("Survey saved."))


@router.delete("/{int:survey_id}", response=Envelope[Empty])
def survey_delete(request: HttpRequest, survey_id: Id):
    """Delete a draft (409 ``invalid_transition`` otherwise)."""
    services.survey_delete(survey_id=survey_id)
    return ok({}, _("Survey deleted."))


@router.post("/{int:survey_id}/publish", response=Envelope[SurveyDetailOut])
def survey_publish(request: ProfileRequest, survey_id: Id):
    """Draft -> published (409 ``survey_incomplete`` with the reasons)."""
    services.survey_publish(survey_id=survey_id)
    return ok(_detail(request, survey_id), _("Survey published."))


@router.post("/{int:survey_id}/end", response=Envelope[SurveyDetailOut])
def survey_end(request: ProfileRequest, survey_id: Id):
    """End a published survey now (unfinished submissions become ended)."""
    services.survey_end(survey_id=survey_id)
    return ok(_detail(request, survey_id), _("Survey ended."))


@router.post("/{int:survey_id}/cancel", response=Envelope[SurveyDetailOut])
def survey_cancel(request: ProfileRequest, survey_id: Id):
    """Cancel a draft or published survey (unfinished submissions become cancelled)."""
    services.survey_cancel(survey_id=survey_id)
    return ok(_detail(request, survey_id), _("Survey cancelled."))


@router.post("/{int:survey_id}/market-publish", response=Envelope[SurveyMarketListingOut])
def survey_market_publish(
    request: ProfileRequest,
    survey_id: Id,
    price_survey_report: PriceText = Form(""),  # noqa: B008
    description: Description = Form(""),  # noqa: B008
    cover: UploadedFile | None = File(None),  # noqa: B008
):
    """List the survey on the marketplace or update its listing (multipart: ``cover`` image,
    ``price_survey_report`` in VND, ``description``). Taking the survey is free."""
    from marketplace.selectors import listing_row

    profile = request.auth
    listing = services.survey_market_publish(
        actor=profile,
        survey_id=survey_id,
        data={"price_survey_report": price_survey_report, "description": description},
        cover=cover,
    )
    return ok(listing_row(listing), _("Published to the marketplace."))


@router.post("/{int:survey_id}/market-withdraw", response=Envelope[Empty])
def survey_market_withdraw(request: HttpRequest, survey_id: Id):
    """Take the survey off the marketplace."""
    services.survey_market_withdraw(survey_id=survey_id)
    return ok({}, _("Withdrawn from the marketplace."))


@router.get("/{int:survey_id}/takers", response=Envelope[Page[SurveyTakerOut]])
def survey_takers(request: HttpRequest, survey_id: Id, query: Query[SurveyUserQuery]):
    """Who holds the survey (``search`` name or e-mail, ``status``, ``order_by`` created_at,
    name, status, completed_at, holland_code)."""
    services.survey_get(survey_id)
    rows, meta = selectors.takers(
        survey_id=survey_id,
        page=query.page,
        limit=query.limit,
        search=query.search,
        order_by=query.order_by,
        status=query.status,
    )
    return ok({"items": rows, **meta})


@router.get("/{int:survey_id}/results", response=Envelope[SurveyResultsOut])
def survey_results(request: HttpRequest, survey_id: Id):
    """Takers by status and the distribution of Holland codes in the organization."""
    services.survey_get(survey_id)
    return ok(selectors.results(survey_id=survey_id))


# --- taking -----------------------------------------------------------------------------------


@submissions_router.get("/{int:user_survey_id}/overview", response=Envelope[SurveyUserOut])
def submission_overview(request: ProfileRequest, user_survey_id: Id):
    """The survey and where the submission stands (the learner, or an educator of the
    organization allowed to manage surveys)."""
    with learner.viewer_submission(request.auth, user_survey_id) as (organization, submission):
        taking.refresh(submission)
        return ok(selectors.overview(submission=submission, organization=organization))


@submissions_router.post(
    "/{int:user_survey_id}/start", response=Envelope[SurveyUserOut], auth=ConsentedLearnerAuth()
)
def submission_start(request: ProfileRequest, user_survey_id: Id):
    """Start (or resume) the survey; 409 with the reason when it cannot start."""
    with learner.learner_submission(request.auth, user_survey_id) as (enrollment, submission):
        submission = taking.start(submission_id=submission.pk)
        return ok(selectors.overview(submission=submission, organization=enrollment.organization))


@submissions_router.get(
    "/{int:user_survey_id}/questions", response=Envelope[SurveyQuestionsOut], auth=LearnerSessionAuth()
)
def submission_questions(request: ProfileRequest, user_survey_id: Id):
    """The statements in the learner's stable shuffled order with every saved answer."""
    with learner.learner_submission(request.auth, user_survey_id) as (_e, submission):
        return ok(taking.questions(submission=submission))


@submissions_router.post(
    "/store-answer", response=Envelope[SurveyStoreAnswerOut], auth=ConsentedLearnerAuth()
)
def submission_store_answer(request: ProfileRequest, payload: SurveyStoreAnswerIn):
    """Save one answer as it is given: ``{user_survey_id, question_id, answer}`` (1..5);
    saving again replaces it."""
    with learner.learner_submission(request.auth, payload.user_survey_id) as (_e, submission):
        return ok(
            taking.answer_store(
                submission_id=submission.pk, statement_id=payload.question_id, value=payload.answer
            )
        )


@submissions_router.post(
    "/{int:user_survey_id}/finish", response=Envelope[SurveyUserOut], auth=ConsentedLearnerAuth()
)
def submission_finish(request: ProfileRequest, user_survey_id: Id):
    """Finish: refused (409 ``survey_unanswered`` with ``unanswered``) while any statement is
    unanswered; then the scores and the Holland code are stored."""
    with learner.learner_submission(request.auth, user_survey_id) as (enrollment, submission):
        submission = taking.finish(submission_id=submission.pk)
        return ok(
            selectors.overview(submission=submission, organization=enrollment.organization),
            _("Survey completed."),
        )


@submissions_router.post("/{int:user_survey_id}/cancel", response=Envelope[Empty], auth=SurveyManagerAuth())
def submission_cancel(request: HttpRequest, user_survey_id: Id):
    """An educator cancels a learner's unfinished survey."""
    services.submission_cancel(enrollment_id=user_survey_id)
    return ok({}, _("Survey cancelled."))


# --- the learner's surveys --------------------------------------------------------------------


@learner_router.get("/my-list", response=Envelope[Page[SurveyUserRowOut]], auth=LearnerSessionAuth())
def my_list(request: ProfileRequest, query: Query[SurveyUserQuery]):
    """The learner's surveys of every organization. Query: ``limit``, ``page``, ``order_by``
    (created_at, name, status, completed_at), ``search``, ``status`` (pending, not_started,
    in_progress, completed, expired, ended, cancelled). The ongoing-survey prompt asks for
    page 1, limit 5, ``-created_at``, status in_progress."""
    rows, meta = learner.my_surveys(
        profile=request.auth,
        page=query.page,
        limit=query.limit,
        search=query.search,
        order_by=query.order_by,
        status=query.status,
    )
    return ok({"items": rows, **meta})


@learner_router.get("/available", response=Envelope[list[SurveyAvailableOut]], auth=LearnerSessionAuth())
def available(request: ProfileRequest):
    """Free surveys the learner can take and does not hold yet."""
    return ok(learner.available(profile=request.auth))


@learner_router.post(
    "", response={200: Envelope[SurveyUserOut], 201: Envelope[SurveyUserOut]}, auth=ConsentedLearnerAuth()
)
def obtain(request: ProfileRequest, payload: SurveyObtainIn):
    """Take a free survey: ``{"listing_id"}`` or ``{"test_enrollment_id", "survey_id"}``;
    201 when created, 200 with the one the learner already holds."""
    profile = request.auth
    user_survey_id, created = taking.obtain_from(profile=profile, **payload.dict())
    with learner.learner_submission(profile, user_survey_id) as (enrollment, submission):
        data = selectors.overview(submission=submission, organization=enrollment.organization)
    return Status(201 if created else 200, ok(data, _("The survey is ready for you.") if created else ""))


@learner_router.get("/{int:user_survey_id}", response=Envelope[SurveyUserOut])
def detail(request: HttpRequest, user_survey_id: Id):
    """One of the learner's surveys (the overview payload)."""
    return submission_overview(request, user_survey_id)


@learner_router.get("/{int:user_survey_id}/category-score", response=Envelope[SurveyCategoryScoreOut])
def category_score(request: ProfileRequest, user_survey_id: Id):
    """Each group's raw and normalized score; 409 ``survey_not_completed`` before finishing."""
    with learner.viewer_submission(request.auth, user_survey_id) as (_org, submission):
        return ok(selectors.category_score(submission=submission))


@learner_router.get("/{int:user_survey_id}/category-suitable", response=Envelope[SurveyCategorySuitableOut])
def category_suitable(request: ProfileRequest, user_survey_id: Id):
    """The top three groups (tie rule in ``tie_rule``) with careers and fields of study."""
    with learner.viewer_submission(request.auth, user_survey_id) as (_org, submission):
        return ok(selectors.category_suitable(submission=submission))


@learner_router.post(
    "/{int:user_survey_id}/checkout-analytic",
    response=Envelope[SurveyCheckoutAnalyticOut],
    auth=ConsentedLearnerAuth(),
)
def checkout_analytic(request: ProfileRequest, user_survey_id: Id):
    """Put the full report (survey-report add-on) in a checkout; returns the pending
    transaction to pay with POST /api/v1/transaction/pay (empty body)."""
    profile = request.auth
    with learner.learner_submission(profile, user_survey_id) as (enrollment, submission):
        return ok(
            services.checkout_analytic(
                profile=profile, organization_id=enrollment.organization_id, submission=submission
            )
        )


@learner_router.get("/{int:user_survey_id}/report/pdf")
@private_file(AccessLogEntry.Kind.SURVEY_REPORT_PDF, subject=learner.report_subject)
def report_pdf(request: ProfileRequest, user_survey_id: Id):
    """The full report as a PDF (unlocked by the add-on; 403 ``report_locked`` before, 409
    ``survey_not_completed`` before finishing)."""
    with learner.viewer_submission(request.auth, user_survey_id) as (organization, submission):
        selectors.category_score(submission=submission)  # completed, else 409
        if not submission.report_unlocked:
            raise ApplicationError(
                Code.REPORT_LOCKED, _("Unlock the full report to download it."), status=403
            )
        pdf = reports.report_pdf(submission=submission, organization_name=organization.shown_name)
        code = submission.holland_code
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="career-report-{code}-{user_survey_id}.pdf"'
    return response
