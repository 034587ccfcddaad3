/**
 * The GET requests that index.html's inline script starts on the signed-in pages before any chunk
 * loads (issue 20, decisions 0029 and 0031): the session check on every signed-in page, and on
 * /marketplace, /assignment/student and the test page the first data of their layout (the
 * header's badges; in the default layout the consent state and the ongoing survey) and of the
 * page itself. Each is left on
 * `window.__early`, keyed by its URL (path and query string, as `buildUrl` writes them).
 *
 * The API client (`request` in api-client.ts) takes one as the answer of the same GET, once:
 * only with the same URL and the same `Accept-Language`, and only a 2xx answer (anything else,
 * or a network failure, and the client asks the server itself). They are forgotten, all at once,
 * when their answers may no longer be this page's or this session's: when the client sends a
 * request that changes something (a POST, PUT, PATCH or DELETE: login, logout, a profile
 * switch, a save...) and on the first navigation away from the address the HTML was loaded for
 * (router.tsx). So a learner's early answers are never shown after the session changed here.
 */
export interface EarlyFetch {
  /** The `Accept-Language` it was sent with: "vi" or "en". */
  lang: string;
  /** `fetch(url, { credentials: "include", headers: { Accept, "Accept-Language" } })`. */
  response: Promise<Response>;
  /** `Date.now()` (ms) when it was sent. */
  sentAt: number;
  /** `Date.now()` (ms) when its response headers had arrived; unset until then. */
  receivedAt?: number;
}

declare global {
  interface Window {
    /** Set by index.html's inline script on the signed-in pages: URL -> its early GET. */
    __early?: Record<string, EarlyFetch>;
  }
}

/** The early GET of `url` sent in `lang`, the first time it is asked for (undefined afterwards,
 * when none was sent, or when it was sent in another language). */
export function takeEarly(url: string, lang: string): EarlyFetch | undefined {
  const all = window.__early;
  const early = all?.[url];
  if (!all || !early) return undefined;
  delete all[url];
  return early.lang === lang ? early : undefined;
}

/** Forget every early GET (their answers may be stale): a request that changes something was
 * sent, or the page left the address it was loaded at. */
export function forgetEarly(): void {
  delete window.__early;
}
