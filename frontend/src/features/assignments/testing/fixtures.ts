/** Payloads shaped as the /assignment API answers them, for the feature's tests. */
import type { Assignment, AssignableTest, BatchRow, Learner, Preset, WaitingEntry } from "../api/types";

export const page = <T>(items: T[], total = items.length, limit = 20) => ({ items, page: 1, limit, total });

const presetRef = { id: 7, name: "Đánh giá năng lực Toán 9", grade: 9, status: "published" };

export const TEST: AssignableTest = {
  id: 7,
  name: "Đánh giá năng lực Toán 9",
  grade: 9,
  status: "published",
  subjects: ["Toán", "Tiếng Anh"],
  duration_minutes: 45,
  starts_at: "2026-12-01T01:00:00Z",
  ends_at: "2026-12-20T01:00:00Z",
  batch_count: 2,
  live_batches: 2,
  slots: 40,
  available: 12,
  pending: 3,
  taken: 25,
  direct: 5,
  purchased: 20,
  waiting: 2,
  listing_id: 31,
  updated_at: "2026-11-20T01:00:00Z",
};

export const BATCH: BatchRow = {
  id: 51,
  name: "Ca 1 (sáng thứ Bảy)",
  preset: presetRef,
  starts_at: "2099-12-05T01:00:00Z",
  expires_at: "2099-12-05T03:00:00Z",
  state: "upcoming",
  slots: 30,
  available: 2,
  pending: 3,
  taken: 25,
  low_slot_notified_at: "2026-11-21T01:00:00Z",
};

export const FULL_BATCH: BatchRow = {
  ...BATCH,
  id: 52,
  name: "Ca 2 (chiều thứ Bảy)",
  slots: 10,
  available: 0,
  pending: 0,
  taken: 10,
};

export const ASSIGNMENT: Assignment = {
  id: 900,
  preset: presetRef,
  batch: { id: 51, name: "Ca 1 (sáng thứ Bảy)", starts_at: BATCH.starts_at, expires_at: BATCH.expires_at },
  learner_profile_id: 301,
  learner_name: "Đặng Minh Khoa",
  learner_email: "khoa@demo.vn",
  source: "direct",
  status: "assigned",
  attempts_allowed: 2,
  due_at: "2099-12-06T01:00:00Z",
  requires_purchase: true,
  purchase_cost: 150000,
  paid_at: null,
  transaction_id: null,
  advanced_report: false,
  assigned_by_name: "Nguyễn Thị Lan",
  created_at: "2026-11-20T01:00:00Z",
};

export const BOUGHT: Assignment = {
  ...ASSIGNMENT,
  id: 901,
  learner_profile_id: 302,
  learner_name: "Lê Hoàng Nam",
  learner_email: "nam@demo.vn",
  source: "purchase",
  requires_purchase: false,
  purchase_cost: 0,
  paid_at: "2026-11-20T02:00:00Z",
  transaction_id: 77,
  assigned_by_name: "",
};

export const WAITING: WaitingEntry[] = [
  {
    id: 1,
    learner_profile_id: 401,
    learner_name: "Võ Ngọc Anh",
    status: "offered",
    position: 1,
    offered_batch: {
      id: 52,
      name: "Ca 2 (chiều thứ Bảy)",
      starts_at: BATCH.starts_at,
      expires_at: BATCH.expires_at,
    },
    claim_expires_at: "2099-12-01T02:00:00Z",
    created_at: "2026-11-19T01:00:00Z",
  },
  {
    id: 2,
    learner_profile_id: 402,
    learner_name: "Phạm Quốc Bảo",
    status: "waiting",
    position: 2,
    offered_batch: null,
    claim_expires_at: null,
    created_at: "2026-11-19T02:00:00Z",
  },
];

export const learner = (id: number, name: string, email: string): Learner => ({
  id,
  name,
  email,
  profileImage: null,
  pandai_profile_role: "LEARNER",
  job_title: "",
  is_admin: false,
  status: "active",
  invited_by: null,
  joined: "2026-10-01T01:00:00Z",
  has_pandai_survey_account: false,
  grade: 9,
  class_name: "9A1",
  last_change: null,
});

export const PRESET: Preset = {
  id: 7,
  name: "Đánh giá năng lực Toán 9",
  description: "",
  grade: 9,
  duration_minutes: 45,
  starts_at: "2026-12-01T01:00:00Z",
  ends_at: "2026-12-20T01:00:00Z",
  passing_score: 5,
  max_score: 10,
  auto_release_result: false,
  camera_proctoring: true,
  allow_no_camera: false,
  offline_grace_seconds: 600,
  survey_ids: [],
  attribute_requirements: [],
  attribute_outcomes: [],
  round_id: 5,
  round_name: "Vòng 1",
  required_round_id: null,
  form_mode: "shared",
  prefer_measured: false,
  subjects: [],
  status: "published",
  review_comment: "",
  generation_seed: 3,
  generated_at: "2026-11-20T01:00:00Z",
  question_count: 10,
  form_expectations: [],
  batches: [],
  created_by_profile_id: 11,
  created_by_name: "Trần Văn Minh",
  created_at: "2026-11-10T01:00:00Z",
  updated_at: "2026-11-20T01:00:00Z",
};
