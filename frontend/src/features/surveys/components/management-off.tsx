import { ShieldOff } from "lucide-react";

import { useT } from "@/lib/intl";

/** Shown instead of survey management when the SuperAdmin has not allowed it for the
 * organization (server code `survey_management_disabled`; spec §1 and §6). */
export function ManagementOff() {
  const t = useT();
  return (
    <section
      role="status"
      className="grid max-w-2xl gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldOff className="h-5 w-5" aria-hidden="true" />
        {t("surveys.off.title")}
      </h2>
      <p>{t("surveys.off.body")}</p>
      <p className="text-sm">{t("surveys.off.how")}</p>
    </section>
  );
}
