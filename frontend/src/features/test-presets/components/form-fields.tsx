/** The feature's form pieces on react-hook-form: a labelled input or text area registered under
 * its name (error and aria-invalid from the form), a control with its own inline error (rows of
 * the blueprint and of the attributes). */
import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

import { Field, Input } from "@/components/ui/field";
import { cn } from "@/lib/cn";

import { fieldError } from "./field-error";

type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, "register" | "formState">;

export const textareaClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500";

interface FieldProps<T extends FieldValues> {
  form: FormParts<T>;
  name: Path<T>;
  label: string;
  /** The control's id (the name when absent). */
  id?: string;
  hint?: string;
}

export function InputField<T extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  ...input
}: FieldProps<T> & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id">) {
  const error = fieldError(form.formState.errors, name);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} aria-invalid={!!error} {...input} {...form.register(name)} />
    </Field>
  );
}

export function TextareaField<T extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  rows = 2,
}: FieldProps<T> & { rows?: number }) {
  const error = fieldError(form.formState.errors, name);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={!!error}
        className={textareaClass}
        {...form.register(name)}
      />
    </Field>
  );
}

/** The start and expiry (`starts_at`, `expires_at`) of a round or a batch, as local date-times
 * (`ids` and `labels` in that order). */
export function PeriodFields<T extends FieldValues & { starts_at: string; expires_at: string }>({
  form,
  ids,
  labels,
}: {
  form: FormParts<T>;
  ids: [string, string];
  labels: [string, string];
}) {
  const names = ["starts_at", "expires_at"] as Path<T>[];
  return (
    <>
      {names.map((name, i) => (
        <InputField key={name} form={form} name={name} id={ids[i]} type="datetime-local" label={labels[i]!} />
      ))}
    </>
  );
}

/** A control (and its label, if any) with its error under it. */
export function Control({
  error,
  className,
  children,
}: {
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-1", className)}>
      {children}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
