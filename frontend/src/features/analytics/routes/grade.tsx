/** /alltransaction/grade/:grade: the market assessment rows of one grade (issue 10): each test
 * (or survey) with its purchases per add-on and revenue, searched, sorted and paged (in the
 * address); each row opens its transactions. */
import { Link, useParams } from "react-router-dom";

import { Lang } from "@/components/lang";
import { Td, Tr } from "@/components/ui/responsive-table";
import { formatNumber, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useMarketAssessments } from "../api/get-market-assessments";
import { BackLink } from "../components/back-link";
import {
  MarketPager,
  MarketTable,
  MarketToolbar,
  MoneyCell,
  PurchaseCells,
  useMarketList,
} from "../components/market-list";
import { MarketTop } from "../components/market-top";
import { ForbiddenNote, isForbidden } from "../components/states";
import { useMarketPage } from "../lib/filters";

const LIMIT = 10;

export default function GradeRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const grade = Number(useParams().grade);
  const { market, options } = useMarketPage();
  const { list, term } = useMarketList({ search: "", status: "", order: "-totalRevenue" });
  const rows = useMarketAssessments(
    { page: list.page, limit: LIMIT, search: term, order_by: list.values.order },
    { ...market.query, grade },
  );
  if (isForbidden(options.error) || isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];
  const carriedWith = (extra: Record<string, string>) => {
    const next = new URLSearchParams(market.carried.slice(1));
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-6">
      <MarketTop
        title={t("analytics.grade.title", { grade })}
        back={
          <BackLink to={`/alltransaction/index${market.carried}`}>{t("analytics.backToDashboard")}</BackLink>
        }
        market={market}
        options={options.data}
        tabs={false}
        withoutGrade
      />
      <MarketToolbar
        id="an"
        list={list}
        placeholder={t("analytics.grade.searchPlaceholder")}
        orders={[
          { value: "-totalRevenue", label: t("analytics.order.revenue") },
          { value: "-totalPurchases", label: t("analytics.order.purchases") },
          { value: "assessmentName", label: t("analytics.order.name") },
        ]}
      />
      {rows.data && (
        <p className="text-sm text-slate-600">
          {t("analytics.grade.totals", {
            count: rows.data.total,
            purchases: formatNumber(rows.data.totals.totalPurchases, locale),
            revenue: formatVnd(rows.data.totals.totalRevenue, locale),
          })}
        </p>
      )}
      <MarketTable
        label={t("analytics.grade.title", { grade })}
        columns={[
          { label: t("analytics.col.assessment") },
          { label: t("analytics.col.testOnly"), numeric: true },
          { label: t("analytics.col.testAdvanced"), numeric: true },
          { label: t("analytics.col.surveyReport"), numeric: true },
          { label: t("analytics.col.totalRevenue"), numeric: true },
        ]}
        query={rows}
        count={items.length}
        filtered={list.filtered}
        empty={t("analytics.empty.noAssessments")}
      >
        {items.map((r) => (
          <Tr key={`${r.organizationId}-${r.kind}-${r.testPresetId}`}>
            <Td className="font-medium max-md:text-base">
              <span className="grid">
                <Link
                  to={`/alltransaction/grade/${grade}/assessment/${r.testPresetId}${carriedWith({
                    kind: r.kind,
                    org: String(r.organizationId),
                  })}`}
                  className="text-blue-700 hover:underline"
                >
                  <Lang>{r.assessmentName}</Lang>
                </Link>
                <span className="text-xs font-normal text-slate-500">
                  {r.kind === "survey" ? t("analytics.kind.survey") : t("analytics.kind.test")}
                  {options.data?.is_superadmin && (
                    <>
                      {" · "}
                      <Lang>{r.organizationName}</Lang>
                    </>
                  )}
                </span>
              </span>
            </Td>
            <PurchaseCells row={r} />
            <MoneyCell label={t("analytics.col.totalRevenue")} amount={r.totalRevenue} strong />
          </Tr>
        ))}
      </MarketTable>
      <MarketPager list={list} page={rows.data} />
    </div>
  );
}
