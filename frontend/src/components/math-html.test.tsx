import { act, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { hasMath, loadKatex, MathHtml, MathSpan, pickLanguage } from "./math-html";

describe("pickLanguage (the reader's language, else the other one)", () => {
  it("returns the text and the language it is in", () => {
    expect(pickLanguage({ vi: "Căn bậc hai", en: "Square root" }, "en")).toEqual({
      text: "Square root",
      lang: "en",
    });
    expect(pickLanguage({ vi: "Căn bậc hai", en: "" }, "en")).toEqual({ text: "Căn bậc hai", lang: "vi" });
    expect(pickLanguage({ vi: null, en: "Square root" }, "vi")).toEqual({ text: "Square root", lang: "en" });
    expect(pickLanguage(undefined, "vi")).toEqual({ text: "", lang: "vi" });
  });
});

describe("MathHtml with a bilingual text (WCAG 3.1.2, issue 18)", () => {
  it("marks a Vietnamese stem shown on an English page with lang=vi", async () => {
    renderWithProviders(<MathHtml text={{ vi: "Tính căn bậc hai của 16", en: "" }} />, { language: "en" });
    expect(await screen.findByText("Tính căn bậc hai của 16")).toHaveAttribute("lang", "vi");
  });

  it("adds no lang when the reader's own language is there", async () => {
    renderWithProviders(<MathHtml text={{ vi: "Tính", en: "Compute" }} />, { language: "en" });
    expect(await screen.findByText("Compute")).not.toHaveAttribute("lang");
  });

  it("marks an English-only option on a Vietnamese page with lang=en", () => {
    renderWithProviders(<MathSpan text={{ vi: "", en: "Both of the above" }} />);
    expect(screen.getByText("Both of the above")).toHaveAttribute("lang", "en");
  });

  it("shows the empty text, unmarked, when both languages are empty", () => {
    renderWithProviders(<MathHtml text={{ vi: "", en: "" }} empty="#12" />);
    expect(screen.getByText("#12")).not.toHaveAttribute("lang");
  });
});

describe("KaTeX on first need (issue 20)", () => {
  it("shows a text with math as stored until KaTeX came, then the formula, in the same paragraph", async () => {
    expect(hasMath("<p>Tính $x^2$</p>")).toBe(true);
    expect(hasMath("<p>Giá 5$</p>")).toBe(false);
    renderWithProviders(<MathHtml html="<p>Tính $x^2$ và <b>$a &lt; b$</b>, giá 5$</p>" />);
    const paragraph = screen.getByText(/^Tính \$x\^2\$ và/); // KaTeX not loaded yet in this file
    expect(paragraph.textContent).toBe("Tính $x^2$ và $a < b$, giá 5$");
    expect(await screen.findByText("x^2", { selector: "annotation" }, { timeout: 30_000 })).toBeTruthy(); // KaTeX's MathML keeps the source
    // The same <p> node, its text around the formulas kept: the learner's paragraph is not replaced.
    expect(paragraph).toBeInTheDocument();
    expect(within(paragraph).getByText("x^2", { selector: "p > .katex annotation" })).toBeTruthy();
    expect(within(paragraph).getByText("a < b", { selector: "p > b > .katex annotation" })).toBeTruthy();
    expect(paragraph).toHaveTextContent(/^Tính x/);
    expect(paragraph).toHaveTextContent(/, giá 5\$$/);
    await loadKatex(); // loaded once: the next text with math renders before its first paint
    renderWithProviders(<MathSpan html="$y+1$" />);
    expect(screen.getByText("y+1", { selector: "annotation" })).toBeTruthy();
  }, 40_000);

  it("renders a changed text again and shows a formula KaTeX cannot parse as stored", async () => {
    await loadKatex();
    let show: (html: string) => void = () => {};
    function Shown() {
      const [html, setHtml] = useState("<p>$x^2$</p>");
      show = setHtml;
      return <MathHtml html={html} />;
    }
    renderWithProviders(<Shown />);
    expect(screen.getByText("x^2", { selector: "annotation" })).toBeTruthy();
    act(() => show("<p>Sau: $z_1$</p>"));
    expect(screen.queryByText("x^2", { selector: "annotation" })).toBeNull();
    expect(screen.getByText("z_1", { selector: "annotation" })).toBeTruthy();
    act(() => show("<p>Lỗi: $\\frac{1$</p>"));
    expect(screen.getByText("\\frac{1", { selector: ".katex-error" })).toBeTruthy();
  });
});
