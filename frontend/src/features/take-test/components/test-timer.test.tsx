import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { renderWithProviders } from "@/testing/render";

import { TestTimer } from "./test-timer";

function renderTimer(leftMs: number, language: Language = "vi") {
  window.sessionStorage.clear();
  const deadline = new Date(Date.now() + leftMs).toISOString();
  renderWithProviders(<TestTimer deadline={deadline} offset={0} onExpire={() => {}} />, { language });
}

describe("TestTimer for screen readers", () => {
  it("is a timer named Thời gian còn lại that is not read every second", async () => {
    renderTimer(22 * 60_000 + 58_500);
    const timer = await screen.findByRole("timer", { name: "Thời gian còn lại" });
    expect(timer).toHaveTextContent(/^Thời gian còn lại 22:5\d$/);
    expect(timer).not.toHaveAttribute("aria-live");
  });

  it("is named Time left in English", async () => {
    renderTimer(5 * 60_000, "en");
    expect(await screen.findByRole("timer", { name: "Time left" })).toBeInTheDocument();
  });

  it("announces 10 minutes left politely, not assertively", async () => {
    renderTimer(10 * 60_000 + 1200, "en");
    const announcer = await screen.findByTestId("timer-announcer");
    expect(announcer).toHaveAttribute("aria-live", "polite");
    expect(announcer).toHaveAttribute("aria-atomic", "true");
    expect(announcer).toHaveTextContent(/^$/);
    await vi.waitFor(() => expect(announcer).toHaveTextContent(/^10 minutes left\.$/), { timeout: 3000 });
  });
});
