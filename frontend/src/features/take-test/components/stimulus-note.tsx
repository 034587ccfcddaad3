/** What tells a learner that a question hangs from a shared stimulus (decision 0054): "Questions
 * 3–5 refer to: <title>", with a control that moves the focus to the stimulus, and the range
 * shown above the stimulus itself. */
import { stimulusTitleText } from "@/components/stimulus-view";
import { useLanguage, useT } from "@/lib/intl";

import type { StimulusGroup } from "../lib/stimuli";

/** "Questions 3–5" ("Question 3" for a stimulus of one question). */
export function useStimulusRange(): (group: StimulusGroup) => string {
  const t = useT();
  return (group) =>
    group.first === group.last
      ? t("takeTest.stimulus.forQuestion", { n: group.first + 1 })
      : t("takeTest.stimulus.forQuestions", { first: group.first + 1, last: group.last + 1 });
}

/** The stimulus' title as plain text, or "Shared material" when it has none. */
export function useStimulusTitle(): (group: StimulusGroup) => string {
  const t = useT();
  const { language } = useLanguage();
  return (group) => stimulusTitleText(group.stimulus.title, language) || t("takeTest.stimulus.untitled");
}

export function StimulusNote({
  id,
  group,
  onShow,
}: {
  id?: string;
  group: StimulusGroup;
  onShow?: () => void;
}) {
  const t = useT();
  const title = useStimulusTitle()(group);
  const text =
    group.first === group.last
      ? t("takeTest.stimulus.refersToOne", { n: group.first + 1, title })
      : t("takeTest.stimulus.refersTo", { first: group.first + 1, last: group.last + 1, title });
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <span id={id}>{text}</span>
      {onShow && (
        <button
          type="button"
          onClick={onShow}
          className="rounded font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {t("takeTest.stimulus.show")}
        </button>
      )}
    </p>
  );
}
