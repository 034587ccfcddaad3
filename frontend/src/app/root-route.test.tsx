import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { mockApi } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { routes } from "./routes";

function visit(path: string, language: Language = "vi") {
  mockApi({});
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  return router;
}

afterEach(() => vi.useRealTimers());

describe("route change: focus and announcement (issue 18)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leaves focus alone on the first load and announces nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    visit("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Chào mừng trở lại" })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(document.body).toHaveFocus();
    expect(screen.getByTestId("route-announcer")).toHaveTextContent(/^$/);
  });

  it("moves focus to the new page's h1 and announces its title politely", async () => {
    const user = userEvent.setup();
    visit("/login");
    await user.click(await screen.findByRole("link", { name: "Quên mật khẩu?" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Quên mật khẩu" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute("tabindex", "-1");
    const announcer = screen.getByTestId("route-announcer");
    expect(announcer).toHaveAttribute("aria-live", "polite");
    await waitFor(() => expect(announcer).toHaveTextContent(/^Quên mật khẩu$/));
    expect(document.title).toMatch(/^Quên mật khẩu · /);
  });

  it("does the same in English, and back to the previous page", async () => {
    const user = userEvent.setup();
    const router = visit("/login", "en");
    await user.click(await screen.findByRole("link", { name: "Forgot your password?" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Forgot password" })).toHaveFocus(),
    );
    await waitFor(() => expect(screen.getByTestId("route-announcer")).toHaveTextContent(/^Forgot password$/));
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toHaveFocus(),
    );
    await waitFor(() => expect(screen.getByTestId("route-announcer")).toHaveTextContent(/^Log in$/));
  });

  it("keeps focus where it is when only the query string changes (a list's filters)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const user = userEvent.setup();
    const router = visit("/login");
    await user.click(await screen.findByRole("link", { name: "Quên mật khẩu?" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Quên mật khẩu" })).toHaveFocus(),
    );
    const field = screen.getByLabelText("E-mail");
    await user.click(field);
    await router.navigate("/forgot-password?email=a");
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(field).toHaveFocus();
  });
});
