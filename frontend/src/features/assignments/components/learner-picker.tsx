/** Choose learners of the organization (GET /api/v1/users/profile/list?role=LEARNER, active
 * ones): search by name or e-mail, page through, tick several; the chosen ones stay listed as
 * removable chips across pages and searches. */
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { SearchFilter } from "@/components/list/list-toolbar";
import { Pager } from "@/components/ui/pager";
import { profileListQuery } from "@/lib/api/profiles";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

export interface ChosenLearner {
  id: number;
  name: string;
  email: string;
}

const LIMIT = 10;

export function LearnerPicker({
  value,
  onChange,
  error,
  invalid,
}: {
  value: ChosenLearner[];
  onChange: (next: ChosenLearner[]) => void;
  error?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const ids = useId();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const learners = useQuery(
    profileListQuery({
      role: "LEARNER",
      status: "active",
      order_by: "name",
      page,
      limit: LIMIT,
      search: debounced || undefined,
    }),
  );
  const chosen = new Set(value.map((l) => l.id));
  const rows = learners.data?.items ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(r.id));

  function toggle(learner: ChosenLearner, on: boolean) {
    onChange(
      on ? [...value.filter((l) => l.id !== learner.id), learner] : value.filter((l) => l.id !== learner.id),
    );
  }

  function togglePage(on: boolean) {
    const pageIds = new Set(rows.map((r) => r.id));
    const rest = value.filter((l) => !pageIds.has(l.id));
    onChange(on ? [...rest, ...rows.map((r) => ({ id: r.id, name: r.name, email: r.email }))] : rest);
  }

  return (
    <div
      className={cn(
        "rounded-2xl border bg-white p-4 sm:p-5",
        invalid ? "border-red-400" : "border-slate-200",
      )}
    >
      <fieldset
        className="grid min-w-0 content-start gap-3"
        aria-describedby={error ? `${ids}-error` : undefined}
      >
        <legend className="mb-3 text-sm font-medium text-slate-700">{t("assignments.form.learners")}</legend>
        <SearchFilter
          id={`${ids}-search`}
          label={t("assignments.form.searchLearners")}
          placeholder={t("assignments.form.searchLearnersPlaceholder")}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />

        {learners.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            {t("common.loading")}
          </p>
        ) : learners.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
            {t("assignments.loadFailed")}
            <Button size="xs" variant="outline" onClick={() => void learners.refetch()}>
              {t("assignments.retry")}
            </Button>
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            {debounced ? t("assignments.form.noLearnerMatch") : t("assignments.form.noLearners")}
          </p>
        ) : (
          <div className="grid gap-1">
            <label className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-xs font-medium text-slate-600">
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-700"
                checked={allOnPage}
                onChange={(e) => togglePage(e.target.checked)}
              />
              {t("assignments.form.chooseAllOnPage")}
            </label>
            <ul className="grid gap-1" aria-label={t("assignments.form.learnerResults")}>
              {rows.map((learner) => (
                <li key={learner.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600">
                    <input
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-blue-700"
                      checked={chosen.has(learner.id)}
                      onChange={(e) =>
                        toggle({ id: learner.id, name: learner.name, email: learner.email }, e.target.checked)
                      }
                    />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="text-sm font-medium text-slate-900">{learner.name}</span>
                      <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                        {learner.email}
                        {learner.grade ? ` · ${t("assignments.gradeN", { grade: learner.grade })}` : ""}
                        {learner.class_name ? ` · ${learner.class_name}` : ""}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {learners.data && (
              <Pager page={page} limit={learners.data.limit} total={learners.data.total} onPage={setPage} />
            )}
          </div>
        )}

        <div className="grid gap-2 border-t border-slate-100 pt-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t("assignments.form.chosenCount", { count: value.length })}
          </p>
          {value.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t("assignments.form.chosenLearners")}>
              {value.map((learner) => (
                <li
                  key={learner.id}
                  className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pl-3 pr-1 text-sm text-blue-900"
                >
                  {learner.name}
                  <button
                    type="button"
                    onClick={() => toggle(learner, false)}
                    aria-label={t("assignments.form.removeLearner", { name: learner.name })}
                    className="rounded-full p-1 hover:bg-blue-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-xs text-red-600">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
