import { request } from "@/lib/api-client";
import { fileNameFromDisposition } from "@/lib/download";

import { dropEmpty, type ExportJob, type MarketFilters } from "./types";

export type ExportResult = { kind: "file"; blob: Blob; fileName: string } | { kind: "job"; job: ExportJob };

/** A POST that answers a file (200) or a background job (202, JSON envelope). */
async function postForFile(
  path: string,
  init: { query?: Record<string, string | number | undefined>; body?: unknown },
  fallbackName: string,
): Promise<ExportResult> {
  const response = await request<Response>(path, { method: "POST", ...init, raw: true });
  if (response.status === 202) {
    const envelope = (await response.json()) as { data: ExportJob };
    return { kind: "job", job: envelope.data };
  }
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition"), fallbackName);
  return { kind: "file", blob: await response.blob(), fileName };
}

/** POST .../markets/assessments/transactions/export (body filters incl. test_preset_id): the
 * .xlsx, default name market-assessment-transactions-{preset or all}.xlsx. */
export function exportTransactions(filters: MarketFilters, search = ""): Promise<ExportResult> {
  return postForFile(
    "/api/v1/transaction/analytics/markets/assessments/transactions/export",
    { query: { search: search || undefined }, body: dropEmpty(filters) },
    `market-assessment-transactions-${filters.test_preset_id ?? "all"}.xlsx`,
  );
}

/** POST /api/v1/transaction/analytics/export-dashboard (query filters): the dashboard PDF,
 * default name transactions-dashboard.pdf. */
export function exportDashboard(filters: MarketFilters): Promise<ExportResult> {
  const query = dropEmpty(filters) as Record<string, string | number | undefined>;
  return postForFile(
    "/api/v1/transaction/analytics/export-dashboard",
    { query },
    "transactions-dashboard.pdf",
  );
}

/** GET a finished background export (the job's download_url) as a file. Failures are not
 * toasted here (the export button says the download failed, with the server's reason). */
export async function downloadJobFile(job: ExportJob): Promise<{ blob: Blob; fileName: string }> {
  const response = await request<Response>(job.download_url ?? "", { raw: true, silent: true });
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition"), job.file_name);
  return { blob: await response.blob(), fileName };
}
