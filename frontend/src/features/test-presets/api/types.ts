/** Payload types of the rounds and test-preset API (issue 5), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type Round = V1Schemas["RoundOut"];
export type RoundInput = V1Schemas["RoundIn"];
export type RoundStatus = "upcoming" | "open" | "closed";
export const ROUND_STATUSES: RoundStatus[] = ["upcoming", "open", "closed"];

export type Preset = V1Schemas["PresetOut"];
export type PresetInput = V1Schemas["PresetIn"];
export type PresetRow = V1Schemas["PresetRowOut"];
export type PresetStatus = "draft" | "approved" | "rejected" | "published";
export const PRESET_STATUSES: PresetStatus[] = ["draft", "approved", "rejected", "published"];
export type FormMode = "shared" | "per_learner";

export type Batch = V1Schemas["PresetBatchOut"];
export type BatchInput = V1Schemas["BatchIn"];
export type Subject = V1Schemas["SubjectOut"];
export type Cluster = V1Schemas["ClusterOut"];
/** A survey of the organization that a preset can link (from /api/v1/surveys/list). */
export type PublishedSurvey = Pick<V1Schemas["SurveyRowOut"], "id" | "name" | "status">;

/** A row of the generated form; `question` is shaped as in /api/v1/questions. */
export type FormQuestion = V1Schemas["FormQuestionOut"];

/** One short blueprint item of a failed generation (400 `generation_failed`, `shortfalls`). */
export interface Shortfall {
  subject: string;
  cluster: string;
  complexity_level: string;
  needed: number;
  available: number;
  missing: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  status?: string;
  order_by?: string;
}
