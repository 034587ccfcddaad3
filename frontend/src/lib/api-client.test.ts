import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { api, ApiError, errorTitle, sessionEnded, sessionEnding, sessionStarted } from "./api-client";
import { LanguageProvider } from "./intl";
import { subscribeToast, type ToastData } from "./toast-store";

function respond(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
    );
}

describe("API client error catalogue (spec §8)", () => {
  let last: ToastData | null = null;
  let unsubscribe: () => void;
  const assign = vi.fn();

  beforeEach(() => {
    last = null;
    unsubscribe = subscribeToast((toast) => (last = toast));
    last = null;
    document.cookie = "csrftoken=tok123";
    Object.defineProperty(window, "location", {
      value: { ...window.location, pathname: "/home", assign },
      writable: true,
    });
    localStorage.clear();
  });
  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
    assign.mockReset();
  });

  it("shows a destructive '<status> Error' toast (vi 'Lỗi 409') with the server message and re-raises", async () => {
    vi.stubGlobal("fetch", respond(409, { success: false, message: "Đã có người mua", code: "x" }));
    await expect(api("/api/v1/thing")).rejects.toBeInstanceOf(ApiError);
    expect(last).toMatchObject({
      title: "Lỗi 409",
      description: "Đã có người mua",
      variant: "destructive",
    });
  });

  it("swallows 404 silently but still rejects", async () => {
    vi.stubGlobal("fetch", respond(404, { message: "Not found." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 404 });
    expect(last).toBeNull();
  });

  it("shows no toast for 307", async () => {
    vi.stubGlobal("fetch", respond(307, { message: "moved" }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 307 });
    expect(last).toBeNull();
  });

  it("sends the user to / on 401 unless already there", async () => {
    vi.stubGlobal("fetch", respond(401, { message: "Vui lòng đăng nhập." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401, message: "Vui lòng đăng nhập." });
    expect(assign).toHaveBeenCalledWith("/");
    expect(last?.title).toBe("Lỗi 401");
    assign.mockReset();
    Object.defineProperty(window, "location", {
      value: { ...window.location, pathname: "/", assign },
      writable: true,
    });
    await expect(api("/api/v1/thing")).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it("carries code and field errors, sends credentials, CSRF and Accept-Language", async () => {
    localStorage.setItem("lang", JSON.stringify("en"));
    const fetchMock = respond(400, {
      message: "Registration Failed",
      code: "validation_error",
      errors: { cccd: ["12 digits"] },
    });
    vi.stubGlobal("fetch", fetchMock);
    const error = await api("/public/api/users/register", { method: "POST", body: { a: 1 } }).catch(
      (e: ApiError) => e,
    );
    expect(error).toMatchObject({ code: "validation_error", errors: { cccd: ["12 digits"] } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe("include");
    expect(init.headers).toMatchObject({
      "Accept-Language": "en",
      "X-CSRFToken": "tok123",
      "Content-Type": "application/json",
    });
  });

  it("sends Accept-Language vi by default and no CSRF header on GET", async () => {
    const fetchMock = respond(200, { success: true, data: {}, message: "" });
    vi.stubGlobal("fetch", fetchMock);
    await api("/api/v1/thing", { query: { page: 1, search: "", status: "PENDING" } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/thing?page=1&status=PENDING");
    expect(init.headers).toMatchObject({ "Accept-Language": "vi" });
    expect(init.headers).not.toHaveProperty("X-CSRFToken");
  });

  it("toasts and re-raises a server error without a JSON body", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValue(
          new Response("<h1>oops</h1>", { status: 500, statusText: "Internal Server Error" }),
        ),
    );
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 500 });
    expect(last).toMatchObject({
      title: "Lỗi 500",
      variant: "destructive",
      description: "Internal Server Error",
    });
  });

  it("a request sent before the session ended here fails quietly: no toast, no redirect", async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal("fetch", vi.fn().mockReturnValue(new Promise<Response>((resolve) => (answer = resolve))));
    const pending = api("/api/v1/notification/unread-count");
    await Promise.resolve();
    sessionEnded(); // logout answered meanwhile
    answer(
      new Response(JSON.stringify({ message: "Vui lòng đăng nhập.", code: "not_authenticated" }), {
        status: 401,
        headers: { "Content-Type": "application/json" },
      }),
    );
    await expect(pending).rejects.toMatchObject({ status: 401, code: "not_authenticated" });
    expect(assign).not.toHaveBeenCalled();
    expect(last).toBeNull();
    // A 401 sent after the logout is expected until a session starts again here (issue 38).
    vi.stubGlobal("fetch", respond(401, { message: "Vui lòng đăng nhập." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    expect(last).toBeNull();
    // Once a session started here (a login), a 401 is handled as usual.
    sessionStarted();
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("does not toast for callers that show the error inline, but still redirects on 401", async () => {
    vi.stubGlobal("fetch", respond(401, { message: "Vui lòng đăng nhập." }));
    await expect(api("/api/v1/thing", { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(last).toBeNull();
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("titles the toast in the language on screen: vi 'Lỗi 401', en '401 Error'", async () => {
    localStorage.setItem("lang", "en");
    const { unmount: leaveEnglish } = render(
      createElement(LanguageProvider, null, createElement("p", null, "page")),
    );
    await screen.findByText("page"); // the English catalogue is in place
    vi.stubGlobal("fetch", respond(401, { message: "Please log in." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401 });
    expect(last).toMatchObject({ title: "401 Error", description: "Please log in.", variant: "destructive" });
    expect(errorTitle(403)).toBe("403 Error");
    leaveEnglish();
    localStorage.setItem("lang", "vi"); // back to Vietnamese for the next tests
    const { unmount: leaveVietnamese } = render(
      createElement(LanguageProvider, null, createElement("p", null, "page")),
    );
    expect(errorTitle(403)).toBe("Lỗi 403");
    leaveVietnamese();
  });

  it("while a logout is under way, a 401 neither toasts nor redirects; other failures still do", async () => {
    const over = sessionEnding();
    vi.stubGlobal("fetch", respond(401, { message: "Vui lòng đăng nhập." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401 });
    expect(last).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", respond(500, { message: "boom" }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 500 });
    expect(last).toMatchObject({ title: "Lỗi 500" });
    over();
    over(); // twice is once
    vi.stubGlobal("fetch", respond(401, { message: "Vui lòng đăng nhập." }));
    await expect(api("/api/v1/thing")).rejects.toMatchObject({ status: 401 });
    expect(last).toMatchObject({ title: "Lỗi 401" });
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("returns data of a success envelope", async () => {
    vi.stubGlobal("fetch", respond(200, { success: true, data: { n: 1 }, message: "" }));
    await expect(api("/api/v1/thing")).resolves.toEqual({ n: 1 });
  });
});
