/** Payloads shaped as the marketplace API answers them, for the feature's tests. */
import type { Listing, PublishableTest } from "../api/types";

export const page = <T>(items: T[], total = items.length, limit = 12) => ({ items, page: 1, limit, total });

export const LISTING: Listing = {
  id: 31,
  kind: "test",
  preset_id: 7,
  organization: { id: 3, name: "Trung tâm Học tập Suốt đời" },
  name: "Đánh giá năng lực Toán 9",
  description: "Đề đánh giá năng lực cuối học kì.\nGồm 10 câu.",
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

export const PUBLISHABLE: PublishableTest[] = [
  {
    id: 7,
    name: "Đánh giá năng lực Toán 9",
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
  },
  {
    id: 8,
    name: "Tiếng Anh 9 — giữa kì",
    grade: 9,
    status: "approved",
    subjects: ["Tiếng Anh"],
    duration_minutes: 30,
    starts_at: null,
    ends_at: null,
    batch_count: 2,
    live_batches: 2,
    slots: 20,
    available: 20,
    pending: 0,
    taken: 0,
    direct: 0,
    purchased: 0,
    waiting: 0,
    listing_id: null,
    updated_at: "2026-11-20T01:00:00Z",
  },
];
