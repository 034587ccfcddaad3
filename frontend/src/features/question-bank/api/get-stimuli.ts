import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { stimulusKeys, type StimulusQuery } from "./keys";
import type { StimulusRow } from "./types";

/** GET /api/v1/stimuli: one page of a bank's shared stimuli (`Page<StimulusRowOut>`: title,
 * status, how many questions), newest first; superseded versions only with `status=superseded`. */
export function getStimuli(query: StimulusQuery): Promise<Page<StimulusRow>> {
  return api<Page<StimulusRow>>("/api/v1/stimuli", { query: { ...query } });
}

export const stimuliQuery = (query: StimulusQuery) =>
  queryOptions({ queryKey: stimulusKeys.list(query), queryFn: () => getStimuli(query) });

export function useStimuli(query: StimulusQuery) {
  return useQuery({ ...stimuliQuery(query), placeholderData: keepPreviousData });
}
