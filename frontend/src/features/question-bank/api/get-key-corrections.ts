import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { jobPollInterval } from "@/lib/job-poll";

import { questionKeys } from "./keys";

export type KeyCorrectionPanel = V1Schemas["KeyCorrectionPanelOut"];
export type KeyCorrection = V1Schemas["KeyCorrectionOut"];
export type CorrectionKey = V1Schemas["CorrectionKeyOut"];

/** GET /api/v1/questions/{id}/key-corrections (issue 39 item 2; decision 0058): whether the
 * version's key can be corrected after the exam (`blocked`: `not_auto_scored`, `not_used`), its
 * key, options and statements, the attempts given it, its later versions and its corrections,
 * newest first. Polled every second while the newest one is queued or running (the one rule of
 * `jobPollInterval`). */
export function getKeyCorrections(id: number): Promise<KeyCorrectionPanel> {
  return api<KeyCorrectionPanel>(`/api/v1/questions/${id}/key-corrections`);
}

export const keyCorrectionsQuery = (id: number) =>
  queryOptions({
    queryKey: questionKeys.keyCorrections(id),
    queryFn: () => getKeyCorrections(id),
    refetchInterval: (query) =>
      jobPollInterval({
        state: { data: query.state.data?.corrections[0] ?? { status: "done" }, error: query.state.error },
      }),
  });

/** `id` null: nothing to read (a new question or a copy). */
export function useKeyCorrections(id: number | null) {
  return useQuery({ ...keyCorrectionsQuery(id ?? 0), enabled: id !== null });
}
