import type { QueryClient } from "@tanstack/react-query";

import { questionKeys, stimulusKeys } from "./keys";
import type { Stimulus } from "./types";

/** After the server answered a shared stimulus (saved, its questions set, moved on in the
 * workflow): put it in the cache and refresh the stimuli lists and the questions (whose status
 * and group moved with it). */
export async function storeStimulus(queryClient: QueryClient, next: Stimulus): Promise<void> {
  await queryClient.cancelQueries({ queryKey: stimulusKeys.detail(next.id) });
  queryClient.setQueryData(stimulusKeys.detail(next.id), next);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: stimulusKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  ]);
}
