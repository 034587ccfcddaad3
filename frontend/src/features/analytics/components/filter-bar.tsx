/** The market filters (issue 10): date range (Vietnam days, inclusive), grade, subject,
 * province, round and, for the SuperAdmin, organization. Values live in the address. Provinces,
 * organizations and rounds are Vietnamese names: `lang="vi"` on English pages (subjects come in
 * the reader's language). */
import { useLangAttr } from "@/components/lang";
import { Input, Select } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import type { FilterOptions } from "../api/types";
import type { FilterKey } from "../lib/filters";

interface Props {
  options: FilterOptions | undefined;
  params: URLSearchParams;
  from?: string;
  to?: string;
  onChange: (key: FilterKey, value: string) => void;
  onReset: () => void;
  active: boolean;
  /** Hide the grade filter (the grade page fixes it). */
  withoutGrade?: boolean;
}

export function FilterBar({ options, params, from, to, onChange, onReset, active, withoutGrade }: Props) {
  const t = useT();
  const vi = useLangAttr();
  const badRange = Boolean(from && to && from > to);
  const field = "grid gap-1";
  const label = "text-xs font-medium text-slate-600";
  return (
    <section aria-label={t("analytics.filters.title")} className="grid gap-2">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end lg:[&>div]:w-44">
        <div className={field}>
          <label htmlFor="an-from" className={label}>
            {t("analytics.filters.from")}
          </label>
          <Input
            id="an-from"
            type="date"
            value={from ?? ""}
            max={to || undefined}
            onChange={(e) => onChange("from", e.target.value || "all")}
          />
        </div>
        <div className={field}>
          <label htmlFor="an-to" className={label}>
            {t("analytics.filters.to")}
          </label>
          <Input
            id="an-to"
            type="date"
            value={to ?? ""}
            min={from || undefined}
            aria-invalid={badRange}
            aria-describedby={badRange ? "an-range-error" : undefined}
            onChange={(e) => onChange("to", e.target.value)}
          />
        </div>
        {!withoutGrade && (
          <div className={field}>
            <label htmlFor="an-grade" className={label}>
              {t("analytics.filters.grade")}
            </label>
            <Select
              id="an-grade"
              value={params.get("grade") ?? ""}
              onChange={(e) => onChange("grade", e.target.value)}
            >
              <option value="">{t("analytics.filters.allGrades")}</option>
              {(options?.grades ?? []).map((g) => (
                <option key={g} value={g}>
                  {t("analytics.gradeN", { grade: g })}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div className={field}>
          <label htmlFor="an-subject" className={label}>
            {t("analytics.filters.subject")}
          </label>
          <Select
            id="an-subject"
            value={params.get("subject") ?? ""}
            onChange={(e) => onChange("subject", e.target.value)}
          >
            <option value="">{t("analytics.filters.allSubjects")}</option>
            {(options?.subjects ?? []).map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
        <div className={field}>
          <label htmlFor="an-province" className={label}>
            {t("analytics.filters.province")}
          </label>
          <Select
            id="an-province"
            value={params.get("province") ?? ""}
            onChange={(e) => onChange("province", e.target.value)}
          >
            <option value="">{t("analytics.filters.allProvinces")}</option>
            {(options?.provinces ?? []).map((p) => (
              <option key={p.code} value={p.code} {...vi}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        {options?.is_superadmin && (
          <div className={field}>
            <label htmlFor="an-org" className={label}>
              {t("analytics.filters.organization")}
            </label>
            <Select
              id="an-org"
              value={params.get("org") ?? ""}
              onChange={(e) => onChange("org", e.target.value)}
            >
              <option value="">{t("analytics.filters.allOrganizations")}</option>
              {options.organizations.map((o) => (
                <option key={o.id} value={o.id} {...vi}>
                  {o.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div className={field}>
          <label htmlFor="an-round" className={label}>
            {t("analytics.filters.round")}
          </label>
          <Select
            id="an-round"
            value={params.get("round") ?? ""}
            disabled={!options || options.rounds.length === 0}
            onChange={(e) => onChange("round", e.target.value)}
          >
            <option value="">{t("analytics.filters.allRounds")}</option>
            {(options?.rounds ?? []).map((r) => (
              <option key={r.id} value={r.id} {...vi}>
                {r.name}
              </option>
            ))}
          </Select>
        </div>
        {active && (
          <Button variant="ghost" onClick={onReset} className="w-fit">
            {t("analytics.filters.reset")}
          </Button>
        )}
      </div>
      {badRange && (
        <p id="an-range-error" role="alert" className="text-sm text-red-700">
          {t("analytics.filters.badRange")}
        </p>
      )}
    </section>
  );
}
