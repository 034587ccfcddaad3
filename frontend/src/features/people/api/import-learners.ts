import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invitationsKey } from "./list-invitations";
import type { ImportReport } from "./types";

/** POST /api/v1/organization/invitations/import?dry_run= (multipart, field ``file``: .xlsx or
 * .csv with an ``email`` column). A dry run reports every bad row; a real run invites all rows or
 * nobody (400 ``import_invalid`` with ``report``). Errors are shown in the dialog (silent). */
export function importLearners({ file, dryRun }: { file: File; dryRun: boolean }): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  return api<ImportReport>("/api/v1/organization/invitations/import", {
    method: "POST",
    body: form,
    query: { dry_run: dryRun },
    silent: true,
  });
}

export function useImportLearners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLearners,
    onSuccess: (_report, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });
}
