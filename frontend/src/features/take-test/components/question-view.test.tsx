import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { Language } from "@/lib/language";
import { renderWithProviders } from "@/testing/render";

import type { AttemptQuestion } from "../api/types";
import { QuestionView } from "./question-view";

function renderQuestion(question: AttemptQuestion, language: Language = "vi") {
  renderWithProviders(
    <QuestionView
      question={question}
      index={0}
      total={3}
      answer={undefined}
      flagged={false}
      disabled={false}
      onAnswer={() => {}}
      onFlag={() => {}}
      onTextBlur={() => {}}
    />,
    { language },
  );
}

const single: AttemptQuestion = {
  id: 1,
  type: "single_choice",
  stem: { vi: "<p>Chọn giá trị đúng</p>", en: "<p>Choose the right value</p>" },
  points: 1,
  statements: [],
  rounding: { vi: "", en: "" },
  options: [
    { id: "a", vi: "$x^2 + 1$", en: "$x^2 + 1$" },
    { id: "b", vi: "<p>Bằng $\\frac{1}{2}$ &amp; hơn</p>", en: "<p>Equals $\\frac{1}{2}$ &amp; more</p>" },
    { id: "c", vi: "$a &lt; b$", en: "$a &lt; b$" },
    { id: "d", vi: "Không có đáp án", en: "None of these" },
  ],
};

describe("QuestionView options with formulas", () => {
  it("names each KaTeX-only radio button by its LaTeX source", async () => {
    renderQuestion(single);
    expect(await screen.findByRole("radio", { name: "x^2 + 1" })).toHaveAttribute("aria-label", "x^2 + 1");
    expect(screen.getByRole("radio", { name: "Bằng \\frac{1}{2} & hơn" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "a < b" })).toBeInTheDocument();
    const plain = screen.getByRole("radio", { name: "Không có đáp án" });
    expect(plain).not.toHaveAttribute("aria-label");
    expect(screen.getAllByRole("radio")).toHaveLength(4);
  });

  it("names the options in the reader's language", async () => {
    renderQuestion(single, "en");
    expect(await screen.findByRole("radio", { name: "Equals \\frac{1}{2} & more" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "None of these" })).toBeInTheDocument();
  });

  it("names multiple-choice checkboxes the same way", async () => {
    renderQuestion({ ...single, type: "multiple_choice" });
    expect(await screen.findByRole("checkbox", { name: "x^2 + 1" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "a < b" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Không có đáp án" })).not.toHaveAttribute("aria-label");
  });
});
