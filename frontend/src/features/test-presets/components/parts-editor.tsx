/** The parts (phần) of a preset (issue 39 item 2; decision 0056): Phần I, II, III..., each with the
 * question type its rows draw, the points each of its questions is worth and its blueprint rows
 * (subject when the test has several, cluster, optional complexity level, how many questions). Parts
 * can be added, removed and moved; the test's maximum is the sum of the parts. Adding the first part
 * moves the subjects' rows into it; removing the last moves them back. */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input, NONE, Select } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import type { Cluster, Subject } from "../api/types";
import { clustersOfSubject, RowCell } from "./blueprint-editor";
import { fieldError } from "./field-error";
import { Control } from "./form-fields";
import { IconButton } from "./icon-button";
import { subjectName } from "./labels";
import {
  emptyBlueprintRow,
  emptyPartRow,
  PART_NAME_MAX,
  PARTS_MAX,
  partsMaxScore,
  type PartValues,
  type PresetValues,
} from "./preset-schema";

const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/** The question types a part may draw, in the order the national exam's parts use them. */
export const PART_TYPES: { value: string; label: MessageId }[] = [
  { value: "single_choice", label: "tests.questionType.single_choice" },
  { value: "true_false_set", label: "tests.part.type.true_false_set" },
  { value: "numeric", label: "tests.part.type.numeric" },
  { value: "multiple_choice", label: "tests.questionType.multiple_choice" },
  { value: "true_false", label: "tests.questionType.true_false" },
  { value: "short_text", label: "tests.questionType.short_text" },
  { value: "essay", label: "tests.questionType.essay" },
];

/** The default of a new part: the national exam's type and points at its place. */
const DEFAULTS: [string, string][] = [
  ["single_choice", "0.25"],
  ["true_false_set", "1"],
  ["numeric", "0.5"],
];

export function PartsEditor({ subjects, clusters }: { subjects: Subject[]; clusters: Cluster[] }) {
  const t = useT();

  const { control, getValues, setValue } = useFormContext<PresetValues>();
  const list = useFieldArray({ control, name: "parts" });
  const parts = useWatch({ control, name: "parts" }) ?? [];
  // Only the parts' own state: typing elsewhere does not render the parts again.
  const { errors } = useFormState({ control, name: "parts" });
  const error = fieldError(errors, "parts");

  const add = () => {
    const [type, points] = DEFAULTS[list.fields.length] ?? ["single_choice", "0.25"];
    const current = getValues("subjects");
    // The first part takes the subjects' rows; later ones start with one empty row.
    const moved = list.fields.length
      ? []
      : current.flatMap((s) => s.items.map((item) => ({ ...item, subject_id: s.subject_id })));
    if (moved.length)
      setValue(
        "subjects",
        current.map((s) => ({ ...s, items: [] })),
      );
    const only = current.length === 1 ? current[0]!.subject_id : NONE;
    list.append({
      name_vi: "",
      name_en: "",
      question_type: type,
      points_per_question: points,
      items: moved.length ? moved : [emptyPartRow(only)],
    });
  };

  const remove = (index: number) => {
    if (list.fields.length === 1) {
      // The last part: its rows go back to their subjects (the test is drawn without parts again).
      const rows = getValues("parts.0.items");
      const current = getValues("subjects");
      setValue(
        "subjects",
        current.map((s) => {
          const mine = rows.filter((r) => r.subject_id === s.subject_id || current.length === 1);
          const items = mine.map(({ subject_id: _subject, ...row }) => row);
          return { ...s, items: items.length ? items : [emptyBlueprintRow()] };
        }),
      );
    }
    list.remove(index);
  };

  return (
    <div className="grid gap-4">
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {list.fields.map((field, index) => (
        <PartCard
          key={field.id}
          index={index}
          count={list.fields.length}
          subjects={subjects}
          clusters={clusters}
          onRemove={() => remove(index)}
          onMove={(to) => list.move(index, to)}
        />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" size="sm" disabled={list.fields.length >= PARTS_MAX} onClick={add}>
          <Plus className="h-4 w-4" /> {t("tests.part.add")}
        </Button>
        {parts.length > 0 && (
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t("tests.part.total", { max: partsMaxScore(parts) })}
          </p>
        )}
      </div>
    </div>
  );
}

function PartCard({
  index,
  count,
  subjects,
  clusters,
  onRemove,
  onMove,
}: {
  index: number;
  count: number;
  subjects: Subject[];
  clusters: Cluster[];
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const { control, register } = useFormContext<PresetValues>();
  const rows = useFieldArray({ control, name: `parts.${index}.items` });
  const { errors } = useFormState({ control, name: `parts.${index}` });
  const part: PartValues | undefined = useWatch({ control, name: `parts.${index}` });
  const chosenSubjects = useWatch({ control, name: "subjects" }) ?? [];
  const prefix = `parts.${index}`;
  const place = t("tests.part.nth", { numeral: ROMAN[index] ?? String(index + 1) });
  // The part's own name in the reader's language (the other one when blank), after its place.
  const own =
    (language === "en"
      ? part?.name_en.trim() || part?.name_vi.trim()
      : part?.name_vi.trim() || part?.name_en.trim()) ?? "";
  // A name that starts with its place ("Phần I. Trắc nghiệm...") is shown alone.
  const heading = own.startsWith(place) ? own : own ? `${place} — ${own}` : place;
  const several = chosenSubjects.length > 1;
  const only = chosenSubjects.length === 1 ? chosenSubjects[0]!.subject_id : NONE;
  const levels = clusters.filter((c) => c.type === "complexity_level");
  const max = part ? partsMaxScore([part]) : 0;

  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
      aria-label={t("tests.part.label", { part: place })}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-800">{heading}</h3>
        <div className="flex items-center gap-1">
          <span className="mr-2 text-sm text-slate-600">{t("tests.part.max", { max })}</span>
          <IconButton
            icon={ArrowUp}
            label={t("tests.part.moveUp", { part: place })}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          />
          <IconButton
            icon={ArrowDown}
            label={t("tests.part.moveDown", { part: place })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          />
          <IconButton icon={Trash2} label={t("tests.part.remove", { part: place })} onClick={onRemove} />
        </div>
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {(["name_vi", "name_en"] as const).map((name) => {
          const error = fieldError(errors, `${prefix}.${name}`);
          return (
            <Control key={name} error={error}>
              <label htmlFor={`${prefix}.${name}`} className="text-sm font-medium text-slate-700">
                {t(name === "name_vi" ? "tests.part.nameVi" : "tests.part.nameEn")}
              </label>
              <Input
                id={`${prefix}.${name}`}
                maxLength={PART_NAME_MAX}
                placeholder={
                  name === "name_vi"
                    ? `Phần ${ROMAN[index] ?? index + 1}`
                    : `Part ${ROMAN[index] ?? index + 1}`
                }
                aria-invalid={!!error}
                {...register(`parts.${index}.${name}`)}
              />
            </Control>
          );
        })}
        <Control error={fieldError(errors, `${prefix}.question_type`)}>
          <label htmlFor={`${prefix}.question_type`} className="text-sm font-medium text-slate-700">
            {t("tests.part.type")}
          </label>
          <Select
            id={`${prefix}.question_type`}
            aria-invalid={!!fieldError(errors, `${prefix}.question_type`)}
            {...register(`parts.${index}.question_type`)}
          >
            {PART_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {t(type.label)}
              </option>
            ))}
          </Select>
        </Control>
        <Control error={fieldError(errors, `${prefix}.points_per_question`)}>
          <label htmlFor={`${prefix}.points_per_question`} className="text-sm font-medium text-slate-700">
            {t("tests.part.points")}
          </label>
          <Input
            id={`${prefix}.points_per_question`}
            inputMode="decimal"
            aria-invalid={!!fieldError(errors, `${prefix}.points_per_question`)}
            {...register(`parts.${index}.points_per_question`)}
          />
        </Control>
      </div>
      {rows.fields.length > 0 && (
        <div
          className={cn(
            "hidden gap-2 text-xs font-medium uppercase text-slate-500 md:grid",
            several
              ? "md:grid-cols-[10rem_minmax(0,1fr)_10rem_6rem_2.5rem]"
              : "md:grid-cols-[minmax(0,1fr)_12rem_6rem_2.5rem]",
          )}
          aria-hidden="true"
        >
          {several && <span>{t("tests.field.subject")}</span>}
          <span>{t("tests.field.cluster")}</span>
          <span>{t("tests.field.level")}</span>
          <span>{t("tests.field.count")}</span>
          <span />
        </div>
      )}
      {rows.fields.map((row, r) => {
        const path = `${prefix}.items.${r}`;
        const subjectId = several ? (part?.items[r]?.subject_id ?? NONE) : only;
        const topics = clustersOfSubject(clusters, subjectId).filter((c) => c.type === "topic");
        const rowName = { n: r + 1, subject: place };
        const cell = (field: string) => fieldError(errors, `${path}.${field}`);
        return (
          <div
            key={row.id}
            role="group"
            aria-label={t("tests.blueprintRow", rowName)}
            className={cn(
              "grid gap-2 rounded-lg max-md:border max-md:border-slate-100 max-md:p-2 md:items-start",
              several
                ? "md:grid-cols-[10rem_minmax(0,1fr)_10rem_6rem_2.5rem]"
                : "md:grid-cols-[minmax(0,1fr)_12rem_6rem_2.5rem]",
            )}
          >
            {several && (
              <RowCell
                field="subject_id"
                path={path}
                label={t("tests.field.subject")}
                error={cell("subject_id")}
              >
                <Select
                  id={`${path}.subject_id`}
                  aria-label={t("tests.part.subjectOfRow", rowName)}
                  aria-invalid={!!cell("subject_id")}
                  {...register(`parts.${index}.items.${r}.subject_id`)}
                >
                  <option value={NONE} disabled>
                    {t("common.choose")}
                  </option>
                  {chosenSubjects.map((s) => {
                    const found = subjects.find((x) => String(x.id) === s.subject_id);
                    return found ? (
                      <option key={s.subject_id} value={s.subject_id}>
                        {subjectName(found, language)}
                      </option>
                    ) : null;
                  })}
                </Select>
              </RowCell>
            )}
            <RowCell
              field="cluster_id"
              path={path}
              label={t("tests.field.cluster")}
              error={cell("cluster_id")}
            >
              <Select
                id={`${path}.cluster_id`}
                aria-label={t("tests.clusterOfRow", rowName)}
                aria-invalid={!!cell("cluster_id")}
                {...register(`parts.${index}.items.${r}.cluster_id`)}
              >
                <option value={NONE} disabled>
                  {subjectId === NONE ? t("tests.chooseSubjectFirst") : t("common.choose")}
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
              error={cell("complexity_level_id")}
            >
              <Select
                id={`${path}.complexity_level_id`}
                aria-label={t("tests.levelOfRow", rowName)}
                {...register(`parts.${index}.items.${r}.complexity_level_id`)}
              >
                <option value={NONE}>{t("tests.anyLevel")}</option>
                {levels.map((level) => (
                  <option key={level.id} value={String(level.id)}>
                    {level.code} — {level.label}
                  </option>
                ))}
              </Select>
            </RowCell>
            <RowCell field="count" path={path} label={t("tests.field.count")} error={cell("count")}>
              <Input
                id={`${path}.count`}
                type="number"
                inputMode="numeric"
                min={1}
                max={200}
                aria-label={t("tests.countOfRow", rowName)}
                aria-invalid={!!cell("count")}
                {...register(`parts.${index}.items.${r}.count`)}
              />
            </RowCell>
            <IconButton icon={Trash2} label={t("tests.removeRow", rowName)} onClick={() => rows.remove(r)} />
          </div>
        );
      })}
      {fieldError(errors, `${prefix}.items`) && (
        <p role="alert" className="text-sm text-red-600">
          {fieldError(errors, `${prefix}.items`)}
        </p>
      )}
      <Button variant="outline" size="sm" className="w-fit" onClick={() => rows.append(emptyPartRow(only))}>
        <Plus className="h-4 w-4" /> {t("tests.addRow")}
      </Button>
    </fieldset>
  );
}
