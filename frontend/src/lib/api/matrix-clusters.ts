/** GET /api/v1/matrix-clusters (authoring API), read by the question bank (which edits the
 * matrix) and the test presets' blueprint editor: one query key (issue 22). */
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type Cluster = V1Schemas["ClusterOut"];

export const clusterKeys = { all: ["matrix-clusters"] as const };

/** Every topic, subtopic, complexity level and cognitive domain (a matrix is small: not paged). */
export function listClusters(): Promise<Cluster[]> {
  return api<Cluster[]>("/api/v1/matrix-clusters");
}

export const clustersQuery = () => queryOptions({ queryKey: clusterKeys.all, queryFn: listClusters });
