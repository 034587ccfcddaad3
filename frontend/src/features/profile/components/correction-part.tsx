/** "Ask for a correction" (issue 37, item 8): data the user cannot change on this page (the CCCD
 * number, what an organization recorded) is corrected on request, by the organization that holds
 * it or by the platform. The form sends what is wrong; the list shows each request with the day by
 * which the Law requires the answer (Vietnam time), then the answer. The server checks and decides
 * every rule; the form repeats the length rule for comfort. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import type { DataRequests } from "@/components/data-copy/types";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Select, Textarea } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/lib/format";
import { applyServerErrors } from "@/lib/forms";
import { type MessageId, useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { type Correction, useRequestCorrection } from "../api/request-correction";

const TEXT_MAX = 1000;
const PLATFORM = "platform";

const STATUS: Record<string, { label: MessageId; tone: Tone }> = {
  open: { label: "profile.correction.statusOpen", tone: "amber" },
  done: { label: "profile.correction.statusDone", tone: "green" },
  refused: { label: "profile.correction.statusRefused", tone: "red" },
};

export function CorrectionPart({ data }: { data: DataRequests }) {
  const t = useT();
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-5">
      <h3 className="font-semibold">{t("profile.correction.title")}</h3>
      <p className="text-sm text-slate-600">
        {t("profile.correction.body", { days: data.answer_days.correction })}
      </p>
      <CorrectionForm data={data} />
      {data.corrections.length > 0 && (
        <ul className="grid gap-3" aria-label={t("profile.correction.listLabel")}>
          {data.corrections.map((c) => (
            <CorrectionItem key={c.id} correction={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CorrectionForm({ data }: { data: DataRequests }) {
  const t = useT();
  const ask = useRequestCorrection();
  const [failure, setFailure] = useState("");
  const schema = z.object({
    to: z.string(),
    text: z
      .string()
      .trim()
      .min(10, t("profile.correction.tooShort"))
      .max(TEXT_MAX, t("profile.correction.tooLong", { max: TEXT_MAX })),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      to: data.correction_organizations[0] ? String(data.correction_organizations[0].id) : PLATFORM,
      text: "",
    },
  });
  const errors = form.formState.errors;

  async function onSubmit(values: Values) {
    setFailure("");
    try {
      await ask.mutateAsync({
        organization_id: values.to === PLATFORM ? null : Number(values.to),
        text: values.text,
      });
      form.reset({ to: values.to, text: "" });
      toast({ variant: "success", title: t("profile.correction.sent") });
    } catch (e) {
      const message = applyServerErrors(e, form.setError, ["text"]);
      setFailure(message || t("common.unknownError"));
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-3">
      {failure && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Field label={t("profile.correction.to")} htmlFor="correction-to">
        <Select id="correction-to" className="sm:max-w-sm" {...form.register("to")}>
          {data.correction_organizations.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.name}
            </option>
          ))}
          <option value={PLATFORM}>{t("profile.correction.platform")}</option>
        </Select>
      </Field>
      <Field
        label={t("profile.correction.what")}
        htmlFor="correction-text"
        hint={t("profile.correction.whatHint")}
        error={errors.text?.message}
      >
        <Textarea
          id="correction-text"
          rows={3}
          maxLength={TEXT_MAX}
          aria-invalid={!!errors.text}
          {...form.register("text")}
        />
      </Field>
      <Button type="submit" variant="outline" className="w-fit" disabled={ask.isPending}>
        {ask.isPending ? t("common.working") : t("profile.correction.send")}
      </Button>
    </form>
  );
}

function CorrectionItem({ correction: c }: { correction: Correction }) {
  const t = useT();
  const { locale } = useLanguage();
  const status = STATUS[c.status] ?? STATUS.open!;
  return (
    <li className="grid gap-1.5 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{t(status.label)}</Badge>
        <span className="text-slate-600">
          {t("profile.correction.sentTo", {
            to: c.organization_name ?? t("profile.correction.platform"),
            date: formatDateTime(c.created_at, locale),
          })}
        </span>
      </div>
      <p className="whitespace-pre-line break-words text-slate-900">{c.text}</p>
      {c.status === "open" ? (
        <p className="text-slate-600">
          {t("profile.correction.answerBy", { date: formatDate(c.answer_due_on, locale) })}
        </p>
      ) : (
        <p className="text-slate-700">
          {t("profile.correction.answered", {
            date: c.answered_at ? formatDateTime(c.answered_at, locale) : "—",
          })}{" "}
          {c.answer && <span className="whitespace-pre-line break-words">{c.answer}</span>}
        </p>
      )}
    </li>
  );
}
