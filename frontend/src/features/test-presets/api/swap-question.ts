import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { presetFormQuery } from "./get-preset-form";
import { presetChanged } from "./preset-changed";
import type { FormQuestion } from "./types";

/** POST /api/v1/test-presets/{id}/form/{row}/swap: another question of the same blueprint item
 * (400 `generation_failed` when none is left: the client's toast shows it). The preset is read
 * again after it (its maximum score and expected mean change with the form). */
export function swapQuestion({
  presetId,
  rowId,
}: {
  presetId: number;
  rowId: number;
}): Promise<FormQuestion> {
  return api<FormQuestion>(`/api/v1/test-presets/${presetId}/form/${rowId}/swap`, {
    method: "POST",
    body: {},
  });
}

export function useSwapQuestion(presetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rowId: number) => swapQuestion({ presetId, rowId }),
    onSuccess: async (row) => {
      queryClient.setQueryData(presetFormQuery(presetId).queryKey, (old) =>
        old?.map((r) => (r.id === row.id ? row : r)),
      );
      // The preset's maximum score and its form's expected mean (decision 0019) follow the form.
      await presetChanged(queryClient, presetId);
    },
  });
}
