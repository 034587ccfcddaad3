/** The test-preset rules of spec §5, mirroring the server's (assessments/services/presets.py)
 * with the same messages; the server still decides. Form values are strings as the inputs hold
 * them; `toPresetInput` turns them into the API's payload. */
import { z } from "zod";

import { NONE } from "@/components/ui/field";
import type { MessageId } from "@/lib/intl";

import type { FormMode, Preset, PresetInput } from "../api/types";
import { endNotAfter, isoFromLocal, localFromIso } from "./dates";

/** `t` of `useT()` (the schemas word their messages in the active language). */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const blueprintItem = z.object({
  cluster_id: z.string(),
  complexity_level_id: z.string(),
  count: z.string(),
});
const presetSubject = z.object({ subject_id: z.string(), items: z.array(blueprintItem) });
const attribute = z.object({ key: z.string(), value: z.string() });
/** A row of a part (phần, decision 0056): a blueprint row with its subject. */
const partItem = blueprintItem.extend({ subject_id: z.string() });
const part = z.object({
  name_vi: z.string(),
  name_en: z.string(),
  question_type: z.string(),
  points_per_question: z.string(),
  items: z.array(partItem),
});

const shape = z.object({
  name: z.string(),
  description: z.string(),
  grade: z.string(),
  duration_minutes: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  passing_score: z.string(),
  auto_release_result: z.boolean(),
  camera_proctoring: z.boolean(),
  allow_no_camera: z.boolean(),
  prefer_measured: z.boolean(),
  offline_grace_seconds: z.string(),
  round_id: z.string(),
  required_round_id: z.string(),
  form_mode: z.enum(["shared", "per_learner"]),
  score_scale: z.enum(["ten", "raw", "custom"]),
  scale_max: z.string(),
  survey_ids: z.array(z.number()),
  subjects: z.array(presetSubject),
  parts: z.array(part),
  attribute_requirements: z.array(attribute),
  attribute_outcomes: z.array(attribute),
});

export type PresetValues = z.infer<typeof shape>;
export type BlueprintRowValues = z.infer<typeof blueprintItem>;
export type PartValues = z.infer<typeof part>;
export type PartRowValues = z.infer<typeof partItem>;
export type ScoreScale = PresetValues["score_scale"];

const chosen = (value: string) => value !== "" && value !== NONE;
/** How long after the deadline answers typed offline before it still count (seconds; issue 38,
 * item 3): 600 unless set, at most an hour (assessments/services/presets.py). */
export const OFFLINE_GRACE_DEFAULT = 600;
export const OFFLINE_GRACE_MAX = 3600;
const wholeIn = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

const countOf = (item: BlueprintRowValues) => (wholeIn(item.count, 1, 200) ? Number(item.count) : 0);

/** Total questions of the blueprint (rows with a valid count, the parts' rows included). */
export function blueprintTotal(values: Pick<PresetValues, "subjects"> & { parts?: PartValues[] }): number {
  const rows = [...values.subjects.flatMap((s) => s.items), ...(values.parts ?? []).flatMap((p) => p.items)];
  return rows.reduce((sum, item) => sum + countOf(item), 0);
}

/** Bounds of a part (assessments/parts.py): at most 10 parts, 0.01 to 100 points per question with
 * at most two decimals, names of at most 60 characters; a custom scale's maximum 1 to 1000. */
export const PARTS_MAX = 10;
export const PART_NAME_MAX = 60;
export const SCALE_MAX_MAX = 1000;

/** A part's points per question as a number (a decimal comma read as a point), or null when it is
 * not 0.01 to 100 with at most two decimals. */
export function partPoints(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const points = Number(text);
  return points >= 0.01 && points <= 100 ? points : null;
}

/** The maximum of the parts in raw points: questions x points per question, summed (the server's
 * `preset_max_score`); rows or points not yet valid count 0. */
export function partsMaxScore(parts: PartValues[]): number {
  const cents = parts.reduce(
    (sum, p) =>
      sum +
      Math.round((partPoints(p.points_per_question) ?? 0) * 100) *
        p.items.reduce((n, i) => n + countOf(i), 0),
    0,
  );
  return cents / 100;
}

/** The most a pass mark may be (decision 0056: it is on the reporting scale): 10, a custom scale's
 * maximum, or for raw points the raw maximum when known (the parts' sum, a per-learner draw's
 * count, a generated shared form's `sharedMaxScore`), else null. */
export function passingMax(v: PresetValues, sharedMaxScore: number | null): number | null {
  if (v.score_scale === "ten") return 10;
  if (v.score_scale === "custom") return wholeIn(v.scale_max, 1, SCALE_MAX_MAX) ? Number(v.scale_max) : null;
  if (v.parts.length > 0) return partsMaxScore(v.parts);
  return v.form_mode === "per_learner" ? blueprintTotal(v) : sharedMaxScore;
}

/**
 * `maxScore`: the maximum score when it is known before saving. A per-learner draw scores every
 * question 1, so its maximum is the blueprint's total; a shared form's maximum is the sum of the
 * drawn questions' weights, known only once generated (pass the preset's `max_score` while the
 * blueprint is unchanged, else null: the server checks it again at approval).
 */
export function presetSchema(t: Translate, sharedMaxScore: number | null = null) {
  return shape.superRefine((v, ctx) => {
    const issue = (path: (string | number)[], id: MessageId, values?: Record<string, string | number>) =>
      ctx.addIssue({ code: "custom", path, message: t(id, values) });
    if (!v.name.trim()) issue(["name"], "validation.required");
    if (!chosen(v.grade)) issue(["grade"], "validation.required");
    if (!v.duration_minutes.trim()) issue(["duration_minutes"], "validation.required");
    else if (!wholeIn(v.duration_minutes, 1, 600)) issue(["duration_minutes"], "tests.validation.duration");
    if (!v.ends_at) issue(["ends_at"], "validation.required");
    else if (endNotAfter(v.starts_at, v.ends_at)) issue(["ends_at"], "tests.validation.endAfterStart");
    if (!chosen(v.round_id)) issue(["round_id"], "validation.required");
    if (!wholeIn(v.offline_grace_seconds, 0, OFFLINE_GRACE_MAX))
      issue(["offline_grace_seconds"], "tests.validation.offlineGrace", { max: OFFLINE_GRACE_MAX });

    if (v.subjects.length === 0) issue(["subjects"], "tests.validation.subjects");
    const withParts = v.parts.length > 0;
    const seenSubjects = new Set<string>();
    v.subjects.forEach((subject, s) => {
      if (!chosen(subject.subject_id)) issue(["subjects", s, "subject_id"], "validation.required");
      else if (seenSubjects.has(subject.subject_id))
        issue(["subjects", s, "subject_id"], "tests.validation.subjectTwice");
      seenSubjects.add(subject.subject_id);
      const used = withParts
        ? v.parts.some((p) =>
            p.items.some((i) => i.subject_id === subject.subject_id || v.subjects.length === 1),
          )
        : subject.items.length > 0;
      if (!used) issue(["subjects", s, "items"], "tests.validation.clusters");
      subject.items.forEach((item, i) => {
        if (!chosen(item.cluster_id))
          issue(["subjects", s, "items", i, "cluster_id"], "tests.validation.cluster");
        if (!wholeIn(item.count, 1, 200))
          issue(["subjects", s, "items", i, "count"], "tests.validation.count");
      });
    });

    if (v.parts.length > PARTS_MAX) issue(["parts"], "tests.validation.partsMax", { max: PARTS_MAX });
    v.parts.forEach((p, index) => {
      if (!chosen(p.question_type)) issue(["parts", index, "question_type"], "validation.required");
      if (partPoints(p.points_per_question) === null)
        issue(["parts", index, "points_per_question"], "tests.validation.points");
      if (p.items.length === 0) issue(["parts", index, "items"], "tests.validation.partClusters");
      p.items.forEach((item, i) => {
        if (v.subjects.length > 1 && !chosen(item.subject_id))
          issue(["parts", index, "items", i, "subject_id"], "validation.required");
        if (!chosen(item.cluster_id))
          issue(["parts", index, "items", i, "cluster_id"], "tests.validation.cluster");
        if (!wholeIn(item.count, 1, 200))
          issue(["parts", index, "items", i, "count"], "tests.validation.count");
      });
    });
    if (v.score_scale === "custom" && !wholeIn(v.scale_max, 1, SCALE_MAX_MAX))
      issue(["scale_max"], "tests.validation.scaleMax", { max: SCALE_MAX_MAX });

    for (const field of ["attribute_requirements", "attribute_outcomes"] as const) {
      const seen = new Set<string>();
      v[field].forEach((row, index) => {
        const key = row.key.trim().toLowerCase();
        if (!key) issue([field, index, "key"], "validation.required");
        else if (seen.has(key)) issue([field, index, "key"], "tests.validation.duplicateKey");
        seen.add(key);
      });
    }

    const score = v.passing_score.trim();
    if (score) {
      const value = Number(score);
      const max = passingMax(v, sharedMaxScore);
      if (Number.isNaN(value) || value < 0) issue(["passing_score"], "tests.validation.passingScoreMin");
      else if (max !== null && max > 0 && value > max)
        issue(["passing_score"], "tests.validation.passingScoreMax", { max });
    }
  });
}

export const emptyBlueprintRow = (): BlueprintRowValues => ({
  cluster_id: NONE,
  complexity_level_id: NONE,
  count: "1",
});

export const emptyPartRow = (subjectId: string = NONE): PartRowValues => ({
  subject_id: subjectId,
  ...emptyBlueprintRow(),
});

export const EMPTY_PRESET: PresetValues = {
  name: "",
  description: "",
  grade: NONE,
  duration_minutes: "",
  starts_at: "",
  ends_at: "",
  passing_score: "",
  auto_release_result: false,
  camera_proctoring: true,
  allow_no_camera: false,
  prefer_measured: false,
  offline_grace_seconds: String(OFFLINE_GRACE_DEFAULT),
  round_id: NONE,
  required_round_id: NONE,
  form_mode: "shared",
  score_scale: "ten", // new tests are out of 10, as Vietnamese schools mark (decision 0056)
  scale_max: "",
  survey_ids: [],
  subjects: [{ subject_id: NONE, items: [emptyBlueprintRow()] }],
  parts: [],
  attribute_requirements: [],
  attribute_outcomes: [],
};

const idOrNone = (id: number | null | undefined) => (id ? String(id) : NONE);

export function presetToValues(p: Preset): PresetValues {
  return {
    name: p.name,
    description: p.description,
    grade: idOrNone(p.grade),
    duration_minutes: p.duration_minutes ? String(p.duration_minutes) : "",
    starts_at: localFromIso(p.starts_at),
    ends_at: localFromIso(p.ends_at),
    passing_score: p.passing_score === null ? "" : String(p.passing_score),
    auto_release_result: p.auto_release_result,
    camera_proctoring: p.camera_proctoring,
    allow_no_camera: p.allow_no_camera,
    prefer_measured: p.prefer_measured,
    offline_grace_seconds: String(p.offline_grace_seconds),
    round_id: idOrNone(p.round_id),
    required_round_id: idOrNone(p.required_round_id),
    form_mode: (p.form_mode === "per_learner" ? "per_learner" : "shared") as FormMode,
    score_scale: p.score_scale,
    scale_max: p.scale_max === null ? "" : String(p.scale_max),
    survey_ids: [...p.survey_ids],
    subjects: p.subjects.map((s) => ({
      subject_id: idOrNone(s.subject_id),
      items: (s.items ?? []).map((i) => ({
        cluster_id: idOrNone(i.cluster_id),
        complexity_level_id: idOrNone(i.complexity_level_id),
        count: i.count ? String(i.count) : "",
      })),
    })),
    parts: p.parts.map((part) => ({
      name_vi: part.name_vi,
      name_en: part.name_en,
      question_type: part.question_type,
      points_per_question: String(part.points_per_question),
      items: part.items.map((i) => ({
        subject_id: idOrNone(i.subject_id),
        cluster_id: idOrNone(i.cluster_id),
        complexity_level_id: idOrNone(i.complexity_level_id),
        count: i.count ? String(i.count) : "",
      })),
    })),
    attribute_requirements: p.attribute_requirements.map((a) => ({ key: a.key, value: a.value })),
    attribute_outcomes: p.attribute_outcomes.map((a) => ({ key: a.key, value: a.value })),
  };
}

const numberOrNull = (value: string) => (chosen(value) && value.trim() ? Number(value) : null);

/** The API payload. */
export function toPresetInput(v: PresetValues): PresetInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    grade: numberOrNull(v.grade),
    duration_minutes: numberOrNull(v.duration_minutes),
    starts_at: isoFromLocal(v.starts_at),
    ends_at: isoFromLocal(v.ends_at),
    passing_score: numberOrNull(v.passing_score),
    auto_release_result: v.auto_release_result,
    camera_proctoring: v.camera_proctoring,
    allow_no_camera: v.allow_no_camera,
    prefer_measured: v.prefer_measured,
    offline_grace_seconds: Number(v.offline_grace_seconds.trim()),
    survey_ids: [...new Set(v.survey_ids)],
    round_id: numberOrNull(v.round_id),
    required_round_id: numberOrNull(v.required_round_id),
    form_mode: v.form_mode,
    score_scale: v.score_scale,
    scale_max: v.score_scale === "custom" ? numberOrNull(v.scale_max) : null,
    parts: v.parts.map((p) => ({
      name_vi: p.name_vi.trim(),
      name_en: p.name_en.trim(),
      question_type: p.question_type === NONE ? "" : p.question_type,
      points_per_question: partPoints(p.points_per_question),
      items: p.items.map((i) => ({
        // the row's subject; the test's only subject when it names none
        subject_id:
          numberOrNull(i.subject_id) ??
          (v.subjects.length === 1 ? numberOrNull(v.subjects[0]!.subject_id) : null),
        cluster_id: numberOrNull(i.cluster_id),
        complexity_level_id: numberOrNull(i.complexity_level_id),
        count: numberOrNull(i.count),
      })),
    })),
    subjects: v.subjects.map((s) => ({
      subject_id: numberOrNull(s.subject_id),
      items: s.items.map((i) => ({
        cluster_id: numberOrNull(i.cluster_id),
        complexity_level_id: numberOrNull(i.complexity_level_id),
        count: numberOrNull(i.count),
      })),
    })),
    attribute_requirements: v.attribute_requirements.map((a) => ({
      key: a.key.trim(),
      value: a.value.trim(),
    })),
    attribute_outcomes: v.attribute_outcomes.map((a) => ({ key: a.key.trim(), value: a.value.trim() })),
  };
}

/** A stable signature of the blueprint (the parts' types and rows included): while it is
 * unchanged the generated form (and so its maximum score) still applies. */
export function blueprintSignature(v: Pick<PresetValues, "subjects"> & { parts?: PartValues[] }): string {
  return JSON.stringify([
    v.subjects.flatMap((s) =>
      s.items.map((i) => [s.subject_id, i.cluster_id, i.complexity_level_id, i.count]),
    ),
    (v.parts ?? []).map((p) => [
      p.question_type,
      p.points_per_question,
      p.items.map((i) => [i.subject_id, i.cluster_id, i.complexity_level_id, i.count]),
    ]),
  ]);
}

const SCALAR = new Set([
  "name",
  "description",
  "grade",
  "duration_minutes",
  "starts_at",
  "ends_at",
  "passing_score",
  "offline_grace_seconds",
  "round_id",
  "required_round_id",
  "form_mode",
  "survey_ids",
  "subjects",
  "score_scale",
  "scale_max",
  "parts",
]);

/** Whether a server error key ("subjects.0.items.1.count") names a field the form shows. */
export function presetFormShows(field: string): boolean {
  if (SCALAR.has(field)) return true;
  return (
    /^subjects\.\d+\.(subject_id|items)(\.\d+\.(cluster_id|complexity_level_id|count))?$/.test(field) ||
    /^parts\.\d+\.(name_vi|name_en|question_type|points_per_question|items)(\.\d+\.(subject_id|cluster_id|complexity_level_id|count))?$/.test(
      field,
    ) ||
    /^attribute_(requirements|outcomes)\.\d+\.(key|value)$/.test(field)
  );
}
