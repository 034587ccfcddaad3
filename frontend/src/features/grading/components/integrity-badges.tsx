/** The integrity flags of a gradebook row (issue 19) as shared badges: a voided result (red), more
 * tab switches than allowed (amber, with the count), no surroundings video on a camera-proctored
 * test (slate); "Không"/"None" without a flag. */
import { Badge, type Tone } from "@/components/ui/badge";
import { useT, type MessageId } from "@/lib/intl";

import type { IntegrityFlag } from "../api/types";

const FLAG: Record<IntegrityFlag, { label: MessageId; tone: Tone }> = {
  voided: { label: "grading.gradebook.flag.voided", tone: "red" },
  tab_switches: { label: "grading.gradebook.flag.tab_switches", tone: "amber" },
  video_missing: { label: "grading.gradebook.flag.video_missing", tone: "slate" },
};

export function IntegrityBadges({ flags, tabSwitches }: { flags: IntegrityFlag[]; tabSwitches: number }) {
  const t = useT();
  if (flags.length === 0) return <span className="text-slate-500">{t("grading.gradebook.noFlag")}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <Badge key={flag} tone={FLAG[flag].tone}>
          {t(FLAG[flag].label, { count: tabSwitches })}
        </Badge>
      ))}
    </span>
  );
}
