/** The test and batch filters shared by the grading list and the results: the batch list is the
 * chosen test's batches (GET /api/v1/batches?preset_id=). Both live in the address as `preset`
 * and `batch`. */
import { SelectFilter } from "@/components/list/list-toolbar";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useBatchOptions, useTestOptions } from "../api/options";

export function TestBatchFilters({
  idPrefix,
  preset,
  batch,
  onChange,
}: {
  idPrefix: string;
  /** The `preset` and `batch` parameters ("" for all). */
  preset: string;
  batch: string;
  onChange: (next: { preset: string; batch: string }) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const presetId = idParam(preset);
  const tests = useTestOptions();
  const batches = useBatchOptions(presetId);
  return (
    <>
      <SelectFilter
        id={`${idPrefix}-test`}
        label={t("grading.filter.test")}
        value={presetId ? String(presetId) : ""}
        onChange={(value) => onChange({ preset: value, batch: "" })}
        choices={(tests.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        allLabel={t("grading.filter.allTests")}
      />
      <SelectFilter
        id={`${idPrefix}-batch`}
        label={t("grading.filter.batch")}
        value={idParam(batch) ? batch : ""}
        disabled={!presetId}
        onChange={(value) => onChange({ preset, batch: value })}
        choices={(batches.data ?? []).map((b) => ({
          value: String(b.id),
          label: `${b.name} (${formatDate(b.starts_at, locale)})`,
        }))}
        allLabel={presetId ? t("grading.filter.allBatches") : t("grading.filter.chooseTestFirst")}
      />
    </>
  );
}

/** A positive integer from a search parameter, or undefined. */
export function idParam(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
