import { type ApiEnvelope, request } from "@/lib/api-client";

import type { ImportJob, ImportJobReport, ImportOutcome } from "./types";

/** POSTs a spreadsheet (multipart ``file``) to an import endpoint with ``?dry_run=``: the report
 * at once (200), or, for a file of more rows than the server imports at once, the background job
 * to poll (202, ``useImportJob``; issue 16 item 8). Refusals throw ``ApiError`` (silent: the
 * dialog shows them, 400 ``import_invalid`` with ``report``). */
export async function uploadImport<Report extends ImportJobReport>(
  path: string,
  { file, dryRun }: { file: File; dryRun: boolean },
): Promise<ImportOutcome<Report>> {
  const form = new FormData();
  form.append("file", file);
  const response = await request<Response>(path, {
    method: "POST",
    body: form,
    query: { dry_run: dryRun },
    silent: true,
    raw: true,
  });
  if (response.status === 202) {
    return { kind: "job", job: ((await response.json()) as ApiEnvelope<ImportJob<Report>>).data };
  }
  return { kind: "report", report: ((await response.json()) as ApiEnvelope<Report>).data };
}
