/** Payloads of the analytics API for unit tests (shapes of the generated types). */
import type { Analytics, FilterOptions, MarketRow, MarketTransactionRow } from "../api/types";

export const options: FilterOptions = {
  is_superadmin: false,
  grades: [9, 10, 11, 12],
  subjects: [{ code: "toan", name: "Toán" }],
  provinces: [
    { code: "01", name: "Thành phố Hà Nội" },
    { code: "79", name: "Thành phố Hồ Chí Minh" },
  ],
  rounds: [{ id: 3, name: "Vòng 1" }],
  addons: [{ code: "test_only", name: "Chỉ bài thi" }],
  organizations: [],
};

const card = (value: number, previous: number | null, change: number | null) => ({ value, previous, change });

export const dashboard: Analytics = {
  analytic_type: "dashboard",
  filters: {
    from_date: "2025-03-01",
    to_date: "2025-03-10",
    grade: null,
    subject: null,
    province_code: null,
    round_id: null,
    organization_id: null,
    test_preset_id: null,
    kind: null,
    status: "COMPLETED",
  },
  period: {
    from_date: "2025-03-01",
    to_date: "2025-03-10",
    previous_from_date: "2025-02-19",
    previous_to_date: "2025-02-28",
  },
  summary: {
    revenue: card(390_000, 150_000, 160),
    purchases: card(4, 2, 100),
    transactions: card(3, 1, 200),
    buyers: card(3, 1, 200),
    average_order: card(130_000, 150_000, -13.3),
    not_counted: {
      pending: { purchases: 1, transactions: 1, amount: 80_000 },
      cancelled: { purchases: 1, transactions: 1, amount: 100_000 },
      expired: { purchases: 1, transactions: 1, amount: 180_000 },
      failed: { purchases: 1, transactions: 1, amount: 100_000 },
    },
  },
  revenue_over_time: { unit: "day", points: [{ period: "2025-03-02", revenue: 180_000, purchases: 1 }] },
  by_addon: [{ addon: "test_only", name: "Chỉ bài thi", purchases: 2, revenue: 180_000 }],
  by_grade: [{ grade: 9, purchases: 2, revenue: 280_000 }],
  by_subject: [{ subject: "toan", name: "Toán", purchases: 2, revenue: 280_000 }],
  by_province: [{ province_code: "79", name: "Thành phố Hồ Chí Minh", purchases: 1, revenue: 180_000 }],
  heatmap_weekday_hour: null,
  heatmap_province_grade: null,
};

export const markets: MarketRow[] = [
  {
    grade: 9,
    assessmentsPublished: 2,
    testOnlyPurchases: 1,
    testAdvancedReportPurchases: 1,
    surveyReportPurchases: 0,
    totalPurchases: 2,
    totalRevenue: 280_000,
  },
  {
    grade: 10,
    assessmentsPublished: 1,
    testOnlyPurchases: 1,
    testAdvancedReportPurchases: 0,
    surveyReportPurchases: 1,
    totalPurchases: 2,
    totalRevenue: 110_000,
  },
];

export function txRow(overrides: Partial<MarketTransactionRow> = {}): MarketTransactionRow {
  return {
    id: "41",
    itemId: 7,
    transactionId: 41,
    studentName: "Nguyễn Văn An",
    assessmentName: "Đánh giá năng lực Toán 9",
    testPresetId: 5,
    kind: "test",
    grade: 9,
    purchase: "Bài thi + báo cáo nâng cao",
    purchaseCode: "test_advanced",
    totalPaid: 180_000,
    purchaseDate: "2025-03-02T02:00:00Z",
    completedDate: "2025-03-02T02:05:00Z",
    paymentId: "SIM-T1",
    status: "COMPLETED",
    statusName: "Hoàn tất",
    organizationId: 1,
    organizationName: "Trung tâm",
    ...overrides,
  };
}
