/** "Theo phần" / "By part": a test in parts (issue 39; decisions 0056 and 0059), one row per part:
 * its name, its questions per attempt, the mean of its subtotal in raw points of its maximum as the
 * result shows a part ("2,10/3", `formatScore`) and its facility (mean / maximum). The figures are
 * the server's (`item_analysis.selectors.item_parts`); "—" before a computation. */
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatNumber, formatPercent } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { formatScore } from "@/lib/score";

import type { ItemPart } from "../api/types";

export function ItemPartTable({ parts }: { parts: ItemPart[] }) {
  const t = useT();
  const { locale } = useLanguage();
  const cols = {
    part: t("itemAnalysis.parts.part"),
    questions: t("itemAnalysis.parts.questions"),
    mean: t("itemAnalysis.parts.mean"),
    facility: t("itemAnalysis.col.facility"),
  };
  return (
    <section className="grid gap-3" aria-labelledby="item-analysis-parts">
      <h2 id="item-analysis-parts" className="text-lg font-semibold">
        {t("itemAnalysis.parts.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("itemAnalysis.parts.hint")}</p>
      <Table label={t("itemAnalysis.parts.title")}>
        <Head>
          <Th>{cols.part}</Th>
          <Th className="text-right">{cols.questions}</Th>
          <Th className="text-right">{cols.mean}</Th>
          <Th className="text-right">{cols.facility}</Th>
        </Head>
        <Body>
          {parts.map((part) => (
            <Tr key={part.position}>
              <th scope="row" className="p-3 text-left font-medium max-md:p-0">
                {part.name}
              </th>
              <Td label={cols.questions} className="text-right tabular-nums">
                {formatNumber(part.question_count, locale)}
              </Td>
              <Td label={cols.mean} className="text-right tabular-nums">
                {part.mean_score === null || part.max_score === null
                  ? "—"
                  : formatScore(part.mean_score, part.max_score, locale)}
              </Td>
              <Td label={cols.facility} className="text-right tabular-nums">
                {part.facility === null ? "—" : formatPercent(part.facility, locale)}
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
    </section>
  );
}
