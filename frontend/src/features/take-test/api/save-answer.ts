import { api } from "@/lib/api-client";

import { offsetSent } from "../lib/backup";
import type { Answer, SavedAnswerAck } from "./types";

/** PUT /api/v1/take-test/{enrollment_id}/answers/{question_id} {answer, flagged, seq, typed_at,
 * clock_offset_ms} with the device token: idempotent, ordered by seq (an older seq is
 * acknowledged with applied=false). `typedAt`: when the answer was typed, on this device's clock
 * (ms), sent with the server clock's offset the page measured (`offsetMs`): after the deadline, an
 * answer typed before it still counts within the test's offline grace (issue 38, item 3). Called
 * only by the answer outbox, which handles every failure (silent). */
export function saveAnswer(
  enrollmentId: number,
  token: string,
  body: { questionId: number; answer: Answer; flagged: boolean; seq: number; typedAt?: number },
  { keepalive = false, offsetMs = 0 }: { keepalive?: boolean; offsetMs?: number } = {},
): Promise<SavedAnswerAck> {
  return api<SavedAnswerAck>(`/api/v1/take-test/${enrollmentId}/answers/${body.questionId}`, {
    method: "PUT",
    body: {
      answer: body.answer,
      flagged: body.flagged,
      seq: body.seq,
      ...(body.typedAt === undefined
        ? {}
        : { typed_at: new Date(body.typedAt).toISOString(), clock_offset_ms: offsetSent(offsetMs) }),
    },
    headers: { "X-Device-Token": token },
    silent: true,
    keepalive,
  });
}
