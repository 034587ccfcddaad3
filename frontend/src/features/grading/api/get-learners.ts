import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { LearnerOption, Page } from "./types";

/** GET /api/v1/users/profile/list?role=LEARNER&search=: the learner picker (20 matches). */
export function getLearners(search: string): Promise<LearnerOption[]> {
  return api<Page<LearnerOption>>("/api/v1/users/profile/list", {
    query: { role: "LEARNER", search, limit: 20, order_by: "name" },
  }).then((page) => page.items);
}

export function useLearners(search: string) {
  return useQuery({
    queryKey: ["users", "learners", search],
    queryFn: () => getLearners(search),
    placeholderData: keepPreviousData,
  });
}
