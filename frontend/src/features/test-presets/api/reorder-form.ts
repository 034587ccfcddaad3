import { api } from "@/lib/api-client";

/** PUT /api/v1/test-presets/{id}/form/order: `order` lists every form row id once. A failure
 * (400 `reorder_failed`) is told by the caller as "Failed to reorder questions" (spec §8), so
 * the call is silent. */
export function reorderForm({ presetId, order }: { presetId: number; order: number[] }): Promise<object> {
  return api<object>(`/api/v1/test-presets/${presetId}/form/order`, {
    method: "PUT",
    body: { order },
    silent: true,
  });
}
