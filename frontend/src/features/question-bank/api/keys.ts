/** The question bank's own query keys (issue 22): invalidate through these, never a literal. The
 * subjects and the matrix clusters have theirs in `@/lib/api` (shared with the test presets). */
import type { ListQuery } from "@/lib/api/types";

export interface BankQuery extends ListQuery {
  /** A folder's sub-folders; absent: the top-level banks. */
  parent_id?: number | null;
}

export interface QuestionQuery extends ListQuery {
  bank_id?: number;
  status?: string;
  type?: string;
  grade?: string;
  subject_id?: string;
  difficulty?: string;
  cluster_id?: string;
}

export const bankKeys = {
  all: ["question-banks"] as const,
  lists: () => [...bankKeys.all, "list"] as const,
  list: (query: BankQuery) => [...bankKeys.lists(), query] as const,
  detail: (id: number) => [...bankKeys.all, "detail", id] as const,
};

export const questionKeys = {
  all: ["questions"] as const,
  lists: () => [...questionKeys.all, "list"] as const,
  list: (query: QuestionQuery) => [...questionKeys.lists(), query] as const,
  vettingQueues: () => [...questionKeys.all, "vetting"] as const,
  vettingQueue: (page: number) => [...questionKeys.vettingQueues(), page] as const,
  detail: (id: number) => [...questionKeys.all, "detail", id] as const,
  history: (id: number) => [...questionKeys.all, "history", id] as const,
  itemAnalysis: (id: number) => [...questionKeys.all, "item-analysis", id] as const,
  /** The key corrections of a version (issue 39 item 2): the panel, and one correction's rows. */
  keyCorrections: (id: number) => [...questionKeys.all, "key-corrections", id] as const,
  keyCorrection: (id: number) => [...questionKeys.all, "key-correction", id] as const,
};

export interface StimulusQuery extends ListQuery {
  bank_id?: number;
  status?: string;
}

/** Shared stimuli (issue 39, item 1; decision 0054). */
export const stimulusKeys = {
  all: ["stimuli"] as const,
  lists: () => [...stimulusKeys.all, "list"] as const,
  list: (query: StimulusQuery) => [...stimulusKeys.lists(), query] as const,
  detail: (id: number) => [...stimulusKeys.all, "detail", id] as const,
};

export interface CandidateQuery {
  page?: number;
  limit?: number;
  /** Only the questions with a problem. */
  attention?: boolean;
}

/** An uploaded question file (issue 36) and its preview's pages. */
export const questionFileKeys = {
  all: ["question-files"] as const,
  detail: (id: string) => [...questionFileKeys.all, id] as const,
  candidateLists: (id: string) => [...questionFileKeys.detail(id), "candidates"] as const,
  candidates: (id: string, query: CandidateQuery) => [...questionFileKeys.candidateLists(id), query] as const,
};
