/** The dashboard's market rows, one per grade (each grade drills down), with their total. */
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { useT } from "@/lib/intl";

import type { MarketRow } from "../api/types";
import { CountCell, MarketRows, MoneyCell, PurchaseCells } from "./market-list";

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
      <Table label={t("analytics.markets.title")}>
        <Head>
          <Th>{t("analytics.col.grade")}</Th>
          <Th className="text-right">{t("analytics.col.published")}</Th>
          <Th className="text-right">{t("analytics.col.testOnly")}</Th>
          <Th className="text-right">{t("analytics.col.testAdvanced")}</Th>
          <Th className="text-right">{t("analytics.col.surveyReport")}</Th>
          <Th className="text-right">{t("analytics.col.totalPurchases")}</Th>
          <Th className="text-right">{t("analytics.col.totalRevenue")}</Th>
        </Head>
        <Body>
          <MarketRows
            query={markets}
            count={rows.length}
            colSpan={7}
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
          </MarketRows>
        </Body>
      </Table>
    </section>
  );
}
