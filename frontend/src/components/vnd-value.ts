/** The zod field of an amount typed in a VndInput (vnd-input.tsx), for the forms' schemas; apart
 * from the input so that pages with a VndInput but no schema do not load zod (issue 20). */
import { z } from "zod";

/** A form value of `VndInput` (NaN for text that is no number): the form's own rules refuse
 * what is not a whole amount, with their message. */
export const vndValue = z.union([z.number(), z.nan()]).nullable();
