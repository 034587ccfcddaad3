import type { QueryClient } from "@tanstack/react-query";

import { questionKeys } from "./keys";
import type { Question } from "./types";

/** After the server answered a question (saved, moved on in the workflow, matrix attached): put
 * it in the cache and refresh the lists, the vetting queue and its history. */
export async function storeQuestion(queryClient: QueryClient, next: Question): Promise<void> {
  // A fetch of this question still in flight (the one started when a new question's page
  // opened) would land after this answer and put its stale `missing` list back.
  await queryClient.cancelQueries({ queryKey: questionKeys.detail(next.id) });
  queryClient.setQueryData(questionKeys.detail(next.id), next);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: questionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: questionKeys.vettingQueues() }),
    queryClient.invalidateQueries({ queryKey: questionKeys.history(next.id) }),
  ]);
}
