import { downloadFile } from "@/lib/download";

/** GET /api/v1/take-test/{enrollment_id}/report/pdf: the latest advanced report as a PDF, saved
 * under the server's file name (404 before a report is generated; shown inline). */
export function downloadReportPdf(enrollmentId: number): Promise<string> {
  return downloadFile(`/api/v1/take-test/${enrollmentId}/report/pdf`, `advanced-report-${enrollmentId}.pdf`, {
    silent: true,
  });
}
