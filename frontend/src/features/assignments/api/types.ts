/** Payload types of the educator /assignment pages (issue 5, item 7), from the generated OpenAPI
 * types (docs/decisions/0006). */
import type { V1Schemas } from "@/lib/api/types";

export type Assignment = V1Schemas["AssignmentOut"];
export type AssignInput = V1Schemas["AssignIn"];
export type { Batch as BatchRow } from "@/lib/api/batches";
export type Overview = V1Schemas["OverviewOut"];
export type WaitingEntry = V1Schemas["WaitingEntryOut"];
export type { AssignableTest } from "@/lib/api/assignable-tests";
export type { Member as Learner } from "@/lib/api/profiles";
export type { Preset } from "@/lib/api/test-presets";

/** Assignment statuses the API filters on (revoked ones show only when asked for). */
export const ASSIGNMENT_STATUSES = ["assigned", "in_progress", "submitted", "graded", "revoked"] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_SOURCES = ["direct", "purchase"] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];
export const BATCH_STATES = ["upcoming", "open", "ended"] as const;
export type BatchState = (typeof BATCH_STATES)[number];
