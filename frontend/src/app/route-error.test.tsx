/** The routes' error page: a page's missing chunk (an update while the tab was open) reloads once,
 * a second failure within a minute shows "the app has just been updated"; a page that throws
 * shows the localized error page, not React Router's developer screen. */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { isChunkLoadError, listenForUpdates, reloadForUpdate, RouteError } from "./route-error";
import { routes } from "./routes";

const reload = vi.fn();

function renderFailing(lazy: () => Promise<never>, language: "vi" | "en" = "vi") {
  const router = createMemoryRouter([{ path: "/", errorElement: <RouteError />, lazy }], {
    initialEntries: ["/"],
  });
  return renderWithProviders(<RouterProvider router={router} />, { language });
}

describe("the routes' error page", () => {
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.stubGlobal("location", { ...window.location, reload });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reloads once for a missing chunk, then says the app was updated", async () => {
    const missing = () =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module: /static/signup-Old1.js"));
    const view = renderFailing(missing);
    expect(await screen.findByRole("status")).toHaveTextContent("Đang tải");
    expect(reload).toHaveBeenCalledTimes(1);
    view.unmount();

    renderFailing(missing); // the reloaded page fails again within a minute: no loop
    expect(await screen.findByRole("heading", { name: "Ứng dụng vừa được cập nhật" })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Trang chủ" })).toHaveAttribute("href", "/home");
    await userEvent.click(screen.getByRole("button", { name: "Tải lại trang" }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("shows a page that throws as a localized error, in English too", async () => {
    const broken = () =>
      Promise.resolve({
        Component: () => {
          throw new Error("boom");
        },
      }) as unknown as Promise<never>;
    renderFailing(broken, "en");
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText(/Reload it; if the error comes back, go to the home page\./)).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("is the root route's error element, so it covers every page", () => {
    expect(routes).toHaveLength(1);
    expect(routes[0]?.errorElement).toEqual(<RouteError />);
  });

  it("tells a missing chunk from other errors", () => {
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module: /static/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });

  it("never reloads while the browser is offline: a learner's test page would be lost (issue 38)", () => {
    // The header's menus load after the first paint (decision 0038); when the network drops
    // first, their file fails: that is no new version, and a reload offline shows the browser's
    // "no internet" page instead of the test and the answers it holds.
    vi.stubGlobal("navigator", { ...window.navigator, onLine: false });
    expect(reloadForUpdate()).toBe(false);
    listenForUpdates();
    const event = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false); // the import fails where it was made (Deferred keeps its stand-in)
    expect(reload).not.toHaveBeenCalled();
    vi.stubGlobal("navigator", { ...window.navigator, onLine: true });
    expect(reloadForUpdate()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
