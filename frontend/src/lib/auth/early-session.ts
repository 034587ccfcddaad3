/**
 * The session check that index.html's inline script starts on the signed-in pages before any
 * chunk loads (issue 20: the check no longer waits for the entry, the layout and the page chunks).
 * The session query (get-authorized.ts) takes it as its first answer, once; any mutation (login,
 * logout, a profile switch...) forgets it first, since its answer may no longer be the session's.
 */
declare global {
  interface Window {
    /** Set by index.html's inline script: `fetch("/api/v1/auth/is-authorized")`. */
    __earlySession?: Promise<Response>;
  }
}

/** The early session check's response, the first time only (undefined afterwards, or when the
 * page is not a signed-in one). */
export function takeEarlySession(): Promise<Response> | undefined {
  const early = window.__earlySession;
  delete window.__earlySession;
  return early;
}

/** Forget the early check (its answer may be stale): a mutation started. */
export function forgetEarlySession(): void {
  delete window.__earlySession;
}
