import { downloadFile } from "@/lib/download";

import type { GradebookScope } from "./types";

/** GET /api/v1/test-presets/{id}/gradebook/export or /api/v1/batches/{id}/gradebook/export: the
 * gradebook as .xlsx in the chosen language (the API client sends Accept-Language), with the
 * list's search and order, saved under the server's file name (gradebook-preset-{id}.xlsx or
 * gradebook-batch-{id}.xlsx). */
export async function exportGradebook(
  scope: GradebookScope,
  id: number,
  query: { search?: string; order_by?: string },
): Promise<string> {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.order_by) params.set("order_by", query.order_by);
  const suffix = params.toString() ? `?${params.toString()}` : "";
  const base = scope === "preset" ? `/api/v1/test-presets/${id}` : `/api/v1/batches/${id}`;
  return downloadFile(`${base}/gradebook/export${suffix}`, `gradebook-${scope}-${id}.xlsx`);
}
