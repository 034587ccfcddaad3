/** Payload types of the rounds and test-preset API (issue 5), from the generated OpenAPI types.
 * The shared reads (presets, subjects, clusters) keep their types in `@/lib/api`. */
import type { V1Schemas } from "@/lib/api/types";

export type { Preset, PresetRow } from "@/lib/api/test-presets";
export type { Subject } from "@/lib/api/subjects";
export type { Cluster } from "@/lib/api/matrix-clusters";

export type Round = V1Schemas["RoundOut"];
export type RoundInput = V1Schemas["RoundIn"];
export type RoundStatus = "upcoming" | "open" | "closed";
export const ROUND_STATUSES: RoundStatus[] = ["upcoming", "open", "closed"];

export type PresetInput = V1Schemas["PresetIn"];
export type PresetStatus = "draft" | "approved" | "rejected" | "published";
export const PRESET_STATUSES: PresetStatus[] = ["draft", "approved", "rejected", "published"];
export type FormMode = "shared" | "per_learner";

/** A test bank (issue 19): a named collection of the organization's tests. */
export type TestBank = V1Schemas["TestBankOut"];

export type Batch = V1Schemas["PresetBatchOut"];
export type BatchInput = V1Schemas["BatchIn"];

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
