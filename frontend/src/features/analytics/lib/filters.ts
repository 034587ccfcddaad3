/** The dashboard's filters live in the URL (?from=&to=&grade=&subject=&province=&round=&org=),
 * so a drill-down link, a reload or a shared address keeps them. The date range defaults to the
 * last 30 Vietnam days (inclusive, today included). */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

import { vietnamDay } from "@/lib/format";

import { useFilterOptions } from "../api/get-filter-options";
import type { MarketFilters } from "../api/types";

export const DEFAULT_DAYS = 30;

/** The last `DEFAULT_DAYS` Vietnam days, today included (`YYYY-MM-DD`, the server's days). */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const to = vietnamDay(now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (DEFAULT_DAYS - 1));
  return { from: start.toISOString().slice(0, 10), to };
}

const KEYS = ["from", "to", "grade", "subject", "province", "round", "org"] as const;
export type FilterKey = (typeof KEYS)[number];

const number = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The filters of the address, with the default range when none is given (`all` = all time). */
export function useMarketFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<MarketFilters>(() => {
    const range = defaultRange();
    const from = params.get("from");
    const to = params.get("to");
    const allTime = from === "all";
    return {
      from_date: allTime ? undefined : from || range.from,
      to_date: allTime ? to || undefined : to || range.to,
      grade: number(params.get("grade")),
      subject: params.get("subject") || undefined,
      province_code: params.get("province") || undefined,
      round_id: number(params.get("round")),
      organization_id: number(params.get("org")),
    };
  }, [params]);
  const setFilter = useCallback(
    (key: FilterKey, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          if (key === "org") next.delete("round"); // rounds belong to one organization
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = KEYS.some((key) => params.has(key));
  /** The query string to carry to a drill-down page. */
  const carried = useMemo(() => {
    const next = new URLSearchParams();
    for (const key of KEYS) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : "";
  }, [params]);
  /** The filters sent to the server: a range that ends before it starts drops its end (the bar
   * says so). */
  const query = useMemo<MarketFilters>(() => {
    const badRange = Boolean(filters.from_date && filters.to_date && filters.from_date > filters.to_date);
    return badRange ? { ...filters, to_date: undefined } : filters;
  }, [filters]);
  return { filters, query, setFilter, reset, active, carried, params };
}

export type MarketFilterState = ReturnType<typeof useMarketFilters>;

/** A market page's filters and the filter bar's options (a SuperAdmin's organization scopes the
 * rounds). */
export function useMarketPage() {
  const market = useMarketFilters();
  const options = useFilterOptions(market.filters.organization_id);
  return { market, options };
}
