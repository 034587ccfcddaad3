import "@/testing/xpath"; // English speech as Chromium reads it

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
  stimulus_id: null,
  statements: [],
  rounding: { vi: "", en: "" },
  options: [
    { id: "a", vi: "$\\sqrt{5}$", en: "$\\sqrt{5}$" },
    { id: "b", vi: "$5$", en: "$5$" },
    { id: "c", vi: "<p>Bằng $\\frac{1}{2}$ &amp; hơn</p>", en: "<p>Equals $\\frac{1}{2}$ &amp; more</p>" },
    { id: "d", vi: "$x \\ge 3$", en: "$x \\ge 3$" },
    { id: "e", vi: "Không có đáp án", en: "None of these" },
  ],
};

/** KaTeX and the speech load on first need (math-html.tsx): the first render of a test file waits. */
const LOADED = { timeout: 30_000 };

describe("QuestionView options with formulas (issue 39 item 4)", () => {
  it("names each radio button by the spoken text of its formula, in Vietnamese", async () => {
    renderQuestion(single);
    expect(await screen.findByRole("radio", { name: "căn bậc hai của 5" }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "5" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "Bằng 1 phần 2 & hơn" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "x lớn hơn hoặc bằng 3" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Không có đáp án" })).toBeInTheDocument();
    // the formula itself is one `math` node named by its speech, its MathML hidden: no LaTeX, no
    // second copy (a role query would meet KaTeX's hidden <math>, which jsdom cannot style)
    const formula = screen.getByLabelText("căn bậc hai của 5", { selector: ".katex" });
    expect(formula).toHaveAttribute("role", "math");
    expect(formula.outerHTML).toContain('<span class="katex-mathml" aria-hidden="true">');
    expect(formula.outerHTML).toContain('<span class="katex-html" aria-hidden="true">');
    const names = screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label") ?? "");
    expect(names).toEqual(["", "", "", "", ""]); // named by their labels' content
  }, 40_000);

  it("names them in English on an English page", async () => {
    renderQuestion(single, "en");
    expect(await screen.findByRole("radio", { name: "the square root of 5" }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "5" }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "Equals one half & more" }, LOADED)).toBeInTheDocument();
    expect(
      await screen.findByRole("radio", { name: "x is greater than or equal to 3" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "None of these" })).toBeInTheDocument();
  }, 40_000);

  it("speaks a Vietnamese option shown on an English page in Vietnamese", async () => {
    renderQuestion({ ...single, options: [{ id: "a", vi: "Đáp án $\\sqrt{5}$", en: "" }] }, "en");
    expect(
      await screen.findByRole("radio", { name: "Đáp án căn bậc hai của 5" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Đáp án/)).toHaveAttribute("lang", "vi");
  }, 40_000);

  it("names multiple-choice checkboxes the same way", async () => {
    renderQuestion({ ...single, type: "multiple_choice" });
    expect(await screen.findByRole("checkbox", { name: "căn bậc hai của 5" }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: "x lớn hơn hoặc bằng 3" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Không có đáp án" })).toBeInTheDocument();
  }, 40_000);
});
