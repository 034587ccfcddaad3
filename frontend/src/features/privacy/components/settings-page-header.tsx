import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";

import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";

/** The top of an organization-settings privacy page (retention, access log, data requests): the
 * link back to the settings, the page's heading and its introduction. */
export function SettingsPageHeader({
  title,
  intro,
  introClassName = "max-w-3xl",
}: {
  title: string;
  intro: string;
  introClassName?: string;
}) {
  const t = useT();
  return (
    <>
      <Link
        to={paths.organizationSettings}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("people.settings.title")}
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className={`${introClassName} text-sm text-slate-600`}>{intro}</p>
      </div>
    </>
  );
}
