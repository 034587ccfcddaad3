/** Payload types of the educator grading and results API (issue 7; platform/assignments/
 * api_grading.py), all from the generated OpenAPI types (platform/assignments/schemas.py;
 * ./ops/openapi-types). Only the query parameters and the picker options are declared here. */
import type { V1Schemas } from "@/lib/api/types";

export type AttemptResult = V1Schemas["AttemptRowOut"]["result"];
export const RESULTS: AttemptResult[] = ["pending", "passed", "failed"];

/** An answer's stored shape (decision 0008): single `{option}`, multiple `{options}`,
 * true/false `{value}`, short text and essay `{text}`. */
export type AnswerValue = NonNullable<V1Schemas["GradingRowOut"]["answer"]>;

/** A row of GET /api/v1/grading and its query (`@/lib/api/grading`: a test's page reads it too). */
export type { GradingQuery, GradingRow } from "@/lib/api/grading";
/** A row of GET /api/v1/attempts. */
export type AttemptRow = V1Schemas["AttemptRowOut"];
export type IntegrityEvent = V1Schemas["IntegrityEventOut"];
export type AttemptAnswer = V1Schemas["AttemptAnswerOut"];
/** GET /api/v1/attempts/{id}. */
export type AttemptDetail = V1Schemas["AttemptDetailOut"];
/** A row of GET /api/v1/batches/{id}/progress. */
export type ProgressRow = V1Schemas["ProgressRowOut"];
export type Accommodation = V1Schemas["AccommodationOut"];

export interface AttemptQuery {
  page: number;
  limit: number;
  preset_id?: number;
  batch_id?: number;
  result?: string;
  search?: string;
}

export interface AccommodationInput {
  learner_profile_id: number;
  preset_id: number | null;
  factor: number;
  extra_minutes: number;
  reason: string;
}

/** A test of the filters and pickers (id and name of GET /api/v1/test-presets). */
export interface PresetOption {
  id: number;
  name: string;
}

/** GET /api/v1/test-presets/{id}/gradebook and /api/v1/batches/{id}/gradebook (issue 19). */
export type Gradebook = V1Schemas["GradebookPageOut"];
export type GradebookRow = V1Schemas["GradebookRowOut"];
/** A part of the test, a column of the gradebook (decision 0056). */
export type GradebookPart = V1Schemas["GradebookPartOut"];
export type IntegrityFlag = GradebookRow["integrity"][number];
/** Whose gradebook: a test's (every batch) or one batch's. */
export type GradebookScope = "preset" | "batch";

export interface GradebookQuery {
  page: number;
  limit: number;
  search?: string;
  /** learner_name (default), score, result, submitted_at; "-" for descending. */
  order_by?: string;
}
