/** A copy of a person's data and a scheduled deletion (issue 24, item 5), as the server sends
 * them to the owner (GET /api/v1/data-requests) and to a parent (the consent link's POST
 * /public/api/data-requests/parent): the same shapes. */
import type { V1Schemas } from "@/lib/api/types";

export type DataRequests = V1Schemas["DataRequestsOut"];
export type DataExport = V1Schemas["ExportOut"];
export type DataDeletion = V1Schemas["DeletionOut"];

/** True while the copy is being written: its section polls until it is ready or failed. */
export function exportInProgress(data: DataRequests | undefined): boolean {
  const status = data?.export?.status;
  return status === "queued" || status === "running";
}
