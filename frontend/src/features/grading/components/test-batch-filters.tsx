/** The test and batch filters shared by the grading list and the results: the batch list is the
 * chosen test's batches (GET /api/v1/batches?preset_id=). */
import { Select } from "@/components/ui/field";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useBatchOptions } from "../api/get-batch-options";
import { useTestOptions } from "../api/get-test-options";

const ALL = "__all";

export function TestBatchFilters({
  idPrefix,
  presetId,
  batchId,
  onChange,
}: {
  idPrefix: string;
  presetId: number | undefined;
  batchId: number | undefined;
  onChange: (next: { presetId: number | undefined; batchId: number | undefined }) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const tests = useTestOptions();
  const batches = useBatchOptions(presetId);
  return (
    <>
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-test`} className="text-xs font-medium text-slate-600">
          {t("grading.filter.test")}
        </label>
        <Select
          id={`${idPrefix}-test`}
          value={presetId ? String(presetId) : ALL}
          onChange={(e) =>
            onChange({
              presetId: e.target.value === ALL ? undefined : Number(e.target.value),
              batchId: undefined,
            })
          }
        >
          <option value={ALL}>{t("grading.filter.allTests")}</option>
          {tests.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-batch`} className="text-xs font-medium text-slate-600">
          {t("grading.filter.batch")}
        </label>
        <Select
          id={`${idPrefix}-batch`}
          value={batchId ? String(batchId) : ALL}
          disabled={!presetId}
          onChange={(e) =>
            onChange({ presetId, batchId: e.target.value === ALL ? undefined : Number(e.target.value) })
          }
        >
          <option value={ALL}>
            {presetId ? t("grading.filter.allBatches") : t("grading.filter.chooseTestFirst")}
          </option>
          {batches.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} ({formatDate(b.starts_at, locale)})
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}

/** A positive integer from a search parameter, or undefined. */
export function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
