import { upload } from "@/lib/api-client";

import type { QuestionFile } from "./types";

/** POST /api/v1/question-files (multipart `file`): a Word, Moodle XML, GIFT, Aiken or QTI file,
 * recognized by its content (400 `not_a_question_file`; 413 over 40 MB). Answers 202 with the file
 * in `status` `reading` (`QuestionFileOut`). `onProgress` gets 0..1 as the bytes leave; failures
 * are ApiErrors shown inline (issue 36). */
export function uploadQuestionFile(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return upload<QuestionFile>("/api/v1/question-files", form, onProgress);
}
