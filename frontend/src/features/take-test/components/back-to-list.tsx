import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";

import { useT } from "@/lib/intl";

import { paths } from "../lib/paths";

/** Back to the learner's tests. */
export function BackToList() {
  const t = useT();
  return (
    <Link
      to={paths.list}
      className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("nav.myTests")}
    </Link>
  );
}
