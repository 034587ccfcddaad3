/** Payload types of item analysis (issue 19, section 2; decision 0017; platform/assignments/
 * schemas/item_analysis.py), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type ItemAnalysis = V1Schemas["ItemAnalysisOut"];
export type ItemSummary = V1Schemas["ItemSummaryOut"];
export type ItemQuestion = V1Schemas["ItemQuestionOut"];
export type ItemPart = V1Schemas["ItemPartOut"];
export type ItemState = V1Schemas["ItemStateOut"];
export type HistogramBin = V1Schemas["HistogramBinOut"];

/** A test's analysis (every counted attempt) or one batch's. */
export type ItemAnalysisScope = "preset" | "batch";

export const itemAnalysisKeys = {
  all: ["item-analysis"] as const,
  detail: (scope: ItemAnalysisScope, id: number) => [...itemAnalysisKeys.all, scope, id] as const,
};

/** The API path of a scope's analysis. */
export const itemAnalysisPath = (scope: ItemAnalysisScope, id: number) =>
  `${scope === "preset" ? "/api/v1/test-presets" : "/api/v1/batches"}/${id}/item-analysis`;

/** Poll every `ms` while the analysis is queued or running. */
export const POLL_MS = 2000;

export function computing(analysis: ItemAnalysis | undefined): boolean {
  return analysis?.state.status === "queued" || analysis?.state.status === "running";
}
