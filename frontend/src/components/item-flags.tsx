/** Item analysis flags (issue 19, section 2; decision 0017): the badges of a question's flags and
 * their explanations quoting the thresholds the server used. Shared by the item analysis page and
 * the question bank's figures. */
import { Badge, type Tone } from "@/components/ui/badge";
import { Td } from "@/components/ui/responsive-table";
import { cn } from "@/lib/cn";
import type { V1Schemas } from "@/lib/api/types";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

export type ItemFlag = V1Schemas["ItemQuestionOut"]["flags"][number];
export type ItemThresholds = V1Schemas["ItemThresholdsOut"];

export const FLAG_TONE: Record<ItemFlag, Tone> = {
  too_hard: "amber",
  too_easy: "sky",
  low_discrimination: "amber",
  negative_discrimination: "red",
  unused_distractor: "slate",
  likely_key_error: "red",
};

const flagLabel = (flag: ItemFlag) => `itemAnalysis.flag.${flag}` as MessageId;
const flagText = (flag: ItemFlag) => `itemAnalysis.flagText.${flag}` as MessageId;

/** A question's flags as badges, or "—" without any. */
export function ItemFlagBadges({ flags }: { flags: ItemFlag[] }) {
  if (flags.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <ItemFlagBadge key={flag} flag={flag} />
      ))}
    </span>
  );
}

/** A flag's name as a badge. */
export function ItemFlagBadge({ flag }: { flag: ItemFlag }) {
  const t = useT();
  return <Badge tone={FLAG_TONE[flag]}>{t(flagLabel(flag))}</Badge>;
}

/** What a flag means, quoting the server's thresholds in the reader's number format. */
export function useFlagExplanation(thresholds: ItemThresholds): (flag: ItemFlag) => string {
  const t = useT();
  const { locale } = useLanguage();
  const values = {
    low: formatNumber(thresholds.facility_low, locale),
    high: formatNumber(thresholds.facility_high, locale),
    discrimination: formatNumber(thresholds.discrimination_low, locale),
    share: formatNumber(thresholds.group_share * 100, locale),
    minimum: formatNumber(thresholds.key_error_min_upper, locale),
  };
  return (flag) => t(flagText(flag), values);
}

/** The note a figure carries when it comes from fewer attempts than the statistics need
 * (issue 39, item 3; decision 0059): "Cần ít nhất 30 bài làm; ở đây có 3." beside the figure,
 * instead of a bare number. The server says whether (`few_attempts`) and sends the minimum.
 * `className` places it: in a wide table's cells it is read by screen readers with each figure
 * but shown once under the row (`FewAttemptsRow`), on phones under each figure. */
export function FewAttemptsNote({
  count,
  minimum,
  className,
}: {
  count: number;
  minimum: number;
  className?: string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <span className={cn("block text-xs font-normal leading-snug text-amber-800", className)}>
      {t("itemAnalysis.fewAttempts", {
        minimum: formatNumber(minimum, locale),
        count: formatNumber(count, locale),
      })}
    </span>
  );
}

/** On wide screens, the few-attempts note once under a table row's figures (`before` cells
 * left empty, then `span` cells), where the note in each figure's cell would not fit: the
 * cells keep theirs for screen readers (`ItemFigureCells`), so this line is hidden from them.
 * On phones each card shows the note under each figure instead. */
export function FewAttemptsRow({
  count,
  minimum,
  before,
  span,
}: {
  count: number;
  minimum: number;
  before: number;
  span: number;
}) {
  return (
    <tr aria-hidden="true" className="max-md:hidden">
      <td colSpan={before} />
      <td colSpan={span} className="px-3 pb-3 pt-0">
        <FewAttemptsNote count={count} minimum={minimum} />
      </td>
    </tr>
  );
}

/** What each flag means, with the server's thresholds in the reader's number format. */
export function ItemFlagExplanations({
  flags,
  thresholds,
  headingId,
}: {
  flags: ItemFlag[];
  thresholds: ItemThresholds;
  headingId: string;
}) {
  const t = useT();
  const explain = useFlagExplanation(thresholds);
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {t("itemAnalysis.flagsTitle")}
      </h2>
      <dl className="grid gap-2 text-sm">
        {flags.map((flag) => (
          <div key={flag} className="grid gap-1 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
            <dt>
              <ItemFlagBadge flag={flag} />
            </dt>
            <dd className="text-slate-700">{explain(flag)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A question's figures as the cells of a table row: facility, discrimination, discriminative
 * efficiency (only when `labels.efficiency` is given), upper-lower index and omit rate (in the
 * locale's numbers, "—" when undefined), then its flags. `labels` names the cells on phones
 * (the table's card view). From fewer attempts than `minAttempts` (`few_attempts`), every
 * figure but the omit rate, and the flags, carry the note that says so: under each on phones,
 * for screen readers only on wide screens, where the table shows it once under the row
 * (`FewAttemptsRow`, which the table renders after the row). */
export function ItemFigureCells({
  row,
  labels,
  minAttempts,
}: {
  row: {
    n: number;
    few_attempts: boolean;
    facility: number | null;
    discrimination: number | null;
    efficiency?: number | null;
    upper_lower: number | null;
    omit_rate: number | null;
    flags: ItemFlag[];
  };
  minAttempts: number;
  labels: {
    facility: string;
    discrimination: string;
    efficiency?: string;
    upperLower: string;
    omit: string;
    flags: string;
  };
}) {
  const { locale } = useLanguage();
  const num = (value: number | null) => (value === null ? "—" : formatNumber(value, locale));
  const note = row.few_attempts ? (
    <FewAttemptsNote count={row.n} minimum={minAttempts} className="md:sr-only" />
  ) : null;
  const figures: [string, number | null, boolean][] = [
    [labels.facility, row.facility, true],
    [labels.discrimination, row.discrimination, true],
    ...(labels.efficiency
      ? ([[labels.efficiency, row.efficiency ?? null, true]] as [string, number | null, boolean][])
      : []),
    [labels.upperLower, row.upper_lower, true],
    [labels.omit, row.omit_rate, false],
  ];
  return (
    <>
      {figures.map(([label, value, noted]) => (
        <Td key={label} label={label} className="text-right tabular-nums max-md:text-left">
          <span className="block min-w-0">
            {num(value)}
            {noted && note}
          </span>
        </Td>
      ))}
      <Td label={labels.flags}>
        <span className="grid min-w-0 gap-1">
          <ItemFlagBadges flags={row.flags} />
          {note}
        </span>
      </Td>
    </>
  );
}
