/** The authoring vocabulary's fixed values (server: `assessments.models`). */
export type QuestionType =
  "single_choice" | "multiple_choice" | "true_false" | "short_text" | "essay" | "true_false_set" | "numeric";
/** In the type select's order; the national exam's two (issue 39: phần II and III) last. */
export const QUESTION_TYPES: readonly QuestionType[] = [
  "single_choice",
  "multiple_choice",
  "true_false",
  "short_text",
  "essay",
  "true_false_set",
  "numeric",
];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const STATUSES = ["draft", "submitted", "approved", "rejected", "published"] as const;
export const CLUSTER_TYPES = ["topic", "subtopic", "complexity_level", "cognitive_domain"] as const;
export const GRADES = Array.from({ length: 12 }, (_, i) => i + 1);

export const isChoice = (type: string) => type === "single_choice" || type === "multiple_choice";
