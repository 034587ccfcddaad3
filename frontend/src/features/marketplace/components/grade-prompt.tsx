import { GraduationCap } from "lucide-react";
import { Link } from "react-router-dom";

import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";

/** Spec section 5: the grade must be set in the profile before using the marketplace. */
export function GradePrompt() {
  const t = useT();
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      <GraduationCap className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium text-amber-900">{t("shop.add.gradeTitle")}</p>
        <p className="text-amber-900">{t("shop.add.gradeBody")}</p>
        <Link
          to={paths.profile}
          className="w-fit font-medium text-blue-700 underline underline-offset-4 hover:text-blue-900"
        >
          {t("shop.add.gradeLink")}
        </Link>
      </div>
    </div>
  );
}
