import { queryOptions } from "@tanstack/react-query";

import { ApiError } from "@/lib/api-client";
import { measured } from "@/lib/server-clock";

import { readDeviceToken } from "../lib/device-token";
import { getAttempt } from "./get-attempt";
import { takeTestKeys } from "./keys";
import { startAttempt } from "./start-attempt";
import type { Attempt } from "./types";

/** What the test page finds: not started (to the preparation page), over (to the result), or the
 * attempt with the server's clock offset (measured around the attempt's request, half its round
 * trip taken off) and this tab's device token. */
export type Session =
  | { kind: "notStarted" }
  | { kind: "over" }
  | { kind: "ready"; attempt: Attempt; offset: number; token: string };

/** Loads the attempt (GET .../attempt, 404 before start); this tab's device token comes from
 * sessionStorage (a reload keeps it), else the attempt is started again, which takes it over from
 * wherever it was open. */
export async function loadSession(enrollmentId: number): Promise<Session> {
  let attempt: Attempt & { clockOffsetMs: number };
  try {
    attempt = await measured((timing) => getAttempt(enrollmentId, timing));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "notStarted" };
    throw error;
  }
  if (attempt.status !== "in_progress") return { kind: "over" };
  let token = readDeviceToken(enrollmentId);
  if (!token) token = (await startAttempt(enrollmentId)).device_token;
  const { clockOffsetMs, ...rest } = attempt;
  return { kind: "ready", attempt: rest, offset: clockOffsetMs, token };
}

/** Read once per page load (the page keeps its own state from then on): never refetched. */
export const sessionQuery = (enrollmentId: number, version: number) =>
  queryOptions({
    queryKey: takeTestKeys.session(enrollmentId, version),
    queryFn: () => loadSession(enrollmentId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
