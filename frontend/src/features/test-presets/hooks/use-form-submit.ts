/** Submitting one of the feature's forms: `save` the values, then `onSaved`; a refusal puts the
 * server's field errors on the fields the form shows (`shows`) and its message, with the errors
 * of fields the form does not show, above the form. */
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";

import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";

export interface Failure {
  message: string;
  items: string[];
}

const NO_FAILURE: Failure = { message: "", items: [] };

export function useFormSubmit<T extends FieldValues, R>({
  setError,
  shows,
  save,
  onSaved,
}: {
  setError: UseFormSetError<T>;
  /** Whether a server error key ("name", "subjects.0.items.1.count") names a field of the form. */
  shows: (field: string) => boolean;
  save: (values: T) => Promise<R>;
  onSaved: (result: R) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);

  async function onSubmit(values: T) {
    setFailure(NO_FAILURE);
    let result: R;
    try {
      result = await save(values);
    } catch (error) {
      const errors = error instanceof ApiError ? Object.entries(error.errors) : [];
      const placed = errors.map(([field]) => field).filter(shows);
      setFailure({
        message: applyServerErrors(error, setError, placed) || t("common.unknownError"),
        items: errors.filter(([field]) => !shows(field)).flatMap(([, messages]) => messages.slice(0, 1)),
      });
      return;
    }
    onSaved(result);
  }

  return { failure, onSubmit };
}

/** `shows` for a form with a fixed list of fields. */
export const oneOf =
  (fields: readonly string[]) =>
  (field: string): boolean =>
    fields.includes(field);
