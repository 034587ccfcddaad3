/** The question form's draft: a server question -> form values -> the request body, and the
 * matrix picker's values. */
import { NONE } from "@/components/ui/field";

import type { MatrixInput, Question, QuestionInput } from "../api/types";
import { CLUSTER_TYPES, isChoice, type QuestionType } from "./choices";
import type { OptionValues, QuestionValues, StatementValues } from "./question-schema";
import { defaultScoringTable } from "./scoring-table";

/** Option ids in the order they are added. */
export const OPTION_IDS = "abcdefghij";
/** The editor offers 2 to 6 options. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;

const blankOptions = (): OptionValues[] => [
  { id: "a", vi: "", en: "" },
  { id: "b", vi: "", en: "" },
];

/** A true/false set offers 2 to 6 statements, 4 to begin with (the national exam's a) to d)). */
export const MIN_STATEMENTS = 2;
export const MAX_STATEMENTS = 6;
export const STATEMENT_IDS = "abcdef";

const blankStatements = (): StatementValues[] =>
  STATEMENT_IDS.slice(0, 4)
    .split("")
    .map((id) => ({ id, vi: "", en: "", key: NONE as StatementValues["key"] }));

export const emptyDraft = (): QuestionValues => ({
  type: "single_choice",
  grade: NONE,
  subject_id: NONE,
  difficulty: NONE,
  score_weight: "1",
  stem: { vi: "", en: "" },
  explanation: { vi: "", en: "" },
  options: blankOptions(),
  correct: [],
  truth: NONE,
  accepted: "",
  case_sensitive: false,
  diacritic_sensitive: false,
  rubric: "",
  max_score: "",
  statements: blankStatements(),
  scoring_table: defaultScoringTable(4),
  numeric_accepted: [""],
  rounding: { vi: "", en: "" },
});

/** The fields of a question the form edits (a question of the bank, or one read from a file). */
export type EditableQuestion = Pick<
  Question,
  "type" | "grade" | "subject_id" | "difficulty" | "score_weight" | "content" | "answer_key"
>;

/** The form's values for a question read from the server. */
export function fromQuestion(q: EditableQuestion): QuestionValues {
  const key = q.answer_key;
  const { stem, explanation, options } = q.content;
  const judged = "statements" in key ? key.statements : {};
  const statements = (q.content.statements ?? []).map((s) => ({
    id: s.id,
    vi: s.vi,
    en: s.en,
    key: (s.id in judged ? (judged[s.id] ? "true" : "false") : NONE) as StatementValues["key"],
  }));
  const numeric = q.type === "numeric";
  return {
    type: q.type as QuestionType,
    grade: q.grade ? String(q.grade) : NONE,
    subject_id: q.subject_id ? String(q.subject_id) : NONE,
    difficulty: q.difficulty || NONE,
    score_weight: String(q.score_weight),
    stem: { vi: stem.vi, en: stem.en },
    explanation: { vi: explanation.vi, en: explanation.en },
    options: options.length ? options.map((o) => ({ id: o.id, vi: o.vi, en: o.en })) : blankOptions(),
    correct: "option" in key ? [key.option] : "options" in key ? [...key.options] : [],
    truth: "value" in key ? (key.value ? "true" : "false") : NONE,
    accepted: "accepted" in key && !numeric ? key.accepted.join("\n") : "",
    case_sensitive: "case_sensitive" in key && key.case_sensitive,
    diacritic_sensitive: "diacritic_sensitive" in key && key.diacritic_sensitive,
    rubric: "rubric" in key ? key.rubric : "",
    max_score: "max_score" in key && key.max_score ? String(key.max_score) : "",
    statements: statements.length ? statements : blankStatements(),
    scoring_table:
      "scoring_table" in key && key.scoring_table.length
        ? [...key.scoring_table]
        : defaultScoringTable(statements.length || 4),
    numeric_accepted: numeric && "accepted" in key && key.accepted.length ? [...key.accepted] : [""],
    rounding: { vi: q.content.rounding?.vi ?? "", en: q.content.rounding?.en ?? "" },
  };
}

function answerKey(v: QuestionValues): QuestionInput["answer_key"] {
  switch (v.type) {
    case "single_choice":
      return { option: v.correct[0] ?? "" };
    case "multiple_choice":
      return { options: v.correct };
    case "true_false":
      return v.truth === NONE ? {} : { value: v.truth === "true" };
    case "short_text":
      return {
        accepted: v.accepted
          .split("\n")
          .map((a) => a.trim())
          .filter(Boolean),
        case_sensitive: v.case_sensitive,
        diacritic_sensitive: v.diacritic_sensitive,
      };
    case "essay":
      return { rubric: v.rubric, max_score: v.max_score.trim() ? Number(v.max_score) : null };
    case "true_false_set":
      return {
        statements: Object.fromEntries(
          v.statements.filter((s) => s.key !== NONE).map((s) => [s.id, s.key === "true"]),
        ),
        scoring_table: v.scoring_table.map((f) => f.trim()),
      };
    case "numeric":
      return { accepted: v.numeric_accepted.map((a) => a.trim()).filter(Boolean) };
  }
}

/** The body of POST/PUT /api/v1/questions for the form's values (options only for the choice
 * types, statements only for a true/false set, the rounding only for a numeric answer; a blank
 * weight is 1). */
export function toBody(v: QuestionValues): QuestionInput {
  return {
    type: v.type,
    grade: v.grade === NONE ? null : Number(v.grade),
    subject_id: v.subject_id === NONE ? null : Number(v.subject_id),
    difficulty: v.difficulty === NONE ? "" : v.difficulty,
    score_weight: Number(v.score_weight) || 1,
    content: {
      stem: v.stem,
      explanation: v.explanation,
      options: isChoice(v.type) ? v.options : [],
      ...(v.type === "true_false_set" && {
        statements: v.statements.map(({ id, vi, en }) => ({ id, vi, en })),
      }),
      ...(v.type === "numeric" && { rounding: v.rounding }),
    },
    answer_key: answerKey(v),
  };
}

/** Where the form shows a server field error (the server names the body's fields). */
export function formFieldOf(serverField: string, type: QuestionType): keyof QuestionValues | null {
  const direct: Record<string, keyof QuestionValues> = {
    type: "type",
    grade: "grade",
    subject_id: "subject_id",
    difficulty: "difficulty",
    score_weight: "score_weight",
    "content.stem": "stem",
    "content.options": "options",
    "answer_key.rubric": "rubric",
    "answer_key.max_score": "max_score",
  };
  if (direct[serverField]) return direct[serverField];
  if (serverField.startsWith("content.options.")) return "options";
  if (serverField.startsWith("content.statements")) return "statements";
  if (serverField.startsWith("content.rounding")) return "rounding";
  if (serverField === "answer_key.scoring_table") return "scoring_table";
  if (serverField === "answer_key" || serverField.startsWith("answer_key.")) {
    if (type === "true_false_set") return "statements";
    if (type === "numeric") return "numeric_accepted";
    if (isChoice(type)) return "correct";
    if (type === "true_false") return "truth";
    if (type === "short_text") return "accepted";
    return "rubric";
  }
  return null;
}

export type MatrixValues = Record<`${(typeof CLUSTER_TYPES)[number]}_id`, string>;

export function matrixFromQuestion(q: Question): MatrixValues {
  const m = q.matrix;
  const id = (ref: { id: number } | null) => (ref ? String(ref.id) : NONE);
  return {
    topic_id: id(m.topic),
    subtopic_id: id(m.subtopic),
    complexity_level_id: id(m.complexity_level),
    cognitive_domain_id: id(m.cognitive_domain),
  };
}

/** The body of PUT /api/v1/questions/{id}/matrix (null where nothing is chosen). */
export function matrixBody(values: MatrixValues): MatrixInput {
  const id = (value: string) => (value === NONE || !value ? null : Number(value));
  return {
    topic_id: id(values.topic_id),
    subtopic_id: id(values.subtopic_id),
    complexity_level_id: id(values.complexity_level_id),
    cognitive_domain_id: id(values.cognitive_domain_id),
  };
}
