import type { UseQueryResult } from "@tanstack/react-query";

import type { Page } from "@/lib/api/types";

/** What a table of one page of a list takes: the query, its page and pager, its accessible label
 * and the texts of its empty states (`noMatches` when `filtered`). */
export interface PagedTableProps<T> {
  query: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  noMatches?: string;
  filtered?: boolean;
}
