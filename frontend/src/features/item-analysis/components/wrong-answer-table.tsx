/** The most frequent wrong answers of one numeric question (phần III, trả lời ngắn; issue 39,
 * item 3; decision 0059): the key, then per wrong answer, read as the answer sheet reads it
 * ("0.5" and "0,5" are one answer; one that is not a number as typed, marked so), the share and
 * count of the upper and of the lower 27 % group and of everyone that gave it, a wrong answer
 * the upper group gives more than the lower one marked as a likely key error; then how many gave
 * another wrong answer. From fewer attempts than the server's minimum, the note that says so
 * stands under the caption. A real table: a caption, column headers, the answer as row header. */
import { Badge } from "@/components/ui/badge";
import { FewAttemptsNote, FLAG_TONE, type ItemThresholds } from "@/components/item-flags";
import { useT } from "@/lib/intl";

import type { ItemQuestion } from "../api/types";
import { FIGURE_CELL, FIGURE_HEAD, GroupHeads, KeyErrorExplanation, useFigureText } from "./group-columns";

export function WrongAnswerTable({
  question,
  thresholds,
}: {
  question: ItemQuestion;
  thresholds: ItemThresholds;
}) {
  const t = useT();
  const { counted } = useFigureText();
  const flagged = question.wrong_answers.some((w) => w.flags.length > 0);
  const cell = FIGURE_CELL;
  const caption = t("itemAnalysis.wrong.caption", {
    position: t("itemAnalysis.position", { position: question.position }),
    code: question.code,
  });
  return (
    <div className="grid gap-3">
      <table className="w-full text-left text-sm">
        <caption className="px-2 pb-2 text-left md:px-3">
          <span className="block font-medium text-slate-900">{caption}</span>
          <span className="block text-slate-700">
            {t("itemAnalysis.wrong.key", { key: question.accepted.join(" ; ") || "—" })}
          </span>
          <span className="block text-xs text-slate-600">{t("itemAnalysis.wrong.hint")}</span>
          {question.few_attempts && <FewAttemptsNote count={question.n} minimum={thresholds.min_attempts} />}
        </caption>
        <thead className="text-xs text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-2 font-medium md:px-3">
              {t("itemAnalysis.wrong.answer")}
            </th>
            <GroupHeads thresholds={thresholds} />
            <th scope="col" className={FIGURE_HEAD}>
              {t("itemAnalysis.options.all")}
            </th>
          </tr>
        </thead>
        <tbody>
          {question.wrong_answers.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-2 py-2 text-slate-600 md:px-3">
                {t("itemAnalysis.wrong.none")}
              </td>
            </tr>
          ) : (
            question.wrong_answers.map((w) => (
              <tr
                key={`${w.valid}-${w.answer}`}
                className="border-b border-slate-100 align-top last:border-0"
              >
                <th scope="row" className="px-2 py-2 font-normal md:px-3">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="min-w-0 font-medium tabular-nums [overflow-wrap:anywhere]">
                      {w.answer}
                    </span>
                    {!w.valid && <Badge tone="slate">{t("itemAnalysis.wrong.notNumber")}</Badge>}
                    {w.flags.map((flag) => (
                      <Badge key={flag} tone={FLAG_TONE[flag]}>
                        {t("itemAnalysis.wrong.flag.likely_key_error")}
                      </Badge>
                    ))}
                  </span>
                </th>
                <td className={cell}>{counted(w.upper_share, w.upper_count)}</td>
                <td className={cell}>{counted(w.lower_share, w.lower_count)}</td>
                <td className={cell}>{counted(w.share, w.count)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {question.other_wrong > 0 && (
        <p className="px-2 text-sm text-slate-700 md:px-3">
          {t("itemAnalysis.wrong.other", { count: question.other_wrong })}
        </p>
      )}
      {flagged && <KeyErrorExplanation thresholds={thresholds} />}
    </div>
  );
}
