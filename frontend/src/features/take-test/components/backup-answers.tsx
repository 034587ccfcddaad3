/** "Bài làm dự phòng" / "Backup answers" on the test page (issue 38, item 3; decision 0046): while
 * answers wait on this device for a network that does not come back, the learner can save them as
 * a file sealed for the server (lib/backup) and is told what to do with it: give it to the
 * invigilator, who uploads it on the batch page. Three moments: offline during the test, offline
 * after the time is up (answers typed before the deadline still count if the network returns
 * within the test's offline grace), and when the server no longer takes answers from this page. */
import { Download, FileCheck2 } from "lucide-react";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { formatTime } from "@/lib/format";
import { useT } from "@/lib/intl";

import type { Attempt } from "../api/types";
import { backupFileName, canSeal, saveFile, sealBackup } from "../lib/backup";
import type { Outbox } from "../lib/outbox";

export type BackupMoment = "offline" | "timeUp" | "closed";

export function BackupAnswers({
  moment,
  outbox,
  attempt,
  offset,
}: {
  moment: BackupMoment;
  outbox: Outbox;
  attempt: Attempt;
  /** The server clock's offset from this device's (ms). */
  offset: number;
}) {
  const t = useT();
  const id = useId();
  const [saved, setSaved] = useState<{ name: string; count: number } | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const count = outbox.pendingAnswerCount();
  const offer = attempt.backup;
  if (!offer || (count === 0 && !saved)) return null;
  const acceptedUntil = new Date(
    new Date(attempt.deadline_at).getTime() +
      Math.max(attempt.grace_seconds, attempt.offline_grace_seconds) * 1000 -
      offset,
  );

  const download = async () => {
    setError("");
    if (!canSeal()) {
      setError(t("takeTest.backup.insecure"));
      return;
    }
    setBusy(true);
    try {
      const file = await sealBackup({
        offer,
        attemptId: attempt.attempt_id,
        testName: attempt.test_name,
        entries: outbox.backupEntries(),
        offsetMs: offset,
      });
      const name = backupFileName(t("takeTest.backup.filePrefix"), attempt.attempt_id);
      saveFile(file.text, name);
      setSaved({ name, count: file.count });
    } catch {
      setError(t("takeTest.backup.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="backup-answers"
      className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t("takeTest.backup.title")}
      </h2>
      <p>
        {moment === "offline"
          ? t("takeTest.backup.offline", { count })
          : moment === "timeUp"
            ? t("takeTest.backup.timeUp", { count, time: formatTime(acceptedUntil) })
            : t("takeTest.backup.closed", { count })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void download()} disabled={busy} variant={saved ? "outline" : "default"}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t(saved ? "takeTest.backup.downloadAgain" : "takeTest.backup.download")}
        </Button>
      </div>
      {saved && (
        <div
          role="status"
          className="grid gap-1 rounded-xl border border-amber-200 bg-white p-3 text-slate-800"
        >
          <p className="flex items-start gap-2 font-medium">
            <FileCheck2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
            <span className="[overflow-wrap:anywhere]">
              {t("takeTest.backup.saved", { name: saved.name, count: saved.count })}
            </span>
          </p>
          <p>{t("takeTest.backup.whatNext")}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
