import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { measured } from "@/lib/server-clock";

import { reportQuery, type MeasuredReport } from "./get-report";
import type { ReportState } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/report: generates a new advanced report. 409 with the
 * availability reason, or ``report_wait`` with ``retry_at`` during the preset's wait period
 * (shown inline; the state is fetched again so the time left follows the server). */
export function generateReport(enrollmentId: number): Promise<MeasuredReport> {
  return measured(() =>
    api<ReportState>(`/api/v1/take-test/${enrollmentId}/report`, { method: "POST", silent: true }),
  );
}

export function useGenerateReport(enrollmentId: number) {
  const queryClient = useQueryClient();
  const key = reportQuery(enrollmentId).queryKey;
  return useMutation({
    mutationFn: () => generateReport(enrollmentId),
    onSuccess: (state) => queryClient.setQueryData(key, state),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
