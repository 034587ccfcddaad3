import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

import { ApiError } from "@/lib/api-client";

/** Put the server's field errors on the form's fields; returns the server's message. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return "";
  for (const [field, messages] of Object.entries(error.errors)) {
    if (fields.includes(field) && messages[0])
      setError(field as Path<T>, { type: "server", message: messages[0] });
  }
  return error.message;
}
