/** The search, status, source and order controls of the takers lists (all takers, one test's
 * takers), bound to the address with `useListParams`. */
import type { ReactNode } from "react";

import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import type { ListParams } from "@/components/list/use-list-params";
import { useT, type MessageId } from "@/lib/intl";

import { ASSIGNMENT_SOURCES, ASSIGNMENT_STATUSES } from "../api/types";
import { ASSIGNMENT_STATUS_LABEL, choicesOf, SOURCE_LABEL, sortChoices } from "./labels";

export const TAKER_PARAMS = { q: "", status: "", source: "", order_by: "-created_at" };
export type TakerParams = ListParams<typeof TAKER_PARAMS>;

export function TakerFilters({
  idPrefix,
  list,
  sorts,
  children,
}: {
  idPrefix: string;
  list: Pick<TakerParams, "values" | "set">;
  sorts: readonly (readonly [string, MessageId])[];
  /** More filters, between the search box and the status. */
  children?: ReactNode;
}) {
  const t = useT();
  const { values, set } = list;
  return (
    <ListToolbar>
      <SearchFilter
        id={`${idPrefix}-search`}
        value={values.q}
        onChange={(q) => set({ q })}
        placeholder={t("assignments.takers.searchPlaceholder")}
      />
      {children}
      <SelectFilter
        id={`${idPrefix}-status`}
        label={t("assignments.col.status")}
        value={values.status}
        onChange={(status) => set({ status })}
        choices={choicesOf(t, ASSIGNMENT_STATUSES, ASSIGNMENT_STATUS_LABEL)}
        allLabel={t("assignments.filter.allLive")}
      />
      <SelectFilter
        id={`${idPrefix}-source`}
        label={t("assignments.col.source")}
        value={values.source}
        onChange={(source) => set({ source })}
        choices={choicesOf(t, ASSIGNMENT_SOURCES, SOURCE_LABEL)}
        allLabel={t("assignments.filter.allSources")}
      />
      <SelectFilter
        id={`${idPrefix}-order`}
        label={t("common.sort")}
        value={values.order_by}
        onChange={(order_by) => set({ order_by })}
        choices={sortChoices(t, sorts)}
      />
    </ListToolbar>
  );
}

/** A positive whole number from the address, or undefined. */
export function toId(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
