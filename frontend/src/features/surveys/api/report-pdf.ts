import { request } from "@/lib/api-client";

/** GET /api/v1/survey-users/{id}/report/pdf: the unlocked full report as a PDF in the chosen
 * language (the API client sends Accept-Language), saved under the server's file name. */
export async function downloadReportPdf(id: number): Promise<void> {
  const response = await request<Response>(`/api/v1/survey-users/${id}/report/pdf`, { raw: true });
  const blob = await response.blob();
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `career-report-${id}.pdf`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
