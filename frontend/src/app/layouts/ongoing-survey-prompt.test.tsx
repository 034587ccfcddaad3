import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { OngoingSurveyPrompt } from "./ongoing-survey-prompt";

const LIST = "/api/v1/survey-users/my-list";

function setup(path: string, role: "LEARNER" | "EDUCATOR", hasAccount: boolean, items = [{ survey_id: 42 }]) {
  const authorized = authorizedAs(role);
  authorized.user.has_pandai_survey_account = hasAccount;
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorized),
    [LIST]: ok({ items, page: 1, limit: 5, total: items.length }),
  });
  const router = createMemoryRouter(
    [
      { path: "/survey/overview/:id", element: <p>overview</p> },
      {
        path: "*",
        element: (
          <>
            <main>
              <h1>Trang chủ</h1>
            </main>
            <OngoingSurveyPrompt />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { ...api, router };
}

afterEach(() => vi.useRealTimers());

describe("ongoing-survey prompt (spec §2)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks a learner with a survey account for the newest in-progress survey and continues to its overview", async () => {
    const user = userEvent.setup();
    const { calls, router } = setup("/home", "LEARNER", true);
    expect(await screen.findByRole("dialog", { name: "Khảo sát đang làm dở" })).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith(LIST))?.path).toBe(
      `${LIST}?page=1&limit=5&order_by=-created_at&status=in_progress`,
    );
    await user.click(screen.getByRole("button", { name: "Tiếp tục" }));
    expect(router.state.location.pathname).toBe("/survey/overview/42");
  });

  it("closes with Later, focus on the page's heading (it opened by itself: no opener to return to)", async () => {
    const user = userEvent.setup();
    setup("/marketplace", "LEARNER", true);
    await user.click(await screen.findByRole("button", { name: "Để sau" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await vi.waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Trang chủ" })).toHaveFocus(),
    );
  });

  it("stays quiet when nothing is in progress", async () => {
    const { calls } = setup("/home", "LEARNER", true, []);
    await vi.waitFor(() => expect(calls.some((c) => c.path.startsWith(LIST))).toBe(true));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["/survey/student", "LEARNER", true],
    ["/survey/taking/42", "LEARNER", true],
    ["/unsupported", "LEARNER", true],
    ["/home", "LEARNER", false],
    ["/home", "EDUCATOR", true],
  ] as const)("does not ask on %s for a %s (survey account: %s)", async (path, role, account) => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const { calls } = setup(path, role, account);
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/auth/is-authorized")).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(calls.some((c) => c.path.startsWith(LIST))).toBe(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
