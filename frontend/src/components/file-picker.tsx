/** A file input with our own, translated button and file name (the browser's own button text
 * follows the browser's language, not the page's). The real input stays focusable for the
 * keyboard and is named by `label`. */
import { Upload } from "lucide-react";
import { useId } from "react";

import { useT } from "@/lib/intl";

export function FilePicker({
  label,
  hint,
  accept,
  fileName,
  invalid = false,
  onChoose,
}: {
  label: string;
  hint?: string;
  accept: string;
  fileName: string | null;
  invalid?: boolean;
  onChoose: (file: File | null) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="grid gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={accept}
          className="peer sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-invalid={invalid}
          onChange={(e) => {
            onChoose(e.target.files?.[0] ?? null);
            e.target.value = ""; // choosing the same (corrected) file again runs again
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600"
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t("common.chooseFile")}
        </label>
        <span className="min-w-0 text-sm text-slate-600 [overflow-wrap:anywhere]">
          {fileName ?? t("common.noFileChosen")}
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
