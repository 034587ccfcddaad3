import { api } from "@/lib/api-client";

import type { EventAck, IntegrityKind } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/events {kind, occurred_at} with the device token: a
 * tab switch or window blur counts (the sixth voids the result); copy, paste and context menu
 * are logged. Sent through the outbox (silent). */
export function postEvent(
  enrollmentId: number,
  token: string,
  body: { kind: IntegrityKind; occurredAt: string },
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<EventAck> {
  return api<EventAck>(`/api/v1/take-test/${enrollmentId}/events`, {
    method: "POST",
    body: { kind: body.kind, occurred_at: body.occurredAt },
    headers: { "X-Device-Token": token },
    silent: true,
    keepalive,
  });
}
