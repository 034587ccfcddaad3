import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import type { GroupScore } from "../api/types";
import { ScoreTable } from "./score-table";

const GROUPS: GroupScore[] = [
  {
    code: "R",
    name: "Kỹ thuật",
    count: 8,
    raw: 29,
    min: 8,
    max: 40,
    normalized: 43.8,
    strongly_agree: 1,
    rank: 2,
  },
  {
    code: "I",
    name: "Nghiên cứu",
    count: 8,
    raw: 40,
    min: 8,
    max: 40,
    normalized: 100,
    strongly_agree: 8,
    rank: 1,
  },
];

describe("survey score table: numbers in the reader's locale (issue 18)", () => {
  it("shows 43,8 in Vietnamese", () => {
    renderWithProviders(<ScoreTable groups={GROUPS} />);
    const row = screen.getByRole("row", { name: /R · Kỹ thuật/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["29/40", "43,8", "2"]);
  });

  it("shows 43.8 in English", async () => {
    renderWithProviders(<ScoreTable groups={GROUPS} />, { language: "en" });
    const row = await screen.findByRole("row", { name: /R · Kỹ thuật/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["29/40", "43.8", "2"]);
  });
});
