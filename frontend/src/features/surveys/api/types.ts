/** Payload types of the surveys API (issue 8), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type { SurveyRow } from "@/lib/api/surveys";
export type SurveyDetail = V1Schemas["SurveyDetailOut"];
export type SurveyInput = V1Schemas["SurveyUpdateIn"];
export type MarketListing = V1Schemas["SurveyMarketListingOut"];
export type Taker = V1Schemas["SurveyTakerOut"];
export type SurveyResults = V1Schemas["SurveyResultsOut"];
export type SurveyUserRow = V1Schemas["SurveyUserRowOut"];
export type SurveyUser = V1Schemas["SurveyUserOut"];
export type AvailableSurvey = V1Schemas["SurveyAvailableOut"];
export type Questions = V1Schemas["SurveyQuestionsOut"];
export type Question = V1Schemas["SurveyQuestionOut"];
export type GroupProgress = V1Schemas["SurveyGroupProgress"];
export type StoredAnswer = V1Schemas["SurveyStoreAnswerOut"];
export type CategoryScore = V1Schemas["SurveyCategoryScoreOut"];
export type GroupScore = V1Schemas["SurveyGroupScore"];
export type CategorySuitable = V1Schemas["SurveyCategorySuitableOut"];
export type SuitableGroup = V1Schemas["SurveySuitableGroup"];
export type CheckoutAnalytic = V1Schemas["SurveyCheckoutAnalyticOut"];
/** A survey's content as stored and edited: bilingual texts and lists, groups, scale points. */
export type Bilingual = V1Schemas["SurveyBilingualText"];
export type BilingualList = V1Schemas["SurveyBilingualList"];
export type GroupContent = V1Schemas["SurveyGroupContent"];
export type ScaleContent = V1Schemas["SurveyScalePointContent"];

export type { SurveyListQuery as ListQuery } from "@/lib/api/surveys";

/** The RIASEC groups in hexagon order. */
export const RIASEC = ["R", "I", "A", "S", "E", "C"] as const;
export type GroupCode = (typeof RIASEC)[number];

/** Statuses of a learner's survey (spec §4) and of a survey. */
export const SUBMISSION_STATUSES = [
  "not_started",
  "pending",
  "in_progress",
  "completed",
  "expired",
  "ended",
  "cancelled",
] as const;
export const SURVEY_STATUSES = ["draft", "pending", "published", "ended", "cancelled"] as const;
