"""Request and response schemas of the surveys API (issue 8; spec section 7 "Surveys")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import Field

from config.fields import (
    BIGINT_MAX,
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
CONTENT_TEXT_MAX = content.MAX_TEXT * 2
"""One text of the content (a label, a group's name or description, a statement) in one language:
above ``content.MAX_TEXT``, so the service's "This value is too long." on the exact field
(``statements.3.text.vi``) is the message authors see."""
CONTENT_LINE_MAX = content.MAX_TEXT
"""One line of a group's list (a trait, a career...): the service keeps 200 characters of it."""
CONTENT_LINES_MAX = content.MAX_ITEMS * 5
"""Lines of one list in one language: the service keeps the first ``content.MAX_ITEMS``."""
GroupCode = Literal["R", "I", "A", "S", "E", "C"]
"""A RIASEC group (``surveys.models.RIASEC``)."""


def ContentList(item: Any, max_items: int, max_chars: int) -> Any:  # noqa: N802 - a type factory
    """A list of typed content items (at most ``max_items``) whose JSON as sent takes at most
    ``max_chars`` characters (OpenAPI ``maxItems`` and ``x-max-chars``, as ``config.fields.Json``)."""
    return Json(List(item, max_items), max_chars)


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


# --- content (``surveys.content``): what the edit form reads and sends --------------------------


class SurveyBilingualText(Schema):
    """A text in both languages as stored; readers see theirs and fall back to the other."""

    vi: str
    en: str


class SurveyBilingualList(Schema):
    """A list of lines in both languages as stored (a group's traits, careers...)."""

    vi: list[str]
    en: list[str]


class SurveyScalePointContent(Schema):
    """One point of the 5-point agreement scale: ``value`` 1..5 and its label."""

    value: int
    label: SurveyBilingualText


class SurveyGroupContent(Schema):
    """One RIASEC group with its texts and lists (spec section 9)."""

    code: GroupCode
    name: SurveyBilingualText
    nickname: SurveyBilingualText
    description: SurveyBilingualText
    tips: SurveyBilingualText
    traits: SurveyBilingualList
    careers: SurveyBilingualList
    fields: SurveyBilingualList
    combinations: SurveyBilingualList


class SurveyStatementIO(Schema):
    """One statement in authored order: ``id`` (null for a new one in a draft), group, text."""

    id: int | None = None
    group: str
    text: SurveyBilingualText


class SurveyDetailOut(SurveyRowOut):
    name_en: str
    description: str
    description_en: str
    scale: list[SurveyScalePointContent]
    groups: list[SurveyGroupContent]
    statements: list[SurveyStatementIO]
    stored_status: str
    structure_locked: bool


class SurveyBilingualTextIn(Schema):
    """A text of the content as sent: each language optional here; the service requires what it
    requires (``surveys.content``, 400 with the field's path)."""

    vi: Text(CONTENT_TEXT_MAX) = ""
    en: Text(CONTENT_TEXT_MAX) = ""


class SurveyBilingualListIn(Schema):
    vi: List(Text(CONTENT_LINE_MAX), CONTENT_LINES_MAX) = []
    en: List(Text(CONTENT_LINE_MAX), CONTENT_LINES_MAX) = []


class SurveyScalePointIn(Schema):
    """A scale point as sent; its ``value`` is ignored (the service numbers the points 1..5)."""

    value: CheckedInt | None = None
    label: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)


class SurveyGroupIn(Schema):
    """A group as sent; ``code`` is checked by the service (the six groups, once each)."""

    code: Choice = ""
    name: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)
    nickname: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)
    description: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)
    tips: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)
    traits: SurveyBilingualListIn = Field(default_factory=SurveyBilingualListIn)
    careers: SurveyBilingualListIn = Field(default_factory=SurveyBilingualListIn)
    fields: SurveyBilingualListIn = Field(default_factory=SurveyBilingualListIn)
    combinations: SurveyBilingualListIn = Field(default_factory=SurveyBilingualListIn)


class SurveyStatementIn(Schema):
    """A statement as sent: ``id`` of an existing one (required once published), ``group`` (one
    of R I A S E C, checked by the service), ``text``."""

    id: Id | None = None
    group: Choice = ""
    text: SurveyBilingualTextIn = Field(default_factory=SurveyBilingualTextIn)


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
    scale: ContentList(SurveyScalePointIn, content.SCALE_POINTS * 4, SCALE_JSON_MAX) = []
    groups: ContentList(SurveyGroupIn, len(content.RIASEC) * 4, GROUPS_JSON_MAX) = []
    statements: ContentList(SurveyStatementIn, STATEMENTS_MAX, STATEMENTS_JSON_MAX) = []


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


SurveyAnswerValue = Annotated[int, Field(strict=True, ge=-BIGINT_MAX - 1, le=BIGINT_MAX)]
"""An answer: a JSON whole number (text, ``true`` or ``2.5`` are 422 ``validation_error`` on
``answer``); the service takes a value on the scale (1..5) and refuses any other number, or no
answer, with 400 ``invalid_answer`` ("Choose one of the allowed values.")."""


class SurveyStoreAnswerIn(Schema):
    user_survey_id: Id
    question_id: Id
    answer: SurveyAnswerValue | None = None


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
