/** The query keys of the learner's tests (issue 22: one factory, never a literal array in a
 * page). */
import type { MyListQuery } from "./get-my-assignments";

export const takeTestKeys = {
  all: ["take-test"] as const,
  preparation: (enrollmentId: number) => [...takeTestKeys.all, "preparation", enrollmentId] as const,
  /** One load of the test page (`version` counts the loads after a take-back). */
  session: (enrollmentId: number, version: number) =>
    [...takeTestKeys.all, "session", enrollmentId, version] as const,
  result: (enrollmentId: number) => [...takeTestKeys.all, "result", enrollmentId] as const,
  report: (enrollmentId: number) => [...takeTestKeys.all, "report", enrollmentId] as const,
  videoViews: (enrollmentId: number) => [...takeTestKeys.all, "video-views", enrollmentId] as const,
};

export const myAssignmentKeys = {
  all: ["my-assignments"] as const,
  lists: () => [...myAssignmentKeys.all, "list"] as const,
  list: (query: MyListQuery) => [...myAssignmentKeys.lists(), query] as const,
  detail: (enrollmentId: number) => [...myAssignmentKeys.all, "detail", enrollmentId] as const,
};
