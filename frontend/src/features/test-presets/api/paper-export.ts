/** Paper tests (issue 36, item 3): print a generated test in shuffled versions. POST starts a
 * background export; GET polls it; its `download_url` answers the .zip. */
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";

import { api, request } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { fileNameFromDisposition, saveBlob } from "@/lib/download";

export type PaperExport = V1Schemas["PaperExportOut"];
export type PaperExportInput = V1Schemas["PaperExportIn"];
export type PaperLanguage = "vi" | "en";

/** The bounds the server checks (`MAX_VERSIONS`). */
export const MIN_VERSIONS = 1;
export const MAX_VERSIONS = 10;

const base = (presetId: number) => `/api/v1/test-presets/${presetId}/paper-exports`;

/** POST /api/v1/test-presets/{id}/paper-exports: queues the export (202 with the job). */
export function startPaperExport(presetId: number, input: PaperExportInput): Promise<PaperExport> {
  return api<PaperExport>(base(presetId), { method: "POST", body: input });
}

export function useStartPaperExport(presetId: number) {
  return useMutation({ mutationFn: (input: PaperExportInput) => startPaperExport(presetId, input) });
}

/** GET /api/v1/test-presets/{id}/paper-exports/{job}: status and progress. */
export const paperExportQuery = (presetId: number, jobId: string) =>
  queryOptions({
    queryKey: ["test-presets", presetId, "paper-exports", jobId],
    queryFn: () => api<PaperExport>(`${base(presetId)}/${jobId}`),
  });

/** Polls every second until the export is done or failed. */
export function usePaperExport(presetId: number, jobId: string | null) {
  return useQuery({
    ...paperExportQuery(presetId, jobId ?? ""),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : 1000;
    },
  });
}

/** Downloads the finished .zip under the server's file name; returns that name. */
export async function downloadPaperExport(job: PaperExport): Promise<string> {
  const response = await request<Response>(job.download_url ?? "", { raw: true });
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition"), job.file_name);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
