/** Payloads of the learner's assignment and test-taking API for the feature's tests. */
import type { Attempt, MyAssignment, Preparation, Result } from "../api/types";

export const NOW = "2026-11-22T08:00:00Z";
const HOUR = 3_600_000;
export const iso = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();

export function assignment(overrides: Partial<MyAssignment> = {}): MyAssignment {
  return {
    enrollment_id: 5,
    id: 31,
    organization: "Trung tâm Học tập Suốt đời",
    preset_name: "Đánh giá năng lực Toán 9",
    grade: 9,
    duration_minutes: 45,
    camera_proctoring: true,
    allow_no_camera: true,
    passing_score: 5,
    auto_release_result: true,
    status: "assigned",
    source: "purchase",
    attempts_allowed: 1,
    due_at: iso(48 * HOUR),
    requires_purchase: true,
    purchase_cost: 120000,
    paid_at: iso(-24 * HOUR),
    transaction_id: 9,
    advanced_report: false,
    batch_id: 3,
    batch_name: "Ca 1 (sáng thứ Bảy)",
    batch_starts_at: iso(-HOUR),
    batch_expires_at: iso(2 * HOUR),
    window_starts_at: iso(-HOUR),
    window_expires_at: iso(2 * HOUR),
    can_start_now: true,
    action: "prepare",
    created_at: iso(-24 * HOUR),
    attempt_no: null,
    attempt_status: null,
    max_score: null,
    score: null,
    scale_score: null,
    scale_max: null,
    result: null,
    released: false,
    ...overrides,
  };
}

export function page<T>(items: T[], total = items.length) {
  return { items, page: 1, limit: 10, total };
}

export function preparation(overrides: Partial<Preparation> = {}): Preparation {
  return {
    enrollment_id: 5,
    test_name: "Đánh giá năng lực Toán 9",
    organization: "Trung tâm Học tập Suốt đời",
    duration_minutes: 45,
    time_limit_minutes: 45,
    question_count: 3,
    camera_proctoring: true,
    allow_no_camera: false,
    video_uploaded: false,
    camera_consented_at: null,
    video_keep_days: 90,
    video_seconds: 30,
    video_tolerance_seconds: 3,
    video_max_bytes: 50 * 1024 * 1024,
    window_starts_at: new Date(Date.now() - HOUR).toISOString(),
    window_expires_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    window_state: "open",
    can_start_now: true,
    action: "prepare",
    status: "assigned",
    attempts_allowed: 1,
    attempts_used: 0,
    attempt_status: null,
    tab_switches_allowed: 5,
    requires_payment: false,
    purchase_cost: 0,
    server_now: new Date().toISOString(),
    ...overrides,
  };
}

export const QUESTIONS: Attempt["questions"] = [
  {
    id: 101,
    type: "single_choice",
    stem: { vi: "Giá trị của $\\sqrt{49}$ là:", en: "The value of $\\sqrt{49}$ is:" },
    options: [
      { id: "a", vi: "7", en: "7" },
      { id: "b", vi: "-7", en: "-7" },
    ],
    statements: [],
    rounding: { vi: "", en: "" },
    points: 1,
    stimulus_id: null,
  },
  {
    id: 102,
    type: "true_false",
    stem: {
      vi: "Khẳng định $\\sqrt[3]{-64} = -4$ đúng hay sai?",
      en: "True or false? $\\sqrt[3]{-64} = -4$.",
    },
    options: [],
    statements: [],
    rounding: { vi: "", en: "" },
    points: 1,
    stimulus_id: null,
  },
  {
    id: 103,
    type: "essay",
    stem: { vi: "Rút gọn biểu thức $A$.", en: "Simplify $A$." },
    options: [],
    statements: [],
    rounding: { vi: "", en: "" },
    points: 2,
    stimulus_id: null,
  },
];

export function attempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    attempt_id: 77,
    status: "in_progress",
    deadline_at: new Date(Date.now() + 45 * 60_000).toISOString(),
    server_now: new Date().toISOString(),
    grace_seconds: 30,
    offline_grace_seconds: 600,
    // 32 bytes of a test key, base64url (issue 38, item 3: the backup answers' seal)
    backup: {
      key: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
      binding: "pandai.backup-answers/1|org_test|77|5",
    },
    tab_switches: 0,
    tab_switches_allowed: 5,
    voided: false,
    test_name: "Đánh giá năng lực Toán 9",
    questions: QUESTIONS,
    parts: [],
    stimuli: [],
    answers: [],
    ...overrides,
  };
}

export function result(overrides: Partial<Result> = {}): Result {
  return {
    status: "submitted",
    released: true,
    result: "passed",
    score: 6,
    max_score: 8,
    // on the reporting scale, as the server converts it (decision 0056): 6 of 8 is 7,50 of 10
    scale_score: 7.5,
    scale_max: 10,
    parts: [],
    passing_score: 5,
    voided: false,
    message: "Chúc mừng! Em đã vượt qua vòng sơ loại.",
    submitted_at: iso(-HOUR),
    submit_reason: "learner",
    tab_switches: 1,
    advanced_report: false,
    stimuli: [],
    breakdown: {
      subject: [{ id: 1, name: "Toán", score: 2.5, max: 4, percent: 62.5 }],
      topic: [
        { id: 11, name: "T9-DS Đại số", score: 1, max: 2, percent: 50 },
        { id: 12, name: "T9-HH Hình học", score: 1.5, max: 2, percent: 75 },
      ],
      complexity_level: [],
      cognitive_domain: [],
    },
    answers: [
      {
        question: QUESTIONS[0]!,
        answer: { option: "b" },
        score: 0,
        comment: "",
        key: { option: "a" },
        explanation: { vi: "Vì $7^2 = 49$ và $7 \\ge 0$.", en: "Since $7^2 = 49$ and $7 \\ge 0$." },
        statements_right: null,
      },
      {
        question: QUESTIONS[1]!,
        answer: { value: true },
        score: 1,
        comment: "",
        key: { value: true },
        explanation: { vi: "", en: "" },
        statements_right: null,
      },
      {
        question: QUESTIONS[2]!,
        answer: { text: "A = 3√x/(√x + 2)" },
        score: 1.5,
        comment: "Thiếu điều kiện xác định.",
        key: {},
        explanation: { vi: "", en: "" },
        statements_right: null,
      },
    ],
    ...overrides,
  };
}
