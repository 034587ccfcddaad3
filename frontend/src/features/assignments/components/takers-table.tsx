/** Rows of assignments (the takers): learner, test, batch, how it was obtained, status, attempts,
 * due date and price; a direct assignment not yet started can be withdrawn after confirmation
 * (the server's refusal is shown in the dialog). Used by the takers, batch-detail and preset
 * takers-detail pages. */
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryRows } from "@/components/list/query-rows";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { formatDate, formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import type { Assignment } from "../api/types";
import { useWithdrawAssignment } from "../api/withdraw-assignment";
import { Badge } from "@/components/ui/badge";
import { ASSIGNMENT_STATUS_LABEL, ASSIGNMENT_STATUS_TONE, SOURCE_LABEL } from "./labels";
import { linkClass } from "./batches-table";
import type { PagedTableProps } from "./paged-table";
import { assignmentPaths } from "./paths";

export const withdrawable = (a: Assignment) => a.source === "direct" && a.status === "assigned";

export function TakersTable({
  query,
  page,
  onPage,
  label,
  empty,
  noMatches,
  filtered,
  showCount = false,
  showTest = true,
  showBatch = true,
}: PagedTableProps<Assignment> & {
  /** "N takers" above the table. */
  showCount?: boolean;
  showTest?: boolean;
  showBatch?: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const withdraw = useWithdrawAssignment();
  const [target, setTarget] = useState<Assignment | null>(null);
  const [error, setError] = useState("");
  const rows = query.data?.items ?? [];

  async function confirmWithdraw() {
    if (!target) return;
    try {
      await withdraw.mutateAsync(target.id);
      toast({ variant: "success", title: t("assignments.withdraw.done", { name: target.learner_name }) });
      setTarget(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  }

  return (
    <>
      {showCount && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {query.data ? t("assignments.takers.count", { count: query.data.total }) : ""}
        </p>
      )}
      <Table label={label}>
        <Head>
          <Th className="min-w-48">{t("assignments.col.learner")}</Th>
          {showTest && <Th>{t("assignments.col.test")}</Th>}
          {showBatch && <Th>{t("assignments.col.batch")}</Th>}
          <Th>{t("assignments.col.source")}</Th>
          <Th>{t("assignments.col.status")}</Th>
          <Th>{t("assignments.col.terms")}</Th>
          <Th>{t("assignments.col.assigned")}</Th>
          <Th>
            <span className="sr-only">{t("assignments.col.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={query}
            count={rows.length}
            colSpan={6 + (showTest ? 1 : 0) + (showBatch ? 1 : 0)}
            failed={t("assignments.loadFailed")}
            empty={empty}
            noMatches={noMatches}
            filtered={filtered}
          >
            {rows.map((a) => (
              <Tr key={a.id}>
                <Td className="max-md:text-base">
                  <span className="grid gap-0.5">
                    <span className="font-medium text-slate-900">{a.learner_name}</span>
                    <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">{a.learner_email}</span>
                  </span>
                </Td>
                {showTest && (
                  <Td label={t("assignments.col.test")}>
                    <Link to={assignmentPaths.takersDetail(a.preset.id)} className={linkClass}>
                      <Lang>{a.preset.name}</Lang>
                    </Link>
                  </Td>
                )}
                {showBatch && (
                  <Td label={t("assignments.col.batch")}>
                    {a.batch ? (
                      <span className="grid gap-0.5">
                        <Link to={assignmentPaths.batchDetail(a.batch.id)} className={linkClass}>
                          {a.batch.name || t("assignments.batchN", { id: a.batch.id })}
                        </Link>
                        <span className="text-xs text-slate-500">
                          {formatDateTime(a.batch.starts_at, locale)}
                        </span>
                      </span>
                    ) : (
                      "—"
                    )}
                  </Td>
                )}
                <Td label={t("assignments.col.source")}>
                  <Badge tone={a.source === "direct" ? "blue" : "amber"}>
                    {t(SOURCE_LABEL[a.source] ?? "assignments.source.direct")}
                  </Badge>
                </Td>
                <Td label={t("assignments.col.status")}>
                  <Badge tone={ASSIGNMENT_STATUS_TONE[a.status] ?? "slate"}>
                    {t(ASSIGNMENT_STATUS_LABEL[a.status] ?? "assignments.status.assigned")}
                  </Badge>
                </Td>
                <Td label={t("assignments.col.terms")}>
                  <span className="grid gap-0.5 text-xs text-slate-700">
                    <span>{t("assignments.attemptsN", { count: a.attempts_allowed })}</span>
                    <span>
                      {a.due_at
                        ? t("assignments.dueOn", { date: formatDate(a.due_at, locale) })
                        : t("assignments.noDue")}
                    </span>
                    {a.requires_purchase && (
                      <span>
                        {t(a.paid_at ? "assignments.paidCost" : "assignments.toPayCost", {
                          cost: formatVnd(a.purchase_cost, locale),
                        })}
                      </span>
                    )}
                  </span>
                </Td>
                <Td label={t("assignments.col.assigned")}>
                  <span className="grid gap-0.5 text-xs text-slate-700">
                    <span>{formatDate(a.created_at, locale)}</span>
                    {a.assigned_by_name && (
                      <span className="text-slate-500">
                        {t("assignments.byName", { name: a.assigned_by_name })}
                      </span>
                    )}
                  </span>
                </Td>
                <Td className="md:text-right">
                  {withdrawable(a) && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="whitespace-nowrap text-red-700"
                      aria-label={t("assignments.withdraw.labelFor", { name: a.learner_name })}
                      onClick={() => {
                        setError("");
                        setTarget(a);
                      }}
                    >
                      <Undo2 className="h-4 w-4" aria-hidden="true" />
                      {t("assignments.withdraw.action")}
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {query.data && <Pager page={page} limit={query.data.limit} total={query.data.total} onPage={onPage} />}
      <ConfirmDialog
        open={target !== null}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirmWithdraw()}
        busy={withdraw.isPending}
        error={error}
        title={t("assignments.withdraw.title")}
        description={
          target
            ? t("assignments.withdraw.body", { name: target.learner_name, test: target.preset.name })
            : ""
        }
        confirmLabel={t("assignments.withdraw.action")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </>
  );
}
