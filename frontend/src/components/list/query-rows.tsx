/** The states of a list query inside a table body: loading, failed (announced, with "Thử lại"
 * when the query can refetch), empty (or no matches when filtered), then the rows. */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { MessageRow } from "@/components/ui/responsive-table";
import { useT } from "@/lib/intl";

/** A query result that can be fetched again (react-query's `refetch`). */
type Retryable = { refetch?: () => unknown };

/** The failure message (role="alert") and, when the query can refetch, "Thử lại"/"Try again". */
function Failed({ message, query }: { message: string; query: Retryable }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap items-center justify-center gap-3">
      <span role="alert">{message}</span>
      {query.refetch && (
        <Button size="sm" variant="outline" onClick={() => void query.refetch?.()}>
          {t("common.retry")}
        </Button>
      )}
    </span>
  );
}

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
  query: Retryable & Pick<UseQueryResult, "isPending" | "isError">;
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
        <Failed message={failed} query={query} />
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
  query: Retryable & Pick<UseQueryResult<T>, "isPending" | "isError" | "data">;
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
      <div className="text-sm text-red-700">
        <Failed message={failed} query={query} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
