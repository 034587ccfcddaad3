/** Payloads shaped as the marketplace, cart and transaction APIs answer them, for the feature's
 * tests. */
import type { AssignableTest } from "@/lib/api/assignable-tests";
import { authorizedAs, ok } from "@/testing/mock-api";

import type { Cart, CartItem, Listing, Transaction } from "../api/types";

export const page = <T>(items: T[], total = items.length, limit = 12) => ({ items, page: 1, limit, total });

export const LISTING: Listing = {
  id: 31,
  kind: "test",
  preset_id: 7,
  organization: { id: 3, name: "Trung tâm Học tập Suốt đời" },
  name: "Đánh giá năng lực Toán 9",
  name_lang: "vi",
  description: "Đề đánh giá năng lực cuối học kì.\nGồm 10 câu.",
  description_lang: "vi",
  grade: 9,
  subjects: ["Toán"],
  subject_codes: ["toan"],
  cover_image: null,
  duration_minutes: 45,
  starts_at: "2099-12-01T01:00:00Z",
  ends_at: "2099-12-20T01:00:00Z",
  camera_proctoring: true,
  batches: [
    {
      id: 51,
      name: "Ca 1 (sáng thứ Bảy)",
      starts_at: "2099-12-05T01:00:00Z",
      expires_at: "2099-12-05T03:00:00Z",
      slots: 30,
      available: 4,
    },
  ],
  available_slots: 4,
  price_test_only: 150000,
  price_test_advanced: 250000,
  price_survey_report: null,
  status: "active",
  published_at: "2026-11-20T01:00:00Z",
};

export const FREE_LISTING: Listing = {
  ...LISTING,
  id: 32,
  preset_id: 8,
  organization: { id: 4, name: "Trường THPT Nguyễn Du" },
  name: "Tiếng Anh 12 — luyện thi",
  grade: 12,
  subjects: ["Tiếng Anh"],
  subject_codes: ["tieng-anh"],
  price_test_only: 0,
  price_test_advanced: null,
};

/** Every batch full: "no slot available". */
export const FULL_LISTING: Listing = {
  ...LISTING,
  id: 33,
  name: "Đề thi đã hết chỗ",
  batches: [
    { ...LISTING.batches[0]!, available: 0 },
    {
      id: 52,
      name: "Ca 2 (chiều thứ Bảy)",
      starts_at: "2099-12-05T06:00:00Z",
      expires_at: "2099-12-05T08:00:00Z",
      slots: 10,
      available: 0,
    },
  ],
  available_slots: 0,
};

/** A test the organization may publish (GET /api/v1/assignments/tests?listed=false). */
function publishable(
  overrides: Partial<AssignableTest> & Pick<AssignableTest, "id" | "name">,
): AssignableTest {
  return {
    grade: 9,
    status: "approved",
    subjects: ["Toán"],
    duration_minutes: 45,
    starts_at: null,
    ends_at: null,
    batch_count: 1,
    live_batches: 1,
    slots: 30,
    available: 30,
    pending: 0,
    taken: 0,
    direct: 0,
    purchased: 0,
    waiting: 0,
    listing_id: null,
    updated_at: "2026-11-20T01:00:00Z",
    ...overrides,
  };
}

export const PUBLISHABLE: AssignableTest[] = [
  publishable({ id: 7, name: "Đánh giá năng lực Toán 9" }),
  publishable({
    id: 8,
    name: "Tiếng Anh 9 — giữa kì",
    subjects: ["Tiếng Anh"],
    duration_minutes: 30,
    batch_count: 2,
    live_batches: 2,
    slots: 20,
    available: 20,
  }),
];

export const LEARNER = ok(authorizedAs("LEARNER"));
export const EDUCATOR = ok(authorizedAs("EDUCATOR"));

const inDays = (days: number, hour = 1) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

export function cartItem(overrides: Partial<CartItem> & { id: number }): CartItem {
  return {
    listing: {
      id: 100 + overrides.id,
      name: "Đánh giá năng lực Toán 9",
      name_lang: "vi",
      grade: 9,
      subjects: ["Toán"],
      organization: "Trung tâm Học tập Suốt đời",
      cover_image: null,
      price_test_only: 120_000,
      price_test_advanced: 200_000,
    },
    addon: "test_advanced",
    addon_name: "Test + advanced report",
    batch: {
      id: 9,
      name: "Ca 2 (chiều thứ Bảy)",
      starts_at: inDays(9),
      expires_at: inDays(9, 3),
      available: 30,
    },
    price: 200_000,
    problem: null,
    ...overrides,
  };
}

export const ENGLISH_ROW = (id: number): CartItem =>
  cartItem({
    id,
    listing: {
      id: 200,
      name: "Tiếng Anh 9 - Kiểm tra giữa kỳ",
      name_lang: "vi",
      grade: 9,
      subjects: ["Tiếng Anh"],
      organization: "Trung tâm Học tập Suốt đời",
      cover_image: null,
      price_test_only: 80_000,
      price_test_advanced: null,
    },
    addon: "test_only",
    addon_name: "Test only",
    price: 80_000,
    batch: {
      id: 12,
      name: "Ca 1 (sáng Chủ nhật)",
      starts_at: inDays(10),
      expires_at: inDays(10, 3),
      available: 0,
    },
  });

export function cartOf(items: CartItem[]): Cart {
  return { cartItems: items, count: items.length, total: items.reduce((s, i) => s + i.price, 0) };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 41,
    name: "Đánh giá năng lực Toán 9",
    date: new Date().toISOString(),
    amount: 200_000,
    remark: "Đánh giá năng lực Toán 9",
    payment_id: "",
    payment_provider: "",
    status: "PENDING",
    status_name: "Pending",
    buyer_name: "Võ Ngọc Anh",
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    completed_at: null,
    closed_at: null,
    failure_reason: "",
    items: [
      {
        id: 7,
        listing_id: 101,
        name: "Đánh giá năng lực Toán 9",
        organization: "Trung tâm Học tập Suốt đời",
        grade: 9,
        addon: "test_advanced",
        addon_name: "Test + advanced report",
        batch_id: 9,
        batch_name: "Ca 2 (chiều thứ Bảy)",
        batch_starts_at: inDays(9),
        price: 200_000,
        assignment_id: null,
      },
    ],
    ...overrides,
  };
}
