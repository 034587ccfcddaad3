/** The question form's values and the rules checked before saving: the server's save rules
 * (`assessments/services/questions.py`, `_apply_fields`) with localized messages. A draft may be
 * incomplete (no options, no key: the server lists what is missing before submission), never
 * invalid, and never without its question in one language at least (issue 19); the server still
 * decides. */
import { z } from "zod";

import { NONE } from "@/components/ui/field";
import type { MessageId } from "@/lib/intl";
import { SHEET_NUMBER_MESSAGE, sheetNumberError } from "@/lib/sheet-number";

import { isChoice, QUESTION_TYPES, type QuestionType } from "./choices";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** Characters of a rounding instruction per language (the server's `ROUNDING_MAX`). */
export const ROUNDING_MAX = 200;

const text = z.object({ vi: z.string(), en: z.string() });
const option = z.object({ id: z.string(), vi: z.string(), en: z.string() });
/** A true/false set's statement (phần II: ý a) to f)) with its key, NONE while not marked. */
const statement = z.object({
  id: z.string(),
  vi: z.string(),
  en: z.string(),
  key: z.enum([NONE, "true", "false"]),
});

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
  /** True/false set (issue 39): 2 to 6 statements, in the order the learner sees them. */
  statements: z.array(statement),
  /** True/false set: the fraction of the points for 0, 1, ... statements right, as typed. */
  scoring_table: z.array(z.string()),
  /** Numeric answer: the accepted values as typed, one a row. */
  numeric_accepted: z.array(z.string()),
  /** Numeric answer: the rounding instruction shown to the learner (plain text). */
  rounding: text,
});

export type QuestionValues = z.infer<typeof shape>;
export type OptionValues = z.infer<typeof option>;
export type StatementValues = z.infer<typeof statement>;
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
    if (v.type === "numeric") {
      // the answer sheet's rule, as the server checks it (lib/sheet-number.ts, its twin)
      v.numeric_accepted.forEach((value, index) => {
        const code = value.trim() ? sheetNumberError(value) : null;
        if (code)
          ctx.addIssue({
            code: "custom",
            path: ["numeric_accepted", index],
            message: t(SHEET_NUMBER_MESSAGE[code]),
          });
      });
      if (v.rounding.vi.length > ROUNDING_MAX || v.rounding.en.length > ROUNDING_MAX)
        ctx.addIssue({
          code: "custom",
          path: ["rounding"],
          message: t("qb.validation.rounding", { max: ROUNDING_MAX }),
        });
    }
  });
}
