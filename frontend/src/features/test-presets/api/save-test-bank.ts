import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { testBankKeys } from "./test-bank-keys";
import type { TestBank } from "./types";

/** `id` null creates a bank; otherwise renames it (only its creator may). */
export interface SaveTestBank {
  id: number | null;
  name: string;
}

/** POST /api/v1/test-banks or PUT /api/v1/test-banks/{id} (`{name}`). Answers `TestBankOut`; 400
 * `validation_error` names the field (`name`), 403 `not_creator` for someone else's bank. Silent:
 * the dialog shows the error. */
export function saveTestBank({ id, name }: SaveTestBank): Promise<TestBank> {
  return id === null
    ? api<TestBank>("/api/v1/test-banks", { method: "POST", body: { name }, silent: true })
    : api<TestBank>(`/api/v1/test-banks/${id}`, { method: "PUT", body: { name }, silent: true });
}

export function useSaveTestBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTestBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testBankKeys.all }),
  });
}
