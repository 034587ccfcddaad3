import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { GroupScore } from "../api/types";
import { GROUP_COLOURS } from "./labels";

/** The six scores as a table: the data behind the hexagon (raw sum, its range, normalized 0-100,
 * rank), in R I A S E C order; scores with the locale's decimal separator (vi "43,8", en "43.8"). */
export function ScoreTable({ groups }: { groups: GroupScore[] }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <table className="w-full text-left text-sm" aria-label={t("surveys.result.tableLabel")}>
      <thead className="bg-slate-50 text-xs uppercase text-slate-500">
        <tr>
          <th scope="col" className="p-2 font-medium">
            {t("surveys.result.group")}
          </th>
          <th scope="col" className="p-2 text-right font-medium">
            {t("surveys.result.raw")}
          </th>
          <th scope="col" className="p-2 text-right font-medium">
            {t("surveys.result.normalized")}
          </th>
          <th scope="col" className="p-2 text-right font-medium">
            {t("surveys.result.rank")}
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.code} className="border-t border-slate-100">
            <th scope="row" className="p-2 font-medium">
              <span
                aria-hidden="true"
                className="mr-2 inline-block h-2.5 w-2.5 rounded-full"
                style={{ background: GROUP_COLOURS[g.code as keyof typeof GROUP_COLOURS] }}
              />
              {g.code} · {g.name}
            </th>
            <td className="p-2 text-right tabular-nums">
              {t("surveys.result.rawOf", { raw: g.raw, max: g.max })}
            </td>
            <td className="p-2 text-right tabular-nums">{formatNumber(g.normalized, locale)}</td>
            <td className="p-2 text-right tabular-nums">{g.rank}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
