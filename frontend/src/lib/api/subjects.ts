/** GET /api/v1/subjects (authoring API), read by the question bank and the test presets: one
 * query key (issue 22). */
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type Subject = V1Schemas["SubjectOut"];

export const subjectKeys = { all: ["subjects"] as const };

/** The organization's subjects (few: not paged). */
export function listSubjects(): Promise<Subject[]> {
  return api<Subject[]>("/api/v1/subjects");
}

export const subjectsQuery = () =>
  queryOptions({ queryKey: subjectKeys.all, queryFn: listSubjects, staleTime: 5 * 60_000 });
