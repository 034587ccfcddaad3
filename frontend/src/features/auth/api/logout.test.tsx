import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { api, sessionStarted } from "@/lib/api-client";
import { subscribeToast, toast, type ToastData } from "@/lib/toast-store";
import { testQueryClient } from "@/testing/render";
import { mockApi, ok } from "@/testing/mock-api";

import { useLogout } from "./logout";

afterEach(() => vi.useRealTimers());

describe("logout", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the session's cache until the page it leaves for is in place", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    mockApi({ "/api/v1/auth/logout": ok({}), "/public/api/auth/csrf": ok({}) });
    document.cookie = "csrftoken=test-token";
    const client = testQueryClient();
    client.setQueryData(["is-authorized"], { user: { pandai_profile_role: "EDUCATOR" } });
    let arrive = () => {};
    const leaving = new Promise<void>((resolve) => (arrive = resolve));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(() => leaving), { wrapper });
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.mutateAsync();
    });
    await act(() => vi.advanceTimersByTimeAsync(20));
    // still on the guarded page: the user is still known, so the guard does not send it to /forbidden
    expect(client.getQueryData(["is-authorized"])).toEqual({ user: { pandai_profile_role: "EDUCATOR" } });
    await act(async () => {
      arrive();
      await done;
    });
    expect(client.getQueryData(["is-authorized"])).toBeUndefined();
  });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const unauthorized = () => json(401, { message: "Vui lòng đăng nhập.", code: "not_authenticated" });

/** A fetch whose answers the test releases one by one, by path. */
function heldFetch() {
  const held = new Map<string, (response: Response) => void>();
  const sent: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      sent.push(path);
      return new Promise<Response>((resolve) => held.set(path, resolve));
    }),
  );
  const answer = async (path: string, response: Response) => {
    await vi.waitFor(() => expect(held.has(path)).toBe(true));
    held.get(path)!(response);
    held.delete(path);
  };
  return { answer, sent };
}

describe("the 401 that follows a logout (issue 18)", () => {
  const shown: ToastData[] = [];
  let unsubscribe = () => {};
  const assign = vi.fn();
  beforeEach(() => {
    shown.length = 0;
    unsubscribe = subscribeToast((t) => t && !shown.includes(t) && shown.push(t));
    shown.length = 0;
    document.cookie = "csrftoken=test-token";
    Object.defineProperty(window, "location", {
      value: { ...window.location, pathname: "/home", assign },
      writable: true,
    });
  });
  afterEach(() => {
    unsubscribe();
    assign.mockReset();
    vi.unstubAllGlobals();
  });

  /** The header's logout: success toast once the mutation is done. */
  function logoutLikeHeader(leaving: Promise<void> = Promise.resolve()) {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(() => leaving), { wrapper });
    return async () => {
      await result.current.mutateAsync();
      toast({ variant: "success", title: "Đăng xuất thành công" });
    };
  }

  it("a request in flight whose 401 arrives before the logout's answer shows no toast", async () => {
    const { answer } = heldFetch();
    const logout = logoutLikeHeader();
    const poll = api("/api/v1/notification/unread-count").catch((e: unknown) => e);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = logout();
    });
    await answer("/api/v1/notification/unread-count", unauthorized()); // the server ended it first
    await expect(poll).resolves.toMatchObject({ status: 401 });
    await answer("/api/v1/auth/logout", json(200, { success: true, data: {}, message: "" }));
    await act(() => done);
    expect(shown.map((t) => [t.variant, t.title])).toEqual([["success", "Đăng xuất thành công"]]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("a request in flight whose 401 arrives after the logout's answer shows no toast", async () => {
    const { answer } = heldFetch();
    const logout = logoutLikeHeader();
    const poll = api("/api/v1/notification/unread-count").catch((e: unknown) => e);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = logout();
    });
    await answer("/api/v1/auth/logout", json(200, { success: true, data: {}, message: "" }));
    await act(() => done);
    await answer("/api/v1/notification/unread-count", unauthorized());
    await expect(poll).resolves.toMatchObject({ status: 401 });
    expect(shown.map((t) => [t.variant, t.title])).toEqual([["success", "Đăng xuất thành công"]]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("a request the leaving page sends while the logout navigates shows no toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const { answer } = heldFetch();
    let arrive = () => {};
    const logout = logoutLikeHeader(new Promise<void>((resolve) => (arrive = resolve)));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = logout();
    });
    await answer("/api/v1/auth/logout", json(200, { success: true, data: {}, message: "" }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    const refetch = api("/api/v1/cart").catch((e: unknown) => e); // e.g. a poll of the old page
    await answer("/api/v1/cart", unauthorized());
    await expect(refetch).resolves.toMatchObject({ status: 401 });
    await act(async () => {
      arrive();
      await done;
    });
    expect(shown.map((t) => [t.variant, t.title])).toEqual([["success", "Đăng xuất thành công"]]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("after the logout, a 401 stays quiet until a session starts here again (issue 38)", async () => {
    const { answer } = heldFetch();
    const logout = logoutLikeHeader();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = logout();
    });
    await answer("/api/v1/auth/logout", json(200, { success: true, data: {}, message: "" }));
    await act(() => done);
    // sent after the logout was over (the header's cart read again as the signed-in page leaves)
    const after = api("/api/v1/shopping-cart").catch((e: unknown) => e);
    await answer("/api/v1/shopping-cart", unauthorized());
    await expect(after).resolves.toMatchObject({ status: 401 });
    expect(shown.map((t) => [t.variant, t.title])).toEqual([["success", "Đăng xuất thành công"]]);
    expect(assign).not.toHaveBeenCalled();

    sessionStarted(); // a login on this page
    const later = api("/api/v1/thing").catch((e: unknown) => e);
    await answer("/api/v1/thing", unauthorized());
    await later;
    expect(shown.at(-1)).toMatchObject({ variant: "destructive", title: "Lỗi 401" });
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("a failed logout lets later 401s show as usual", async () => {
    const { answer } = heldFetch();
    const logout = logoutLikeHeader();
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = logout().catch((e: unknown) => e);
    });
    await answer("/api/v1/auth/logout", json(500, { message: "boom" }));
    await act(() => done);
    const later = api("/api/v1/thing").catch((e: unknown) => e);
    await answer("/api/v1/thing", unauthorized());
    await later;
    expect(shown.map((t) => [t.variant, t.title])).toEqual([["destructive", "Lỗi 401"]]);
  });
});
