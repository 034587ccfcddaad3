/** The vetting steps the question's (or the shared stimulus') status allows: submit (warning
 * first when it is incomplete), approve or reject with a comment (a colleague only), publish. */
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import type { QuestionAction } from "../api/question-action";
import type { Question } from "../api/types";
import { MissingList } from "./question-preview";
import { TextArea } from "./text-area";

export function WorkflowPanel({
  question,
  own,
  onAction,
}: {
  /** A question, or a shared stimulus with its questions (decision 0054). */
  question: Pick<Question, "status" | "missing">;
  /** The reader wrote the question (and may not vet it). */
  own: boolean;
  onAction: (action: QuestionAction, comment?: string) => void;
}) {
  const t = useT();
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const { status, missing } = question;
  const vetting = status === "submitted" && !own;
  return (
    <>
      <section className="flex flex-wrap gap-2" aria-label={t("qb.workflow")}>
        {(status === "draft" || status === "rejected") && (
          <Button onClick={() => (missing.length ? setConfirmSubmit(true) : onAction("submit"))}>
            {t("qb.action.submit")}
          </Button>
        )}
        {vetting && <Button onClick={() => onAction("approve")}>{t("qb.action.approve")}</Button>}
        {vetting && (
          <Button variant="destructive" onClick={() => setRejecting(true)}>
            {t("qb.action.reject")}
          </Button>
        )}
        {status === "submitted" && own && (
          <p className="text-sm text-slate-600">{t("qb.waitingForReviewer")}</p>
        )}
        {status === "approved" && (
          <Button onClick={() => onAction("publish")}>{t("qb.action.publish")}</Button>
        )}
      </section>
      <Dialog
        open={confirmSubmit}
        onOpenChange={setConfirmSubmit}
        title={t("qb.incompleteTitle")}
        description={t("qb.incompleteBody")}
        closeLabel={t("common.close")}
      >
        <MissingList missing={missing} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmSubmit(false)}>
            {t("qb.keepEditing")}
          </Button>
          <Button
            onClick={() => {
              setConfirmSubmit(false);
              onAction("submit");
            }}
          >
            {t("qb.submitAnyway")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t("qb.rejectTitle")}
        closeLabel={t("common.close")}
      >
        <Field label={t("qb.comment")} htmlFor="reject-comment">
          <TextArea
            id="reject-comment"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setRejecting(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={!comment.trim()}
            onClick={() => {
              setRejecting(false);
              onAction("reject", comment);
              setComment("");
            }}
          >
            {t("qb.action.reject")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
