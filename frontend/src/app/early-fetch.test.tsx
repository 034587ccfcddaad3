import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { listingsQuery } from "@/features/marketplace/api/get-listings";
import MarketplaceRoute, { FIRST_ROW } from "@/features/marketplace/routes/marketplace";
import { LISTING } from "@/features/marketplace/testing/fixtures";
import { myAssignmentsQuery } from "@/features/take-test/api/get-my-assignments";
import { sessionQuery } from "@/features/take-test/api/get-session";
import { attempt } from "@/features/take-test/testing/fixtures";
import MyTestsRoute from "@/features/take-test/routes/my-tests";
import TakeTestRoute from "@/features/take-test/routes/take-test";
import { getAuthorized } from "@/lib/auth/get-authorized";
import { forgetEarly, type EarlyFetch } from "@/lib/early-fetch";
import { request } from "@/lib/api-client";
import { storeLanguage } from "@/lib/language";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";
import { renderRoute } from "@/testing/render-route";

import html from "../../index.html?raw";

import type { RouteHandle } from "./guard";
import { BlankLayout } from "./layouts/blank-layout";
import { DefaultLayout } from "./layouts/default-layout";
import { createAppRouter } from "./router";
import { routes } from "./routes";

const SESSION = "/api/v1/auth/is-authorized";
/** The header's first requests (its badges), then the default layout's own for a learner. */
const HEADER = [
  "/api/v1/shopping-cart",
  "/api/v1/transaction?page=1&limit=1&status=PENDING",
  "/api/v1/notification/unread-count",
];
const DEFAULT_LAYOUT = [
  "/api/v1/consent/me",
  "/api/v1/survey-users/my-list?page=1&limit=5&order_by=-created_at&status=in_progress",
];

/** index.html's inline script, run at `path` (and `search`) with `lang` stored; returns its fetch
 * calls and what it left on `window.__early`. */
function runScript(
  path: string,
  lang?: string,
  search = "",
  answer: (url: string) => Response = () => new Response("{}"),
) {
  const code = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const fetch = vi.fn((url: string) => Promise.resolve(answer(url)));
  const win: { __early?: Record<string, EarlyFetch> } = {};
  const storage = { getItem: () => lang ?? null };
  new Function("location", "localStorage", "fetch", "window", code)(
    { pathname: path, search },
    storage,
    fetch,
    win,
  );
  return {
    fetch,
    early: win.__early,
    urls: fetch.mock.calls.map((call) => (call as unknown[])[0] as string),
  };
}

/** Every concrete path of the route table and whether its page needs the session. */
function paths(list: RouteObject[], base = "", needsUser = false): [string, boolean][] {
  return list.flatMap((route) => {
    const handle = route.handle as RouteHandle | undefined;
    const needs = needsUser || !!handle?.auth || !!handle?.roles;
    const segment = route.path ?? "";
    const path = segment.startsWith("/") ? segment : `${base}/${segment}`.replace(/\/+/g, "/");
    const concrete =
      path
        .replace(/:\w+\?/g, "")
        .replace(/:\w+/g, "1")
        .replace(/\*/g, "x")
        .replace(/\/+$/, "") || "/";
    const own: [string, boolean][] = route.path !== undefined || route.index ? [[concrete, needs]] : [];
    return [...own, ...paths(route.children ?? [], path, needs)];
  });
}

afterEach(() => {
  forgetEarly();
  storeLanguage("vi");
  vi.unstubAllGlobals();
});

afterEach(() => vi.useRealTimers());

describe("index.html's early requests (issue 20)", () => {
  it("start the session check on every signed-in page of the route table and on no public page", () => {
    const all = paths(routes).filter(([path]) => path !== "/x"); // the not-found page: public
    expect(all.length).toBeGreaterThan(80);
    for (const [path, needsUser] of all) {
      const { urls } = runScript(path);
      expect([path, urls.includes(SESSION)]).toEqual([path, needsUser]);
    }
  });

  it("ask for the first data of the marketplace, my tests and the test page and their layouts", () => {
    expect(runScript("/marketplace").urls).toEqual([
      SESSION,
      ...HEADER,
      ...DEFAULT_LAYOUT,
      "/api/v1/marketplace?page=1&limit=12&order_by=-published_at",
      "/api/v1/marketplace/subjects",
    ]);
    expect(runScript("/assignment/student/").urls).toEqual([
      SESSION,
      ...HEADER,
      ...DEFAULT_LAYOUT,
      "/api/v1/assignment-users/my-list?page=1&limit=10",
    ]);
    expect(runScript("/take-test/12").urls).toEqual([SESSION, ...HEADER, "/api/v1/take-test/12/attempt"]);
    expect(runScript("/take-test/preparation/12").urls).toEqual([SESSION]);
    expect(runScript("/marketplace/31").urls).toEqual([SESSION]);
    // filters or a page number: the layout's data only, the page asks for its own rows
    expect(runScript("/marketplace", "vi", "?page=2").urls).toEqual([SESSION, ...HEADER, ...DEFAULT_LAYOUT]);
    expect(runScript("/").urls).toEqual([]);
  });

  it("send the API client's headers: the session cookie, JSON and the stored language", async () => {
    const sent = runScript("/marketplace", '"en"');
    for (const call of sent.fetch.mock.calls as unknown[][]) {
      expect(call[1]).toEqual({
        credentials: "include",
        headers: { Accept: "application/json", "Accept-Language": "en" },
      });
    }
    expect(Object.values(sent.early!).map((e) => e.lang)).toEqual(Array(8).fill("en"));
    // What the client sends with a GET of its own (no CSRF token, no profile header on a GET).
    storeLanguage("en");
    const { calls } = mockApi({ [SESSION]: ok(authorizedAs("LEARNER")) });
    await getAuthorized();
    expect(calls[0]!.headers).toEqual({ Accept: "application/json", "Accept-Language": "en" });
  });
});

/** The GET paths a page asks for in its first render (the session check left out). */
async function firstRequests(render: () => void, expected: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
  const { calls } = mockApi({
    [SESSION]: ok(authorizedAs("LEARNER")),
    "/api/v1/marketplace": ok({ items: [], page: 1, limit: 12, total: 0 }),
    "/api/v1/marketplace/subjects": ok([]),
    "/api/v1/assignment-users/my-list": ok({ items: [], page: 1, limit: 10, total: 0 }),
    "/api/v1/take-test/12/attempt": ok(attempt()),
    "/api/v1/take-test/12/start": ok({ attempt_id: 1, device_token: "t", deadline_at: null, server_now: "" }),
  });
  render();
  const gets = () => calls.filter((c) => c.method === "GET" && c.path !== SESSION).map((c) => c.path);
  await vi.waitFor(() => expect(gets().length).toBeGreaterThanOrEqual(expected));
  await vi.advanceTimersByTimeAsync(50);
  return gets().sort();
}

describe("the script's URLs are the pages' first requests", () => {
  it.each([
    ["/marketplace", "/marketplace", () => <MarketplaceRoute />],
    ["/assignment/student", "/assignment/student", () => <MyTestsRoute />],
    ["/take-test/:test_user_assignment_id", "/take-test/12", () => <TakeTestRoute />],
  ])("%s", async (pattern, path, element) => {
    const layout = [SESSION, ...HEADER, ...DEFAULT_LAYOUT];
    const script = runScript(path).urls.filter((url) => !layout.includes(url));
    expect(script.length).toBeGreaterThan(0);
    const asked = await firstRequests(() => renderRoute(pattern, path, element()), script.length);
    expect(asked).toEqual([...script].sort());
  });
});

describe("the marketplace's first row of covers (its largest paint)", () => {
  afterEach(() => document.head.querySelectorAll('link[as="image"]').forEach((link) => link.remove()));

  const cover = (name: string) => `/media/listing-covers/2/${name}.webp`;
  const items = [
    { id: 1, cover_image: cover("a") },
    { id: 2, cover_image: null },
    { id: 3, cover_image: cover("c") },
    { id: 4, cover_image: cover("d") },
  ];
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => [
      link.getAttribute("href"),
      link.getAttribute("media"),
      link.getAttribute("fetchpriority"),
    ]);

  it("are preloaded by the script as the listings arrive, each from the width its row shows it", async () => {
    runScript("/marketplace", "vi", "", (url) =>
      url.startsWith("/api/v1/marketplace?")
        ? envelope({ items, page: 1, limit: 12, total: 4 })
        : envelope({}),
    );
    await vi.waitFor(() => expect(preloads().length).toBeGreaterThan(0));
    // a phone shows the first card in its first row, 640 px two, 1280 px three (FIRST_ROW)
    expect(preloads()).toEqual([
      [cover("a"), null, "high"],
      [cover("c"), "(min-width: 1280px)", "high"],
    ]);
    expect(FIRST_ROW).toBe(3);
  });

  it("are not preloaded when the listings fail", async () => {
    const sent = runScript("/marketplace", "vi", "", () => envelope({}, 403));
    await Promise.all(Object.values(sent.early!).map((e) => e.response));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual([]);
  });

  it("load at once and first in the grid's first row, lazily after it", async () => {
    const listing = (id: number) => ({ ...LISTING, id, name: `Đề ${id}`, cover_image: cover(`c${id}`) });
    mockApi({
      [SESSION]: ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": ok({ items: [1, 2, 3, 4].map(listing), page: 1, limit: 12, total: 4 }),
      "/api/v1/marketplace/subjects": ok([]),
    });
    renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />);
    const images = await vi.waitFor(() => {
      const found = document.querySelectorAll("ul img");
      expect(found).toHaveLength(4);
      return [...found];
    });
    expect(
      images.map((img) => [
        img.getAttribute("src"),
        img.getAttribute("loading"),
        img.getAttribute("fetchpriority"),
      ]),
    ).toEqual([
      [cover("c1"), "eager", "high"],
      [cover("c2"), "eager", "high"],
      [cover("c3"), "eager", "high"],
      [cover("c4"), "lazy", "auto"],
    ]);
  });
});

describe("the script's layout URLs are the layouts' first requests for a learner", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["the default layout", "/marketplace", DefaultLayout, [...HEADER, ...DEFAULT_LAYOUT]],
    ["the blank layout", "/take-test/12", BlankLayout, HEADER],
  ])("%s", async (_name, path, Layout, expected) => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const learner = authorizedAs("LEARNER");
    learner.user.has_pandai_survey_account = true; // the ongoing-survey prompt asks
    const { calls } = mockApi({
      [SESSION]: ok(learner),
      "/api/v1/shopping-cart": ok({ items: [], total_price: 0 }),
      "/api/v1/transaction": ok({ items: [], page: 1, limit: 1, total: 0 }),
      "/api/v1/notification/unread-count": ok({ count: 0 }),
      "/api/v1/consent/me": ok({ applies: false, prompt: [], blocked: null }),
      "/api/v1/survey-users/my-list": ok({ items: [], page: 1, limit: 5, total: 0 }),
    });
    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: "*", element: <h1>·</h1> }] }],
      {
        initialEntries: [path],
      },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const gets = () => calls.filter((c) => c.method === "GET" && c.path !== SESSION).map((c) => c.path);
    await vi.waitFor(() => expect(gets().length).toBeGreaterThanOrEqual(expected.length));
    await vi.advanceTimersByTimeAsync(50);
    const script = runScript(path).urls.filter((url) => expected.includes(url));
    expect(script).toEqual(expected);
    expect(gets().sort()).toEqual([...expected].sort());
  });
});

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 300, data, message: "" }), { status });

/** An early request as the script leaves it. */
function early(url: string, answer: Promise<Response>, lang = "vi", sentAt = 1_000, receivedAt = 1_600) {
  window.__early = { ...window.__early, [url]: { lang, response: answer, sentAt, receivedAt } };
}

const LISTINGS = "/api/v1/marketplace?page=1&limit=12&order_by=-published_at";
const FIRST_PAGE = { page: 1, limit: 12, order_by: "-published_at" };
const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("the hand-over to the queries", () => {
  it("the marketplace's listings: the early answer once, then the server", async () => {
    const fetch = vi.fn(() => Promise.resolve(envelope({ items: [], total: 0, from: "server" })));
    vi.stubGlobal("fetch", fetch);
    early(LISTINGS, Promise.resolve(envelope({ items: [{ id: 31 }], total: 1, from: "early" })));
    const client = fresh();
    expect(await client.fetchQuery(listingsQuery(FIRST_PAGE))).toEqual({
      items: [{ id: 31 }],
      total: 1,
      from: "early",
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__early).toEqual({});
    await client.invalidateQueries();
    expect(await client.fetchQuery(listingsQuery(FIRST_PAGE))).toEqual({
      items: [],
      total: 0,
      from: "server",
    });
    expect(fetch.mock.calls).toEqual([[LISTINGS, expect.objectContaining({ method: "GET" })]]);
  });

  it("my tests: the early answer once, then the server", async () => {
    const url = "/api/v1/assignment-users/my-list?page=1&limit=10";
    const fetch = vi.fn(() => Promise.resolve(envelope({ items: [], total: 0 })));
    vi.stubGlobal("fetch", fetch);
    early(url, Promise.resolve(envelope({ items: [{ enrollment_id: 5 }], total: 1 })));
    const client = fresh();
    const query = { page: 1, limit: 10, search: undefined, status: undefined };
    expect(await client.fetchQuery(myAssignmentsQuery(query))).toEqual({
      items: [{ enrollment_id: 5 }],
      total: 1,
    });
    expect(fetch).not.toHaveBeenCalled();
    await client.invalidateQueries();
    expect(await client.fetchQuery(myAssignmentsQuery(query))).toEqual({ items: [], total: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("the test page: the early attempt once, the clock measured around the early request", async () => {
    window.sessionStorage.setItem("takeTest.token.12", "tok-1");
    const later = attempt({ server_now: "2026-11-22T08:00:10.000Z" });
    const fetch = vi.fn(() => Promise.resolve(envelope(later)));
    vi.stubGlobal("fetch", fetch);
    const first = attempt({ server_now: new Date(1_300 + 500).toISOString() });
    early("/api/v1/take-test/12/attempt", Promise.resolve(envelope(first)), "vi", 1_000, 1_600);
    const client = fresh();
    const { server_now, ...rest } = first;
    expect(await client.fetchQuery(sessionQuery(12, 0))).toEqual({
      kind: "ready",
      attempt: { ...rest, server_now },
      offset: 500, // server_now 1,800 - midpoint 1,300 of the early request (sent 1,000, answered 1,600)
      token: "tok-1",
    });
    expect(fetch).not.toHaveBeenCalled();
    const second = await client.fetchQuery(sessionQuery(12, 1)); // the page's "reload"
    expect(second).toMatchObject({ kind: "ready", attempt: { server_now: "2026-11-22T08:00:10.000Z" } });
    expect(fetch).toHaveBeenCalledTimes(1);
    window.sessionStorage.clear();
  });

  it("the session check: the early answer once, then the server", async () => {
    const answer = (email: string) => envelope({ user: { email } });
    const fetch = vi.fn(() => Promise.resolve(answer("later@example.com")));
    vi.stubGlobal("fetch", fetch);
    early(SESSION, Promise.resolve(answer("early@example.com")));
    expect(await getAuthorized()).toEqual({ user: { email: "early@example.com" } });
    expect(fetch).not.toHaveBeenCalled();
    expect(await getAuthorized()).toEqual({ user: { email: "later@example.com" } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("an early answer is not used", () => {
  const server = () => {
    const fetch = vi.fn(() => Promise.resolve(envelope({ items: [], total: 0, from: "server" })));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  };
  const FROM_SERVER = { items: [], total: 0, from: "server" };

  it("when it is not a 2xx, or failed: the server is asked", async () => {
    const fetch = server();
    early(LISTINGS, Promise.resolve(envelope(null, 503)));
    expect(await fresh().fetchQuery(listingsQuery(FIRST_PAGE))).toEqual(FROM_SERVER);
    early(LISTINGS, Promise.reject(new TypeError("Failed to fetch")));
    expect(await fresh().fetchQuery(listingsQuery(FIRST_PAGE))).toEqual(FROM_SERVER);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("when it was sent in the other language, or for another URL", async () => {
    const fetch = server();
    early(LISTINGS, Promise.resolve(envelope({ from: "early" })), "en");
    expect(await fresh().fetchQuery(listingsQuery(FIRST_PAGE))).toEqual(FROM_SERVER);
    early(LISTINGS, Promise.resolve(envelope({ from: "early" })));
    expect(await fresh().fetchQuery(listingsQuery({ ...FIRST_PAGE, page: 2 }))).toEqual(FROM_SERVER);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(Object.keys(window.__early!)).toEqual([LISTINGS]); // still there for its own URL
  });

  it.each([
    ["a login", "/public/api/auth/login"],
    ["a logout", "/api/v1/auth/logout"],
    ["a profile switch", "/api/v1/users/switch-profile"],
  ])("after %s (any request that changes something): every early answer is forgotten", async (_, path) => {
    document.cookie = "csrftoken=test-token";
    const fetch = server();
    early(SESSION, Promise.resolve(envelope({ user: { email: "stale@example.com" } })));
    early(LISTINGS, Promise.resolve(envelope({ from: "stale" })));
    await request(path, { method: "POST", body: {} });
    expect(window.__early).toBeUndefined();
    expect(await fresh().fetchQuery(listingsQuery(FIRST_PAGE))).toEqual(FROM_SERVER);
    expect(await getAuthorized()).toEqual(FROM_SERVER);
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([path, LISTINGS, SESSION]);
  });

  it("after the first navigation away from the address the page was loaded at", async () => {
    early(LISTINGS, Promise.resolve(envelope({ from: "early" })));
    const router = createAppRouter();
    expect(window.__early).toBeDefined();
    await router.navigate("/login");
    expect(window.__early).toBeUndefined();
    router.dispose();
  });
});
