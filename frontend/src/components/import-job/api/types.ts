/** Background import payload types (issue 16 item 8), from the generated OpenAPI types; shared by
 * the question import and the learner import, whose reports differ. */
import type { V1Schemas } from "@/lib/api/types";

/** The report of an import, one of the generated kinds (``QuestionImportOut`` | ``LearnerImportOut``). */
export type ImportJobReport = NonNullable<V1Schemas["ImportJobOut"]["result"]>;

/** A background import (``ImportJobOut``: ``status`` ``queued``, ``running``, ``done`` or
 * ``failed``; ``progress`` in whole percent). ``result``: the report the synchronous import
 * answers, narrowed by the feature to its own kind of the generated union (also the bad rows of
 * a job failed with ``import_invalid``). */
export type ImportJob<Report extends ImportJobReport = ImportJobReport> = Omit<
  V1Schemas["ImportJobOut"],
  "result"
> & { result: Report | null };

/** What an import call answers: the report at once (200), or a background job to poll (202). */
export type ImportOutcome<Report extends ImportJobReport> =
  { kind: "report"; report: Report } | { kind: "job"; job: ImportJob<Report> };
