"""Request and response schemas of the surveys API (issue 8; spec section 7 "Surveys")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema

from config.fields import (
    CheckedInt,
    Choice,
    ColumnText,
    DateTimeIn,
    Description,
    Id,
    Json,
    Limit,
    List,
    OrderBy,
    PageNo,
    Search,
    Text,
)
from surveys import content
from surveys.models import Survey

# Request bounds (issue 16, item 9; config.fields). A survey's scale, groups and statements are kept
# in JSONField columns: each is capped as compact JSON, above what ``surveys.content`` accepts (it
# says "This value is too long." past ``content.MAX_TEXT`` characters per text, and "Too many
# statements." past ``STATEMENTS_MAX // 2``), so its messages are the ones authors see.
STATEMENTS_MAX = len(content.RIASEC) * content.STATEMENTS_PER_GROUP * 4
STATEMENTS_JSON_MAX = 1_000_000
GROUPS_JSON_MAX = 200_000
SCALE_JSON_MAX = 20_000
SURVEY_ANSWER_JSON_MAX = 32
"""One answer: a scale value (1..5); the service refuses anything else with its own message."""
PriceText = Text(32)
"""The report price as typed in the market-publish form (VND digits); the service parses it."""


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
    page: PageNo = 1
    limit: Limit = 10
    search: Search = ""
    order_by: OrderBy = ""
    status: Choice = ""


class SurveyCreateIn(Schema):
    copy_from: Id | None = None
    name: ColumnText(Survey, "name") = ""


class SurveyUpdateIn(Schema):
    name: ColumnText(Survey, "name") = ""
    name_en: ColumnText(Survey, "name_en") = ""
    description: Description = ""
    description_en: Description = ""
    time_limit_minutes: CheckedInt | None = None  # 1..600, checked by the service
    starts_at: DateTimeIn | None = None
    ends_at: DateTimeIn | None = None
    scale: Json(List(dict[str, Any], content.SCALE_POINTS * 4), SCALE_JSON_MAX) = []
    groups: Json(List(dict[str, Any], len(content.RIASEC) * 4), GROUPS_JSON_MAX) = []
    statements: Json(List(dict[str, Any], STATEMENTS_MAX), STATEMENTS_JSON_MAX) = []


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
    page: PageNo = 1
    limit: Limit = 10
    order_by: OrderBy = ""
    search: Search = ""
    status: Choice = ""


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
    listing_id: Id | None = None
    test_enrollment_id: Id | None = None
    survey_id: Id | None = None


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
    user_survey_id: Id
    question_id: Id
    answer: Json(Any, SURVEY_ANSWER_JSON_MAX) = None


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
