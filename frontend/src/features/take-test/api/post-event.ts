import { api } from "@/lib/api-client";

import { offsetSent } from "../lib/backup";
import type { EventAck, IntegrityKind } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/events {kind, occurred_at, clock_offset_ms} with the
 * device token: a tab switch or window blur counts (the sixth voids the result); copy, paste and
 * context menu are logged. `occurredAt` is this device's clock, corrected on the server by the
 * offset the page measured (`offsetMs`). Sent through the outbox (silent). */
export function postEvent(
  enrollmentId: number,
  token: string,
  body: { kind: IntegrityKind; occurredAt: string },
  { keepalive = false, offsetMs = 0 }: { keepalive?: boolean; offsetMs?: number } = {},
): Promise<EventAck> {
  return api<EventAck>(`/api/v1/take-test/${enrollmentId}/events`, {
    method: "POST",
    body: { kind: body.kind, occurred_at: body.occurredAt, clock_offset_ms: offsetSent(offsetMs) },
    headers: { "X-Device-Token": token },
    silent: true,
    keepalive,
  });
}
