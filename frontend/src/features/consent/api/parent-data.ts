/** The child's data through the parent's link (issue 24, item 5; decision 0022): POST
 * /public/api/data-requests/parent (the state), /export (a copy), the copy's `download_url`
 * (the zip), /deletion and /deletion/cancel, each with the link's token in the body (never in a
 * URL's query). 400 `invalid_consent_link`, 404 `no_deletion_scheduled`: shown inline. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import {
  type DataDeletion,
  type DataExport,
  type DataRequests,
  exportInProgress,
} from "@/components/data-copy/types";
import { api } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";

const BASE = "/public/api/data-requests/parent";

export const parentDataKeys = {
  state: (token: string) => ["consent", "parent-data", token] as const,
};

/** Polls every second while a copy is queued or running (stops on an error). */
export function useParentData(token: string) {
  return useQuery({
    queryKey: parentDataKeys.state(token),
    queryFn: () => api<DataRequests>(BASE, { method: "POST", body: { token }, silent: true }),
    retry: false,
    refetchInterval: (query) => (exportInProgress(query.state.data) && !query.state.error ? 1000 : false),
  });
}

function useParentDataMutation<T>(token: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<T>(`${BASE}${path}`, { method: "POST", body: { token }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentDataKeys.state(token) }),
  });
}

export const useParentExport = (token: string) => useParentDataMutation<DataExport>(token, "/export");
export const useParentDeletion = (token: string) => useParentDataMutation<DataDeletion>(token, "/deletion");
export const useParentCancelDeletion = (token: string) =>
  useParentDataMutation<DataDeletion>(token, "/deletion/cancel");

/** Fetch the child's ready copy with the link's token and hand it to the browser. */
export function downloadChildCopy(token: string, copy: DataExport): Promise<string> {
  return downloadFile(copy.download_url ?? "", "data.zip", { method: "POST", body: { token } });
}
