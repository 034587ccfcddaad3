import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type KeyCorrectionPreview = V1Schemas["KeyCorrectionPreviewOut"];
/** A key as sent: the stored shape of the question's type (`Question`'s docstring on the server). */
export type KeyBody = Record<string, unknown>;

/** POST /api/v1/questions/{id}/key-corrections/preview (`{answer_key}`): every submitted attempt
 * given the version with its question score and total before and after, changed ones first,
 * written nowhere, and the `digest` to confirm with. 400 with field errors on `answer_key...`;
 * 409 `key_correction_not_auto_scored` / `key_correction_not_used`. Silent: the dialog shows the
 * refusal. */
export function previewKeyCorrection({
  id,
  key,
}: {
  id: number;
  key: KeyBody;
}): Promise<KeyCorrectionPreview> {
  return api<KeyCorrectionPreview>(`/api/v1/questions/${id}/key-corrections/preview`, {
    method: "POST",
    body: { answer_key: key },
    silent: true,
  });
}

export function usePreviewKeyCorrection() {
  return useMutation({ mutationFn: previewKeyCorrection });
}
