import type { FieldErrors, FieldValues } from "react-hook-form";

/** The message at a dotted path of react-hook-form's errors ("subjects.0.items"), including an
 * array's own error (kept under `root` by the zod resolver). */
export function fieldError<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (!node || typeof node !== "object") return undefined;
  const found = node as { message?: unknown; root?: { message?: unknown } };
  const message = typeof found.message === "string" ? found.message : found.root?.message;
  return typeof message === "string" && message ? message : undefined;
}
