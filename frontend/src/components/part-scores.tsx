/** An attempt's score by part (phần; issue 39 item 2, decision 0056): each part's name, how many
 * questions and its subtotal on the test's reporting scale ("2,25/3"), as the server sends it
 * (`PartScoreOut`). The result page and the educators' attempt page show it; nothing without parts.
 * Scores are written by `lib/score` only. */
import type { V1Schemas } from "@/lib/api/types";
import { useLanguage, useT } from "@/lib/intl";
import { formatScore } from "@/lib/score";

export type PartScore = V1Schemas["PartScoreOut"];

export function PartScores({
  parts,
  heading: Heading,
  id,
}: {
  parts: PartScore[];
  /** The level of the section's title, one below the page's. */
  heading: "h2" | "h3";
  id: string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <Heading id={id} className="font-semibold">
        {t("score.parts.title")}
      </Heading>
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              {t("score.parts.part")}
            </th>
            <th scope="col" className="whitespace-nowrap py-1.5 pr-2 font-medium">
              {t("score.parts.questions")}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t("score.parts.score")}
            </th>
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part.position} className="border-t border-slate-100">
              <th scope="row" className="py-2 pr-2 font-normal">
                {part.name}
              </th>
              <td className="py-2 pr-2 tabular-nums">{part.question_count}</td>
              <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums">
                {part.scale_score === null
                  ? t("score.parts.awaitingGrading")
                  : formatScore(part.scale_score, part.scale_max, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
