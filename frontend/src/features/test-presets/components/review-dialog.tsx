/** Approve or reject a preset (organization admins): a comment, required to reject. */
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import { textareaClass } from "./form-fields";

export function ReviewDialog({
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  action: "approve" | "reject";
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const t = useT();
  const [comment, setComment] = useState("");
  const [error, setError] = useState("");
  const reject = action === "reject";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t(reject ? "tests.rejectTitle" : "tests.approveTitle")}
      description={t(reject ? "tests.rejectBody" : "tests.approveBody")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reject && !comment.trim()) return setError(t("validation.required"));
          onConfirm(comment.trim());
        }}
      >
        <Field
          label={t(reject ? "tests.comment" : "tests.commentOptional")}
          htmlFor="review-comment"
          error={error}
        >
          <textarea
            id="review-comment"
            rows={3}
            aria-invalid={!!error}
            className={textareaClass}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setError("");
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant={reject ? "destructive" : "default"} disabled={busy}>
            {t(reject ? "tests.reject" : "tests.approve")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
