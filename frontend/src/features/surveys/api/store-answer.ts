import { api } from "@/lib/api-client";

import type { StoredAnswer } from "./types";

/** POST /api/v1/surveys/submissions/store-answer {user_survey_id, question_id, answer}: saved as
 * it is given; saving the same statement again replaces it. The page reports failures itself
 * ("Failed to save the answer"). */
export function storeAnswer(body: {
  user_survey_id: number;
  question_id: number;
  answer: number;
}): Promise<StoredAnswer> {
  return api<StoredAnswer>("/api/v1/surveys/submissions/store-answer", {
    method: "POST",
    body,
    silent: true,
  });
}
