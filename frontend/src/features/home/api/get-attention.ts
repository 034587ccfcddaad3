import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

/** GET /api/v1/home/attention (educators; issue 19): what needs the educator now. */
export type Attention = V1Schemas["HomeAttentionOut"];

export const attentionKeys = { all: ["home", "attention"] as const };

/** Answers to grade, batches running now, results waiting for release per batch and (admins)
 * open invitations per role, counted by the server. */
export function getAttention(): Promise<Attention> {
  return api<Attention>("/api/v1/home/attention");
}

export const attentionQuery = () => queryOptions({ queryKey: attentionKeys.all, queryFn: getAttention });

/** Read again on every visit and when the window regains focus: the panel is about now. */
export function useAttention() {
  return useQuery({ ...attentionQuery(), staleTime: 0, refetchOnWindowFocus: "always" });
}
