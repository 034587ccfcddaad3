/** The top of a market page: its title (with a back link or actions), the tabs of /alltransaction
 * and the filter bar bound to the address. */
import type { ReactNode } from "react";

import type { FilterOptions } from "../api/types";
import type { MarketFilterState } from "../lib/filters";
import { AnalyticsNav } from "./analytics-nav";
import { FilterBar } from "./filter-bar";
import { PageHeader } from "./page-header";

export function MarketTop({
  title,
  market,
  options,
  back,
  actions,
  tabs = true,
  withoutGrade,
}: {
  title: string;
  market: MarketFilterState;
  options: FilterOptions | undefined;
  back?: ReactNode;
  actions?: ReactNode;
  /** Show the tabs (dashboard, heatmap, every transaction). */
  tabs?: boolean;
  withoutGrade?: boolean;
}) {
  return (
    <>
      <PageHeader title={title} back={back}>
        {actions}
      </PageHeader>
      {tabs && <AnalyticsNav carried={market.carried} />}
      <FilterBar
        options={options}
        params={market.params}
        from={market.filters.from_date}
        to={market.filters.to_date}
        onChange={market.setFilter}
        onReset={market.reset}
        active={market.active}
        withoutGrade={withoutGrade}
      />
    </>
  );
}
