/** Payload types of the learner's assignments and of test taking (issue 7), from the generated
 * OpenAPI types; the question and answer shapes the server sends as free-form JSON are spelled
 * out here. */
import type { V1Schemas } from "@/lib/api/types";

export type MyAssignment = V1Schemas["MyAssignmentOut"];
export type Preparation = V1Schemas["PrepOut"];
export type Started = V1Schemas["StartOut"];
export type SavedAnswerAck = V1Schemas["AnswerOut"];
export type EventAck = V1Schemas["IntegrityCountOut"];
export type Submitted = V1Schemas["SubmitOut"];

/** Assignment status (server): assigned = not started. */
export type AssignmentStatus = "assigned" | "in_progress" | "submitted" | "graded" | "revoked";
export const MY_STATUSES: AssignmentStatus[] = ["assigned", "in_progress", "submitted", "graded"];

export type QuestionType = "single_choice" | "multiple_choice" | "true_false" | "short_text" | "essay";

export interface Bilingual {
  vi?: string;
  en?: string;
}

export interface QuestionOption extends Bilingual {
  id: string;
}

/** A question of the attempt, in the attempt's order and option order, without its key. */
export interface AttemptQuestion {
  id: number;
  type: QuestionType;
  stem: Bilingual;
  options: QuestionOption[];
  points: number;
}

/** The answer shapes by question type; null clears. */
export type Answer =
  { option: string } | { options: string[] } | { value: boolean } | { text: string } | null;

export interface SavedAnswer {
  question_id: number;
  answer: Answer;
  flagged: boolean;
  seq: number;
}

export interface Attempt extends Omit<V1Schemas["AttemptOut"], "questions" | "answers"> {
  status: "in_progress" | "submitted" | string;
  questions: AttemptQuestion[];
  answers: SavedAnswer[];
}

/** The answer key as the result shows it once released (empty for essays). */
export interface AnswerKey {
  option?: string;
  options?: string[];
  value?: boolean;
  accepted?: string[];
}

export interface ResultAnswer {
  question: AttemptQuestion;
  answer: Answer;
  score: number | null;
  comment: string;
  key: AnswerKey;
  explanation: Bilingual;
}

/** Points of one subject or matrix cluster (topic, complexity level, cognitive domain). */
export interface BreakdownRow {
  id: number;
  name: string;
  score: number;
  max: number;
  percent: number;
}

export type BreakdownDimension = "subject" | "topic" | "complexity_level" | "cognitive_domain";

export interface Result extends Omit<V1Schemas["ResultOut"], "answers" | "breakdown"> {
  answers: ResultAnswer[];
  /** Empty before release. */
  breakdown: Partial<Record<BreakdownDimension, BreakdownRow[]>>;
}

export type IntegrityKind = "tab_hidden" | "blur" | "copy" | "paste" | "context_menu";

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export type ReportState = Omit<V1Schemas["ReportOut"], "report"> & { report: AdvancedReportData | null };

/** Why the advanced report cannot be generated yet (server codes; empty when it can). */

/** A breakdown row of the advanced report: the learner's share and the cohort's mean share. */
export interface ReportRow extends BreakdownRow {
  cohort_percent: number;
}

/** The stored advanced report (issue 7, item 7): standing among the preset's takers, the score
 * histogram (10 equal bands of the maximum), and strengths and weaknesses by cluster. */
export interface AdvancedReportData {
  test_name: string;
  learner_name: string;
  score: number;
  max_score: number;
  percent: number;
  result: string;
  percentile: number;
  takers: number;
  cohort_mean: number;
  cohort_median: number;
  histogram: number[];
  breakdown: Partial<Record<BreakdownDimension, ReportRow[]>>;
  strengths: string[];
  weaknesses: string[];
  generated_at: string;
}
