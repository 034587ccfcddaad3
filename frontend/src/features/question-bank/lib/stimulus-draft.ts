/** The shared stimulus form's values, its rules before saving (the server's, in
 * `assessments/services/stimuli.py` `_apply_fields`, with localized messages) and the request
 * body (issue 39, item 1; decision 0054). The server still decides. */
import { z } from "zod";

import { NONE } from "@/components/ui/field";
import type { MessageId } from "@/lib/intl";

import type { Stimulus, StimulusInput } from "../api/types";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** Characters of a title's text in one language (the server's `TITLE_MAX`). */
export const STIMULUS_TITLE_MAX = 300;

const text = z.object({ vi: z.string(), en: z.string() });
const shape = z.object({
  /** "1".."12", or NONE while not chosen. */
  grade: z.string(),
  subject_id: z.string(),
  title: text,
  body: text,
});

export type StimulusValues = z.infer<typeof shape>;

const plain = (html: string) => html.replace(/<[^>]+>/g, " ").trim();

export function stimulusSchema(t: T) {
  return shape.superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!plain(v.body.vi) && !plain(v.body.en) && !/<img/.test(v.body.vi + v.body.en))
      issue("body", t("qb.stimulus.validation.body"));
    for (const lang of ["vi", "en"] as const)
      if (plain(v.title[lang]).length > STIMULUS_TITLE_MAX)
        issue("title", t("qb.stimulus.validation.title", { max: STIMULUS_TITLE_MAX }));
  });
}

export const emptyStimulus = (): StimulusValues => ({
  grade: NONE,
  subject_id: NONE,
  title: { vi: "", en: "" },
  body: { vi: "", en: "" },
});

export function fromStimulus(s: Stimulus): StimulusValues {
  return {
    grade: s.grade ? String(s.grade) : NONE,
    subject_id: s.subject_id ? String(s.subject_id) : NONE,
    title: { vi: s.content.title.vi, en: s.content.title.en },
    body: { vi: s.content.body.vi, en: s.content.body.en },
  };
}

/** The body of POST/PUT /api/v1/stimuli for the form's values. */
export function stimulusBody(v: StimulusValues): StimulusInput {
  return {
    grade: v.grade === NONE ? null : Number(v.grade),
    subject_id: v.subject_id === NONE ? null : Number(v.subject_id),
    content: { title: v.title, body: v.body },
  };
}

/** Where the form shows a server field error. */
export function stimulusFieldOf(serverField: string): keyof StimulusValues | null {
  if (serverField === "grade" || serverField === "subject_id") return serverField;
  if (serverField.startsWith("content.title")) return "title";
  if (serverField.startsWith("content.body")) return "body";
  return null;
}
