/** Message ids and badge colours of the learner's assignment states and results. */
import type { MessageId } from "@/lib/intl";

const STATUS: Record<string, MessageId> = {
  assigned: "myTests.status.assigned",
  in_progress: "myTests.status.in_progress",
  submitted: "myTests.status.submitted",
  graded: "myTests.status.graded",
  revoked: "myTests.status.revoked",
};

export function statusLabel(status: string): MessageId {
  return STATUS[status] ?? "myTests.status.assigned";
}

export const STATUS_STYLE: Record<string, string> = {
  assigned: "bg-slate-100 text-slate-700",
  in_progress: "bg-amber-100 text-amber-900",
  submitted: "bg-blue-100 text-blue-900",
  graded: "bg-emerald-100 text-emerald-900",
  revoked: "bg-red-100 text-red-800",
};

export function sourceLabel(source: string): MessageId {
  return source === "purchase" ? "myTests.source.purchase" : "myTests.source.direct";
}

export function resultLabel(result: string | null | undefined): MessageId {
  if (result === "passed") return "takeTest.result.passed";
  if (result === "failed") return "takeTest.result.failed";
  return "takeTest.result.pending";
}

export const RESULT_STYLE: Record<string, string> = {
  passed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-800",
  pending: "bg-slate-100 text-slate-700",
};
