import type { RouteObject } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { getAuthorized } from "@/lib/auth/get-authorized";
import { forgetEarlySession, takeEarlySession } from "@/lib/auth/early-session";
import { queryClient } from "@/lib/query-client";

import html from "../../index.html?raw";

import type { RouteHandle } from "./guard";
import { routes } from "./routes";

/** index.html's inline session script, run at `path` with `lang` stored; returns its fetch calls. */
function runScript(path: string, lang?: string) {
  const code = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
  const win: { __earlySession?: unknown } = {};
  const storage = { getItem: () => lang ?? null };
  new Function("location", "localStorage", "fetch", "window", code)({ pathname: path }, storage, fetch, win);
  return { fetch, started: win.__earlySession !== undefined };
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
  forgetEarlySession();
  vi.unstubAllGlobals();
});

describe("index.html's early session check (issue 20)", () => {
  it("starts on every signed-in page of the route table and on no public page", () => {
    const all = paths(routes).filter(([path]) => path !== "/x"); // the not-found page: public
    expect(all.length).toBeGreaterThan(80);
    for (const [path, needsUser] of all) expect([path, runScript(path).started]).toEqual([path, needsUser]);
  });

  it("asks with the session cookie and the stored language", () => {
    expect(runScript("/marketplace", "en").fetch).toHaveBeenCalledWith("/api/v1/auth/is-authorized", {
      credentials: "include",
      headers: { Accept: "application/json", "Accept-Language": "en" },
    });
    expect(runScript("/take-test/12", '"vi"').fetch.mock.calls[0]).toMatchObject([
      "/api/v1/auth/is-authorized",
      { headers: { "Accept-Language": "vi" } },
    ]);
  });
});

const answer = (email: string) =>
  Promise.resolve(new Response(JSON.stringify({ success: true, data: { user: { email } }, message: "" })));

describe("the session query's hand-over", () => {
  it("uses the early answer once, then asks the server", async () => {
    const fetch = vi.fn(() => answer("later@example.com"));
    vi.stubGlobal("fetch", fetch);
    window.__earlySession = answer("early@example.com");
    expect(await getAuthorized()).toEqual({ user: { email: "early@example.com" } });
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlySession()).toBeUndefined();
    expect(await getAuthorized()).toEqual({ user: { email: "later@example.com" } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is forgotten when a mutation starts (a login or a logout): the server is asked", async () => {
    const fetch = vi.fn(() => answer("after-logout@example.com"));
    vi.stubGlobal("fetch", fetch);
    window.__earlySession = answer("stale@example.com");
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve() })
      .execute(undefined);
    expect(window.__earlySession).toBeUndefined();
    expect(await getAuthorized()).toEqual({ user: { email: "after-logout@example.com" } });
  });
});
