import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { presetChanged } from "./preset-changed";
import type { Preset } from "./types";

/** POST /api/v1/test-presets/{id}/approve or /reject (organization admins; 403
 * `not_org_admin`; 400 `preset_not_ready` with the reasons in `errors`; reject needs a
 * comment). Errors are shown by the caller (silent). */
export function reviewPreset({
  id,
  action,
  comment,
}: {
  id: number;
  action: "approve" | "reject";
  comment: string;
}): Promise<Preset> {
  return api<Preset>(`/api/v1/test-presets/${id}/${action}`, {
    method: "POST",
    body: { comment },
    silent: true,
  });
}

export function useReviewPreset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: "approve" | "reject"; comment: string }) => reviewPreset({ id, ...input }),
    onSuccess: (preset) => presetChanged(queryClient, id, { preset }),
  });
}
