/** The shared stimuli of an attempt (decision 0054): which questions hang from each, by their
 * places in the test. The server keeps a stimulus' questions together and in order. */
import type { AttemptQuestion, AttemptStimulus } from "../api/types";

export interface StimulusGroup {
  stimulus: AttemptStimulus;
  /** The places (from 0) of its first and last question in the test. */
  first: number;
  last: number;
}

/** Each stimulus' group by its id, in the test's order. */
export function stimulusGroups(
  questions: Pick<AttemptQuestion, "stimulus_id">[],
  stimuli: AttemptStimulus[],
): Map<number, StimulusGroup> {
  const byId = new Map(stimuli.map((s) => [s.id, s]));
  const groups = new Map<number, StimulusGroup>();
  questions.forEach((q, index) => {
    const stimulus = q.stimulus_id === null ? undefined : byId.get(q.stimulus_id);
    if (!stimulus) return;
    const group = groups.get(stimulus.id);
    if (group) group.last = index;
    else groups.set(stimulus.id, { stimulus, first: index, last: index });
  });
  return groups;
}
