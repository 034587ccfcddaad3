/** What the preset form needs before it shows: the subjects, the matrix clusters and every round,
 * as one query state (pending while any is, failed when any failed). */
import { useQueries, type UseQueryResult } from "@tanstack/react-query";

import { clustersQuery, type Cluster } from "@/lib/api/matrix-clusters";
import { subjectsQuery, type Subject } from "@/lib/api/subjects";
import type { Page } from "@/lib/api/types";

import { allRoundsQuery } from "../api/get-rounds";
import type { Round } from "../api/types";

export interface AuthoringLists {
  subjects: Subject[];
  clusters: Cluster[];
  rounds: Round[];
}

function combine([subjects, clusters, rounds]: [
  UseQueryResult<Subject[]>,
  UseQueryResult<Cluster[]>,
  UseQueryResult<Page<Round>>,
]) {
  const all = [subjects, clusters, rounds];
  return {
    isPending: all.some((q) => q.isPending),
    isError: all.some((q) => q.isError),
    data:
      subjects.data && clusters.data && rounds.data
        ? { subjects: subjects.data, clusters: clusters.data, rounds: rounds.data.items }
        : undefined,
  };
}

export function useAuthoringLists(): ReturnType<typeof combine> {
  return useQueries({ queries: [subjectsQuery(), clustersQuery(), allRoundsQuery()], combine });
}
