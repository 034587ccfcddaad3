import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { testPresetKeys } from "@/lib/api/test-presets";

import type { FormQuestion } from "./types";

/** GET /api/v1/test-presets/{id}/form: the generated questions in order (the preview). */
export function getPresetForm(id: number): Promise<FormQuestion[]> {
  return api<FormQuestion[]>(`/api/v1/test-presets/${id}/form`);
}

export const presetFormQuery = (id: number) =>
  queryOptions({ queryKey: testPresetKeys.form(id), queryFn: () => getPresetForm(id) });
