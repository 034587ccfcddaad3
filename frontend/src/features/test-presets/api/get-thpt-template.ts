/** The "THPT 2025 format" template (issue 39 item 2; decision 0056): the organization's subjects
 * that have one, and a subject's fill of the preset form. */
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type TemplateSubject = V1Schemas["PresetTemplateSubjectOut"];
export type TemplateFill = V1Schemas["PresetTemplateOut"];

export const templateKeys = {
  all: ["thpt-2025-template"] as const,
  subjects: () => [...templateKeys.all, "subjects"] as const,
};

/** GET /api/v1/test-presets/templates/thpt-2025: the subjects with a template (minutes, questions,
 * maximum 10, the parts' types, counts and points). */
export function getTemplateSubjects(): Promise<TemplateSubject[]> {
  return api<TemplateSubject[]>("/api/v1/test-presets/templates/thpt-2025");
}

export const templateSubjectsQuery = () =>
  queryOptions({ queryKey: templateKeys.subjects(), queryFn: getTemplateSubjects, staleTime: Infinity });

/** GET /api/v1/test-presets/templates/thpt-2025/{subject_id}?grade=: the preset form's fields for
 * a subject at a grade (12 when omitted): parts with their rows, minutes, the scale out of 10.
 * Saves nothing; 400 `no_template` for a subject without one. */
export function getTemplateFill(subjectId: number, grade: number | null): Promise<TemplateFill> {
  return api<TemplateFill>(`/api/v1/test-presets/templates/thpt-2025/${subjectId}`, {
    query: grade ? { grade } : {},
  });
}
