/** Authoring API calls (issue 4; OpenAPI at /api/v1/docs), one function per endpoint. */
import { uploadImport } from "@/components/import-job/api/upload-import";
import type { components } from "@/lib/api/v1";
import { api } from "@/lib/api-client";

type S = components["schemas"];
export type Bank = S["BankOut"];
export type BankDetail = S["BankDetailOut"];
export type Question = S["QuestionOut"];
export type QuestionRow = S["QuestionRowOut"];
export type Cluster = S["ClusterOut"];
export type Subject = S["SubjectOut"];
export type Transition = S["TransitionOut"];
export type BulkResult = S["BulkResultOut"];
export type ImportReport = S["QuestionImportOut"];

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
export type QuestionType = "single_choice" | "multiple_choice" | "true_false" | "short_text" | "essay";
export const QUESTION_TYPES: QuestionType[] = [
  "single_choice",
  "multiple_choice",
  "true_false",
  "short_text",
  "essay",
];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const STATUSES = ["draft", "submitted", "approved", "rejected", "published"] as const;
export const CLUSTER_TYPES = ["topic", "subtopic", "complexity_level", "cognitive_domain"] as const;

export interface BankQuery {
  page?: number;
  limit?: number;
  search?: string;
  order_by?: string;
  parent_id?: number | null;
}
export const listBanks = (query: BankQuery) =>
  api<Page<Bank>>("/api/v1/question-banks", { query: { ...query } });
export const getBank = (id: number) => api<BankDetail>(`/api/v1/question-banks/${id}`);
export const createBank = (body: { name: string; parent_id?: number | null }) =>
  api<Bank>("/api/v1/question-banks", { method: "POST", body, silent: true });
export const renameBank = (id: number, name: string) =>
  api<Bank>(`/api/v1/question-banks/${id}`, { method: "PUT", body: { name }, silent: true });
export const deleteBank = (id: number) => api<object>(`/api/v1/question-banks/${id}`, { method: "DELETE" });

export interface QuestionQuery {
  page?: number;
  limit?: number;
  search?: string;
  order_by?: string;
  bank_id?: number;
  status?: string;
  type?: string;
  grade?: number | string;
  subject_id?: number | string;
  difficulty?: string;
  cluster_id?: number | string;
}
export const listQuestions = (query: QuestionQuery) =>
  api<Page<QuestionRow>>("/api/v1/questions", { query: { ...query } });
export const vettingQueue = (page = 1) =>
  api<Page<QuestionRow>>("/api/v1/questions/vetting-queue", { query: { page, limit: 20 } });
export const getQuestion = (id: number) => api<Question>(`/api/v1/questions/${id}`);
export const questionHistory = (id: number) => api<Transition[]>(`/api/v1/questions/${id}/history`);
export type QuestionInput = S["QuestionIn"];
export const createQuestion = (body: QuestionInput) =>
  api<Question>("/api/v1/questions", { method: "POST", body, silent: true });
export const updateQuestion = (id: number, body: QuestionInput) =>
  api<Question>(`/api/v1/questions/${id}`, { method: "PUT", body, silent: true });
export const deleteQuestion = (id: number) => api<object>(`/api/v1/questions/${id}`, { method: "DELETE" });
export const attachMatrix = (id: number, body: S["MatrixIn"]) =>
  api<Question>(`/api/v1/questions/${id}/matrix`, { method: "PUT", body, silent: true });
export const questionAction = (
  id: number,
  action: "submit" | "approve" | "reject" | "publish",
  comment = "",
) => api<Question>(`/api/v1/questions/${id}/${action}`, { method: "POST", body: { comment }, silent: true });
export const bulkAction = (action: "submit" | "approve" | "publish", ids: number[]) =>
  api<BulkResult[]>("/api/v1/questions/bulk", { method: "POST", body: { action, ids } });
export const moveQuestions = (ids: number[], bankId: number) =>
  api<S["MovedOut"]>("/api/v1/questions/move", { method: "POST", body: { ids, bank_id: bankId } });

export function uploadQuestionImage(file: File) {
  const form = new FormData();
  form.append("file", file);
  return api<S["ImageOut"]>("/api/v1/questions/images", { method: "POST", body: form });
}

export const listSubjects = () => api<Subject[]>("/api/v1/subjects");
export const listClusters = () => api<Cluster[]>("/api/v1/matrix-clusters");
export const createCluster = (body: S["ClusterIn"]) =>
  api<Cluster>("/api/v1/matrix-clusters", { method: "POST", body, silent: true });
export const updateCluster = (id: number, body: S["ClusterIn"]) =>
  api<Cluster>(`/api/v1/matrix-clusters/${id}`, { method: "PUT", body, silent: true });
export const deleteCluster = (id: number) =>
  api<object>(`/api/v1/matrix-clusters/${id}`, { method: "DELETE" });

/** POST /api/v1/question-banks/{id}/import?dry_run= (multipart ``file``, .xlsx): the report
 * (200), 400 ``import_invalid`` with ``report``, or, for a file of more rows than the server
 * imports at once, 202 with a background job to poll (``useImportJob``; issue 16 item 8). */
export const importQuestions = (bankId: number, file: File, dryRun: boolean) =>
  uploadImport<ImportReport>(`/api/v1/question-banks/${bankId}/import`, { file, dryRun });
