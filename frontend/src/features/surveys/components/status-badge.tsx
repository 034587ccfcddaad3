import { Pill } from "@/components/ui/badge";
import { useT } from "@/lib/intl";

import { STATUS_STYLE, statusLabel } from "./labels";

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Pill className={STATUS_STYLE[status] ?? "bg-slate-100 text-slate-700"}>{t(statusLabel(status))}</Pill>
  );
}
