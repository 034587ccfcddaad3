/** Market analytics payloads (issue 10; spec section 3 rows), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type Analytics = V1Schemas["AnalyticsOut"];
export type Summary = V1Schemas["SummaryOut"];
export type Card = V1Schemas["CardOut"];
export type SeriesPoint = V1Schemas["PointOut"];
export type MarketRow = V1Schemas["MarketRowOut"];
export type MarketAssessmentRow = V1Schemas["MarketAssessmentRowOut"];
export type MarketAssessmentPage = V1Schemas["MarketAssessmentPageOut"];
export type MarketTransactionRow = V1Schemas["MarketTransactionRowOut"];
export type MarketTransactionPage = V1Schemas["MarketTransactionPageOut"];
export type HistoryPage = V1Schemas["HistoryPageOut"];
export type HistoryRow = V1Schemas["HistoryRowOut"];
export type PurchaseItem = V1Schemas["PurchaseItemOut"];
export type FilterOptions = V1Schemas["FilterOptionsOut"];
export type ExportJob = V1Schemas["ExportJobOut"];

/** The filters every analytics call takes (snake_case, as the API names them). Dates are
 * inclusive Vietnam days (YYYY-MM-DD). Empty values are dropped before sending. A request
 * shape, narrower than the generated ``MarketFiltersIn`` (no nulls: the filters come from the
 * address, absent when empty; ``kind`` as the server accepts it). */
export interface MarketFilters {
  from_date?: string;
  to_date?: string;
  grade?: number;
  subject?: string;
  province_code?: string;
  round_id?: number;
  organization_id?: number;
  test_preset_id?: number;
  kind?: "test" | "survey";
  status?: string;
}

export interface ListParams {
  page: number;
  limit: number;
  search?: string;
  order_by?: string;
}

export type AnalyticType =
  | "dashboard"
  | "heatmap"
  | "summary"
  | "revenue_over_time"
  | "by_addon"
  | "by_grade"
  | "by_subject"
  | "by_province"
  | "heatmap_weekday_hour"
  | "heatmap_province_grade";

export const ANALYTICS_KEY = ["analytics"] as const;

/** The filters without empty values (spec section 7: "empty values dropped"). */
export function dropEmpty<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  ) as Partial<T>;
}
