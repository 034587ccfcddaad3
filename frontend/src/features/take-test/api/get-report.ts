import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { measured } from "@/lib/server-clock";

import { takeTestKeys } from "./keys";
import type { ReportState } from "./types";

export type MeasuredReport = ReportState & { clockOffsetMs: number };

/** GET /api/v1/take-test/{enrollment_id}/report: whether the advanced report can be generated
 * (``reason`` report_not_purchased, test_not_ended, result_not_released), the latest report,
 * when the next may be generated and the server's clock (its offset measured around the request,
 * half the round trip taken off: the wait is counted on it). Errors shown inline. */
export function getReport(enrollmentId: number): Promise<MeasuredReport> {
  return measured(() => api<ReportState>(`/api/v1/take-test/${enrollmentId}/report`, { silent: true }));
}

export const reportQuery = (enrollmentId: number) =>
  queryOptions({ queryKey: takeTestKeys.report(enrollmentId), queryFn: () => getReport(enrollmentId) });

export function useReport(enrollmentId: number, enabled = true) {
  return useQuery({ ...reportQuery(enrollmentId), enabled });
}
