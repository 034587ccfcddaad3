import { api, type RequestTiming } from "@/lib/api-client";

import type { Attempt } from "./types";

/** GET /api/v1/take-test/{enrollment_id}/attempt: the questions in order (no keys), every saved
 * answer with its seq and flag, the deadline, the server's clock and the grace period. 404
 * before start. Read once per page load (the test page keeps its own state from then on), so
 * this is a plain call, not a cached query. `onTiming`: when the request that brought the answer
 * was sent and answered (the first call of a test page may use index.html's early request). */
export function getAttempt(enrollmentId: number, onTiming?: RequestTiming): Promise<Attempt> {
  return api<Attempt>(`/api/v1/take-test/${enrollmentId}/attempt`, { silent: true, onTiming });
}
