import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { preparationQuery } from "./get-preparation";
import type { CameraConsent } from "./types";

/** POST /api/v1/take-test/{enrollment_id}/camera-consent (no body): the learner consents to camera
 * proctoring of this test (issue 24, item 2); the server keeps the time and address, refuses the
 * surroundings video until then and copies the consent to the attempt at start. Idempotent. 409
 * camera_not_used (shown inline). */
export function giveCameraConsent(enrollmentId: number): Promise<CameraConsent> {
  return api<CameraConsent>(`/api/v1/take-test/${enrollmentId}/camera-consent`, {
    method: "POST",
    silent: true,
  });
}

export function useGiveCameraConsent(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => giveCameraConsent(enrollmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preparationQuery(enrollmentId).queryKey }),
  });
}
