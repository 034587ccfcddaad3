/** A list page's search, filters, order and page, kept in the URL (so a link, the back button and
 * a reload show the same rows). Values equal to their default are left out of the address; any
 * change other than the page itself goes back to page 1. Issue 22, decision 0014. */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

export type ListDefaults = Record<string, string>;

export interface ListParams<D extends ListDefaults> {
  /** The current value of each named parameter (its default when absent from the URL). */
  values: { [K in keyof D]: string };
  /** 1-based page number (1 when absent or not a positive whole number). */
  page: number;
  /** True when any parameter other than the order differs from its default (the empty state then
   * says "no matches" rather than "nothing yet"). */
  filtered: boolean;
  /** Change some parameters; the page goes back to 1 unless `page` is among them. */
  set: (changes: Partial<{ [K in keyof D]: string }> & { page?: number }) => void;
}

/** `defaults` names every parameter the page reads and its default; use "order" for the order
 * select so that it does not count as a filter. */
export function useListParams<D extends ListDefaults>(defaults: D): ListParams<D> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as { [K in keyof D]: string };
    for (const key of Object.keys(defaults) as (keyof D & string)[]) {
      out[key] = params.get(key) ?? defaults[key]!;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is a literal per page
  }, [params]);
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const filtered = Object.keys(defaults).some((key) => key !== "order" && values[key] !== defaults[key]);
  const set = useCallback<ListParams<D>["set"]>(
    (changes) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (key === "page") continue;
            if (value === undefined || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          if (changes.page && changes.page > 1) next.set("page", String(changes.page));
          else next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is a literal per page
    [setParams],
  );
  return { values, page, filtered, set };
}
