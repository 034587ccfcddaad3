/** Payloads shaped as the rounds and test-preset API answers them, for the feature's tests. */
import type { Cluster, FormQuestion, Preset, PresetRow, Round, Subject, TestBank } from "../api/types";

export const SUBJECTS: Subject[] = [
  { id: 1, code: "toan", name_vi: "Toán", name_en: "Mathematics" },
  { id: 2, code: "tieng-anh", name_vi: "Tiếng Anh", name_en: "English" },
];

const cluster = (c: Partial<Cluster> & Pick<Cluster, "id" | "code" | "type">): Cluster => ({
  description: c.description ?? c.code,
  label: c.label ?? c.description ?? c.code,
  parent_id: null,
  subject_id: null,
  position: 0,
  ...c,
});

export const CLUSTERS: Cluster[] = [
  cluster({ id: 10, code: "T9-DS", type: "topic", description: "Căn bậc hai", subject_id: 1 }),
  cluster({
    id: 11,
    code: "T9-DS1",
    type: "subtopic",
    description: "Căn thức bậc hai",
    parent_id: 10,
    subject_id: 1,
  }),
  cluster({ id: 20, code: "E9-GR", type: "topic", description: "Ngữ pháp", subject_id: 2 }),
  cluster({ id: 30, code: "NB", type: "complexity_level", description: "Nhận biết" }),
  cluster({ id: 31, code: "TH", type: "complexity_level", description: "Thông hiểu" }),
];

export const ROUND: Round = {
  id: 5,
  name: "Vòng 1",
  starts_at: "2026-11-01T00:00:00Z",
  expires_at: "2026-12-31T00:00:00Z",
  status: "open",
  closed_at: null,
  required_round_id: null,
  passed_message_vi: "Chúc mừng",
  passed_message_en: "Congratulations",
  failed_message_vi: "",
  failed_message_en: "",
};

export const PRESET: Preset = {
  id: 7,
  name: "Đánh giá năng lực Toán 9",
  description: "",
  grade: 9,
  duration_minutes: 45,
  starts_at: "2026-12-01T01:00:00Z",
  ends_at: "2026-12-20T01:00:00Z",
  passing_score: 5,
  max_score: 0,
  score_scale: "raw",
  scale_max: null,
  auto_release_result: false,
  camera_proctoring: true,
  allow_no_camera: false,
  offline_grace_seconds: 600,
  survey_ids: [],
  attribute_requirements: [{ key: "province", value: "79" }],
  attribute_outcomes: [],
  round_id: 5,
  round_name: "Vòng 1",
  required_round_id: null,
  form_mode: "shared",
  prefer_measured: false,
  subjects: [{ subject_id: 1, items: [{ cluster_id: 10, complexity_level_id: 30, count: 4 }] }],
  parts: [],
  status: "draft",
  review_comment: "",
  generation_seed: null,
  generated_at: null,
  question_count: 0,
  form_expectations: [],
  batches: [],
  created_by_profile_id: 11,
  created_by_name: "Nguyễn Thị Lan",
  created_at: "2026-11-20T01:00:00Z",
  updated_at: "2026-11-20T01:00:00Z",
};

export const PRESET_ROW: PresetRow = {
  id: 7,
  name: PRESET.name,
  grade: 9,
  status: "draft",
  round_name: "Vòng 1",
  question_count: 0,
  batch_count: 2,
  subject_ids: [1, 2],
  test_bank_ids: [],
  starts_at: PRESET.starts_at,
  ends_at: PRESET.ends_at,
  updated_at: PRESET.updated_at,
};

/** A test bank (issue 19) made by the test user (profile 11). */
export const TEST_BANK: TestBank = {
  id: 3,
  name: "Đề thi học kì 1",
  description: "",
  question_count: 0,
  preset_count: 1,
  created_by_profile_id: 11,
  created_by_name: "Nguyễn Thị Lan",
  created_at: "2026-11-20T01:00:00Z",
  updated_at: "2026-11-22T01:00:00Z",
};

export function formRow(id: number, position: number, stem: string): FormQuestion {
  return {
    id,
    position,
    question: {
      id: 100 + id,
      bank_id: 1,
      root_id: 100 + id,
      version: 1,
      type: "single_choice",
      grade: 9,
      subject_id: 1,
      subject_name: "Toán",
      difficulty: "easy",
      score_weight: 1,
      content: {
        stem: { vi: stem, en: stem },
        options: [
          { id: "a", vi: "$7$", en: "$7$" },
          { id: "b", vi: "$-7$", en: "$-7$" },
        ],
        explanation: { vi: "", en: "" },
        statements: [],
        rounding: { vi: "", en: "" },
      },
      answer_key: { option: "a" },
      status: "published",
      matrix: {
        topic: { id: 10, code: "T9-DS", description: "Căn bậc hai", label: "Căn bậc hai" },
        subtopic: null,
        complexity_level: { id: 30, code: "NB", description: "Nhận biết", label: "Nhận biết" },
        cognitive_domain: null,
      },
      missing: [],
      stimulus: null,
      created_by_profile_id: 1,
      created_by_name: "Cô Lan",
      created_at: "2026-11-01T01:00:00Z",
      updated_at: "2026-11-01T01:00:00Z",
      published_at: "2026-11-01T01:00:00Z",
    },
  };
}

export const page = <T>(items: T[], total = items.length) => ({ items, page: 1, limit: 20, total });
