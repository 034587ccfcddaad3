/** The question form's values and the rules checked before saving: the server's save rules
 * (`assessments/services/questions.py`, `_apply_fields`) with localized messages. A draft may be
 * incomplete (no options, no key: the server lists what is missing before submission), never
 * invalid, and never without its question in one language at least (issue 19); the server still
 * decides. */
import { z } from "zod";

import { NONE } from "@/components/ui/field";
import type { MessageId } from "@/lib/intl";

import { isChoice, QUESTION_TYPES, type QuestionType } from "./choices";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

const text = z.object({ vi: z.string(), en: z.string() });
const option = z.object({ id: z.string(), vi: z.string(), en: z.string() });

const shape = z.object({
  type: z.enum(QUESTION_TYPES as [QuestionType, ...QuestionType[]]),
  /** "1".."12", or NONE while not chosen. */
  grade: z.string(),
  subject_id: z.string(),
  difficulty: z.string(),
  /** As typed; blank saves the default weight 1. */
  score_weight: z.string(),
  stem: text,
  explanation: text,
  options: z.array(option),
  /** Ids of the correct options (one for a single choice). */
  correct: z.array(z.string()),
  /** True/false: NONE while not chosen. */
  truth: z.enum([NONE, "true", "false"]),
  /** Short answer: one accepted answer a line. */
  accepted: z.string(),
  case_sensitive: z.boolean(),
  diacritic_sensitive: z.boolean(),
  rubric: z.string(),
  /** Essay: blank while not given. */
  max_score: z.string(),
});

export type QuestionValues = z.infer<typeof shape>;
export type OptionValues = z.infer<typeof option>;
export type Lang = "vi" | "en";

const numberIn = (value: string, above: number, atMost: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > above && n <= atMost;
};

/** Text in `html` once its tags are gone (the server's `_plain`). */
const hasText = (html: string) => html.replace(/<[^>]+>/g, " ").trim() !== "";

export function questionSchema(t: T) {
  return shape.superRefine((v, ctx) => {
    const issue = (path: string, id: MessageId) =>
      ctx.addIssue({ code: "custom", path: [path], message: t(id) });
    if (!hasText(v.stem.vi) && !hasText(v.stem.en)) issue("stem", "qb.validation.stem");
    if (v.score_weight.trim() && !numberIn(v.score_weight.trim(), 0, 100))
      issue("score_weight", "qb.validation.weight");
    if (v.type === "essay" && v.max_score.trim() && !numberIn(v.max_score.trim(), 0, 1000))
      issue("max_score", "qb.validation.maxScore");
    if (isChoice(v.type)) {
      const ids = new Set(v.options.map((o) => o.id));
      if (v.correct.some((id) => !ids.has(id))) issue("correct", "qb.validation.correctAmongOptions");
    }
  });
}
