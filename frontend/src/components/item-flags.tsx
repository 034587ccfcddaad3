/** Item analysis flags (issue 19, section 2; decision 0017): the badges of a question's flags and
 * their explanations quoting the thresholds the server used. Shared by the item analysis page and
 * the question bank's figures. */
import { Badge, type Tone } from "@/components/ui/badge";
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
  const t = useT();
  if (flags.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <Badge key={flag} tone={FLAG_TONE[flag]}>
          {t(flagLabel(flag))}
        </Badge>
      ))}
    </span>
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
  const { locale } = useLanguage();
  const values = {
    low: formatNumber(thresholds.facility_low, locale),
    high: formatNumber(thresholds.facility_high, locale),
    discrimination: formatNumber(thresholds.discrimination_low, locale),
    share: formatNumber(thresholds.group_share * 100, locale),
  };
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
              <Badge tone={FLAG_TONE[flag]}>{t(flagLabel(flag))}</Badge>
            </dt>
            <dd className="text-slate-700">{t(flagText(flag), values)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
