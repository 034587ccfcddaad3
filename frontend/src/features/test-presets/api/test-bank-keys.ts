/** The test banks' query keys (issue 19): invalidate through these, never a literal. The presets
 * in a bank are read through `presetListQuery` (`test_bank_id`) of `@/lib/api/test-presets`. */
import type { ListQuery } from "@/lib/api/types";

export type TestBankQuery = ListQuery;

export const testBankKeys = {
  all: ["test-banks"] as const,
  lists: () => [...testBankKeys.all, "list"] as const,
  list: (query: TestBankQuery) => [...testBankKeys.lists(), query] as const,
  detail: (id: number) => [...testBankKeys.all, "detail", id] as const,
};
