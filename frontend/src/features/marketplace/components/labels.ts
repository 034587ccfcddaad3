import type { MessageId } from "@/lib/intl";

import type { TransactionStatus } from "../api/types";

export const STATUS_LABEL: Record<TransactionStatus, MessageId> = {
  PENDING: "shop.status.pending",
  COMPLETED: "shop.status.completed",
  CANCELLED: "shop.status.cancelled",
  EXPIRED: "shop.status.expired",
  FAILED: "shop.status.failed",
};

export const STATUS_TONE: Record<TransactionStatus, string> = {
  PENDING: "bg-amber-100 text-amber-900",
  COMPLETED: "bg-emerald-100 text-emerald-800",
  CANCELLED: "bg-slate-100 text-slate-700",
  EXPIRED: "bg-slate-100 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
};

const ADDON: Record<string, MessageId> = {
  test_only: "shop.addon.test_only",
  test_advanced: "shop.addon.test_advanced",
  survey_report: "shop.addon.survey_report",
};

/** The add-on's name in the active language; the server's name for one this screen does not know. */
export function addonLabel(t: (id: MessageId) => string, code: string, serverName: string): string {
  const id = ADDON[code];
  return id ? t(id) : serverName || code;
}

export function isStatus(value: string): value is TransactionStatus {
  return value in STATUS_LABEL;
}
