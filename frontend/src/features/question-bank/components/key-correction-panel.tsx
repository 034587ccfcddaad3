/** The question page's key correction after the exam (issue 39 item 2; decision 0058): for a
 * version of an auto-scored type that learners were given, how many attempts used it, its later
 * versions (which keep their own keys), "Sửa đáp án sau khi thi", and the history of its
 * corrections (when, who, why, the key before and after, attempts changed, learners told, the
 * progress while it re-scores, each attempt on demand). Nothing for a version nobody took. */
import { useState } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useKeyCorrection } from "../api/get-key-correction";
import {
  useKeyCorrections,
  type KeyCorrection,
  type KeyCorrectionPanel as Panel,
} from "../api/get-key-corrections";
import { keyText } from "../lib/key-draft";
import { KeyCorrectionDialog } from "./key-correction-dialog";
import { KeyCorrectionTable } from "./key-correction-table";

export function KeyCorrectionPanel({ questionId }: { questionId: number }) {
  const t = useT();
  const panel = useKeyCorrections(questionId).data;
  const [open, setOpen] = useState(false);
  if (!panel || (!panel.can_correct && panel.corrections.length === 0)) return null;
  return (
    <section
      aria-labelledby="key-fix-heading"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="key-fix-heading" className="font-semibold">
          {t("qb.keyFix.title")}
        </h2>
        {panel.can_correct && (
          <Button variant="outline" onClick={() => setOpen(true)}>
            {t("qb.keyFix.open")}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">{t("qb.keyFix.explain")}</p>
      <p className="text-sm text-slate-700">
        {t("qb.keyFix.usage", {
          submitted: panel.attempts_submitted,
          inProgress: panel.attempts_in_progress,
        })}
      </p>
      {panel.later_versions.length > 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("qb.keyFix.laterVersions")}{" "}
          {panel.later_versions.map((v, i) => (
            <span key={v.id}>
              {i > 0 && ", "}
              <Link to={`/question-bank/form/${v.id}`} className="font-medium text-blue-700 hover:underline">
                {t("qb.keyFix.versionN", { version: v.version })}
              </Link>
            </span>
          ))}
        </p>
      )}
      {panel.corrections.length > 0 && <History panel={panel} />}
      {/* Mounted while open only: each opening starts from the version's key as it is now. */}
      {open && <KeyCorrectionDialog panel={panel} open={open} onOpenChange={setOpen} />}
    </section>
  );
}

function History({ panel }: { panel: Panel }) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-800">{t("qb.keyFix.history")}</h3>
      <ol className="grid gap-3">
        {panel.corrections.map((c) => (
          <HistoryItem key={c.id} correction={c} type={panel.type} />
        ))}
      </ol>
    </div>
  );
}

function HistoryItem({ correction: c, type }: { correction: KeyCorrection; type: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const [shown, setShown] = useState(false);
  const detail = useKeyCorrection(shown ? c.id : null);
  const truth = { true: t("qb.true"), false: t("qb.false") };
  const live = c.status === "queued" || c.status === "running";
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-slate-500">
          {formatDateTime(c.created_at, locale)} · {c.created_by_name}
        </span>
        <span
          className={live ? "text-blue-800" : c.status === "failed" ? "text-red-700" : "text-emerald-800"}
        >
          {t(`qb.keyFix.status.${c.status}` as MessageId, { done: c.attempts_done, total: c.attempts_total })}
        </span>
      </div>
      <p className="text-slate-800">
        <span className="font-medium">{t("qb.keyFix.reasonShown")}</span> {c.reason}
      </p>
      <p className="text-slate-700">
        {t("qb.keyFix.keys", { old: keyText(type, c.old_key, truth), new: keyText(type, c.new_key, truth) })}
      </p>
      {live ? (
        <ProgressBar
          value={c.attempts_total ? (c.attempts_done * 100) / c.attempts_total : 0}
          label={t("qb.keyFix.progress")}
        />
      ) : (
        <p className="text-slate-700">
          {t("qb.keyFix.counts", {
            changed: c.attempts_changed,
            total: c.attempts_total,
            notified: c.learners_notified,
          })}
        </p>
      )}
      {c.attempts_total > 0 && (
        <Button
          variant="link"
          size="sm"
          className="justify-self-start px-0"
          aria-expanded={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? t("qb.keyFix.hideAttempts") : t("qb.keyFix.showAttempts")}
        </Button>
      )}
      {shown && detail.data && (
        <KeyCorrectionTable
          rows={detail.data.rows}
          label={t("qb.keyFix.attemptsOf", { date: formatDateTime(c.created_at, locale) })}
        />
      )}
    </li>
  );
}
