/** The result by subject and by matrix cluster (topic, complexity level, cognitive domain):
 * points out of the maximum and a bar of the share (its figure is written out too). */
import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import type { BreakdownDimension, Result } from "../api/types";

const DIMENSIONS: { key: BreakdownDimension; label: MessageId }[] = [
  { key: "subject", label: "takeTest.breakdown.subject" },
  { key: "topic", label: "takeTest.breakdown.topic" },
  { key: "complexity_level", label: "takeTest.breakdown.complexity" },
  { key: "cognitive_domain", label: "takeTest.breakdown.cognitive" },
];

/** `heading`: the level of the breakdown's title, one below the result's (h2 on the result page,
 * h3 where the result is itself a part). */
export function Breakdown({
  breakdown,
  heading: Heading,
}: {
  breakdown: Result["breakdown"];
  heading: "h2" | "h3";
}) {
  const t = useT();
  const { locale } = useLanguage();
  const number = (n: number) => formatNumber(n, locale);
  const shown = DIMENSIONS.filter((d) => (breakdown[d.key] ?? []).length > 0);
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="breakdown-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <Heading id="breakdown-heading" className="font-semibold">
        {t("takeTest.breakdown.title")}
      </Heading>
      <div className="grid items-start gap-5 md:grid-cols-2">
        {shown.map((dimension) => (
          <table key={dimension.key} className="w-full text-left text-sm">
            <caption className="mb-1 text-left text-xs font-medium uppercase text-slate-500">
              {t(dimension.label)}
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t(dimension.label)}</th>
                <th scope="col">{t("takeTest.result.score")}</th>
                <th scope="col">{t("takeTest.breakdown.share")}</th>
              </tr>
            </thead>
            <tbody>
              {(breakdown[dimension.key] ?? []).map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 pr-2 font-normal">
                    {row.name}
                  </th>
                  <td className="whitespace-nowrap py-1.5 pr-2 tabular-nums">
                    {t("takeTest.result.scoreOf", { score: number(row.score), max: number(row.max) })}
                  </td>
                  <td className="w-32 py-1.5">
                    <span className="flex items-center gap-2">
                      <span
                        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
                        aria-hidden="true"
                      >
                        <span
                          className="block h-full rounded-full bg-blue-600"
                          style={{ width: `${Math.min(100, Math.max(0, row.percent))}%` }}
                        />
                      </span>
                      <span className="w-12 text-right tabular-nums">{number(row.percent)}%</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
