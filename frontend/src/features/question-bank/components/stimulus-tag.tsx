/** "Part of the shared stimulus: <title>", a link to the stimulus (decision 0054): under a
 * question in the lists and on the question form. */
import { BookOpenText } from "lucide-react";
import { Link } from "react-router-dom";

import { stimulusTitleText } from "@/components/stimulus-view";
import { useLanguage, useT } from "@/lib/intl";

import type { StimulusRef } from "../api/types";

export function StimulusTag({ stimulus }: { stimulus: StimulusRef }) {
  const t = useT();
  const { language } = useLanguage();
  const title = stimulusTitleText(stimulus.title, language) || t("qb.stimulus.untitled");
  return (
    <Link
      to={`/question-bank/stimulus/${stimulus.id}`}
      className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 hover:bg-amber-200"
    >
      <BookOpenText className="h-3 w-3" aria-hidden="true" />
      {t("qb.stimulus.partOf", { title })}
    </Link>
  );
}
