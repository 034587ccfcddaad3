import { useMutation, useQueryClient } from "@tanstack/react-query";

import { uploadImport } from "@/components/import-job/api/upload-import";

import { invitationKeys } from "./list-invitations";
import type { ImportReport } from "./types";

/** POST /api/v1/organization/invitations/import?dry_run= (multipart, field ``file``: .xlsx or
 * .csv with an ``email`` column). A dry run reports every bad row; a real run invites all rows or
 * nobody (400 ``import_invalid`` with ``report``). A file of more rows than the server imports
 * at once answers 202 with a background job to poll (``useImportJob``; issue 16 item 8). Errors
 * are shown in the dialog (silent). */
export const importLearners = ({ file, dryRun }: { file: File; dryRun: boolean }) =>
  uploadImport<ImportReport>("/api/v1/organization/invitations/import", { file, dryRun });

export function useImportLearners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLearners,
    onSuccess: (outcome, { dryRun }) => {
      if (!dryRun && outcome.kind === "report")
        void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
    },
  });
}
