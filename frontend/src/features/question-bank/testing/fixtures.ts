/** Server answers of the authoring API for the question bank's tests. */
import type { Page } from "@/lib/api/types";

import type { Bank, Question, QuestionRow, Stimulus } from "../api/types";

export const page = <T>(items: T[], total = items.length): Page<T> => ({ items, page: 1, limit: 20, total });

const NOW = "2026-11-24T08:00:00Z";

/** A complete single-choice question (author: profile 11, the test user). */
export const QUESTION: Question = {
  id: 31,
  bank_id: 4,
  root_id: 31,
  version: 1,
  type: "single_choice",
  grade: 9,
  subject_id: 2,
  subject_name: "Toán",
  difficulty: "medium",
  score_weight: 1.5,
  content: {
    stem: { vi: "Giải $x^2 - 4 = 0$", en: "Solve $x^2 - 4 = 0$" },
    options: [
      { id: "a", vi: "$x = \\pm 2$", en: "$x = \\pm 2$" },
      { id: "b", vi: "$x = 4$", en: "$x = 4$" },
      { id: "c", vi: "Vô nghiệm", en: "No solution" },
    ],
    explanation: { vi: "Phân tích thành nhân tử.", en: "Factorize." },
    statements: [],
    rounding: { vi: "", en: "" },
  },
  answer_key: { option: "a" },
  status: "draft",
  matrix: { topic: null, subtopic: null, complexity_level: null, cognitive_domain: null },
  missing: [],
  stimulus: null,
  created_by_profile_id: 11,
  created_by_name: "Nguyễn Thị Lan",
  created_at: NOW,
  updated_at: NOW,
  published_at: null,
};

const { id, bank_id, version, type, grade, subject_id, subject_name, difficulty, status } = QUESTION;
export const ROW: QuestionRow = {
  ...{ id, bank_id, version, type, grade, subject_id, subject_name, difficulty, status },
  stem: { vi: "Giải phương trình bậc hai", en: "Solve the quadratic" },
  has_matrix: false,
  stimulus: null,
  created_by_name: QUESTION.created_by_name,
  updated_at: NOW,
};

export const BANK: Bank = {
  id: 4,
  name: "Toán 9",
  parent_id: null,
  question_count: 12,
  folder_count: 1,
  created_by_profile_id: 11,
  created_by_name: "Nguyễn Thị Lan",
  created_at: NOW,
  updated_at: NOW,
};

export const SUBJECTS = [{ id: 2, code: "math", name_vi: "Toán", name_en: "Mathematics" }];

/** A draft shared stimulus of bank 4 with two questions (author: profile 11, the test user). */
export const STIMULUS: Stimulus = {
  id: 41,
  bank_id: 4,
  root_id: 41,
  version: 1,
  grade: 9,
  subject_id: 2,
  subject_name: "Toán",
  content: {
    title: { vi: "Hình vẽ tam giác $ABC$", en: "The triangle $ABC$" },
    body: {
      vi: "<p>Cho tam giác vuông $ABC$ tại $A$.</p>",
      en: "<p>Triangle $ABC$ is right-angled at $A$.</p>",
    },
  },
  status: "draft",
  missing: [],
  questions: [
    { ...ROW, id: 51, stem: { vi: "Tính $BC$.", en: "Find $BC$." } },
    { ...ROW, id: 52, stem: { vi: "Tính góc $B$.", en: "Find angle $B$." } },
  ],
  open_version_id: null,
  created_by_profile_id: 11,
  created_by_name: "Nguyễn Thị Lan",
  created_at: NOW,
  updated_at: NOW,
  published_at: null,
};
