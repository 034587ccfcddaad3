import type { QueryClient } from "@tanstack/react-query";

import { batchKeys } from "@/lib/api/batches";
import { testPresetKeys } from "@/lib/api/test-presets";

import { assignmentKeys } from "./get-assignments";

/** An assignment made or withdrawn changes the takers, the figures, the tests' sums and the slot
 * figures of its batch (read by the batch pages, the grading filters and the test's own page). */
export function invalidateAfterAssignment(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: batchKeys.all }),
    queryClient.invalidateQueries({ queryKey: testPresetKeys.all }),
  ]);
}
