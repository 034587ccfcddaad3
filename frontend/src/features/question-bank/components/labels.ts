import type { Cluster } from "@/lib/api/matrix-clusters";
import type { Subject } from "@/lib/api/subjects";
import type { MessageId } from "@/lib/intl";

export const typeLabel = (type: string) => `qb.type.${type}` as MessageId;
export const statusLabel = (status: string) => `qb.status.${status}` as MessageId;
export const difficultyLabel = (difficulty: string) => `qb.difficulty.${difficulty}` as MessageId;
export const clusterTypeLabel = (type: string) => `qb.clusterType.${type}` as MessageId;

export const STATUS_STYLE: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  submitted: "bg-amber-100 text-amber-800",
  approved: "bg-sky-100 text-sky-800",
  rejected: "bg-red-100 text-red-700",
  published: "bg-emerald-100 text-emerald-800",
  superseded: "bg-slate-100 text-slate-500",
};

/** The stem in the reader's language, falling back to the other language (issue 4, item 3). */
export function stemOf(stem: { vi?: string; en?: string }, language: string): string {
  return (language === "en" ? stem.en || stem.vi : stem.vi || stem.en) || "";
}

/** A subject's name in the reader's language. */
export const subjectName = (subject: Subject, language: string) =>
  language === "en" ? subject.name_en : subject.name_vi;

/** "Vietnamese (English)", the one-field form of a bilingual label (the default matrix's levels
 * and domains: "Nhận biết (Recognition)"): a Vietnamese part with diacritics, then a plain-ASCII
 * English name in brackets. */
const BILINGUAL = /^(.*[\u0080-\uffff].*?)\s*\(([A-Z][A-Za-z ,'/-]*)\)$/;

/** The reader's half of a label stored in both languages (vi "Nhận biết", en "Recognition");
 * any other text as it is (a Vietnamese "Hàm số (lớp 10)" keeps its brackets). */
export function readerLabel(text: string, language: string): string {
  const match = BILINGUAL.exec(text.trim());
  if (!match) return text;
  return (language === "en" ? match[2] : match[1])!.trim();
}

/** A matrix cluster as its selects show it: "code — description", the description in the
 * reader's language only (`readerLabel`). */
export const clusterName = (cluster: Pick<Cluster, "code" | "description">, language: string) =>
  `${cluster.code} — ${readerLabel(cluster.description, language)}`;
