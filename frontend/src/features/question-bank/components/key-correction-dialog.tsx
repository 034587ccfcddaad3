/** "Sửa đáp án sau khi thi" (issue 39 item 2; decision 0058): the educator sets the right key of
 * the version learners took and writes why, previews every attempt's score before and after
 * (computed by the server, written nowhere), then confirms; the server changes the key in place
 * and re-scores in the background. A change of the key after a preview drops the preview: what is
 * confirmed is always what was shown (the server also refuses a preview that no longer holds). */
import { useState } from "react";

import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useCorrectKey } from "../api/correct-key";
import type { KeyCorrectionPanel } from "../api/get-key-corrections";
import { usePreviewKeyCorrection, type KeyCorrectionPreview } from "../api/preview-key-correction";
import { draftOf, errorField, keyBody, type KeyDraft } from "../lib/key-draft";
import { CorrectionKeyEditor } from "./correction-key-editor";
import { KeyCorrectionTable } from "./key-correction-table";
import { TextArea } from "./text-area";

/** The reason's bound on the server (`KeyCorrectionIn.reason`). */
const REASON_MAX = 2000;

interface Problems {
  key: string[];
  reason: string[];
  other: string;
}

const NONE: Problems = { key: [], reason: [], other: "" };

/** The server's refusal, split onto the key, the reason and the rest. */
function problemsOf(error: unknown, unknown: string): Problems {
  if (!(error instanceof ApiError)) return { ...NONE, other: unknown };
  const found: Problems = { key: [], reason: [], other: "" };
  for (const [field, messages] of Object.entries(error.errors)) {
    const where = errorField(field);
    if (where) found[where].push(...messages);
  }
  if (!found.key.length && !found.reason.length) found.other = error.message || unknown;
  return found;
}

export function KeyCorrectionDialog({
  panel,
  open,
  onOpenChange,
}: {
  panel: KeyCorrectionPanel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [draft, setDraft] = useState<KeyDraft>(() => draftOf(panel.type, panel.answer_key, language));
  const [reason, setReason] = useState("");
  const [preview, setPreview] = useState<KeyCorrectionPreview | null>(null);
  const [problems, setProblems] = useState<Problems>(NONE);
  const previewing = usePreviewKeyCorrection();
  const correcting = useCorrectKey();

  function changeKey(next: KeyDraft) {
    setDraft(next);
    setPreview(null);
  }

  function runPreview() {
    setProblems(NONE);
    previewing.mutate(
      { id: panel.question_id, key: keyBody(panel.type, draft) },
      {
        onSuccess: setPreview,
        onError: (error) => {
          setPreview(null);
          setProblems(problemsOf(error, t("common.unknownError")));
        },
      },
    );
  }

  function confirm() {
    if (!preview) return;
    setProblems(NONE);
    if (!reason.trim()) {
      setProblems({ ...NONE, reason: [t("qb.keyFix.reasonRequired")] });
      return;
    }
    correcting.mutate(
      {
        id: panel.question_id,
        key: keyBody(panel.type, draft),
        reason: reason.trim(),
        digest: preview.digest,
      },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("qb.keyFix.started") });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "key_correction_stale") setPreview(null);
          setProblems(problemsOf(error, t("common.unknownError")));
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t("qb.keyFix.dialogTitle", { version: panel.version })}
      description={t("qb.keyFix.dialogIntro")}
      closeLabel={t("common.close")}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (preview) confirm();
          else runPreview();
        }}
      >
        <CorrectionKeyEditor
          panel={panel}
          draft={draft}
          onChange={changeKey}
          invalid={problems.key.length > 0}
        />
        {problems.key.length > 0 && (
          <ul id="key-fix-key-error" role="alert" className="grid gap-1 text-sm text-red-700">
            {problems.key.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <Field
          label={t("qb.keyFix.reason")}
          htmlFor="key-fix-reason"
          hint={t("qb.keyFix.reasonHint")}
          error={problems.reason[0]}
        >
          <TextArea
            id="key-fix-reason"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={problems.reason.length > 0 || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {preview && (
          <section aria-labelledby="key-fix-preview" className="grid gap-2">
            <h3 id="key-fix-preview" className="font-semibold">
              {t("qb.keyFix.previewTitle")}
            </h3>
            <p className="text-sm text-slate-700">
              {t("qb.keyFix.previewSummary", {
                attempts: preview.attempts,
                changed: preview.changed,
                released: preview.released_changed,
              })}
            </p>
            {preview.attempts_in_progress > 0 && (
              <p className="text-sm text-slate-700">
                {t("qb.keyFix.inProgressNote", { count: preview.attempts_in_progress })}
              </p>
            )}
            {preview.rows.length > 0 && (
              <KeyCorrectionTable rows={preview.rows} label={t("qb.keyFix.previewTitle")} />
            )}
          </section>
        )}
        <DialogButtons
          onCancel={() => onOpenChange(false)}
          busy={previewing.isPending || correcting.isPending}
          error={problems.other || undefined}
          submitLabel={preview ? t("qb.keyFix.confirm") : t("qb.keyFix.preview")}
        />
      </form>
    </Dialog>
  );
}
