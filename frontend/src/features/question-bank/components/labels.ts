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

/** A subject's name in the reader's language. */
export const subjectName = (subject: Subject, language: string) =>
  language === "en" ? subject.name_en : subject.name_vi;

/** A matrix cluster as its selects show it: "code — label", the label being the description in
 * the reader's language, as the server sends it (`ClusterOut.label`). */
export const clusterName = (cluster: Pick<Cluster, "code" | "label">) => `${cluster.code} — ${cluster.label}`;
