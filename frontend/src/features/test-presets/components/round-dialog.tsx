/** Create or change a round in a dialog: name, start and expiry, the round to pass first, and the
 * messages for passed and failed learners in both languages. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Field, NONE, Select } from "@/components/ui/field";
import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useSaveRound } from "../api/save-round";
import type { Round } from "../api/types";
import { oneOf, useFormSubmit } from "../hooks/use-form-submit";
import { checkPeriod, isoFromLocal, localFromIso } from "./dates";
import { FormDialog } from "./form-dialog";
import { InputField, PeriodFields, TextareaField } from "./form-fields";
import type { Translate } from "./preset-schema";

/** The round rules of the server: a name, both dates, expiry later than start. */
export function roundSchema(t: Translate) {
  return z
    .object({
      name: z.string(),
      starts_at: z.string(),
      expires_at: z.string(),
      required_round_id: z.string(),
      passed_message_vi: z.string(),
      passed_message_en: z.string(),
      failed_message_vi: z.string(),
      failed_message_en: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, id: MessageId) =>
        ctx.addIssue({ code: "custom", path: [path], message: t(id) });
      if (!v.name.trim()) issue("name", "validation.required");
      checkPeriod(v, issue, "rounds.validation.expiryAfterStart");
    });
}
type RoundValues = z.infer<ReturnType<typeof roundSchema>>;
const FIELDS = [
  "name",
  "starts_at",
  "expires_at",
  "required_round_id",
  "passed_message_vi",
  "passed_message_en",
  "failed_message_vi",
  "failed_message_en",
] as const;
const MESSAGES = [
  ["passed_message_vi", "rounds.field.passedVi"],
  ["passed_message_en", "rounds.field.passedEn"],
  ["failed_message_vi", "rounds.field.failedVi"],
  ["failed_message_en", "rounds.field.failedEn"],
] as const;

export function RoundDialog({
  round,
  rounds,
  onClose,
}: {
  round: Round | null;
  /** Every round, for "the round to pass first". */
  rounds: Round[];
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveRound();
  const form = useForm<RoundValues>({
    resolver: zodResolver(roundSchema(t)),
    defaultValues: {
      name: round?.name ?? "",
      starts_at: localFromIso(round?.starts_at),
      expires_at: localFromIso(round?.expires_at),
      required_round_id: round?.required_round_id ? String(round.required_round_id) : NONE,
      passed_message_vi: round?.passed_message_vi ?? "",
      passed_message_en: round?.passed_message_en ?? "",
      failed_message_vi: round?.failed_message_vi ?? "",
      failed_message_en: round?.failed_message_en ?? "",
    },
  });
  const { failure, onSubmit } = useFormSubmit({
    setError: form.setError,
    shows: oneOf(FIELDS),
    save: (v: RoundValues) =>
      save.mutateAsync({
        id: round?.id ?? null,
        body: {
          ...v,
          name: v.name.trim(),
          starts_at: isoFromLocal(v.starts_at),
          expires_at: isoFromLocal(v.expires_at),
          required_round_id: v.required_round_id === NONE ? null : Number(v.required_round_id),
        },
      }),
    onSaved: () => {
      toast({ variant: "success", title: t("rounds.saved") });
      onClose();
    },
  });

  return (
    <FormDialog
      size="lg"
      title={t(round ? "rounds.editTitle" : "rounds.newTitle")}
      failure={failure}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <InputField form={form} name="name" id="round-name" label={t("rounds.field.name")} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <PeriodFields
          form={form}
          ids={["round-starts_at", "round-expires_at"]}
          labels={[t("rounds.field.startsAt"), t("rounds.field.expiresAt")]}
        />
      </div>
      <Field
        label={t("rounds.field.requiredRound")}
        htmlFor="round-required_round_id"
        error={form.formState.errors.required_round_id?.message}
        hint={t("rounds.requiredRoundHint")}
      >
        <Select id="round-required_round_id" {...form.register("required_round_id")}>
          <option value={NONE}>{t("rounds.noRequiredRound")}</option>
          {rounds
            .filter((r) => r.id !== round?.id)
            .map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
        </Select>
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {MESSAGES.map(([name, label]) => (
          <TextareaField key={name} form={form} name={name} id={`round-${name}`} label={t(label)} />
        ))}
      </div>
    </FormDialog>
  );
}
