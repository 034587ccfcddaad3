import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { clusterKeys, type Cluster } from "@/lib/api/matrix-clusters";

import type { ClusterInput } from "./types";

/** POST /api/v1/matrix-clusters or PUT /api/v1/matrix-clusters/{id} (`ClusterIn`: code,
 * description, type, parent topic of a subtopic): the cluster (`ClusterOut`). 400 names the field
 * (`code` taken, `parent_id` missing, ...). Silent: the dialog shows the errors. */
export function saveCluster({ id, body }: { id: number | null; body: ClusterInput }): Promise<Cluster> {
  return id === null
    ? api<Cluster>("/api/v1/matrix-clusters", { method: "POST", body, silent: true })
    : api<Cluster>(`/api/v1/matrix-clusters/${id}`, { method: "PUT", body, silent: true });
}

export function useSaveCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCluster,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterKeys.all }),
  });
}
