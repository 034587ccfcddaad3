import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { accommodationKeys } from "./get-accommodations";
import type { Accommodation, AccommodationInput } from "./types";

/** POST /api/v1/accommodations: replaces an earlier grant of the same learner and scope; 400 with
 * field errors (shown inline, hence silent). */
export function saveAccommodation(input: AccommodationInput): Promise<Accommodation> {
  return api<Accommodation>("/api/v1/accommodations", { method: "POST", body: input, silent: true });
}

export function useSaveAccommodation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccommodation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationKeys.all }),
  });
}
