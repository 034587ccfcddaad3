/** A question's item analysis figures in every test and batch it appeared in (issue 19, section 2;
 * decision 0017), and for its current published version with figures, "send back to vetting"
 * with an optional comment: the server creates the next version, submitted, with the figures as
 * its note; the page then opens that version. The server's refusals are shown in the dialog. */
import { Fragment, useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import {
  FewAttemptsRow,
  ItemFigureCells,
  ItemFlagExplanations,
  type ItemFlag,
} from "@/components/item-flags";
import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field } from "@/components/ui/field";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useQuestionItemAnalysis, type ItemAppearance } from "../api/get-question-item-analysis";
import { useSendToVetting } from "../api/send-to-vetting";
import type { Question } from "../api/types";
import { TextArea } from "./text-area";

const SEND_ERRORS = ["item_analysis_missing", "question_not_published", "question_locked"];

export function QuestionFigures({ question }: { question: Question }) {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const figures = useQuestionItemAnalysis(question.id);
  const send = useSendToVetting();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<{ message: string; openVersion?: number } | null>(null);

  const data = figures.data;
  if (!data) return null;
  const rows = data.appearances;
  const num = (value: number | null) => (value === null ? "—" : formatNumber(value, locale));
  const scopeName = (a: ItemAppearance) =>
    a.batch_id === null
      ? t("itemAnalysis.figures.wholeTest", { name: a.preset_name })
      : t("itemAnalysis.figures.batch", { name: a.preset_name, batch: a.batch_name || `#${a.batch_id}` });
  const flags = [...new Set(rows.flatMap((a) => a.flags))] as ItemFlag[];
  const canSend = question.status === "published" && rows.some((a) => a.question_id === question.id);
  const cols = {
    test: t("itemAnalysis.col.test"),
    version: t("itemAnalysis.col.version"),
    attempts: t("itemAnalysis.col.attempts"),
    facility: t("itemAnalysis.col.facility"),
    discrimination: t("itemAnalysis.col.discrimination"),
    upperLower: t("itemAnalysis.col.upperLower"),
    omit: t("itemAnalysis.col.omit"),
    flags: t("itemAnalysis.col.flags"),
    computed: t("itemAnalysis.col.computed"),
  };

  function submit() {
    setError(null);
    send.mutate(
      { id: question.id, comment: comment.trim() },
      {
        onSuccess: (next) => {
          setOpen(false);
          setComment("");
          toast({ variant: "success", title: t("itemAnalysis.send.done", { version: next.version }) });
          navigate(`/question-bank/form/${next.id}`);
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : "";
          const openVersion =
            failure instanceof ApiError && typeof failure.body.open_version_id === "number"
              ? failure.body.open_version_id
              : undefined;
          setError({
            message: SEND_ERRORS.includes(code)
              ? t(`itemAnalysis.send.error.${code}` as MessageId)
              : failure.message || t("common.unknownError"),
            openVersion,
          });
        },
      },
    );
  }

  return (
    <section aria-labelledby="question-figures" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="question-figures" className="text-lg font-semibold">
          {t("itemAnalysis.figures.title")}
        </h2>
        {canSend && (
          <Button
            variant="outline"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            {t("itemAnalysis.send.action")}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("itemAnalysis.figures.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t("itemAnalysis.figures.intro")}</p>
          <Table label={t("itemAnalysis.figures.title")}>
            <Head>
              <Th>{cols.test}</Th>
              <Th>{cols.version}</Th>
              <Th className="text-right">{cols.attempts}</Th>
              <Th className="text-right">{cols.facility}</Th>
              <Th className="text-right">{cols.discrimination}</Th>
              <Th className="text-right">{cols.upperLower}</Th>
              <Th className="text-right">{cols.omit}</Th>
              <Th>{cols.flags}</Th>
              <Th>{cols.computed}</Th>
            </Head>
            <Body>
              {rows.map((a) => (
                <Fragment key={`${a.preset_id}-${a.batch_id ?? "all"}-${a.question_id}`}>
                  <Tr>
                    <Td label={cols.test} className="md:min-w-44 [overflow-wrap:anywhere]">
                      <Link
                        to={
                          a.batch_id === null
                            ? `/assignment/item-analysis/preset/${a.preset_id}`
                            : `/assignment/item-analysis/batch/${a.batch_id}`
                        }
                        className="text-blue-700 hover:underline"
                      >
                        <Lang>{scopeName(a)}</Lang>
                      </Link>
                    </Td>
                    <Td label={cols.version}>{t("itemAnalysis.figures.versionN", { version: a.version })}</Td>
                    <Td label={cols.attempts} className="text-right tabular-nums">
                      {num(a.n)}
                    </Td>
                    <ItemFigureCells row={a} labels={cols} minAttempts={data.thresholds.min_attempts} />
                    <Td label={cols.computed} className="whitespace-nowrap">
                      {a.state.computed_at ? formatDateTime(a.state.computed_at, locale) : "—"}
                    </Td>
                  </Tr>
                  {a.few_attempts && (
                    <FewAttemptsRow count={a.n} minimum={data.thresholds.min_attempts} before={3} span={6} />
                  )}
                </Fragment>
              ))}
            </Body>
          </Table>
          {flags.length > 0 && (
            <ItemFlagExplanations
              flags={flags}
              thresholds={data.thresholds}
              headingId="question-figures-flags"
            />
          )}
        </>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("itemAnalysis.send.title")}
        description={t("itemAnalysis.send.description")}
        closeLabel={t("common.close")}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={t("itemAnalysis.send.comment")} htmlFor="send-to-vetting-comment">
            <TextArea
              id="send-to-vetting-comment"
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
          <DialogButtons
            onCancel={() => setOpen(false)}
            busy={send.isPending}
            error={error?.message}
            submitLabel={t("itemAnalysis.send.confirm")}
          />
          {error?.openVersion !== undefined && (
            <Link
              to={`/question-bank/form/${error.openVersion}`}
              className="text-sm font-medium text-blue-700 hover:underline"
              onClick={() => setOpen(false)}
            >
              {t("itemAnalysis.send.openVersion")}
            </Link>
          )}
        </form>
      </Dialog>
    </section>
  );
}
