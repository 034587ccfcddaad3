/** The educator's "needs attention" panel on /home (issue 19, section 1; decision 0018): answers
 * waiting for a score (to the grading list), batches running now (each to its live progress, its
 * end in Vietnam time), graded results waiting for release per batch (to the batch's gradebook,
 * where it is released) and, for organization admins, open invitations (to the members pages).
 * Every figure comes from GET /api/v1/home/attention; sections with nothing to do are left out. */
import { CheckCircle2, Mail, PenLine, Send, Timer, type LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useAttention, type Attention } from "../api/get-attention";

const LINK =
  "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** Where each figure leads (the pages' own addresses and filters). */
export const attentionPaths = {
  grading: "/assignment/grading/list",
  progress: (batchId: number) => `/assignment/batch-progress/${batchId}`,
  openBatches: "/assignment/batch-list?state=open",
  gradebook: (batchId: number) => `/assignment/gradebook/batch/${batchId}`,
  results: (presetId?: number) =>
    presetId ? `/assignment/result/index?preset=${presetId}` : "/assignment/result/index",
  invitations: (role: "learner" | "educator") => `/${role}?tab=invitations&status=pending`,
};

export function AttentionPanel() {
  const t = useT();
  const attention = useAttention();
  return (
    <section
      aria-labelledby="attention-title"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="attention-title" className="text-lg font-semibold text-slate-900">
        {t("home.attention.title")}
      </h2>
      <QueryState query={attention} failed={t("home.attention.loadFailed")}>
        {(data) => <AttentionItems data={data} />}
      </QueryState>
    </section>
  );
}

function nothingToDo(data: Attention): boolean {
  const invited = data.invitations ? data.invitations.educators + data.invitations.learners : 0;
  return (
    data.answers_to_grade === 0 &&
    data.running_batches_total === 0 &&
    data.results_to_release === 0 &&
    invited === 0
  );
}

function AttentionItems({ data }: { data: Attention }) {
  const t = useT();
  const { locale } = useLanguage();
  if (nothingToDo(data)) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
        {t("home.attention.empty")}
      </p>
    );
  }
  const shownReleases = data.releases.reduce((sum, row) => sum + row.count, 0);
  const invitations = data.invitations;
  return (
    <div className="grid items-start gap-3 md:grid-cols-2">
      {data.answers_to_grade > 0 && (
        <Item icon={PenLine} title={t("home.attention.grading")}>
          <Link to={attentionPaths.grading} className={LINK}>
            {t("grading.list.pendingCount", { count: data.answers_to_grade })}
          </Link>
        </Item>
      )}
      {data.running_batches_total > 0 && (
        <Item icon={Timer} title={t("home.attention.running")}>
          <ul className="grid gap-2">
            {data.running_batches.map((batch) => (
              <li key={batch.id} className="grid gap-0.5">
                <Link to={attentionPaths.progress(batch.id)} className={`${LINK} w-fit`}>
                  <Lang>{batch.name || t("assignments.batchN", { id: batch.id })}</Lang>
                </Link>
                <span className="text-xs text-slate-600">
                  <Lang>{batch.preset_name}</Lang>
                  {" · "}
                  {t("home.attention.endsAt", { time: formatDateTime(batch.expires_at, locale) })}
                  {" · "}
                  {t("home.attention.inTest", { count: batch.in_progress })}
                </span>
              </li>
            ))}
          </ul>
          {data.running_batches_total > data.running_batches.length && (
            <Link to={attentionPaths.openBatches} className={`${LINK} text-sm`}>
              {t("home.attention.allRunning", { count: data.running_batches_total })}
            </Link>
          )}
        </Item>
      )}
      {data.results_to_release > 0 && (
        <Item icon={Send} title={t("home.attention.release")}>
          <ul className="grid gap-2">
            {data.releases.map((row) => (
              <li key={`${row.preset_id}-${row.batch_id ?? "none"}`} className="grid gap-0.5">
                <Link
                  to={
                    row.batch_id === null
                      ? attentionPaths.results(row.preset_id)
                      : attentionPaths.gradebook(row.batch_id)
                  }
                  className={`${LINK} w-fit`}
                >
                  {row.batch_id === null ? (
                    t("home.attention.noBatch")
                  ) : (
                    <Lang>{row.batch_name || t("assignments.batchN", { id: row.batch_id })}</Lang>
                  )}
                </Link>
                <span className="text-xs text-slate-600">
                  <Lang>{row.preset_name}</Lang>
                  {" · "}
                  {t("home.attention.toRelease", { count: row.count })}
                </span>
              </li>
            ))}
          </ul>
          {data.results_to_release > shownReleases && (
            <Link to={attentionPaths.results()} className={`${LINK} text-sm`}>
              {t("home.attention.allResults", { count: data.results_to_release })}
            </Link>
          )}
        </Item>
      )}
      {invitations && invitations.educators + invitations.learners > 0 && (
        <Item icon={Mail} title={t("home.attention.invitations")}>
          <ul className="grid gap-1">
            {invitations.learners > 0 && (
              <li>
                <Link to={attentionPaths.invitations("learner")} className={LINK}>
                  {t("home.attention.learnerInvitations", { count: invitations.learners })}
                </Link>
              </li>
            )}
            {invitations.educators > 0 && (
              <li>
                <Link to={attentionPaths.invitations("educator")} className={LINK}>
                  {t("home.attention.educatorInvitations", { count: invitations.educators })}
                </Link>
              </li>
            )}
          </ul>
        </Item>
      )}
    </div>
  );
}

/** One section of the panel: a group named by its heading. */
function Item({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="grid content-start gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon className="h-4 w-4 text-blue-700" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </div>
  );
}
