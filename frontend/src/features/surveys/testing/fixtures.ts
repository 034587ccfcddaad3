/** Payloads shaped like the surveys API's, for the feature's tests. */
import { RIASEC, type Questions, type SurveyUser } from "../api/types";

export const NOW = "2026-11-22T08:00:00Z";

export const SCALE = [
  { value: 1, label: "Hoàn toàn không đồng ý" },
  { value: 2, label: "Không đồng ý" },
  { value: 3, label: "Phân vân" },
  { value: 4, label: "Đồng ý" },
  { value: 5, label: "Hoàn toàn đồng ý" },
];

export const GROUP_NAMES: Record<string, string> = {
  R: "Kỹ thuật (Realistic)",
  I: "Nghiên cứu (Investigative)",
  A: "Nghệ thuật (Artistic)",
  S: "Xã hội (Social)",
  E: "Quản lý (Enterprising)",
  C: "Nghiệp vụ (Conventional)",
};

/** 48 statements (ids 101..148) cycling through the groups; the first `answered` have answer 4. */
export function questionsPayload(answered = 0): Questions {
  const questions = Array.from({ length: 48 }, (_, i) => ({
    id: 101 + i,
    number: i + 1,
    group: RIASEC[i % 6] as string,
    text: `Nhận định số ${i + 1}`,
    answer: i < answered ? 4 : null,
  }));
  return {
    user_survey_id: 7,
    status: "in_progress",
    editable: true,
    scale: SCALE,
    groups: RIASEC.map((code) => ({ code, name: GROUP_NAMES[code]! })),
    questions,
    answered,
    total: 48,
    progress: RIASEC.map((code, g) => ({
      code,
      total: 8,
      answered: questions.filter((q, i) => i % 6 === g && q.answer !== null).length,
    })),
    deadline_at: null,
    server_now: NOW,
  };
}

export function overviewPayload(overrides: Partial<SurveyUser> = {}): SurveyUser {
  return {
    id: 7,
    survey_id: 7,
    organization_survey_id: 1,
    organization: { id: 3, name: "Trung tâm Học tập Suốt đời" },
    name: "Khảo sát định hướng nghề nghiệp (Holland – RIASEC)",
    description: "48 nhận định về sở thích.",
    status: "in_progress",
    survey_status: "published",
    learner_name: "Lê Hoàng Nam",
    statement_count: 48,
    group_count: 6,
    scale: SCALE,
    time_limit_minutes: null,
    starts_at: null,
    ends_at: null,
    started_at: NOW,
    deadline_at: null,
    completed_at: null,
    answered: 10,
    total: 48,
    holland_code: "",
    report_unlocked: false,
    report_price: 49000,
    can_start: true,
    created_at: NOW,
    server_now: NOW,
    ...overrides,
  };
}
