import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { clusterKeys } from "@/lib/api/matrix-clusters";

/** DELETE /api/v1/matrix-clusters/{id}: refused (409, toasted by the API client with the reason)
 * while questions or blueprints use the cluster. */
export function deleteCluster(id: number): Promise<object> {
  return api<object>(`/api/v1/matrix-clusters/${id}`, { method: "DELETE" });
}

export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCluster,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterKeys.all }),
  });
}
