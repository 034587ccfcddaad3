/** Addresses of the grading pages; the list's filters (test, batch, pending or graded) travel
 * with the editor so that "next" follows them and "back" returns to the same list. */
const FILTERS = ["preset", "batch", "state"] as const;

type Params = URLSearchParams | Partial<Record<string, string>>;

function carried(params: Params): URLSearchParams {
  const get = (key: string) => (params instanceof URLSearchParams ? params.get(key) : params[key]);
  const next = new URLSearchParams();
  for (const key of FILTERS) {
    const value = get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** The editor's address for an answer, carrying the list's filters. */
export function editorPath(answerId: number, params: Params): string {
  const next = new URLSearchParams({ answer: String(answerId) });
  for (const [key, value] of carried(params)) next.set(key, value);
  return `/assignment/grading/edit?${next.toString()}`;
}

/** The grading list with the filters of `params`. */
export function listPath(params: Params): string {
  const query = carried(params).toString();
  return `/assignment/grading/list${query ? `?${query}` : ""}`;
}
