/** The choices of the grading pages' filters and pickers, read through the shared endpoint
 * modules (one query key per endpoint, issue 22). */
import { useQuery } from "@tanstack/react-query";

import { batchListQuery } from "@/lib/api/batches";
import { profileListQuery } from "@/lib/api/profiles";
import { presetListQuery } from "@/lib/api/test-presets";

import type { PresetOption } from "./types";

/** GET /api/v1/test-presets (the first 100, by name) for the test filters and pickers. */
export function useTestOptions() {
  return useQuery({
    ...presetListQuery({ page: 1, limit: 100, order_by: "name" }),
    select: (page): PresetOption[] => page.items.map(({ id, name }) => ({ id, name })),
    staleTime: 60_000,
  });
}

/** GET /api/v1/batches?preset_id=: the test's batches for the batch filter (none without a test). */
export function useBatchOptions(presetId: number | undefined) {
  return useQuery({
    ...batchListQuery({ page: 1, preset_id: presetId, limit: 100, order_by: "starts_at" }),
    select: (page) => page.items,
    placeholderData: undefined,
    enabled: !!presetId,
    staleTime: 30_000,
  });
}

/** GET /api/v1/users/profile/list: the organization's active learners matching `search` (20, by
 * name), for the accommodation's learner picker. */
export function useLearnerOptions(search: string) {
  return useQuery({
    ...profileListQuery({
      role: "LEARNER",
      status: "active",
      order_by: "name",
      limit: 20,
      search: search || undefined,
    }),
    select: (page) => page.items,
  });
}
