/** The dashboard's market rows, one per grade (each grade drills down), with their total. */
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { Td, Tr } from "@/components/ui/responsive-table";
import { useT } from "@/lib/intl";

import type { MarketRow } from "../api/types";
import { CountCell, MarketTable, MoneyCell, PurchaseCells } from "./market-list";

const COUNTED = [
  "assessmentsPublished",
  "testOnlyPurchases",
  "testAdvancedReportPurchases",
  "surveyReportPurchases",
  "totalPurchases",
  "totalRevenue",
] as const;

function total(rows: MarketRow[]): Pick<MarketRow, (typeof COUNTED)[number]> {
  const sum = Object.fromEntries(COUNTED.map((key) => [key, 0])) as Record<(typeof COUNTED)[number], number>;
  for (const row of rows) for (const key of COUNTED) sum[key] += row[key];
  return sum;
}

export function MarketsTable({
  markets,
  carried,
}: {
  markets: UseQueryResult<MarketRow[]>;
  carried: string;
}) {
  const t = useT();
  const rows = markets.data ?? [];
  const gradeLabel = (grade: number | null) =>
    grade === null ? t("analytics.noGrade") : t("analytics.gradeN", { grade });
  const figures = (row: Pick<MarketRow, (typeof COUNTED)[number]>, strong: boolean) => (
    <>
      <CountCell label={t("analytics.col.published")} value={row.assessmentsPublished} />
      <PurchaseCells row={row} />
      <CountCell label={t("analytics.col.totalPurchases")} value={row.totalPurchases} />
      <MoneyCell label={t("analytics.col.totalRevenue")} amount={row.totalRevenue} strong={strong} />
    </>
  );

  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-semibold">{t("analytics.markets.title")}</h2>
      <MarketTable
        label={t("analytics.markets.title")}
        columns={[
          { label: t("analytics.col.grade") },
          { label: t("analytics.col.published"), numeric: true },
          { label: t("analytics.col.testOnly"), numeric: true },
          { label: t("analytics.col.testAdvanced"), numeric: true },
          { label: t("analytics.col.surveyReport"), numeric: true },
          { label: t("analytics.col.totalPurchases"), numeric: true },
          { label: t("analytics.col.totalRevenue"), numeric: true },
        ]}
        query={markets}
        count={rows.length}
        filtered={false}
        empty={t("analytics.empty.noMarket")}
      >
        {rows.map((r) => (
          <Tr key={r.grade ?? "none"}>
            <Td className="font-medium max-md:text-base">
              {r.grade === null ? (
                gradeLabel(null)
              ) : (
                <Link
                  to={`/alltransaction/grade/${r.grade}${carried}`}
                  className="text-blue-700 hover:underline"
                  aria-label={t("analytics.markets.open", { grade: r.grade })}
                >
                  {gradeLabel(r.grade)}
                </Link>
              )}
            </Td>
            {figures(r, true)}
          </Tr>
        ))}
        {rows.length > 1 && (
          <Tr className="bg-slate-50 font-semibold">
            <Td>{t("analytics.total")}</Td>
            {figures(total(rows), false)}
          </Tr>
        )}
      </MarketTable>
    </section>
  );
}
