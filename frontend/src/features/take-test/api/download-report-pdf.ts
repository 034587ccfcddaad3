import { request } from "@/lib/api-client";

/** The file name of a Content-Disposition header (RFC 6266: ``filename*`` first), or ``fallback``. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim() || fallback;
}

/** GET /api/v1/take-test/{enrollment_id}/report/pdf: the latest advanced report as a PDF, saved
 * under the server's file name (404 before a report is generated; shown inline). */
export async function downloadReportPdf(enrollmentId: number): Promise<string> {
  const response = await request<Response>(`/api/v1/take-test/${enrollmentId}/report/pdf`, {
    raw: true,
    silent: true,
  });
  const blob = await response.blob();
  const name = fileNameFrom(
    response.headers.get("Content-Disposition"),
    `advanced-report-${enrollmentId}.pdf`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
