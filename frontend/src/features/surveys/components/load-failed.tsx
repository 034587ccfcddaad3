/** A survey page whose data could not be read: "not found" (404) or "could not be retrieved",
 * and the way back. */
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";

import { ApiError } from "@/lib/api-client";
import { useT, type MessageId } from "@/lib/intl";

export function LoadFailed({ error, to, back }: { error: unknown; to: string; back: MessageId }) {
  const t = useT();
  return (
    <div className="grid gap-3">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {error instanceof ApiError && error.status === 404
          ? t("surveys.error.notFound")
          : t("surveys.error.retrieve")}
      </p>
      <Link to={to} className="text-sm text-blue-700 hover:underline">
        {t(back)}
      </Link>
    </div>
  );
}

/** Back to the organization's surveys (above an educator's survey page). */
export function BackToSurveys() {
  const t = useT();
  return (
    <Link to="/survey" className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t("surveys.backToList")}
    </Link>
  );
}
