import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type ApiEnvelope, request } from "@/lib/api-client";

import { invitationsKey } from "./list-invitations";
import type { ImportJob, ImportOutcome, ImportReport } from "./types";

/** POST /api/v1/organization/invitations/import?dry_run= (multipart, field ``file``: .xlsx or
 * .csv with an ``email`` column). A dry run reports every bad row; a real run invites all rows or
 * nobody (400 ``import_invalid`` with ``report``). A file of more rows than the server imports
 * at once answers 202 with a background job to poll (``useImportJob``; issue 16 item 8). Errors
 * are shown in the dialog (silent). */
export async function importLearners({
  file,
  dryRun,
}: {
  file: File;
  dryRun: boolean;
}): Promise<ImportOutcome> {
  const form = new FormData();
  form.append("file", file);
  const response = await request<Response>("/api/v1/organization/invitations/import", {
    method: "POST",
    body: form,
    query: { dry_run: dryRun },
    silent: true,
    raw: true,
  });
  if (response.status === 202) {
    return { kind: "job", job: ((await response.json()) as ApiEnvelope<ImportJob>).data };
  }
  return { kind: "report", report: ((await response.json()) as ApiEnvelope<ImportReport>).data };
}

export function useImportLearners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLearners,
    onSuccess: (outcome, { dryRun }) => {
      if (!dryRun && outcome.kind === "report")
        void queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });
}
