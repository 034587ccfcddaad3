import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { KeyCorrection } from "./get-key-corrections";
import { questionKeys } from "./keys";
import type { KeyBody } from "./preview-key-correction";

/** POST /api/v1/questions/{id}/key-corrections (`{answer_key, reason, digest}`), 202: the key of
 * the version is corrected in place and its attempts are re-scored in the background
 * (`KeyCorrectionOut`, queued). 400 on `reason` or `answer_key...`; 409 `key_correction_stale`
 * (results changed since the preview), `key_correction_running`. Silent: the dialog shows the
 * refusal. The question, its history and its corrections are read again. */
export function correctKey({
  id,
  key,
  reason,
  digest,
}: {
  id: number;
  key: KeyBody;
  reason: string;
  digest: string;
}): Promise<KeyCorrection> {
  return api<KeyCorrection>(`/api/v1/questions/${id}/key-corrections`, {
    method: "POST",
    body: { answer_key: key, reason, digest },
    silent: true,
  });
}

export function useCorrectKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctKey,
    onSuccess: async (_made, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionKeys.keyCorrections(id) }),
        queryClient.invalidateQueries({ queryKey: questionKeys.detail(id) }),
      ]);
    },
  });
}
