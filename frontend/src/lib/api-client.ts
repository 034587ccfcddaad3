/**
 * The one API client (ARCHITECTURE.md "SPA"; error catalogue of spec §8):
 * - cookies as credentials, CSRF token header on unsafe methods, Accept-Language from `lang`;
 * - a GET that index.html's inline script already sent (early-fetch.ts: same URL, same language,
 *   no extra header) takes that answer once if it is a 2xx, else asks the server itself; any
 *   request that changes something (login, logout, a profile switch, a save...) forgets them all;
 * - a failed response shows a destructive toast titled "<status> Error" with the server message
 *   (`errorTitle`: "Lỗi 401" / "401 Error" in the language on screen), except 404 (silent) and
 *   307 (no toast); 401 also sends the user to / unless already there; every failure is re-raised
 *   to the caller as an ApiError;
 * - the 401s a logout causes are never errors: while this page is logging out (`sessionEnding`
 *   until the logout is over) a 401 neither toasts nor redirects, and a request sent before the
 *   session ended here (`sessionEnded`) fails quietly whatever its status: its answer is the
 *   logout's own effect, not a reason to leave the page the user has gone to since. From the
 *   logout until a session starts again on this page (`sessionStarted`: a login, an invited
 *   registration) a 401 is what this page expects (the header's cart, unread count and pending
 *   transactions, read again as the signed-in screens leave): it neither toasts nor redirects.
 */
import { forgetEarly, takeEarly } from "./early-fetch";
import { translate } from "./intl";
import { storedLanguage } from "./language";
import { toast } from "./toast-store";

export interface ApiEnvelope<T> {
  success: boolean;
  data: T;
  message: string;
}

export class ApiError extends Error {
  status: number;
  code: string;
  errors: Record<string, string[]>;
  body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
    this.status = status;
    this.code = typeof body.code === "string" ? body.code : "";
    this.errors = (body.errors as Record<string, string[]>) ?? {};
    this.body = body;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Counts the sessions this page has ended; a request remembers the count it was sent under. */
let sessionEpoch = 0;

/** Call when this page ends its session (logout): answers to requests sent before it no longer
 * toast or redirect. The server ends the session on every process at once, so those answers are
 * 401s. */
export function sessionEnded(): void {
  sessionEpoch += 1;
  signedOut = true;
}

/** Whether this page ended its session and has not started another since (a 401 is expected). */
let signedOut = false;

/** Call when a session starts on this page without a reload (a login, an invited registration):
 * from now on a 401 is again a session that ended elsewhere (toast, then `/`). */
export function sessionStarted(): void {
  signedOut = false;
}

/** Logouts under way on this page (normally 0 or 1). */
let ending = 0;

/** Call when this page starts logging out (before the request leaves): until the returned `over`
 * is called (once the logout has failed, or has left the page and dropped its cache), a 401 is
 * the logout's own effect and is neither toasted nor redirected. Requests in flight answer 401 as
 * soon as the server ends the session, which can be before the logout's own answer arrives. */
export function sessionEnding(): () => void {
  ending += 1;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    ending -= 1;
  };
}

/** The title of a failure toast: vi "Lỗi 401", en "401 Error" (spec §8 "<status> Error"). */
export function errorTitle(status: number): string {
  return translate("toast.errorStatus", { status: String(status) });
}

export function csrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1] ?? "") : "";
}

async function ensureCsrf(): Promise<string> {
  let token = csrfToken();
  if (!token) {
    await fetch("/public/api/auth/csrf", { credentials: "include" });
    token = csrfToken();
  }
  return token;
}

/** Told when the request that brought an answer was sent and when its headers arrived
 * (`Date.now()`, ms): `RequestOptions.onTiming`, read by server-clock.ts `measured`. */
export type RequestTiming = (sentAt: number, receivedAt: number) => void;

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not toast failures (the caller shows them inline). */
  silent?: boolean;
  raw?: boolean;
  /** Extra request headers (e.g. the test page's `X-Device-Token`). */
  headers?: Record<string, string>;
  /** Let the request outlive the page (fetch `keepalive`, for saves sent on `pagehide`). */
  keepalive?: boolean;
  /** Told when the answer's request was sent and when its headers arrived (`Date.now()`, ms),
   * whether it was sent here or by index.html's script earlier (server-clock.ts `measured`). */
  onTiming?: RequestTiming;
}

export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = path.startsWith("/") ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function handleFailure(
  status: number,
  body: Record<string, unknown>,
  silent = false,
  staleSession = false,
): ApiError {
  const error = new ApiError(status, body);
  if (staleSession || (status === 401 && (ending > 0 || signedOut))) return error;
  if (status === 401 && window.location.pathname !== "/") {
    window.location.assign("/");
  }
  if (!silent && status !== 404 && status !== 307) {
    toast({ variant: "destructive", title: errorTitle(status), description: error.message });
  }
  return error;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? "GET").toUpperCase();
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": storedLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (UNSAFE.has(method)) {
    forgetEarly();
    headers["X-CSRFToken"] = await ensureCsrf();
  }
  const epoch = sessionEpoch;
  const url = buildUrl(path, options.query);
  const early =
    method === "GET" && !options.headers ? takeEarly(url, headers["Accept-Language"]!) : undefined;
  let response = early && (await early.response.catch(() => undefined));
  if (early && response?.ok) {
    options.onTiming?.(early.sentAt, early.receivedAt ?? Date.now());
  } else {
    const sentAt = Date.now();
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: "include",
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    options.onTiming?.(sentAt, Date.now());
  }
  if (!response.ok) {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = (await response.json()) as Record<string, unknown>;
    } catch {
      parsed = { message: response.statusText };
    }
    throw handleFailure(response.status, parsed, options.silent, epoch !== sessionEpoch);
  }
  if (options.raw) return response as unknown as T;
  return (await response.json()) as T;
}

/** ``data`` of a successful envelope. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await request<ApiEnvelope<T>>(path, options);
  return envelope.data;
}

/** POST `form` (multipart) to `path` with upload progress, which `fetch` cannot report:
 * `onProgress` gets 0..1 as bytes leave. Same credentials, CSRF token and language as `request`;
 * a failure is an ApiError shown inline, never as a toast (status 0 with code "network" or
 * "aborted" when nothing came back). `abort()` cancels the upload. Resolves with the envelope's
 * `data`. */
export function upload<T = unknown>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void = () => {},
): { promise: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  forgetEarly();
  const promise = (async () => {
    const token = await ensureCsrf();
    const epoch = sessionEpoch;
    return new Promise<T>((resolve, reject) => {
      xhr.open("POST", buildUrl(path));
      xhr.withCredentials = true;
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Accept-Language", storedLanguage());
      xhr.setRequestHeader("X-CSRFToken", token);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          body = { message: xhr.statusText };
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve(body.data as T);
          return;
        }
        reject(handleFailure(xhr.status, body, true, epoch !== sessionEpoch));
      };
      xhr.onerror = () => reject(new ApiError(0, { code: "network" }));
      xhr.onabort = () => reject(new ApiError(0, { code: "aborted" }));
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}
