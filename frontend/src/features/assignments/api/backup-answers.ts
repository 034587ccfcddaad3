import { useMutation, useQueryClient } from "@tanstack/react-query";

import { request, type ApiEnvelope } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

import { invalidateAfterAssignment } from "./invalidate";

/** A backup answers file checked or applied (issue 38, item 3): the attempt, and each answer of
 * the file with the answer held, the file's and the outcome. */
export type BackupAnswers = V1Schemas["BackupAnswersOut"];
export type BackupRow = V1Schemas["BackupRowOut"];

function send(batchId: number, file: File, apply: boolean): Promise<ApiEnvelope<BackupAnswers>> {
  const form = new FormData();
  form.append("file", file, file.name);
  const path = `/api/v1/batches/${batchId}/backup-answers${apply ? "" : "/preview"}`;
  return request<ApiEnvelope<BackupAnswers>>(path, { method: "POST", body: form, silent: true });
}

/** POST /api/v1/batches/{batch_id}/backup-answers/preview (multipart `file`): what a learner's
 * backup answers file would change; nothing is written. Refusals (shown inline, silent): 413
 * `backup_too_large`, 400 `backup_invalid`, 409 `backup_other_attempt`, 400 `backup_edited`, 409
 * `backup_replayed`, each with its message in the reader's language. */
export function useBackupPreview(batchId: number) {
  return useMutation({ mutationFn: (file: File) => send(batchId, file, false).then((e) => e.data) });
}

/** POST /api/v1/batches/{batch_id}/backup-answers (multipart `file`): applies the file once the
 * invigilator confirmed the preview: the answers are written, the upload recorded and the attempt
 * submitted or scored again. Resolves with the envelope (its `message`: "Backup applied: 2
 * answers changed."). Refusals as for the preview. */
export function useBackupApply(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => send(batchId, file, true),
    onSuccess: () => invalidateAfterAssignment(queryClient),
  });
}
