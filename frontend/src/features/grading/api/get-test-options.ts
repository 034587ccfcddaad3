import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Page, PresetOption } from "./types";

/** GET /api/v1/test-presets (the newest 100, by name) for the test filters and pickers. */
export function getTestOptions(): Promise<PresetOption[]> {
  return api<Page<PresetOption>>("/api/v1/test-presets", {
    query: { page: 1, limit: 100, order_by: "name" },
  }).then((page) => page.items.map(({ id, name }) => ({ id, name })));
}

export const testOptionsQuery = () =>
  queryOptions({ queryKey: ["test-presets", "options"], queryFn: getTestOptions, staleTime: 60_000 });

export function useTestOptions() {
  return useQuery(testOptionsQuery());
}
