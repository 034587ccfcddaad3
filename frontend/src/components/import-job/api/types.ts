/** Background import payload types (issue 16 item 8), from the generated OpenAPI types; shared by
 * the question import and the learner import, whose reports differ. */
import type { V1Schemas } from "@/lib/api/types";

/** A background import (``ImportJobOut``: ``status`` ``queued``, ``running``, ``done`` or
 * ``failed``; ``progress`` in whole percent). ``result``: the report the synchronous import
 * answers, typed by the feature (also the bad rows of a job failed with ``import_invalid``). */
export type ImportJob<Report> = Omit<V1Schemas["ImportJobOut"], "result"> & { result: Report | null };

/** What an import call answers: the report at once (200), or a background job to poll (202). */
export type ImportOutcome<Report> =
  { kind: "report"; report: Report } | { kind: "job"; job: ImportJob<Report> };
