/** The authoring API's shapes (OpenAPI at /api/v1/docs), all from the generated schemas. */
import type { V1Schemas } from "@/lib/api/types";

export type Bank = V1Schemas["BankOut"];
export type BankDetail = V1Schemas["BankDetailOut"];
export type Question = V1Schemas["QuestionOut"];
export type QuestionRow = V1Schemas["QuestionRowOut"];
export type QuestionInput = V1Schemas["QuestionIn"];
export type MatrixInput = V1Schemas["MatrixIn"];
export type Transition = V1Schemas["TransitionOut"];
export type BulkResult = V1Schemas["BulkResultOut"];
export type ImportReport = V1Schemas["QuestionImportOut"];
export type ClusterInput = V1Schemas["ClusterIn"];
export type QuestionFile = V1Schemas["QuestionFileOut"];
export type FileCandidate = V1Schemas["CandidateOut"];
export type FileCandidateInput = V1Schemas["CandidateIn"];
export type QuestionFileImportReport = V1Schemas["QuestionFileImportOut"];
export type Stimulus = V1Schemas["StimulusOut"];
export type StimulusRow = V1Schemas["StimulusRowOut"];
export type StimulusInput = V1Schemas["StimulusIn"];
export type StimulusRef = V1Schemas["StimulusRefOut"];
