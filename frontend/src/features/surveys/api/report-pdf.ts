import { downloadFile } from "@/lib/download";

/** GET /api/v1/survey-users/{id}/report/pdf: the unlocked full report as a PDF in the chosen
 * language (the API client sends Accept-Language), saved under the server's file name. */
export async function downloadReportPdf(id: number): Promise<void> {
  await downloadFile(`/api/v1/survey-users/${id}/report/pdf`, `career-report-${id}.pdf`);
}
