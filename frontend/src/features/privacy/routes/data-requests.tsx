/** /organization/data-requests (issue 37, item 8): the personal data requests concerning the
 * organization (corrections addressed to it; copies and deletions of its learners) with the day by
 * which the Law requires each answer (Vietnam time). Open requests come first, nearest due day
 * first; a filter with counts shows those due within 2 days and the overdue ones (a distinct red
 * state); an open correction is answered here. Organization admins only: the server refuses others
 * (403, shown inline). Linked from /organization/settings and the retention page. */
import { Inbox } from "lucide-react";
import { useState } from "react";

import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime } from "@/lib/format";
import { type MessageId, useLanguage, useT } from "@/lib/intl";

import { useOrgDataRequests } from "../api/get-data-requests";
import type { OrgDataRequest, RequestState } from "../api/types";
import { AnswerDialog } from "../components/answer-dialog";
import { SettingsPageHeader } from "../components/settings-page-header";

const LIMIT = 20;
const DEFAULTS = { state: "open" };
const STATES: RequestState[] = ["open", "due_soon", "overdue", "answered", ""];

const STATE_LABEL: Record<RequestState, MessageId> = {
  open: "privacy.requests.filterOpen",
  due_soon: "privacy.requests.filterDueSoon",
  overdue: "privacy.requests.filterOverdue",
  answered: "privacy.requests.filterAnswered",
  "": "privacy.requests.filterAll",
};

const DUE: Record<OrgDataRequest["due_state"], { label: MessageId; tone: Tone }> = {
  overdue: { label: "privacy.requests.overdue", tone: "red" },
  due_soon: { label: "privacy.requests.dueSoon", tone: "amber" },
  on_time: { label: "privacy.requests.onTime", tone: "slate" },
  answered: { label: "privacy.requests.answeredState", tone: "green" },
};

const KIND_LABEL: Record<OrgDataRequest["kind"], MessageId> = {
  export: "privacy.requests.kindExport",
  deletion: "privacy.requests.kindDeletion",
  correction: "privacy.requests.kindCorrection",
};

const STATUS_LABEL: Record<string, MessageId> = {
  queued: "privacy.requests.statusQueued",
  running: "privacy.requests.statusRunning",
  ready: "privacy.requests.statusReady",
  expired: "privacy.requests.statusExpired",
  scheduled: "privacy.requests.statusScheduled",
  cancelled: "privacy.requests.statusCancelled",
  done: "privacy.requests.statusDone",
  failed: "privacy.requests.statusFailed",
  open: "privacy.requests.statusOpen",
  refused: "privacy.requests.statusRefused",
};

const BY_LABEL: Record<string, MessageId> = {
  learner: "privacy.requests.byLearner",
  parent: "privacy.requests.byParent",
  consent_withdrawn: "privacy.requests.byConsent",
  admin: "privacy.requests.byAdmin",
};

export default function DataRequestsRoute() {
  const t = useT();
  const { values, page, set } = useListParams(DEFAULTS);
  const state = (STATES as string[]).includes(values.state) ? (values.state as RequestState) : "open";
  const requests = useOrgDataRequests({ state, page, limit: LIMIT });
  const [answering, setAnswering] = useState<OrgDataRequest | null>(null);
  const data = requests.data;
  const items = data?.items ?? [];
  const refusal =
    requests.error instanceof ApiError && requests.error.status === 403 ? requests.error.message : "";
  const counts: Partial<Record<RequestState, number>> = data
    ? { open: data.open, due_soon: data.due_soon, overdue: data.overdue }
    : {};

  return (
    <div className="grid gap-6">
      <SettingsPageHeader title={t("privacy.requests.title")} intro={t("privacy.requests.intro")} />
      <div role="group" aria-label={t("privacy.requests.filterLabel")} className="flex flex-wrap gap-2">
        {STATES.map((s) => {
          const count = counts[s];
          const active = s === state;
          return (
            <button
              key={s || "all"}
              type="button"
              aria-pressed={active}
              onClick={() => set({ state: s })}
              className={cn(
                "inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-300",
                active
                  ? "border-blue-700 bg-blue-700 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {t(STATE_LABEL[s])}
              {count !== undefined && (
                <span
                  className={cn(
                    "min-w-6 rounded-full px-1.5 text-center text-xs",
                    s === "overdue" && count > 0
                      ? "bg-red-600 text-white"
                      : s === "due_soon" && count > 0
                        ? "bg-amber-500 text-slate-950"
                        : active
                          ? "bg-white/20 text-white"
                          : "bg-slate-100 text-slate-700",
                  )}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <Table label={t("privacy.requests.title")}>
        <Head>
          <Th>{t("privacy.requests.dueBy")}</Th>
          <Th>{t("privacy.requests.requester")}</Th>
          <Th>{t("privacy.requests.request")}</Th>
          <Th>{t("privacy.requests.status")}</Th>
          <Th>
            <span className="sr-only">{t("privacy.requests.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={requests}
            count={items.length}
            colSpan={5}
            failed={refusal || t("privacy.requests.loadFailed")}
            filtered={state !== ""}
            noMatches={t("privacy.requests.noMatches")}
            empty={
              <span className="grid justify-items-center gap-2">
                <Inbox className="h-8 w-8 text-slate-400" aria-hidden="true" />
                {t("privacy.requests.empty")}
              </span>
            }
          >
            {items.map((row) => (
              <RequestRow key={row.id} row={row} onAnswer={() => setAnswering(row)} />
            ))}
          </QueryRows>
        </Body>
      </Table>
      {data && <Pager page={page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />}
      {answering && <AnswerDialog request={answering} onClose={() => setAnswering(null)} />}
    </div>
  );
}

function RequestRow({ row, onAnswer }: { row: OrgDataRequest; onAnswer: () => void }) {
  const t = useT();
  const { locale } = useLanguage();
  const due = DUE[row.due_state];
  return (
    <Tr
      className={cn(row.due_state === "overdue" && "bg-red-50/60 max-md:!border-red-300 max-md:!bg-red-50")}
    >
      <Td label={t("privacy.requests.dueBy")} className="whitespace-nowrap">
        <span className="grid gap-1">
          <span
            className={cn("font-medium", row.due_state === "overdue" ? "text-red-800" : "text-slate-900")}
          >
            {formatDate(row.answer_due_on, locale)}
          </span>
          <Badge tone={due.tone}>{t(due.label)}</Badge>
        </span>
      </Td>
      <Td label={t("privacy.requests.requester")}>
        <span className="grid gap-0.5">
          <span className="font-medium text-slate-900">{row.requester_name}</span>
          <span className="break-all text-xs text-slate-500">{row.requester_email}</span>
        </span>
      </Td>
      <Td label={t("privacy.requests.request")}>
        <span className="grid gap-0.5">
          <span>
            {t(KIND_LABEL[row.kind])}
            {BY_LABEL[row.requested_by] && (
              <span className="text-slate-500"> · {t(BY_LABEL[row.requested_by]!)}</span>
            )}
          </span>
          <span className="text-xs text-slate-500">
            {t("privacy.requests.received", { date: formatDateTime(row.created_at, locale) })}
          </span>
          {row.text && <span className="whitespace-pre-line break-words text-slate-800">{row.text}</span>}
        </span>
      </Td>
      <Td label={t("privacy.requests.status")}>
        <span className="grid gap-0.5">
          <span>{STATUS_LABEL[row.status] ? t(STATUS_LABEL[row.status]!) : row.status}</span>
          {row.answered_at && (
            <span className="text-xs text-slate-500">
              {t("privacy.requests.answeredOn", { date: formatDateTime(row.answered_at, locale) })}
              {row.answered_by_name && (
                <> · {t("privacy.requests.answeredBy", { name: row.answered_by_name })}</>
              )}
            </span>
          )}
          {row.answer && (
            <span className="whitespace-pre-line break-words text-xs text-slate-700">{row.answer}</span>
          )}
        </span>
      </Td>
      <Td label={t("privacy.requests.actions")}>
        {row.can_answer && (
          <Button size="sm" onClick={onAnswer}>
            {t("privacy.requests.answer")}
          </Button>
        )}
      </Td>
    </Tr>
  );
}
