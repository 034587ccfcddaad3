import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { PRESET_STATUS_STYLE, presetStatusLabel, ROUND_STATUS_STYLE, roundStatusLabel } from "./labels";

export function StatusBadge({ kind, status }: { kind: "round" | "preset"; status: string }) {
  const t = useT();
  const style = kind === "round" ? ROUND_STATUS_STYLE : PRESET_STATUS_STYLE;
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        style[status] ?? "bg-slate-100 text-slate-700",
      )}
    >
      {t(kind === "round" ? roundStatusLabel(status) : presetStatusLabel(status))}
    </span>
  );
}
