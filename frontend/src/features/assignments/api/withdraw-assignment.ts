import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invalidateAfterAssignment } from "./invalidate";
import type { Assignment } from "./types";

/** DELETE /api/v1/assignments/{id}: withdraw a direct assignment not yet started (its slot goes
 * back to the batch). 409 `assignment_not_revocable` is shown in the confirmation (silent). */
export function withdrawAssignment(id: number): Promise<Assignment> {
  return api<Assignment>(`/api/v1/assignments/${id}`, { method: "DELETE", silent: true });
}

export function useWithdrawAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAssignment,
    // Lists, batches, figures and tests all change with a freed slot.
    onSuccess: () => invalidateAfterAssignment(queryClient),
  });
}
