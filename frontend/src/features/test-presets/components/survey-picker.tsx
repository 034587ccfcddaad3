/** The preset's linked surveys (spec §3 "surveys"; issue 8, item 2): a checkbox group of the
 * organization's published surveys. When survey management is off for the organization (the
 * session's `survey_management`, or a 403 `survey_management_disabled` when it was turned off
 * since) a short explanation replaces the list, which is not asked for, and surveys the
 * preset already links stay as they are. Linked surveys that are no longer published (ended,
 * cancelled) stay listed so they can be unlinked. */
import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useController, useFormContext } from "react-hook-form";

import { ApiError } from "@/lib/api-client";
import { surveyListQuery, useSurveyManagement } from "@/lib/api/surveys";
import { useT } from "@/lib/intl";

import type { PresetValues } from "./preset-schema";

/** The organization's published surveys (a hundred at most: an organization has few). */
const PUBLISHED = { page: 1, limit: 100, status: "published", order_by: "name" } as const;

export function SurveyPicker({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  const managing = useSurveyManagement();
  const surveys = useQuery({
    ...surveyListQuery(PUBLISHED),
    refetchOnWindowFocus: false,
    enabled: managing === true,
  });
  const { control } = useFormContext<PresetValues>();
  const { field, fieldState } = useController({ control, name: "survey_ids" });
  const selected: number[] = field.value ?? [];
  const error = fieldState.error?.message;

  function toggle(id: number, on: boolean) {
    field.onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  }

  const off =
    managing === false ||
    (surveys.error instanceof ApiError && surveys.error.code === "survey_management_disabled");
  let body;
  if (off) {
    body = (
      <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {t("tests.surveys.off")}
        {selected.length > 0 && (
          <span className="mt-1 block">{t("tests.surveys.keptWhileOff", { count: selected.length })}</span>
        )}
      </p>
    );
  } else if (surveys.isPending) {
    body = (
      <p role="status" className="text-sm text-slate-600">
        {t("tests.surveys.loading")}
      </p>
    );
  } else if (surveys.isError) {
    body = (
      <p role="note" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {t("tests.surveys.loadFailed")}
      </p>
    );
  } else {
    const published = surveys.data.items;
    const known = new Set(published.map((s) => s.id));
    const rows = [
      ...published.map((s) => ({ id: s.id, label: s.name })),
      ...selected
        .filter((id) => !known.has(id))
        .map((id) => ({ id, label: t("tests.surveys.unpublished", { id }) })),
    ];
    body =
      rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("tests.surveys.none")}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {rows.map((row) => (
            <li key={row.id}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={selected.includes(row.id)}
                  disabled={disabled}
                  aria-invalid={!!error}
                  onChange={(event) => toggle(row.id, event.target.checked)}
                  onBlur={field.onBlur}
                />
                <span className="min-w-0 break-words">{row.label}</span>
              </label>
            </li>
          ))}
        </ul>
      );
  }

  return (
    <fieldset className="grid content-start gap-2" aria-describedby="survey_ids-hint">
      <legend className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <ClipboardList className="h-4 w-4" aria-hidden="true" />
        {t("tests.field.surveys")}
      </legend>
      <p id="survey_ids-hint" className="text-xs text-slate-500">
        {t("tests.surveys.hint")}
      </p>
      {body}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
