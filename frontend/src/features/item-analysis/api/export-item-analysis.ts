import { downloadFile } from "@/lib/download";

import { itemAnalysisPath, type ItemAnalysisScope } from "./types";

/** GET /api/v1/test-presets/{id}/item-analysis/export or /api/v1/batches/{id}/item-analysis/
 * export: the per-question table and a Summary sheet as .xlsx in the chosen language, saved under
 * the server's file name. 409 `item_analysis_not_ready` before a first computation. */
export function exportItemAnalysis(scope: ItemAnalysisScope, id: number): Promise<string> {
  return downloadFile(`${itemAnalysisPath(scope, id)}/export`, `item-analysis-${scope}-${id}.xlsx`);
}
