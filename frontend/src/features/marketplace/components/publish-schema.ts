/** The publishing rules of marketplace/services.py (`listings_create`), repeated for comfort with
 * the same limits: per item a test-only price is required, every price is a whole VND from 0 (free)
 * to 100,000,000 (a minus sign or a fraction typed is refused with that message, issue 19). The
 * server still decides; its errors use the same paths (`items.N.field`). */
import { z } from "zod";

import { isVndAmount } from "@/components/vnd-input";
import { vndValue } from "@/components/vnd-value";
import type { MessageId } from "@/lib/intl";

import type { PublishItem } from "../api/types";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

export const MAX_PRICE = 100_000_000;

const item = z.object({
  preset_id: z.number(),
  name: z.string(),
  price_test_only: vndValue,
  price_test_advanced: vndValue,
  price_survey_report: vndValue,
  description: z.string(),
});

const shape = z.object({ items: z.array(item) });

export type PublishValues = z.infer<typeof shape>;
export type PublishItemValues = z.infer<typeof item>;
export const PRICE_FIELDS = ["price_test_only", "price_test_advanced", "price_survey_report"] as const;

export function publishSchema(t: T) {
  return shape.superRefine((v, ctx) => {
    if (v.items.length === 0)
      ctx.addIssue({ code: "custom", path: ["items"], message: t("marketplace.publish.error.none") });
    v.items.forEach((entry, index) => {
      for (const field of PRICE_FIELDS) {
        const value = entry[field];
        const path = ["items", index, field];
        if (value === null) {
          if (field === "price_test_only")
            ctx.addIssue({ code: "custom", path, message: t("validation.required") });
        } else if (!isVndAmount(value) || value > MAX_PRICE) {
          ctx.addIssue({ code: "custom", path, message: t("marketplace.publish.error.price") });
        }
      }
    });
  });
}

export function toPublishItems(values: PublishValues): PublishItem[] {
  return values.items.map((entry) => ({
    preset_id: entry.preset_id,
    price_test_only: entry.price_test_only,
    price_test_advanced: entry.price_test_advanced,
    price_survey_report: entry.price_survey_report,
    description: entry.description.trim(),
  }));
}
