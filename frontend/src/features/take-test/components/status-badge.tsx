import { Pill } from "@/components/ui/badge";
import { useT } from "@/lib/intl";

import { RESULT_STYLE, resultLabel, STATUS_STYLE, statusLabel } from "./labels";

/** Not started / in progress / submitted / graded. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return <Pill className={STATUS_STYLE[status] ?? STATUS_STYLE.assigned!}>{t(statusLabel(status))}</Pill>;
}

/** Pending / passed / failed; ``md`` on the result and report pages, ``sm`` in tables. */
export function ResultBadge({
  result,
  size = "sm",
}: {
  result: string | null | undefined;
  size?: "sm" | "md";
}) {
  const t = useT();
  return (
    <Pill size={size} className={RESULT_STYLE[result ?? "pending"] ?? RESULT_STYLE.pending!}>
      {t(resultLabel(result))}
    </Pill>
  );
}
