/** Payload types of the educator grading and results API (issue 7; platform/assignments/
 * api_grading.py). The server answers plain dicts there, so the shapes are written out here. */

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export type Bilingual = { vi?: string; en?: string };

export type AttemptResult = "pending" | "passed" | "failed";
export const RESULTS: AttemptResult[] = ["pending", "passed", "failed"];

/** An answer's stored shape (decision 0008): single `{option}`, multiple `{options}`,
 * true/false `{value}`, short text and essay `{text}`; `null` when cleared. */
export interface AnswerValue {
  option?: string;
  options?: string[];
  value?: boolean;
  text?: string;
}

/** A row of GET /api/v1/grading. */
export interface GradingRow {
  id: number;
  attempt_id: number;
  learner_name: string;
  preset_id: number;
  preset_name: string;
  batch_id: number | null;
  question_id: number;
  question_type: string;
  stem: Bilingual;
  rubric: string;
  accepted: string[];
  points: number;
  answer: AnswerValue | null;
  score: number | null;
  comment: string;
  graded_at: string | null;
  graded_by_name: string;
}

export interface GradingQuery {
  page: number;
  limit: number;
  preset_id?: number;
  batch_id?: number;
  state: "pending" | "graded";
}

/** A row of GET /api/v1/attempts. */
export interface AttemptRow {
  id: number;
  assignment_id: number;
  learner_name: string;
  learner_email: string;
  preset_id: number;
  preset_name: string;
  batch_id: number | null;
  status: "in_progress" | "submitted";
  started_at: string;
  submitted_at: string | null;
  submit_reason: string;
  score: number | null;
  max_score: number;
  result: AttemptResult;
  released_at: string | null;
  voided: boolean;
  tab_switches: number;
  camera_mode: string;
}

export interface AttemptQuery {
  page: number;
  limit: number;
  preset_id?: number;
  batch_id?: number;
  result?: string;
  search?: string;
}

export interface IntegrityEvent {
  kind: string;
  occurred_at: string;
  received_at: string;
  count_after: number;
  note: string;
}

export interface AttemptAnswer {
  answer_id: number | null;
  question_id: number;
  type: string;
  stem: Bilingual;
  options: ({ id: string } & Bilingual)[];
  key: {
    option?: string;
    options?: string[];
    value?: boolean;
    accepted?: string[];
    rubric?: string;
  } | null;
  points: number;
  answer: AnswerValue | null;
  score: number | null;
  needs_grading: boolean;
  comment: string;
}

/** GET /api/v1/attempts/{id}. */
export interface AttemptDetail extends AttemptRow {
  deadline_at: string | null;
  reinstated_reason: string;
  reinstated_by_name: string;
  video_url: string | null;
  events: IntegrityEvent[];
  answers: AttemptAnswer[];
}

/** A row of GET /api/v1/batches/{id}/progress. */
export interface ProgressRow {
  assignment_id: number;
  learner_name: string;
  status: string;
  attempt_id: number | null;
  answered: number;
  questions: number;
  tab_switches: number;
  voided: boolean;
  started_at: string | null;
  deadline_at: string | null;
  submitted_at: string | null;
  result: AttemptResult | null;
  score: number | null;
}

export interface Accommodation {
  id: number;
  learner_profile_id: number;
  learner_name: string;
  preset_id: number | null;
  factor: number;
  extra_minutes: number;
  reason: string;
  created_by_name: string;
  created_at: string;
}

export interface AccommodationInput {
  learner_profile_id: number;
  preset_id: number | null;
  factor: number;
  extra_minutes: number;
  reason: string;
}

/** Options of the test and batch filters. */
export interface PresetOption {
  id: number;
  name: string;
}

export interface BatchOption {
  id: number;
  name: string;
  preset: { id: number; name: string };
  starts_at: string;
  expires_at: string;
  state: string;
}

export interface LearnerOption {
  id: number;
  name: string;
  email: string;
  class_name: string;
}
