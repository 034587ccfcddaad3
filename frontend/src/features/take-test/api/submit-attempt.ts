import { api } from "@/lib/api-client";

import type { Submitted } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/submit with the device token (after the outbox is
 * flushed and the learner confirmed). Errors shown inline. */
export function submitAttempt(enrollmentId: number, token: string): Promise<Submitted> {
  return api<Submitted>(`/api/v1/take-test/${enrollmentId}/submit`, {
    method: "POST",
    headers: { "X-Device-Token": token },
    silent: true,
  });
}
