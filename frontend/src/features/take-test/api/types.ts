/** Payload types of the learner's assignments and of test taking (issue 7), all from the
 * generated OpenAPI types (platform/assignments/schemas.py; ./ops/openapi-types). */
import type { V1Schemas } from "@/lib/api/types";

export type MyAssignment = V1Schemas["MyAssignmentOut"];
export type Preparation = V1Schemas["PrepOut"];
export type CameraConsent = V1Schemas["CameraConsentOut"];
export type Started = V1Schemas["StartOut"];
export type SavedAnswerAck = V1Schemas["AnswerOut"];
export type EventAck = V1Schemas["IntegrityCountOut"];
export type Submitted = V1Schemas["SubmitOut"];
export type Attempt = V1Schemas["AttemptOut"];
export type AttemptQuestion = V1Schemas["AttemptQuestionOut"];
/** A part (phần) of the attempt's form: its name, short name, points per question and the
 * numbers it holds (issue 39; decision 0056). */
export type AttemptPart = V1Schemas["AttemptPartOut"];
export type SavedAnswer = V1Schemas["SavedAnswerOut"];
export type Result = V1Schemas["ResultOut"];
export type ResultAnswer = V1Schemas["ResultAnswerOut"];
export type ReportState = V1Schemas["ReportOut"];
export type AdvancedReportData = V1Schemas["AdvancedReportDataOut"];
/** The proctoring video of the learner's test: stored or deleted, and who viewed it (issue 24). */
export type VideoViews = V1Schemas["VideoViewsOut"];
export type QuestionType = AttemptQuestion["type"];
/** What a row of the learner's list offers next (computed by the server: assignments/window.py). */
export type AssignmentAction = MyAssignment["action"];

/** The answer shapes by question type; null clears. */
export type Answer = SavedAnswer["answer"];
/** The answer key as the result shows it once released (empty for essays). */
export type AnswerKey = ResultAnswer["key"];

/** Assignment status (server): assigned = not started. */
export type AssignmentStatus = "assigned" | "in_progress" | "submitted" | "graded" | "revoked";
export const MY_STATUSES: AssignmentStatus[] = ["assigned", "in_progress", "submitted", "graded"];

export type BreakdownDimension = keyof V1Schemas["BreakdownOut"];

export type IntegrityKind = "tab_hidden" | "blur" | "copy" | "paste" | "context_menu";
/** A shared stimulus of the test (a passage, table or figure; decision 0054), once per test. */
export type AttemptStimulus = V1Schemas["StimulusShownOut"];
