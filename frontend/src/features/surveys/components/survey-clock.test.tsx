import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { SurveyClock } from "./survey-clock";

describe("SurveyClock for screen readers", () => {
  it("is a timer named Thời gian còn lại that is not read every second", async () => {
    renderWithProviders(<SurveyClock leftMs={12 * 60_000 + 5_000} />, { language: "vi" });
    const timer = await screen.findByRole("timer", { name: "Thời gian còn lại" });
    expect(timer).toHaveTextContent(/^Thời gian còn lại 12:05$/);
    expect(timer).not.toHaveAttribute("aria-live");
  });

  it("is named Time left in English", async () => {
    renderWithProviders(<SurveyClock leftMs={90_000} />, { language: "en" });
    const timer = await screen.findByRole("timer", { name: "Time left" });
    expect(timer).toHaveTextContent(/^Time left 01:30$/);
  });
});
