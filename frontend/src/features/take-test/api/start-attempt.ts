import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeDeviceToken } from "../lib/device-token";
import { myAssignmentKeys } from "./keys";
import type { Started } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/start {no_camera}: starts the attempt, or takes over
 * the one in progress from another tab or device. The device token it returns is kept in this
 * tab's sessionStorage. 409 outside_window, payment_required, already_submitted, camera_required
 * (shown inline). */
export async function startAttempt(enrollmentId: number, noCamera = false): Promise<Started> {
  const started = await api<Started>(`/api/v1/take-test/${enrollmentId}/start`, {
    method: "POST",
    body: { no_camera: noCamera },
    silent: true,
  });
  storeDeviceToken(enrollmentId, started.device_token);
  return started;
}

export function useStartAttempt(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noCamera: boolean) => startAttempt(enrollmentId, noCamera),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAssignmentKeys.all }),
  });
}
