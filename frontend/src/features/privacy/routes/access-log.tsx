/** /organization/access-log (issue 24, item 4): who viewed or downloaded the organization's
 * private files (proctoring videos, report PDFs, exports), newest first, filtered by kind and by
 * Vietnam days, kept in the address (the list kit). Organization admins only: the server refuses
 * others (403, shown inline). Linked from /organization/settings and the retention page. */
import { ScrollText } from "lucide-react";

import { DateFilter } from "@/components/list/date-filter";
import { ListToolbar, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useAccessLog } from "../api/get-access-log";
import type { AccessKind } from "../api/types";
import { ACCESS_KINDS, KIND_LABEL, ROLE_LABEL } from "../components/labels";
import { SettingsPageHeader } from "../components/settings-page-header";

const LIMIT = 20;
const DEFAULTS = { kind: "", from: "", to: "" };

export default function AccessLogRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, filtered, set } = useListParams(DEFAULTS);
  const kind = (ACCESS_KINDS as string[]).includes(values.kind) ? (values.kind as AccessKind) : undefined;
  const badRange = values.from !== "" && values.to !== "" && values.from > values.to;
  const log = useAccessLog({
    page,
    limit: LIMIT,
    kind,
    from_date: values.from || undefined,
    to_date: badRange ? undefined : values.to || undefined,
  });
  const items = log.data?.items ?? [];
  const refusal = log.error instanceof ApiError && log.error.status === 403 ? log.error.message : "";

  return (
    <div className="grid gap-6">
      <SettingsPageHeader title={t("privacy.accessLog.title")} intro={t("privacy.accessLog.intro")} />
      <ListToolbar>
        <SelectFilter
          id="log-kind"
          label={t("privacy.accessLog.kind")}
          value={kind ?? ""}
          onChange={(value) => set({ kind: value })}
          allLabel
          choices={ACCESS_KINDS.map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))}
        />
        <DateFilter
          id="log-from"
          label={t("privacy.accessLog.from")}
          value={values.from}
          onChange={(from) => set({ from })}
          max={values.to || undefined}
        />
        <DateFilter
          id="log-to"
          label={t("privacy.accessLog.to")}
          value={values.to}
          onChange={(to) => set({ to })}
          min={values.from || undefined}
          error={badRange ? "log-range-error" : undefined}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => set(DEFAULTS)}>
            {t("privacy.accessLog.clearFilters")}
          </Button>
        )}
      </ListToolbar>
      {badRange && (
        <p id="log-range-error" role="alert" className="text-sm text-red-700">
          {t("privacy.accessLog.badRange")}
        </p>
      )}
      <Table label={t("privacy.accessLog.title")}>
        <Head>
          <Th>{t("privacy.accessLog.when")}</Th>
          <Th>{t("privacy.accessLog.who")}</Th>
          <Th>{t("privacy.accessLog.what")}</Th>
          <Th>{t("privacy.accessLog.learner")}</Th>
          <Th>{t("privacy.accessLog.where")}</Th>
        </Head>
        <Body>
          <QueryRows
            query={log}
            count={items.length}
            colSpan={5}
            failed={refusal || t("privacy.accessLog.loadFailed")}
            filtered={filtered}
            noMatches={t("privacy.accessLog.noMatches")}
            empty={
              <span className="grid justify-items-center gap-2">
                <ScrollText className="h-8 w-8 text-slate-400" aria-hidden="true" />
                {t("privacy.accessLog.empty")}
              </span>
            }
          >
            {items.map((row) => (
              <Tr key={row.id}>
                <Td label={t("privacy.accessLog.when")} className="whitespace-nowrap">
                  {formatDateTime(row.created_at, locale)}
                </Td>
                <Td label={t("privacy.accessLog.who")}>
                  <span className="grid gap-1">
                    <span className="font-medium text-slate-900">{row.actor_name || "—"}</span>
                    <Badge tone={row.actor_role === "educator" ? "slate" : "blue"}>
                      {t(ROLE_LABEL[row.actor_role])}
                    </Badge>
                  </span>
                </Td>
                <Td label={t("privacy.accessLog.what")}>
                  <span className="grid gap-0.5">
                    <span>{t(KIND_LABEL[row.kind])}</span>
                    {row.object_label && (
                      <span className="break-words text-xs text-slate-500">{row.object_label}</span>
                    )}
                  </span>
                </Td>
                <Td label={t("privacy.accessLog.learner")}>{row.learner_name || "—"}</Td>
                <Td label={t("privacy.accessLog.where")}>
                  <span className="grid gap-0.5">
                    <span className="font-mono text-xs">{row.ip || "—"}</span>
                    {row.user_agent && (
                      <span className="max-w-64 truncate text-xs text-slate-500" title={row.user_agent}>
                        {row.user_agent}
                      </span>
                    )}
                  </span>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {log.data && (
        <Pager page={page} limit={log.data.limit} total={log.data.total} onPage={(p) => set({ page: p })} />
      )}
    </div>
  );
}
