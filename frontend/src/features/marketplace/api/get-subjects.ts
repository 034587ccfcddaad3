import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { marketplaceKeys } from "./keys";
import type { SubjectOption } from "./types";

/** GET /api/v1/marketplace/subjects: the subjects of the listings on sale (code and name in the
 * active language), for the subject filter. */
export function getSubjects(mylistings: boolean): Promise<SubjectOption[]> {
  return api<SubjectOption[]>("/api/v1/marketplace/subjects", {
    query: { mylistings: mylistings || undefined },
  });
}

export const subjectsQuery = (mylistings: boolean, language: string) =>
  queryOptions({
    queryKey: marketplaceKeys.subjects(mylistings, language),
    queryFn: () => getSubjects(mylistings),
    staleTime: 5 * 60_000,
  });

export function useSubjects(mylistings: boolean, language: string) {
  return useQuery(subjectsQuery(mylistings, language));
}
