import { ProgressBar } from "@/components/ui/progress-bar";
import { type MessageId, useT } from "@/lib/intl";

import type { ImportJob } from "./api/types";

/** A background import's progress (issue 16 item 8): the dialog's own note, then a progress bar
 * labelled `label` whose text `text` gets `{progress}`, `{done}` and `{total}` (rows). */
export function ImportJobProgress({
  job,
  note,
  label,
  text,
}: {
  job: ImportJob;
  note: MessageId;
  label: MessageId;
  text: MessageId;
}) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-700">{t(note)}</p>
      <ProgressBar
        label={t(label)}
        value={job.progress}
        text={t(text, { progress: job.progress, done: job.rows_done, total: job.rows_total })}
      />
    </div>
  );
}
