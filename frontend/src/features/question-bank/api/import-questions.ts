import { uploadImport } from "@/components/import-job/api/upload-import";

import type { ImportReport } from "./types";

/** POST /api/v1/question-banks/{id}/import?dry_run= (multipart `file`, .xlsx): the report
 * (200, `QuestionImportOut`), 400 `import_invalid` with `report`, or, for a file of more rows than
 * the server imports at once, 202 with a background job to poll (`useImportJob`; issue 16 item 8). */
export const importQuestions = (bankId: number, file: File, dryRun: boolean) =>
  uploadImport<ImportReport>(`/api/v1/question-banks/${bankId}/import`, { file, dryRun });
