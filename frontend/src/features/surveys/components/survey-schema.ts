/** The survey form's values, their zod schema (mirroring the server's rules in
 * surveys/services.py and surveys/content.py) and the conversions to and from the API. */
import { z } from "zod";

import { isoNoMillis, toDatetimeLocal } from "@/lib/format";

import { RIASEC, type SurveyDetail, type SurveyInput } from "../api/types";

export const STATEMENTS_PER_GROUP = 8;
export const LIST_FIELDS = ["traits", "careers", "fields", "combinations"] as const;
export const TEXT_FIELDS = ["name", "nickname", "description", "tips"] as const;

export interface SurveyMessages {
  required: string;
  minutes: string;
  endAfterStart: string;
}

const bilingual = z.object({ vi: z.string(), en: z.string() });

export function surveySchema(m: SurveyMessages) {
  const filled = (value: { vi: string; en: string }) => Boolean(value.vi.trim() || value.en.trim());
  return z
    .object({
      name: z.string().trim().min(1, m.required).max(200),
      name_en: z.string().trim().max(200),
      description: z.string(),
      description_en: z.string(),
      time_limit: z
        .string()
        .trim()
        .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 600), m.minutes),
      starts_at: z.string(),
      ends_at: z.string(),
      scale: z.array(z.object({ value: z.number(), label: bilingual.refine(filled, m.required) })).length(5),
      groups: z.array(
        z.object({
          code: z.enum(RIASEC),
          name: bilingual.refine(filled, m.required),
          nickname: bilingual,
          description: bilingual,
          tips: bilingual,
          traits: bilingual,
          careers: bilingual,
          fields: bilingual,
          combinations: bilingual,
        }),
      ),
      statements: z.array(
        z.object({
          id: z.number().nullable(),
          group: z.enum(RIASEC),
          text: bilingual.refine(filled, m.required),
        }),
      ),
    })
    .refine((v) => !v.starts_at || !v.ends_at || new Date(v.ends_at) > new Date(v.starts_at), {
      path: ["ends_at"],
      message: m.endAfterStart,
    });
}

export type SurveyValues = z.infer<ReturnType<typeof surveySchema>>;

const lines = (items: string[] | undefined) => (items ?? []).join("\n");
const unlines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function toValues(survey: SurveyDetail): SurveyValues {
  const { groups, scale } = survey;
  return {
    name: survey.name,
    name_en: survey.name_en,
    description: survey.description,
    description_en: survey.description_en,
    time_limit: survey.time_limit_minutes ? String(survey.time_limit_minutes) : "",
    starts_at: survey.starts_at ? toDatetimeLocal(new Date(survey.starts_at)) : "",
    ends_at: survey.ends_at ? toDatetimeLocal(new Date(survey.ends_at)) : "",
    scale: scale.map((p) => ({ value: p.value, label: { vi: p.label.vi, en: p.label.en } })),
    groups: RIASEC.map((code) => {
      const g = groups.find((item) => item.code === code);
      const text = (key: (typeof TEXT_FIELDS)[number]) => ({
        vi: g?.[key].vi ?? "",
        en: g?.[key].en ?? "",
      });
      const list = (key: (typeof LIST_FIELDS)[number]) => ({
        vi: lines(g?.[key].vi),
        en: lines(g?.[key].en),
      });
      return {
        code,
        name: text("name"),
        nickname: text("nickname"),
        description: text("description"),
        tips: text("tips"),
        traits: list("traits"),
        careers: list("careers"),
        fields: list("fields"),
        combinations: list("combinations"),
      };
    }),
    statements: survey.statements.map((s) => ({
      id: s.id ?? null,
      group: s.group as (typeof RIASEC)[number],
      text: { vi: s.text.vi, en: s.text.en },
    })),
  };
}

export function toInput(values: SurveyValues): SurveyInput {
  return {
    name: values.name.trim(),
    name_en: values.name_en.trim(),
    description: values.description,
    description_en: values.description_en,
    time_limit_minutes: values.time_limit ? Number(values.time_limit) : null,
    starts_at: values.starts_at ? isoNoMillis(new Date(values.starts_at)) : null,
    ends_at: values.ends_at ? isoNoMillis(new Date(values.ends_at)) : null,
    scale: values.scale.map((p) => ({ value: p.value, label: p.label })),
    groups: values.groups.map((g) => ({
      code: g.code,
      name: g.name,
      nickname: g.nickname,
      description: g.description,
      tips: g.tips,
      ...Object.fromEntries(
        LIST_FIELDS.map((key) => [key, { vi: unlines(g[key].vi), en: unlines(g[key].en) }]),
      ),
    })),
    statements: values.statements.map((s) => ({ id: s.id, group: s.group, text: s.text })),
  };
}

/** Statements per group, for the "8 per group" reminder. */
export function countByGroup(statements: { group: string }[]): Record<string, number> {
  return Object.fromEntries(RIASEC.map((code) => [code, statements.filter((s) => s.group === code).length]));
}

/** The form's path of a server field error: `time_limit_minutes` is `time_limit`, and a bilingual
 * text's error goes to its Vietnamese half. */
export function formPath(serverField: string): string {
  return serverField
    .replace(/^time_limit_minutes$/, "time_limit")
    .replace(/^(statements\.\d+\.text)$/, "$1.vi")
    .replace(/^(groups\.\d+\.name)$/, "$1.vi")
    .replace(/^(scale\.\d+\.label)$/, "$1.vi");
}

const FORM_FIELD =
  /^(name|name_en|description|description_en|time_limit|starts_at|ends_at|(scale|groups|statements)\.\d+\..+)$/;

/** Whether a (renamed) server field is one of the form's fields. */
export function isFormField(path: string): boolean {
  return FORM_FIELD.test(path);
}

/** Errors about the lists as a whole (e.g. "8 statements per group"): shown in the summary. */
export const LIST_ERRORS = ["statements", "groups", "scale"] as const;
