/** Heatmaps of paid purchases (issue 10): rows x columns of cells shaded by count, each cell
 * focusable with a tooltip and an accessible name, and a legend of the colour scale. */
import { useLangFor } from "@/components/lang";
import { Tooltip, TooltipProvider } from "@/components/ui/tooltip";
import { useLanguage, useT } from "@/lib/intl";
import type { Language } from "@/lib/language";

const SHADES = ["#f1f5f9", "#dbeafe", "#93c5fd", "#3b82f6", "#1d4ed8", "#1e3a8a"];

/** The shade of `value` on a 0..max scale (0 = the empty colour). */
export function shade(value: number, max: number): string {
  if (value <= 0 || max <= 0) return SHADES[0]!;
  const step = Math.min(
    SHADES.length - 1,
    1 + Math.floor(((value - 1) / Math.max(1, max)) * (SHADES.length - 1)),
  );
  return SHADES[step]!;
}

export interface HeatCell {
  row: string;
  column: string;
  purchases: number;
  revenue: number;
}

export function Legend({ max }: { max: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const number = new Intl.NumberFormat(locale);
  return (
    <div
      className="flex items-center gap-2 text-xs text-slate-600"
      aria-label={t("analytics.heatmap.legend")}
    >
      <span>{number.format(0)}</span>
      <span className="flex" aria-hidden="true">
        {SHADES.map((c) => (
          <span key={c} className="h-3 w-6 first:rounded-l last:rounded-r" style={{ background: c }} />
        ))}
      </span>
      <span>{t("analytics.heatmap.max", { count: number.format(max) })}</span>
    </div>
  );
}

export function HeatmapGrid({
  label,
  rows,
  columns,
  cells,
  max,
  columnHeader,
}: {
  label: string;
  /** `lang`: the row labels' language when they are content (provinces), not interface words. */
  rows: { key: string; label: string; lang?: Language }[];
  columns: { key: string; label: string }[];
  cells: HeatCell[];
  max: number;
  columnHeader?: string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const langFor = useLangFor();
  const byKey = new Map(cells.map((c) => [`${c.row}|${c.column}`, c]));
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "VND",
    maximumFractionDigits: 0,
  });
  // Its own provider: the layouts have none since the header's tooltips load after the first paint
  // (decision 0038); one provider for the grid keeps the skip delay from cell to cell (spec §9).
  return (
    <TooltipProvider>
      <div className="overflow-x-auto">
        <table aria-label={label} className="border-separate border-spacing-0.5 text-xs">
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 bg-white px-1 text-left font-medium text-slate-500">
                {columnHeader ?? ""}
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="min-w-6 px-0.5 text-center font-medium text-slate-500">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th
                  scope="row"
                  lang={r.lang && langFor(r.lang)}
                  className="sticky left-0 max-w-40 truncate bg-white pr-2 text-left font-medium text-slate-700"
                >
                  {r.label}
                </th>
                {columns.map((c) => {
                  const cell = byKey.get(`${r.key}|${c.key}`);
                  const purchases = cell?.purchases ?? 0;
                  const text = t("analytics.heatmap.cell", {
                    row: r.label,
                    column: c.label,
                    count: purchases,
                    revenue: money.format(cell?.revenue ?? 0),
                  });
                  return (
                    <td key={c.key} className="p-0">
                      <Tooltip content={text}>
                        <span
                          role="img"
                          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- each cell's figure is in its tooltip and name; focus lets keyboard users read it
                          tabIndex={0}
                          aria-label={text}
                          className="block h-6 min-w-6 rounded-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
                          style={{ background: shade(purchases, max) }}
                        />
                      </Tooltip>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TooltipProvider>
  );
}
