/** Invite one or several people by e-mail; the server answers per address and the dialog lists
 * each answer (invited, already a member, already invited, invitation failed). */
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import { useSendInvitations } from "../api/send-invitations";
import type { InviteResult, PeopleRole } from "../api/types";
import { ROLE_TEXT } from "./labels";
import { isEmail, parseEmails } from "./parse-emails";

/** Refusals the dialog names itself; any other one also shows the server's message. */
const KNOWN_REFUSALS = new Set(["already_member", "already_invited"]);

const textarea =
  "block min-h-28 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500";

export function InviteDialog({
  role,
  open,
  onOpenChange,
  onInvited,
}: {
  role: PeopleRole;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after at least one address was invited. */
  onInvited?: () => void;
}) {
  const t = useT();
  const send = useSendInvitations();
  const [results, setResults] = useState<InviteResult[] | null>(null);
  const [failure, setFailure] = useState("");
  const schema = z.object({
    emails: z.string().superRefine((value, ctx) => {
      const emails = parseEmails(value);
      if (emails.length === 0) ctx.addIssue({ code: "custom", message: t("validation.required") });
      const bad = emails.filter((email) => !isEmail(email));
      if (bad.length > 0)
        ctx.addIssue({
          code: "custom",
          message: t("people.invite.badEmails", { emails: bad.join(", ") }),
        });
    }),
    job_title: z.string().max(120, t("people.invite.jobTitleLength")),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { emails: "", job_title: "" },
  });
  const errors = form.formState.errors;
  const text = ROLE_TEXT[role];

  function reset() {
    setResults(null);
    setFailure("");
    form.reset({ emails: "", job_title: "" });
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  async function onSubmit(values: Values) {
    setFailure("");
    try {
      const answer = await send.mutateAsync({
        emails: parseEmails(values.emails),
        role,
        job_title: role === "EDUCATOR" ? values.job_title.trim() : "",
      });
      setResults(answer);
      if (answer.some((r) => r.ok)) onInvited?.();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(t("common.unknownError"));
        return;
      }
      for (const field of ["emails", "job_title"] as const) {
        const message = error.errors[field]?.[0];
        if (message) form.setError(field, { message });
      }
      setFailure(error.message || t("auth.invitationFailed"));
    }
  }

  const sent = results?.filter((r) => r.ok).length ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t(text.inviteTitle)}
      description={t(role === "EDUCATOR" ? "people.invite.bodyEducators" : "people.invite.bodyLearners")}
      closeLabel={t("common.close")}
    >
      {results ? (
        <div className="grid gap-4">
          <p role="status" className="text-sm font-medium">
            {t("people.invite.summary", { sent, total: results.length })}
          </p>
          <ul aria-label={t("people.invite.results")} className="grid max-h-72 gap-2 overflow-y-auto">
            {results.map((result) => (
              <li
                key={result.email}
                className={`flex items-start gap-2 rounded-lg border p-2 text-sm ${
                  result.ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"
                }`}
              >
                {result.ok ? (
                  <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
                ) : (
                  <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />
                )}
                <div className="grid min-w-0 gap-0.5">
                  <span className="break-all font-medium">{result.email}</span>
                  <span className={result.ok ? "text-emerald-800" : "text-red-800"}>
                    {resultLabel(result)}
                  </span>
                  {!result.ok && result.message && !KNOWN_REFUSALS.has(result.code) && (
                    <span className="text-xs text-red-700">{result.message}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={reset}>
              {t("people.invite.more")}
            </Button>
            <Button onClick={close}>{t("people.finish")}</Button>
          </div>
        </div>
      ) : (
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <Field
            label={t("people.invite.emails")}
            htmlFor="invite-emails"
            hint={t("people.invite.emailsHint")}
            error={errors.emails?.message}
          >
            <textarea
              id="invite-emails"
              className={textarea}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself (WAI-ARIA dialog pattern); the e-mails are where its task starts
              autoFocus
              aria-invalid={!!errors.emails}
              placeholder="giao.vien@truong.edu.vn"
              {...form.register("emails")}
            />
          </Field>
          {role === "EDUCATOR" && (
            <Field
              label={t("people.invite.jobTitle")}
              htmlFor="invite-job-title"
              error={errors.job_title?.message}
            >
              <Input
                id="invite-job-title"
                aria-invalid={!!errors.job_title}
                {...form.register("job_title")}
              />
            </Field>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t("common.working") : t("people.invite.send")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );

  function resultLabel(result: InviteResult): string {
    if (result.ok) return t("people.invite.result.sent");
    if (result.code === "already_member") return t("people.invite.result.member");
    if (result.code === "already_invited") return result.message || t("people.invite.result.invited");
    return t("auth.invitationFailed");
  }
}
