/** The fields that the account forms share (sign-up, profile, login, password; issue 22): a
 * text input bound to the form with its error, and the gender and province selects (a disabled
 * "choose" placeholder with the value NONE). */
import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";

import { useLangAttr } from "@/components/lang";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { useT } from "@/lib/intl";
import { useProvinces } from "@/lib/provinces";

/** The parts of `useForm()`'s result the fields use (any resolver's output type). */
type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, "register" | "getFieldState" | "formState">;

interface Bound<T extends FieldValues> {
  form: FormParts<T>;
  name: Path<T>;
  label: string;
}

function errorOf<T extends FieldValues>(form: FormParts<T>, name: Path<T>): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/** A labelled input registered on the form (with `rules` when the form has no schema). */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  rules,
  ...props
}: Bound<T> & { rules?: RegisterOptions<T, Path<T>> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "form" | "name"
  >) {
  const error = errorOf(form, name);
  return (
    <Field label={label} htmlFor={name} error={error}>
      <Input id={name} aria-invalid={!!error} {...props} {...form.register(name, rules)} />
    </Field>
  );
}

/** A labelled select with a disabled "choose" placeholder (NONE) before `children`. */
function ChoiceSelect<T extends FieldValues>({
  form,
  name,
  label,
  children,
}: Bound<T> & { children: ReactNode }) {
  const t = useT();
  const error = errorOf(form, name);
  return (
    <Field label={label} htmlFor={name} error={error}>
      <Select id={name} aria-invalid={!!error} {...form.register(name)}>
        <option value={NONE} disabled>
          {t("common.choose")}
        </option>
        {children}
      </Select>
    </Field>
  );
}

export function GenderSelect<T extends FieldValues>(props: Bound<T>) {
  const t = useT();
  return (
    <ChoiceSelect {...props}>
      <option value="male">{t("gender.male")}</option>
      <option value="female">{t("gender.female")}</option>
    </ChoiceSelect>
  );
}

/** The provinces and cities (GET /public/api/provinces, cached for the page's life). Their names
 * are Vietnamese: marked `lang="vi"` on English pages (WCAG 3.1.2; issue 38 item 6). */
export function ProvinceSelect<T extends FieldValues>(props: Bound<T>) {
  const provinces = useProvinces();
  const vi = useLangAttr();
  return (
    <ChoiceSelect {...props}>
      {(provinces.data ?? []).map((province) => (
        <option key={province.code} value={province.code} {...vi}>
          {province.name}
        </option>
      ))}
    </ChoiceSelect>
  );
}
