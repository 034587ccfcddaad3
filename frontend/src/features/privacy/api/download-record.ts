import { downloadFile } from "@/lib/download";

export type RecordFormat = "pdf" | "xlsx";
export type RecordLanguage = "vi" | "en";

/** GET /api/v1/privacy/record-of-processing?file_format=&language= (organization admins; issue 37,
 * item 7): the organization's record of personal data processing, saved under the server's name
 * (dated, in the chosen language). */
export function downloadRecord(fileFormat: RecordFormat, language: RecordLanguage): Promise<string> {
  const path = `/api/v1/privacy/record-of-processing?file_format=${fileFormat}&language=${language}`;
  return downloadFile(path, `record-of-processing.${fileFormat}`);
}
