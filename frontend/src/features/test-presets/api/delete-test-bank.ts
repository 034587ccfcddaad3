import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { testPresetKeys } from "@/lib/api/test-presets";

import { testBankKeys } from "./test-bank-keys";

/** DELETE /api/v1/test-banks/{id}: the bank only; its tests stay (only the creator: 403
 * `not_creator`). Silent: the confirmation shows the refusal. */
export function deleteTestBank(id: number): Promise<object> {
  return api<object>(`/api/v1/test-banks/${id}`, { method: "DELETE", silent: true });
}

export function useDeleteTestBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestBank,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testBankKeys.all });
      // Preset rows name the banks they are in.
      await queryClient.invalidateQueries({ queryKey: testPresetKeys.lists() });
    },
  });
}
