import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { testPresetKeys } from "@/lib/api/test-presets";

import { testBankKeys } from "./test-bank-keys";
import type { TestBank } from "./types";

export interface BankPresetsChange {
  bankId: number;
  add?: number[];
  remove?: number[];
}

/** POST /api/v1/test-banks/{id}/presets (`{add, remove}`): put tests in the bank and take others
 * out; answers the bank with its new `preset_count` (404 for an unknown test). Silent: callers show
 * the refusal. */
export function setBankPresets({ bankId, add = [], remove = [] }: BankPresetsChange): Promise<TestBank> {
  return api<TestBank>(`/api/v1/test-banks/${bankId}/presets`, {
    method: "POST",
    body: { add, remove },
    silent: true,
  });
}

export function useSetBankPresets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBankPresets,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testBankKeys.all });
      await queryClient.invalidateQueries({ queryKey: testPresetKeys.lists() });
    },
  });
}
