import type { MessageId } from "@/lib/intl";

import type { Subject } from "../api/types";

export const roundStatusLabel = (status: string) => `rounds.status.${status}` as MessageId;
export const presetStatusLabel = (status: string) => `tests.status.${status}` as MessageId;

export const ROUND_STATUS_STYLE: Record<string, string> = {
  upcoming: "bg-sky-100 text-sky-800",
  open: "bg-emerald-100 text-emerald-800",
  closed: "bg-slate-200 text-slate-700",
};

export const PRESET_STATUS_STYLE: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  approved: "bg-sky-100 text-sky-800",
  rejected: "bg-red-100 text-red-700",
  published: "bg-emerald-100 text-emerald-800",
};

export function subjectName(subject: Subject | undefined, language: string): string {
  if (!subject) return "";
  return language === "en" ? subject.name_en || subject.name_vi : subject.name_vi;
}

/** The names of the subjects `ids` (those known), joined with commas. */
export function subjectNames(ids: number[], subjects: Subject[] | undefined, language: string): string {
  return ids
    .map((id) =>
      subjectName(
        subjects?.find((s) => s.id === id),
        language,
      ),
    )
    .filter(Boolean)
    .join(", ");
}
