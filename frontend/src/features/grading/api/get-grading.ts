import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { gradingQuery, type GradingQuery } from "@/lib/api/grading";

/** GET /api/v1/grading through its shared module (`@/lib/api/grading`), keeping the previous page
 * while the next one loads. */
export function useGrading(query: GradingQuery) {
  return useQuery({ ...gradingQuery(query), placeholderData: keepPreviousData });
}
