/** The distractor analysis of one choice question (issue 19, section 2; decisions 0017, 0019):
 * per option the share of the upper and of the lower 27 % group that chose it and the share of
 * everyone (with the count), the key marked, and an option nobody chose or a wrong option the
 * upper group prefers marked with its flag and what the flag means. A real table: a caption,
 * column headers and the option as each row's header. Options read in the reader's language
 * (MathSpan, falling back to the other language, marked with `lang`). */
import { Check } from "lucide-react";

import { FLAG_TONE, ItemFlagBadge, useFlagExplanation, type ItemThresholds } from "@/components/item-flags";
import { MathSpan } from "@/components/math-html";
import { Badge } from "@/components/ui/badge";
import { useT, type MessageId } from "@/lib/intl";

import type { ItemQuestion } from "../api/types";
import { FIGURE_CELL, FIGURE_HEAD, GroupHeads, useFigureText } from "./group-columns";

type OptionFlag = ItemQuestion["options"][number]["flags"][number];
const OPTION_FLAGS: OptionFlag[] = ["unused_distractor", "likely_key_error"];
/** An option's flag as said of the option itself ("Không ai chọn"), short enough for a phone's
 * row; the list under the table names the flag in full and explains it. */
const optionFlagLabel = (flag: OptionFlag) => `itemAnalysis.options.flag.${flag}` as MessageId;

export function DistractorTable({
  question,
  thresholds,
}: {
  question: ItemQuestion;
  thresholds: ItemThresholds;
}) {
  const t = useT();
  const explain = useFlagExplanation(thresholds);
  const { pct, counted } = useFigureText();
  const present = OPTION_FLAGS.filter((flag) => question.options.some((o) => o.flags.includes(flag)));
  const cell = FIGURE_CELL;
  return (
    <div className="grid gap-3">
      <table className="w-full text-left text-sm">
        <caption className="px-2 pb-2 text-left font-medium text-slate-900 md:px-3">
          {t("itemAnalysis.options.caption", {
            position: t("itemAnalysis.position", { position: question.position }),
            code: question.code,
          })}
        </caption>
        <thead className="text-xs text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-2 font-medium md:px-3">
              {t("itemAnalysis.options.option")}
            </th>
            <GroupHeads thresholds={thresholds} />
            <th scope="col" className={FIGURE_HEAD}>
              {t("itemAnalysis.options.all")}
            </th>
          </tr>
        </thead>
        <tbody>
          {question.options.map((o) => (
            <tr key={o.option_id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="px-2 py-2 font-normal md:px-3">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {o.text ? <MathSpan text={o.text} empty={o.label} /> : o.label}
                  </span>
                  {o.correct && (
                    <Badge tone="green">
                      <Check className="mr-1 h-3 w-3" aria-hidden="true" />
                      {t("itemAnalysis.options.key")}
                    </Badge>
                  )}
                  {o.flags.map((flag) => (
                    <Badge key={flag} tone={FLAG_TONE[flag]}>
                      {t(optionFlagLabel(flag))}
                    </Badge>
                  ))}
                </span>
              </th>
              <td className={cell}>{pct(o.upper_share)}</td>
              <td className={cell}>{pct(o.lower_share)}</td>
              <td className={cell}>{counted(o.share, o.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {present.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {present.map((flag) => (
            <li key={flag} className="flex flex-wrap items-start gap-2">
              <ItemFlagBadge flag={flag} />
              <span className="min-w-0 flex-1 text-slate-700">{explain(flag)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
