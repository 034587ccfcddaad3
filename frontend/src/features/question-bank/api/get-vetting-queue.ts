import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { questionKeys } from "./keys";
import type { QuestionRow } from "./types";

/** GET /api/v1/questions/vetting-queue: questions colleagues submitted for vetting, never one's
 * own (`Page<QuestionRowOut>`, 20 a page). */
export function getVettingQueue(page: number): Promise<Page<QuestionRow>> {
  return api<Page<QuestionRow>>("/api/v1/questions/vetting-queue", { query: { page, limit: 20 } });
}

export const vettingQueueQuery = (page = 1) =>
  queryOptions({ queryKey: questionKeys.vettingQueue(page), queryFn: () => getVettingQueue(page) });

export function useVettingQueue(page = 1) {
  return useQuery(vettingQueueQuery(page));
}
