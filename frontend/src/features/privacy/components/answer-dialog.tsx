/** Answer a correction addressed to the organization (issue 37, item 8): corrected, or refused
 * with the reason (the server requires it and says so on the field). The learner is notified. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field, Textarea } from "@/components/ui/field";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAnswerDataRequest } from "../api/answer-data-request";
import type { OrgDataRequest } from "../api/types";

const ANSWER_MAX = 1000;

export function AnswerDialog({ request, onClose }: { request: OrgDataRequest; onClose: () => void }) {
  const t = useT();
  const answer = useAnswerDataRequest(request.id);
  const [failure, setFailure] = useState("");
  const schema = z
    .object({
      outcome: z.enum(["done", "refused"]),
      answer: z
        .string()
        .trim()
        .max(ANSWER_MAX, t("profile.correction.tooLong", { max: ANSWER_MAX })),
    })
    .refine((v) => v.outcome === "done" || v.answer.length > 0, {
      path: ["answer"],
      message: t("privacy.requests.reasonRequired"),
    });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { outcome: "done", answer: "" },
  });
  const errors = form.formState.errors;

  async function onSubmit(values: Values) {
    setFailure("");
    try {
      await answer.mutateAsync(values);
      toast({ variant: "success", title: t("privacy.requests.answerSent") });
      onClose();
    } catch (e) {
      setFailure(applyServerErrors(e, form.setError, ["answer"]) || t("common.unknownError"));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("privacy.requests.answerTitle", { name: request.requester_name })}
      description={request.text}
      closeLabel={t("common.close")}
    >
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("privacy.requests.outcome")}</legend>
          {(["done", "refused"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register("outcome")} />
              {t(value === "done" ? "privacy.requests.outcomeDone" : "privacy.requests.outcomeRefused")}
            </label>
          ))}
        </fieldset>
        <Field
          label={t("privacy.requests.answerText")}
          htmlFor="answer-text"
          hint={t("privacy.requests.answerHint")}
          error={errors.answer?.message}
        >
          <Textarea
            id="answer-text"
            rows={4}
            maxLength={ANSWER_MAX}
            aria-invalid={!!errors.answer}
            {...form.register("answer")}
          />
        </Field>
        <DialogButtons
          onCancel={onClose}
          busy={answer.isPending}
          error={failure}
          submitLabel={t("privacy.requests.send")}
        />
      </form>
    </Dialog>
  );
}
