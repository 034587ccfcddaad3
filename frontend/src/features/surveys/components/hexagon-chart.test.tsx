import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { HexagonChart, hexPoint } from "./hexagon-chart";

const SCORES = [
  { code: "R" as const, name: "Kỹ thuật (Realistic)", normalized: 100 },
  { code: "I" as const, name: "Nghiên cứu (Investigative)", normalized: 50 },
  { code: "A" as const, name: "Nghệ thuật (Artistic)", normalized: 25 },
  { code: "S" as const, name: "Xã hội (Social)", normalized: 0 },
  { code: "E" as const, name: "Quản lý (Enterprising)", normalized: 75 },
  { code: "C" as const, name: "Nghiệp vụ (Conventional)", normalized: 40.6 },
];

describe("RIASEC hexagon", () => {
  it("places R at the top and the others clockwise, 0 at the centre and 100 on the rim", () => {
    expect(hexPoint(0, 100)).toEqual([210, 80]);
    expect(hexPoint(3, 100)).toEqual([210, 340]);
    expect(hexPoint(1, 100)[0]).toBeGreaterThan(210);
    expect(hexPoint(5, 100)[0]).toBeLessThan(210);
    expect(hexPoint(4, 0)).toEqual([210, 210]);
    expect(hexPoint(2, 150)).toEqual(hexPoint(2, 100)); // clamped
  });

  it("is an image with a title and a description that reads every score", () => {
    renderWithProviders(<HexagonChart scores={SCORES} highlight="REI" />);
    const chart = screen.getByRole("img", { name: /Biểu đồ lục giác RIASEC/ });
    expect(chart).toHaveAccessibleDescription(
      "R Kỹ thuật (Realistic): 100; I Nghiên cứu (Investigative): 50; A Nghệ thuật (Artistic): 25; " +
        "S Xã hội (Social): 0; E Quản lý (Enterprising): 75; C Nghiệp vụ (Conventional): 40,6",
    );
    const points = screen.getByTestId("riasec-polygon").getAttribute("points")!.split(" ");
    expect(points).toHaveLength(6);
    expect(points[0]).toBe("210,80"); // R = 100 on the rim
    expect(points[3]).toBe("210,210"); // S = 0 at the centre
  });

  it("speaks English too, with the English decimal point", async () => {
    renderWithProviders(<HexagonChart scores={SCORES} />, { language: "en" });
    const chart = await screen.findByRole("img", { name: /RIASEC hexagon/ });
    expect(chart).toHaveAccessibleDescription(
      expect.stringMatching(/; C Nghiệp vụ \(Conventional\): 40\.6$/),
    );
    expect(screen.getByText("Nghiệp vụ · 40.6")).toBeInTheDocument();
  });

  it("labels each axis with the score in the locale's decimals (vi '40,6')", () => {
    renderWithProviders(<HexagonChart scores={SCORES} />);
    expect(screen.getByText("Nghiệp vụ · 40,6")).toBeInTheDocument();
    expect(screen.getByText("Kỹ thuật · 100")).toBeInTheDocument();
  });
});
