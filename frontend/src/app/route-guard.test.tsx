import { act, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { routes } from "./routes";

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { value: width, configurable: true, writable: true });
}

async function visit(path: string, role: "LEARNER" | "EDUCATOR", width = 1440) {
  setWidth(width);
  mockApi({ "/api/v1/auth/is-authorized": ok(authorizedAs(role)) });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.useRealTimers());

describe("route guard on the real route table (spec §2)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends an educator on a learner-only test route to /forbidden", async () => {
    const router = await visit("/take-test/preparation/1", "EDUCATOR");
    expect(
      await screen.findByRole("heading", { name: "Bạn không có quyền truy cập trang này" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forbidden");
  });

  it("sends a learner on an educator route to /forbidden", async () => {
    const router = await visit("/question-bank", "LEARNER");
    await screen.findByText("403");
    expect(router.state.location.pathname).toBe("/forbidden");
  });

  it.each(["/take-test/preparation/1", "/survey/taking/4", "/survey/overview/2"])(
    "sends a narrow window on %s to /unsupported",
    async (path) => {
      const router = await visit(path, "LEARNER", 1279);
      expect(await screen.findByText("426")).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/unsupported");
    },
  );

  it("offers a signed-in learner sent to /unsupported the way home, not a login", async () => {
    await visit("/survey/taking/4", "LEARNER", 390);
    expect(await screen.findByText("426")).toBeInTheDocument();
    const bar = screen.getByRole("navigation", { name: "Trang thông tin" });
    expect(within(bar).getByRole("link", { name: "Trang chủ" })).toHaveAttribute("href", "/home");
    expect(within(bar).queryByRole("link", { name: "Đăng nhập" })).toBeNull();
    expect(screen.getByRole("button", { name: "Trang chủ" })).toBeInTheDocument();
  });

  it("offers a visitor who is not signed in the login on /unsupported, without asking the server", async () => {
    setWidth(390);
    const { calls } = mockApi({});
    const router = createMemoryRouter(routes, { initialEntries: ["/unsupported"] });
    renderWithProviders(<RouterProvider router={router} />);
    const bar = await screen.findByRole("navigation", { name: "Trang thông tin" });
    expect(within(bar).getByRole("link", { name: "Đăng nhập" })).toHaveAttribute("href", "/login");
    expect(calls.some((c) => c.path.startsWith("/api/v1/auth/is-authorized"))).toBe(false);
  });

  it("checks the width on arrival: a resize during a test does not throw the learner out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const router = await visit("/take-test/preparation/1", "LEARNER", 1280);
    await screen.findByRole("banner"); // the page is there, past the guard
    expect(router.state.location.pathname).toBe("/take-test/preparation/1");
    setWidth(800);
    window.dispatchEvent(new Event("resize"));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(router.state.location.pathname).toBe("/take-test/preparation/1");
    // The next navigation reads the width again.
    await router.navigate("/survey/taking/4");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/unsupported"));
  });

  it("lets any role through routes without roles", async () => {
    const router = await visit("/home", "LEARNER");
    await screen.findByRole("navigation", { name: "Điều hướng chính" });
    expect(router.state.location.pathname).toBe("/home");
  });

  it("shows the 404 page for an unknown path", async () => {
    await visit("/no-such-page", "LEARNER");
    expect(
      await screen.findByRole("heading", { name: "Chúng tôi không tìm thấy trang này" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Quay lại" })).toBeInTheDocument();
  });
});
