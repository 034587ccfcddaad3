import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invalidateAfterAssignment } from "./invalidate";
import type { AssignInput, Assignment } from "./types";

/** POST /api/v1/assignments: assign an approved test to learners of the organization without
 * purchase, all or nothing. 400 field errors, 409 `preset_not_assignable`, `batch_closed`,
 * `no_batch_slot`, `already_assigned`: shown on the form (silent). */
export function assignDirect(body: AssignInput): Promise<Assignment[]> {
  return api<Assignment[]>("/api/v1/assignments", { method: "POST", body, silent: true });
}

export function useAssignDirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDirect,
    onSuccess: () => invalidateAfterAssignment(queryClient),
  });
}
