import { api } from "@/lib/api-client";

import type { Answer, SavedAnswerAck } from "./types";

/** PUT /api/v1/take-test/{enrollment_id}/answers/{question_id} {answer, flagged, seq} with the
 * device token: idempotent, ordered by seq (an older seq is acknowledged with applied=false).
 * Called only by the answer outbox, which handles every failure (silent). */
export function saveAnswer(
  enrollmentId: number,
  token: string,
  body: { questionId: number; answer: Answer; flagged: boolean; seq: number },
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<SavedAnswerAck> {
  return api<SavedAnswerAck>(`/api/v1/take-test/${enrollmentId}/answers/${body.questionId}`, {
    method: "PUT",
    body: { answer: body.answer, flagged: body.flagged, seq: body.seq },
    headers: { "X-Device-Token": token },
    silent: true,
    keepalive,
  });
}
