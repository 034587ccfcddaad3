/** File downloads from the API: the file name of a Content-Disposition header and handing a blob
 * to the browser (the one place the SPA does either). */
import { useState } from "react";

import { ApiError, request } from "@/lib/api-client";
import { toast } from "@/lib/toast-store";

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), or `fallback`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hand a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET `path` (a file answer; or `method` with a JSON `body`, e.g. a parent's link token) and
 * save it under the server's file name, else `fallback`; returns the name used. Errors follow the API client (toast unless `silent`). */
export async function downloadFile(
  path: string,
  fallback: string,
  { silent = false, method, body }: { silent?: boolean; method?: string; body?: unknown } = {},
): Promise<string> {
  const response = await request<Response>(path, { raw: true, silent, method, body });
  const name = fileNameFromDisposition(response.headers.get("Content-Disposition"), fallback);
  saveBlob(await response.blob(), name);
  return name;
}

/** A download started by a button: `download()` runs `fetchFile`, `downloading` is true
 * meanwhile. A failure with an error status has been toasted by the API client; one with no
 * answer at all (offline) is toasted here with `failedTitle`. */
export function useDownload(
  fetchFile: () => Promise<unknown>,
  failedTitle: string,
): { downloading: boolean; download: () => Promise<void> } {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await fetchFile();
    } catch (error) {
      if (!(error instanceof ApiError)) toast({ variant: "destructive", title: failedTitle });
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}
