/** Batches with their state and read-only slot figures, one page with its pager; each links to
 * its detail page (and, with `showTest`, to its test's batches). */
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { QueryRows } from "@/components/list/query-rows";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { BatchRow } from "../api/types";
import { Badge } from "@/components/ui/badge";
import { BATCH_STATE_LABEL, BATCH_STATE_TONE } from "./labels";
import type { PagedTableProps } from "./paged-table";
import { assignmentPaths } from "./paths";
import { SlotBar } from "./slot-bar";

export const linkClass =
  "text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600";

export function BatchesTable({
  query,
  page,
  onPage,
  label,
  empty,
  noMatches,
  filtered,
  showTest = true,
}: PagedTableProps<BatchRow> & { showTest?: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const rows = query.data?.items ?? [];
  return (
    <>
      <Table label={label}>
        <Head>
          <Th>{t("assignments.col.batch")}</Th>
          {showTest && <Th>{t("assignments.col.test")}</Th>}
          <Th>{t("assignments.col.when")}</Th>
          <Th>{t("assignments.col.state")}</Th>
          <Th className="md:text-right">{t("assignments.col.slots")}</Th>
          <Th className="md:text-right">{t("assignments.slots.available")}</Th>
          <Th className="md:text-right">{t("assignments.slots.pending")}</Th>
          <Th className="md:text-right">{t("assignments.slots.taken")}</Th>
          <Th>
            <span className="sr-only">{t("assignments.col.fill")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={query}
            count={rows.length}
            colSpan={showTest ? 9 : 8}
            failed={t("assignments.loadFailed")}
            empty={empty}
            noMatches={noMatches}
            filtered={filtered}
          >
            {rows.map((b) => (
              <Tr key={b.id}>
                <Td className="font-medium max-md:text-base">
                  <Link to={assignmentPaths.batchDetail(b.id)} className={linkClass}>
                    {b.name ? <Lang>{b.name}</Lang> : t("assignments.batchN", { id: b.id })}
                  </Link>
                </Td>
                {showTest && (
                  <Td label={t("assignments.col.test")}>
                    <Link to={assignmentPaths.batches(b.preset.id)} className={linkClass}>
                      <Lang>{b.preset.name}</Lang>
                    </Link>
                  </Td>
                )}
                <Td label={t("assignments.col.when")} className="text-xs text-slate-700">
                  <span className="grid gap-0.5">
                    <span>{formatDateTime(b.starts_at, locale)}</span>
                    <span className="text-slate-500">
                      {t("assignments.until", { date: formatDateTime(b.expires_at, locale) })}
                    </span>
                  </span>
                </Td>
                <Td label={t("assignments.col.state")}>
                  <Badge tone={BATCH_STATE_TONE[b.state] ?? "slate"}>
                    {t(BATCH_STATE_LABEL[b.state] ?? "assignments.batchState.open")}
                  </Badge>
                </Td>
                <Td label={t("assignments.col.slots")} className="tabular-nums md:text-right">
                  {b.slots}
                </Td>
                <Td label={t("assignments.slots.available")} className="tabular-nums md:text-right">
                  {b.available === 0 && b.state !== "ended" ? (
                    <span className="whitespace-nowrap font-medium text-red-700">
                      {t("assignments.noBatchSlot")}
                    </span>
                  ) : (
                    b.available
                  )}
                </Td>
                <Td label={t("assignments.slots.pending")} className="tabular-nums md:text-right">
                  {b.pending}
                </Td>
                <Td label={t("assignments.slots.taken")} className="tabular-nums md:text-right">
                  {b.taken}
                </Td>
                <Td>
                  <SlotBar slots={b.slots} available={b.available} pending={b.pending} taken={b.taken} />
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {query.data && <Pager page={page} limit={query.data.limit} total={query.data.total} onPage={onPage} />}
    </>
  );
}
