/** The states of a list query inside a table body: loading, failed (announced), empty (or no
 * matches when filtered), then the rows. */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { MessageRow } from "@/components/ui/responsive-table";
import { useT } from "@/lib/intl";

export function QueryRows({
  query,
  count,
  colSpan,
  failed,
  empty,
  noMatches,
  filtered = false,
  children,
}: {
  query: Pick<UseQueryResult, "isPending" | "isError">;
  /** Rows on this page (0 shows the empty state once loaded). */
  count: number;
  colSpan: number;
  /** Shown (role="alert") when the query failed. */
  failed: string;
  /** Shown when there is nothing at all. */
  empty: ReactNode;
  /** Shown instead of `empty` when a filter is on. */
  noMatches?: ReactNode;
  filtered?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <MessageRow colSpan={colSpan}>
        <span role="status">{t("common.loading")}</span>
      </MessageRow>
    );
  }
  if (query.isError) {
    return (
      <MessageRow colSpan={colSpan}>
        <span role="alert">{failed}</span>
      </MessageRow>
    );
  }
  if (count === 0) {
    return (
      <MessageRow colSpan={colSpan}>{filtered && noMatches !== undefined ? noMatches : empty}</MessageRow>
    );
  }
  return <>{children}</>;
}

/** The same states for content that is not a table: `children` renders the loaded data. */
export function QueryState<T>({
  query,
  failed,
  children,
}: {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "data">;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t("common.loading")}
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {failed}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
