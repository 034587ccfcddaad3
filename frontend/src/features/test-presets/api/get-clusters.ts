import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Cluster } from "./types";

/** GET /api/v1/matrix-clusters (authoring API): every topic, subtopic, complexity level and
 * cognitive domain (a matrix is small: not paged). */
export function getClusters(): Promise<Cluster[]> {
  return api<Cluster[]>("/api/v1/matrix-clusters");
}

export const clustersQuery = () => queryOptions({ queryKey: ["matrix-clusters"], queryFn: getClusters });

export function useClusters() {
  return useQuery(clustersQuery());
}
