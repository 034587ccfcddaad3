import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { takeTestKeys } from "./keys";
import type { VideoViews } from "./types";

/** GET /api/v1/take-test/{enrollment_id}/video-views: whether the learner's proctoring video of
 * this test is stored or was deleted (when and why), and who viewed it, newest first (issue 24,
 * item 4). Failures are shown inline. */
export function getVideoViews(enrollmentId: number): Promise<VideoViews> {
  return api<VideoViews>(`/api/v1/take-test/${enrollmentId}/video-views`, { silent: true });
}

export const videoViewsQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: takeTestKeys.videoViews(enrollmentId),
    queryFn: () => getVideoViews(enrollmentId),
  });

export function useVideoViews(enrollmentId: number) {
  return useQuery(videoViewsQuery(enrollmentId));
}
