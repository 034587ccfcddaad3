import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { assignmentKeys } from "./get-assignments";
import type { Overview } from "./types";

/** GET /api/v1/assignments/overview: presets by status, batches by state with the slot sums of
 * batches not yet ended, assignments by status and source, waiting learners. */
export function getOverview(): Promise<Overview> {
  return api<Overview>("/api/v1/assignments/overview");
}

export const overviewQuery = () =>
  queryOptions({ queryKey: assignmentKeys.overview(), queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQuery());
}
