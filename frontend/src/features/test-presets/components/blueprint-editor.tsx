/** The blueprint of a preset: its subjects, each with rows "cluster (a topic or subtopic of the
 * subject's matrix), optional complexity level, how many questions". A test in parts (decision
 * 0056) keeps its rows under the parts (`parts-editor`): the subjects then list only the subject. */
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input, NONE, Select } from "@/components/ui/field";
import { useLanguage, useT } from "@/lib/intl";

import type { Cluster, Subject } from "../api/types";
import { fieldError } from "./field-error";
import { Control } from "./form-fields";
import { IconButton } from "./icon-button";
import { subjectName } from "./labels";
import { blueprintTotal, emptyBlueprintRow, type PresetValues } from "./preset-schema";

/** A cell of a blueprint row: its label (shown on small screens, where the row's columns have no
 * header), the control and its error. Also the cells of a part's rows (`parts-editor`). */
export function RowCell({
  field,
  path,
  label,
  error,
  children,
}: {
  field: string;
  path: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Control error={error}>
      <label htmlFor={`${path}.${field}`} className="text-xs font-medium text-slate-600 md:sr-only">
        {label}
      </label>
      {children}
    </Control>
  );
}

/** A cluster of no subject belongs to every subject's matrix. */
const fitsSubject = (c: Cluster, subjectId: string) =>
  c.subject_id === null || String(c.subject_id) === subjectId;

/** The topics and subtopics a blueprint row of the subject may use. */
export function clustersOfSubject(clusters: Cluster[], subjectId: string): Cluster[] {
  return clusters.filter((c) => (c.type === "topic" || c.type === "subtopic") && fitsSubject(c, subjectId));
}

export function BlueprintEditor({ subjects, clusters }: { subjects: Subject[]; clusters: Cluster[] }) {
  const t = useT();
  const { control, formState } = useFormContext<PresetValues>();
  const list = useFieldArray({ control, name: "subjects" });
  const values = useWatch({ control, name: "subjects" });
  const parts = useWatch({ control, name: "parts" }) ?? [];
  const withParts = parts.length > 0;
  const total = blueprintTotal({ subjects: values ?? [], parts });
  const error = fieldError(formState.errors, "subjects");
  return (
    <div className="grid gap-4">
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {list.fields.map((field, index) => (
        <SubjectCard
          key={field.id}
          index={index}
          subjects={subjects}
          clusters={clusters}
          withParts={withParts}
          onRemove={() => list.remove(index)}
        />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={list.fields.length >= subjects.length}
          onClick={() => list.append({ subject_id: NONE, items: withParts ? [] : [emptyBlueprintRow()] })}
        >
          <Plus className="h-4 w-4" /> {t("tests.addSubject")}
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t("tests.blueprintTotal", { count: total })}
        </p>
      </div>
    </div>
  );
}

function SubjectCard({
  index,
  subjects,
  clusters,
  withParts,
  onRemove,
}: {
  index: number;
  subjects: Subject[];
  clusters: Cluster[];
  /** The rows are the parts': only the subject here. */
  withParts: boolean;
  onRemove: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const { control, register, formState, getValues, setValue } = useFormContext<PresetValues>();
  const rows = useFieldArray({ control, name: `subjects.${index}.items` });
  const subjectId = useWatch({ control, name: `subjects.${index}.subject_id` });
  const errors = formState.errors;
  const prefix = `subjects.${index}`;
  const topics = clusters.filter((c) => c.type === "topic" && fitsSubject(c, subjectId));
  const levels = clusters.filter((c) => c.type === "complexity_level");
  const current = subjects.find((s) => String(s.id) === subjectId);
  const heading = current ? subjectName(current, language) : t("tests.subjectN", { n: index + 1 });
  const subjectError = fieldError(errors, `${prefix}.subject_id`);
  const rowsError = fieldError(errors, `${prefix}.items`);

  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
      aria-label={t("tests.subjectBlueprint", { subject: heading })}
    >
      <div className="flex flex-wrap items-end gap-3">
        <Control error={subjectError} className="min-w-48 flex-1">
          <label htmlFor={`${prefix}.subject_id`} className="text-sm font-medium text-slate-700">
            {t("tests.field.subject")}
          </label>
          <Select
            id={`${prefix}.subject_id`}
            aria-invalid={!!subjectError}
            {...register(`subjects.${index}.subject_id`, {
              // Clusters of another subject's matrix no longer fit: clear them.
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const fits = new Set(clustersOfSubject(clusters, e.target.value).map((c) => String(c.id)));
                getValues(`subjects.${index}.items`).forEach((item, r) => {
                  if (item.cluster_id !== NONE && !fits.has(item.cluster_id))
                    setValue(`subjects.${index}.items.${r}.cluster_id`, NONE);
                });
              },
            })}
          >
            <option value={NONE} disabled>
              {t("common.choose")}
            </option>
            {subjects.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {subjectName(s, language)}
              </option>
            ))}
          </Select>
        </Control>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t("tests.removeSubject", { subject: heading })}
        >
          <Trash2 className="h-4 w-4" /> <span className="max-sm:sr-only">{t("tests.remove")}</span>
        </Button>
      </div>
      {withParts ? (
        <>
          {rowsError && (
            <p role="alert" className="text-sm text-red-600">
              {rowsError}
            </p>
          )}
          <p className="text-sm text-slate-600">{t("tests.part.rowsInParts")}</p>
        </>
      ) : (
        <>
          <div
            className="hidden gap-2 text-xs font-medium uppercase text-slate-500 md:grid md:grid-cols-[minmax(0,1fr)_12rem_6rem_2.5rem]"
            aria-hidden="true"
          >
            <span>{t("tests.field.cluster")}</span>
            <span>{t("tests.field.level")}</span>
            <span>{t("tests.field.count")}</span>
            <span />
          </div>
          {rows.fields.map((row, r) => {
            const path = `${prefix}.items.${r}`;
            const clusterError = fieldError(errors, `${path}.cluster_id`);
            const levelError = fieldError(errors, `${path}.complexity_level_id`);
            const countError = fieldError(errors, `${path}.count`);
            return (
              <div
                key={row.id}
                role="group"
                aria-label={t("tests.blueprintRow", { n: r + 1, subject: heading })}
                className="grid gap-2 rounded-lg max-md:border max-md:border-slate-100 max-md:p-2 md:grid-cols-[minmax(0,1fr)_12rem_6rem_2.5rem] md:items-start"
              >
                <RowCell field="cluster_id" path={path} label={t("tests.field.cluster")} error={clusterError}>
                  <Select
                    id={`${path}.cluster_id`}
                    aria-label={t("tests.clusterOfRow", { n: r + 1, subject: heading })}
                    aria-invalid={!!clusterError}
                    disabled={!current}
                    {...register(`subjects.${index}.items.${r}.cluster_id`)}
                  >
                    <option value={NONE} disabled>
                      {current ? t("common.choose") : t("tests.chooseSubjectFirst")}
                    </option>
                    {topics.map((topic) => (
                      <optgroup key={topic.id} label={`${topic.code} — ${topic.label}`}>
                        <option value={String(topic.id)}>
                          {t("tests.wholeTopic", { code: topic.code, description: topic.label })}
                        </option>
                        {clusters
                          .filter((c) => c.type === "subtopic" && c.parent_id === topic.id)
                          .map((sub) => (
                            <option key={sub.id} value={String(sub.id)}>
                              {sub.code} — {sub.label}
                            </option>
                          ))}
                      </optgroup>
                    ))}
                  </Select>
                </RowCell>
                <RowCell
                  field="complexity_level_id"
                  path={path}
                  label={t("tests.field.level")}
                  error={levelError}
                >
                  <Select
                    id={`${path}.complexity_level_id`}
                    aria-label={t("tests.levelOfRow", { n: r + 1, subject: heading })}
                    aria-invalid={!!levelError}
                    {...register(`subjects.${index}.items.${r}.complexity_level_id`)}
                  >
                    <option value={NONE}>{t("tests.anyLevel")}</option>
                    {levels.map((level) => (
                      <option key={level.id} value={String(level.id)}>
                        {level.code} — {level.label}
                      </option>
                    ))}
                  </Select>
                </RowCell>
                <RowCell field="count" path={path} label={t("tests.field.count")} error={countError}>
                  <Input
                    id={`${path}.count`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={200}
                    aria-label={t("tests.countOfRow", { n: r + 1, subject: heading })}
                    aria-invalid={!!countError}
                    {...register(`subjects.${index}.items.${r}.count`)}
                  />
                </RowCell>
                <IconButton
                  icon={Trash2}
                  label={t("tests.removeRow", { n: r + 1, subject: heading })}
                  onClick={() => rows.remove(r)}
                />
              </div>
            );
          })}
          {rowsError && (
            <p role="alert" className="text-sm text-red-600">
              {rowsError}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => rows.append(emptyBlueprintRow())}
          >
            <Plus className="h-4 w-4" /> {t("tests.addRow")}
          </Button>
        </>
      )}
    </fieldset>
  );
}
