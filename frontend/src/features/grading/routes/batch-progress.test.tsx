import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { PROGRESS_INTERVAL_MS } from "../api/get-batch-progress";
import { progressRow } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import BatchProgressRoute, { timeLeft } from "./batch-progress";

describe("live batch progress", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("formats the time left", () => {
    const now = Date.parse("2026-11-22T01:00:00Z");
    expect(timeLeft("2026-11-22T01:05:09Z", now)).toBe("5:09");
    expect(timeLeft("2026-11-22T02:00:01Z", now)).toBe("1:00:01");
    expect(timeLeft("2026-11-22T00:00:00Z", now)).toBe("0:00");
  });

  it("renders each learner and polls every 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answered = 3;
    const { calls } = mockApi({
      "/api/v1/batches/4": ok({
        id: 4,
        name: "Ca sáng nay",
        preset: { id: 7, name: "Luyện tập Toán 9" },
        starts_at: "2026-11-22T01:00:00Z",
        expires_at: "2026-11-22T03:00:00Z",
        state: "open",
      }),
      "/api/v1/batches/4/progress": () =>
        ok([
          progressRow({ assignment_id: 1, learner_name: "An", answered, tab_switches: 2 }),
          progressRow({
            assignment_id: 2,
            learner_name: "Bình",
            answered: 10,
            submitted_at: "2026-11-22T01:30:00Z",
            result: "passed",
            score: 9,
          }),
          progressRow({
            assignment_id: 3,
            learner_name: "Chi",
            attempt_id: null,
            started_at: null,
            deadline_at: null,
          }),
        ]),
    });
    renderRoute(
      "/assignment/batch-progress/:batchId",
      "/assignment/batch-progress/4",
      <BatchProgressRoute />,
      {
        language: "en",
      },
    );
    await screen.findByRole("link", { name: "An" });
    const row = (name: string) => screen.getByRole("row", { name: (text) => text.startsWith(`${name} `) });
    const an = row("An");
    expect(an).toHaveTextContent("In the test");
    expect(an).toHaveTextContent("3/10");
    expect(within(an).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3");
    const binh = row("Bình");
    expect(binh).toHaveTextContent("Submitted");
    expect(binh).toHaveTextContent("Passed");
    expect(row("Chi")).toHaveTextContent("Not started");
    expect(await screen.findByRole("heading", { name: /Ca sáng nay/ })).toBeInTheDocument();
    // issue 19: the batch's gradebook and item analysis are one click away
    expect(screen.getByRole("link", { name: "Gradebook" })).toHaveAttribute(
      "href",
      "/assignment/gradebook/batch/4",
    );
    expect(screen.getByRole("link", { name: "Item analysis" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/batch/4",
    );

    const polls = () => calls.filter((c) => c.path === "/api/v1/batches/4/progress").length;
    const before = polls();
    answered = 7;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS + 100);
    });
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(before));
    await vi.waitFor(() => expect(row("An")).toHaveTextContent("7/10"));
  });
});
