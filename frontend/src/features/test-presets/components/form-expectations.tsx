/** The expected mean score of the generated form and, after a regeneration, of the form it
 * replaced, side by side (issue 19, section 2; decision 0019). The server computes every figure
 * (`PresetOut.form_expectations`: facility x points summed over the measured questions, out of
 * those questions' points); this table only shows them, in the reader's number format. */
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { Preset } from "../api/types";

type Expectation = Preset["form_expectations"][number];

/** `editable`: the preset may still change (draft, rejected), so the hint may suggest the
 * preference. */
export function FormExpectations({ preset, editable }: { preset: Preset; editable: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const forms = preset.form_expectations;
  if (forms.length === 0) return null;
  const num = (value: number) => formatNumber(value, locale);
  const mean = (f: Expectation) =>
    f.expected_mean === null
      ? t("tests.expected.none")
      : t("tests.expected.meanOf", { mean: num(f.expected_mean), max: num(f.measured_max) });
  const rows: [string, (f: Expectation) => string][] = [
    [t("tests.expected.mean"), mean],
    [
      t("tests.expected.measured"),
      (f) => t("tests.expected.measuredOf", { measured: f.measured_count, count: f.question_count }),
    ],
    [t("tests.expected.maxScore"), (f) => num(f.max_score)],
    [t("tests.expected.generatedAt"), (f) => (f.generated_at ? formatDateTime(f.generated_at, locale) : "—")],
  ];
  const someUnmeasured = forms.some((f) => f.measured_count < f.question_count);
  return (
    <div className="grid gap-2">
      <div className="rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="px-3 pt-3 text-left font-medium text-slate-900">
            {t(forms.length > 1 ? "tests.expected.captionTwo" : "tests.expected.caption")}
          </caption>
          <thead className="text-xs text-slate-600">
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-3 py-2 font-medium">
                {t("tests.expected.figure")}
              </th>
              {forms.map((f) => (
                <th key={f.form} scope="col" className="px-3 py-2 text-right font-medium">
                  {t(f.form === "current" ? "tests.expected.current" : "tests.expected.previous")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value], index) => (
              <tr key={label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="w-2/5 px-3 py-2 font-normal text-slate-600">
                  {label}
                </th>
                {forms.map((f) => (
                  <td
                    key={f.form}
                    className={
                      index === 0
                        ? "px-3 py-2 text-right text-base font-semibold tabular-nums text-slate-900"
                        : "px-3 py-2 text-right tabular-nums"
                    }
                  >
                    {value(f)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        {t("tests.expected.hint")}
        {editable && someUnmeasured && !preset.prefer_measured && ` ${t("tests.expected.preferHint")}`}
      </p>
    </div>
  );
}
