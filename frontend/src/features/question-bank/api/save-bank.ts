import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { bankKeys } from "./keys";
import type { Bank } from "./types";

export type SaveBank = { id: number; name: string } | { id: null; name: string; parent_id: number | null };

/** POST /api/v1/question-banks (`{name, parent_id}`: a bank, or a folder inside `parent_id`) or
 * PUT /api/v1/question-banks/{id} (`{name}`: rename, only by the creator). Answers `BankOut`; a
 * 400 names the field (`name`), 403 for someone else's bank. Silent: the dialog shows the error. */
export function saveBank(input: SaveBank): Promise<Bank> {
  return input.id === null
    ? api<Bank>("/api/v1/question-banks", {
        method: "POST",
        body: { name: input.name, parent_id: input.parent_id },
        silent: true,
      })
    : api<Bank>(`/api/v1/question-banks/${input.id}`, {
        method: "PUT",
        body: { name: input.name },
        silent: true,
      });
}

export function useSaveBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankKeys.all }),
  });
}
