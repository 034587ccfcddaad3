/** The statements of one true/false set (phần II, câu hỏi Đúng/Sai; issue 39, item 3; decision
 * 0059): per statement its letter and text, the key (Đúng/Sai), the share of the upper and of
 * the lower 27 % group and of everyone that judged it as the key does (an unanswered statement
 * counts as wrong), how many left it unanswered, and a statement the upper group judges the
 * other way more than the lower one marked as a likely key error; then the attempts by the
 * number of statements judged right. From fewer attempts than the server's minimum, the note
 * that says so stands under the caption. Real tables: captions, column headers, row headers. */
import { Badge } from "@/components/ui/badge";
import { FewAttemptsNote, FLAG_TONE, type ItemThresholds } from "@/components/item-flags";
import { MathSpan } from "@/components/math-html";
import { useT } from "@/lib/intl";

import type { ItemQuestion } from "../api/types";
import { FIGURE_CELL, FIGURE_HEAD, GroupHeads, KeyErrorExplanation, useFigureText } from "./group-columns";

export function StatementTable({
  question,
  thresholds,
}: {
  question: ItemQuestion;
  thresholds: ItemThresholds;
}) {
  const t = useT();
  const { pct, num, counted } = useFigureText();
  const flagged = question.statements.some((s) => s.flags.length > 0);
  const cell = FIGURE_CELL;
  const head = FIGURE_HEAD;
  return (
    <div className="grid gap-3">
      <table className="w-full text-left text-sm">
        <caption className="px-2 pb-2 text-left md:px-3">
          <span className="block font-medium text-slate-900">
            {t("itemAnalysis.statements.caption", {
              position: t("itemAnalysis.position", { position: question.position }),
              code: question.code,
            })}
          </span>
          <span className="block text-xs text-slate-600">{t("itemAnalysis.statements.hint")}</span>
          {question.few_attempts && <FewAttemptsNote count={question.n} minimum={thresholds.min_attempts} />}
        </caption>
        <thead className="text-xs text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-2 font-medium md:px-3">
              {t("itemAnalysis.statements.statement")}
            </th>
            <GroupHeads thresholds={thresholds} />
            <th scope="col" className={head}>
              {t("itemAnalysis.statements.all")}
            </th>
            <th scope="col" className={head}>
              {t("itemAnalysis.statements.blank")}
            </th>
          </tr>
        </thead>
        <tbody>
          {question.statements.map((s) => (
            <tr key={s.statement_id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="px-2 py-2 font-normal md:px-3">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{s.label}</span>{" "}
                    {s.text ? <MathSpan text={s.text} empty="" /> : null}
                  </span>
                  <Badge tone={s.key ? "green" : "slate"}>
                    {t(s.key ? "itemAnalysis.statements.keyTrue" : "itemAnalysis.statements.keyFalse")}
                  </Badge>
                  {s.flags.map((flag) => (
                    <Badge key={flag} tone={FLAG_TONE[flag]}>
                      {t("itemAnalysis.statements.flag.likely_key_error")}
                    </Badge>
                  ))}
                </span>
              </th>
              <td className={cell}>{pct(s.upper_facility)}</td>
              <td className={cell}>{pct(s.lower_facility)}</td>
              <td className={cell}>{counted(s.facility, s.right)}</td>
              <td className={cell}>{num(s.blank)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {question.right_counts.length > 0 && (
        <table className="w-full max-w-md text-left text-sm">
          <caption className="px-2 pb-2 text-left font-medium text-slate-900 md:px-3">
            {t("itemAnalysis.rightCounts.caption")}
          </caption>
          <thead className="text-xs text-slate-600">
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-2 py-2 font-medium md:px-3">
                {t("itemAnalysis.rightCounts.right")}
              </th>
              {question.right_counts.map((_count, right) => (
                <th key={right} scope="col" className={head}>
                  {num(right)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="px-2 py-2 font-normal md:px-3">
                {t("itemAnalysis.rightCounts.attempts")}
              </th>
              {question.right_counts.map((count, right) => (
                <td key={right} className={cell}>
                  {num(count)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
      {flagged && <KeyErrorExplanation thresholds={thresholds} />}
    </div>
  );
}
