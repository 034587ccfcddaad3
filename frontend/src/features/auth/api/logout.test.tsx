import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { testQueryClient } from "@/testing/render";
import { mockApi, ok } from "@/testing/mock-api";

import { useLogout } from "./logout";

describe("logout", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the session's cache until the page it leaves for is in place", async () => {
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    // still on the guarded page: the user is still known, so the guard does not send it to /forbidden
    expect(client.getQueryData(["is-authorized"])).toEqual({ user: { pandai_profile_role: "EDUCATOR" } });
    await act(async () => {
      arrive();
      await done;
    });
    expect(client.getQueryData(["is-authorized"])).toBeUndefined();
  });
});
