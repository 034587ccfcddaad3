/** Where "now" stands against a batch window (UTC instants from the server). */
import type { MyAssignment } from "../api/types";

export type WindowState = "upcoming" | "open" | "closed";

export function windowState(
  opens: string | null | undefined,
  closes: string | null | undefined,
  now: number,
): WindowState {
  if (opens && now < new Date(opens).getTime()) return "upcoming";
  if (closes && now >= new Date(closes).getTime()) return "closed";
  return "open";
}

export type AssignmentAction = "prepare" | "continue" | "result" | "closed" | "payment" | "none";

/** The action a row of the learner's list offers: prepare (not started, window not over),
 * continue (in progress), result (submitted or graded), else why not. */
export function assignmentAction(row: MyAssignment, now: number): AssignmentAction {
  if (row.status === "submitted" || row.status === "graded") return "result";
  if (row.status === "in_progress") return "continue";
  if (row.status !== "assigned") return "none";
  if (row.requires_purchase && !row.paid_at) return "payment";
  return windowState(row.batch_starts_at, row.batch_expires_at, now) === "closed" ? "closed" : "prepare";
}

export const paths = {
  preparation: (id: number) => `/take-test/preparation/${id}`,
  test: (id: number) => `/take-test/${id}`,
  result: (id: number) => `/assignment/result/index?id=${id}`,
  detail: (id: number) => `/assignment/takers-detail/${id}`,
  list: "/assignment/student",
} as const;
