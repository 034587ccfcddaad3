/** Key/value rows (attribute requirements or outcomes); keys must not repeat (spec §5). */
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import { fieldError } from "./field-error";
import { Control } from "./form-fields";
import { IconButton } from "./icon-button";
import type { PresetValues } from "./preset-schema";

export function AttributeRows({
  name,
  title,
  hint,
  keyPlaceholder,
  valuePlaceholder,
}: {
  name: "attribute_requirements" | "attribute_outcomes";
  title: string;
  hint: string;
  keyPlaceholder: string;
  valuePlaceholder: string;
}) {
  const t = useT();
  const { control, register, formState } = useFormContext<PresetValues>();
  const rows = useFieldArray({ control, name });
  return (
    <fieldset className="grid content-start gap-2" aria-describedby={`${name}-hint`}>
      <legend className="text-sm font-medium text-slate-700">{title}</legend>
      <p id={`${name}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {rows.fields.map((row, index) => {
        const keyError = fieldError(formState.errors, `${name}.${index}.key`);
        const valueError = fieldError(formState.errors, `${name}.${index}.value`);
        return (
          <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-start gap-2">
            <Control error={keyError}>
              <Input
                aria-label={t("tests.attributeKey", { title, n: index + 1 })}
                aria-invalid={!!keyError}
                placeholder={keyPlaceholder}
                {...register(`${name}.${index}.key`)}
              />
            </Control>
            <Control error={valueError}>
              <Input
                aria-label={t("tests.attributeValue", { title, n: index + 1 })}
                aria-invalid={!!valueError}
                placeholder={valuePlaceholder}
                {...register(`${name}.${index}.value`)}
              />
            </Control>
            <IconButton
              icon={Trash2}
              label={t("tests.removeAttribute", { title, n: index + 1 })}
              onClick={() => rows.remove(index)}
            />
          </div>
        );
      })}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => rows.append({ key: "", value: "" })}
      >
        <Plus className="h-4 w-4" /> {t("tests.addAttribute")}
      </Button>
    </fieldset>
  );
}
