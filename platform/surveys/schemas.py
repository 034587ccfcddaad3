"""Request and response schemas of the surveys API (issue 8; spec section 7 "Surveys")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema


class SurveyOrganizationRef(Schema):
    id: int
    name: str


class SurveyListingRef(Schema):
    id: int
    price_survey_report: int | None
    cover_image: str | None


class SurveyRowOut(Schema):
    id: int
    name: str
    status: str
    is_default: bool
    statement_count: int
    time_limit_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    taker_count: int
    completed_count: int
    listing: SurveyListingRef | None
    created_by_name: str
    created_at: datetime
    updated_at: datetime
    published_at: datetime | None


class SurveyStatementIO(Schema):
    id: int | None = None
    group: str
    text: dict[str, str]


class SurveyDetailOut(SurveyRowOut):
    name_en: str
    description: str
    description_en: str
    scale: list[dict[str, Any]]
    groups: list[dict[str, Any]]
    statements: list[SurveyStatementIO]
    stored_status: str
    structure_locked: bool


class SurveyListQuery(Schema):
    page: int = 1
    limit: int = 10
    search: str = ""
    order_by: str = ""
    status: str = ""


class SurveyCreateIn(Schema):
    copy_from: int | None = None
    name: str = ""


class SurveyUpdateIn(Schema):
    name: str = ""
    name_en: str = ""
    description: str = ""
    description_en: str = ""
    time_limit_minutes: int | None = None
    starts_at: datetime | None = None
    ends_at: datetime | None = None
    scale: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    statements: list[dict[str, Any]] = []


class SurveyMarketListingOut(Schema):
    id: int
    kind: str
    preset_id: int
    name: str
    description: str
    cover_image: str | None
    price_test_only: int
    price_survey_report: int | None
    status: str


class SurveyTakerOut(Schema):
    user_survey_id: int | None
    learner_profile_id: int
    learner_name: str
    learner_email: str
    status: str
    source: str
    answered: int
    started_at: datetime | None
    completed_at: datetime | None
    holland_code: str
    report_unlocked: bool
    created_at: datetime


class SurveyCodeCount(Schema):
    code: str
    count: int


class SurveyStatusCount(Schema):
    status: str
    count: int


class SurveyGroupMean(Schema):
    code: str
    mean: float


class SurveyResultsOut(Schema):
    takers: int
    completed: int
    by_status: list[SurveyStatusCount]
    codes: list[SurveyCodeCount]
    first_letters: list[SurveyCodeCount]
    mean_normalized: list[SurveyGroupMean]


# --- learner side ------------------------------------------------------------------------------


class SurveyUserQuery(Schema):
    page: int = 1
    limit: int = 10
    order_by: str = ""
    search: str = ""
    status: str = ""


class SurveyUserRowOut(Schema):
    """One of the learner's surveys; ``id`` and ``survey_id`` are the user_survey_id."""

    id: int
    survey_id: int
    organization_survey_id: int
    organization: SurveyOrganizationRef
    name: str
    status: str
    time_limit_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    started_at: datetime | None
    deadline_at: datetime | None
    completed_at: datetime | None
    holland_code: str
    report_unlocked: bool
    answered: int
    total: int
    created_at: datetime


class SurveyScalePoint(Schema):
    value: int
    label: str


class SurveyUserOut(Schema):
    """The overview of one submission (learner or educator view)."""

    id: int
    survey_id: int
    organization_survey_id: int
    organization: SurveyOrganizationRef
    name: str
    description: str
    status: str
    survey_status: str
    learner_name: str
    statement_count: int
    group_count: int
    scale: list[SurveyScalePoint]
    time_limit_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    started_at: datetime | None
    deadline_at: datetime | None
    completed_at: datetime | None
    answered: int
    total: int
    holland_code: str
    report_unlocked: bool
    report_price: int | None
    can_start: bool
    created_at: datetime
    server_now: datetime


class SurveyAvailableOut(Schema):
    source: str
    listing_id: int | None
    test_enrollment_id: int | None
    test_name: str
    organization_survey_id: int
    organization: SurveyOrganizationRef
    name: str
    description: str
    statement_count: int
    time_limit_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    status: str
    price_survey_report: int | None
    cover_image: str | None


class SurveyObtainIn(Schema):
    listing_id: int | None = None
    test_enrollment_id: int | None = None
    survey_id: int | None = None


class SurveyGroupRef(Schema):
    code: str
    name: str


class SurveyGroupProgress(Schema):
    code: str
    answered: int
    total: int


class SurveyQuestionOut(Schema):
    id: int
    number: int
    group: str
    text: str
    answer: int | None


class SurveyQuestionsOut(Schema):
    user_survey_id: int
    status: str
    editable: bool
    scale: list[SurveyScalePoint]
    groups: list[SurveyGroupRef]
    questions: list[SurveyQuestionOut]
    answered: int
    total: int
    progress: list[SurveyGroupProgress]
    deadline_at: datetime | None
    server_now: datetime


class SurveyStoreAnswerIn(Schema):
    user_survey_id: int
    question_id: int
    answer: Any = None


class SurveyStoreAnswerOut(Schema):
    question_id: int
    answer: int
    answered: int
    total: int
    progress: list[SurveyGroupProgress]


class SurveyGroupScore(Schema):
    code: str
    name: str
    count: int
    raw: int
    min: int
    max: int
    normalized: float
    strongly_agree: int
    rank: int


class SurveyCategoryScoreOut(Schema):
    user_survey_id: int
    holland_code: str
    ranking: list[str]
    ties: list[list[str]]
    tie_broken: bool
    differentiation: float
    consistency: str
    groups: list[SurveyGroupScore]


class SurveySuitableGroup(Schema):
    code: str
    rank: int
    raw: int
    normalized: float
    name: str
    nickname: str
    description: str
    traits: list[str]
    careers: list[str]
    fields: list[str]
    combinations: list[str]
    tips: str


class SurveyCategorySuitableOut(Schema):
    user_survey_id: int
    holland_code: str
    tie_broken: bool
    ties: list[list[str]]
    tie_rule: str
    report_unlocked: bool
    groups: list[SurveySuitableGroup]


class SurveyPendingTransaction(Schema):
    id: int
    status: str
    amount: int
    remark: str
    created_at: datetime
    expires_at: datetime


class SurveyCheckoutAnalyticOut(Schema):
    transaction: SurveyPendingTransaction | None
    report_unlocked: bool
    report_price: int | None
