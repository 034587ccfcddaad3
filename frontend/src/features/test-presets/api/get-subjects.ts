import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Subject } from "./types";

/** GET /api/v1/subjects (authoring API): the organization's subjects. */
export function getSubjects(): Promise<Subject[]> {
  return api<Subject[]>("/api/v1/subjects");
}

export const subjectsQuery = () =>
  queryOptions({ queryKey: ["subjects"], queryFn: getSubjects, staleTime: Infinity });

export function useSubjects() {
  return useQuery(subjectsQuery());
}
