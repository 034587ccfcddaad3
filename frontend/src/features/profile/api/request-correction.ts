import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

import { dataRequestsQuery } from "./get-data-requests";

export type CorrectionInput = V1Schemas["CorrectionIn"];
export type Correction = V1Schemas["CorrectionOut"];

/** POST /api/v1/data-requests/correction `{organization_id, text}` (issue 37, item 8): ask an
 * organization (null: the platform) to correct data the user cannot change here. Silent: the form
 * shows `validation_error` on its fields and `too_many_open_corrections` above its button. */
export function requestCorrection(body: CorrectionInput): Promise<Correction> {
  return api<Correction>("/api/v1/data-requests/correction", { method: "POST", body, silent: true });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCorrection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQuery().queryKey }),
  });
}
