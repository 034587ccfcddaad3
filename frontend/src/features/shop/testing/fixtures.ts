/** API payloads for the shop's tests, shaped as the server sends them. */
import type { Cart, CartItem } from "@/components/shop/api/types";
import { authorizedAs, ok } from "@/testing/mock-api";

import type { Transaction } from "../api/types";

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
