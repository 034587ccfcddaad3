import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { Lang, LangParts } from "./lang";

describe("Lang (WCAG 3.1.2 language of parts)", () => {
  it("marks Vietnamese content with lang=vi on an English page", async () => {
    renderWithProviders(
      <p>
        Test: <Lang>Toán 12 - Đề thi thử</Lang>
      </p>,
      { language: "en" },
    );
    // English loads asynchronously: find, not get.
    expect(await screen.findByText("Toán 12 - Đề thi thử")).toHaveAttribute("lang", "vi");
  });

  it("adds no element and no lang on a Vietnamese page", () => {
    renderWithProviders(
      <p data-testid="line">
        Đề: <Lang>Toán 12 - Đề thi thử</Lang>
      </p>,
    );
    const line = screen.getByTestId("line");
    expect(line.innerHTML).toBe("Đề: Toán 12 - Đề thi thử");
  });

  it("marks English content with lang=en on a Vietnamese page", () => {
    renderWithProviders(<Lang lang="en">Mock exam</Lang>);
    expect(screen.getByText("Mock exam")).toHaveAttribute("lang", "en");
  });

  it("marks each quoted part of a server-made sentence (longest first)", async () => {
    renderWithProviders(
      <p data-testid="line">
        <LangParts
          text="Trần An invited you to Trung tâm An Bình."
          parts={["Trung tâm An Bình", "Trần An", null, ""]}
        />
      </p>,
      { language: "en" },
    );
    expect(await screen.findByText("Trần An")).toHaveAttribute("lang", "vi");
    expect(screen.getByText("Trung tâm An Bình")).toHaveAttribute("lang", "vi");
    expect(screen.getByTestId("line").innerHTML).toBe(
      '<span lang="vi">Trần An</span> invited you to <span lang="vi">Trung tâm An Bình</span>.',
    );
    expect(screen.getByTestId("line")).toHaveTextContent("Trần An invited you to Trung tâm An Bình.");
  });

  it("leaves a server-made sentence as plain text in the content's language", () => {
    renderWithProviders(
      <p data-testid="line">
        <LangParts text="Trần An mời bạn vào Trung tâm An Bình." parts={["Trần An"]} />
      </p>,
    );
    expect(screen.getByTestId("line").innerHTML).toBe("Trần An mời bạn vào Trung tâm An Bình.");
  });
});
