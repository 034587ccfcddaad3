/** The direct-assignment rules of assignments/services.py (`_direct_fields`), repeated for the
 * user's comfort with the same limits; the server still decides. */
import { z } from "zod";

import { NONE } from "@/components/ui/field";
import { isVndAmount } from "@/components/vnd-input";
import { vndValue } from "@/components/vnd-value";
import { isoNoMillis } from "@/lib/format";
import type { MessageId } from "@/lib/intl";

import type { AssignInput } from "../api/types";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

export const MAX_ATTEMPTS = 10;
export const MAX_LEARNERS = 500;
export const MAX_COST = 1_000_000_000;

const learner = z.object({ id: z.number(), name: z.string(), email: z.string() });

const shape = z.object({
  preset_id: z.string(),
  batch_id: z.string(),
  learners: z.array(learner),
  attempts_allowed: z.string(),
  due_at: z.string(),
  requires_purchase: z.boolean(),
  purchase_cost: vndValue,
});

export type AssignValues = z.infer<typeof shape>;

const chosen = (value: string) => value !== "" && value !== NONE;

export function assignSchema(t: T, now: () => number = Date.now) {
  return shape.superRefine((v, ctx) => {
    const issue = (path: string, id: MessageId, values?: Record<string, string | number>) =>
      ctx.addIssue({ code: "custom", path: [path], message: t(id, values) });
    if (!chosen(v.preset_id)) issue("preset_id", "validation.required");
    if (!chosen(v.batch_id)) issue("batch_id", "assignments.form.error.batch");
    if (v.learners.length === 0) issue("learners", "assignments.form.error.learners");
    else if (v.learners.length > MAX_LEARNERS)
      issue("learners", "assignments.form.error.tooMany", { max: MAX_LEARNERS });
    const attempts = v.attempts_allowed.trim();
    if (!/^\d+$/.test(attempts) || Number(attempts) < 1 || Number(attempts) > MAX_ATTEMPTS)
      issue("attempts_allowed", "assignments.form.error.attempts", { max: MAX_ATTEMPTS });
    if (v.due_at) {
      const due = new Date(v.due_at).getTime();
      if (Number.isNaN(due) || due <= now()) issue("due_at", "assignments.form.error.dueFuture");
    }
    if (v.requires_purchase) {
      // A minus sign or a fraction typed is refused with the range message (issue 19).
      if (v.purchase_cost !== null && (!isVndAmount(v.purchase_cost) || v.purchase_cost > MAX_COST))
        issue("purchase_cost", "assignments.form.error.costMax");
      else if (v.purchase_cost === null || v.purchase_cost === 0)
        issue("purchase_cost", "assignments.form.error.cost");
    }
  });
}

/** The POST /api/v1/assignments body of valid form values (the due date as ISO UTC). */
export function toAssignInput(v: AssignValues): AssignInput {
  return {
    preset_id: Number(v.preset_id),
    batch_id: Number(v.batch_id),
    learner_profile_ids: v.learners.map((l) => l.id),
    attempts_allowed: Number(v.attempts_allowed),
    due_at: v.due_at ? isoNoMillis(new Date(v.due_at)) : null,
    requires_purchase: v.requires_purchase,
    purchase_cost: v.requires_purchase ? (v.purchase_cost ?? 0) : 0,
  };
}
