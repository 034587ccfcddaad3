import "@/testing/xpath"; // English speech as Chromium reads it

import { act, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { hasMath, loadKatex, loadMathSpeech, MathHtml, MathSpan, pickLanguage } from "./math-html";

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
    await loadMathSpeech("vi"); // a text waits for its formulas' speech too (decision 0053)
    let show: (html: string) => void = () => {};
    function Shown() {
      const [html, setHtml] = useState("<p>$x^2$</p>");
      show = setHtml;
      return <MathHtml html={html} />;
    }
    renderWithProviders(<Shown />);
    expect(await screen.findByText("x^2", { selector: "annotation" })).toBeTruthy();
    act(() => show("<p>Sau: $z_1$</p>"));
    expect(await screen.findByText("z_1", { selector: "annotation" })).toBeTruthy();
    expect(screen.queryByText("x^2", { selector: "annotation" })).toBeNull();
    act(() => show("<p>Lỗi: $\\frac{1$</p>"));
    expect(await screen.findByText("\\frac{1", { selector: ".katex-error" })).toBeTruthy();
  });
});

describe("the spoken text of formulas (issue 39 item 4, decision 0053)", () => {
  const formula = (name: string) => screen.findByLabelText(name, { selector: ".katex" }, { timeout: 30_000 });

  it("labels each formula in the page's language and hides its MathML", async () => {
    renderWithProviders(
      <MathHtml text={{ vi: "<p>Tính $\\sqrt{5}$ và $x^2$</p>", en: "<p>Find $\\sqrt{5}$</p>" }} />,
    );
    const root = await formula("căn bậc hai của 5");
    expect(root).toHaveAttribute("role", "math");
    expect(root.outerHTML).toContain('<span class="katex-mathml" aria-hidden="true">');
    expect(await formula("x bình phương")).toHaveAttribute("role", "math");
  }, 40_000);

  it("speaks English on an English page, and a Vietnamese fallback in Vietnamese", async () => {
    renderWithProviders(
      <>
        <MathSpan text={{ vi: "$\\sqrt{5}$", en: "$\\sqrt{5}$" }} />
        <MathSpan text={{ vi: "Tính $x \\ge 3$", en: "" }} />
      </>,
      { language: "en" },
    );
    expect(await formula("the square root of 5")).toBeInTheDocument();
    expect(await formula("x lớn hơn hoặc bằng 3")).toHaveAttribute("role", "math");
    expect(screen.getByText(/^Tính/)).toHaveAttribute("lang", "vi");
  }, 40_000);

  it("speaks a text shown in another language than the page's (a preview) in that language", async () => {
    renderWithProviders(
      <MathHtml text={{ vi: "Lấy $\\frac{1}{2}$", en: "Take $\\frac{1}{2}$" }} language="en" />,
    );
    expect(await formula("one half")).toHaveAttribute("role", "math");
    expect(screen.getByText(/^Take/)).toHaveAttribute("lang", "en");
  }, 40_000);

  it("renders a long text once every formula in it is spoken, the speech that does not fit now in idle time", async () => {
    await loadKatex();
    await loadMathSpeech("en");
    const many = Array.from({ length: 12 }, (_, i) => `$x^{${i + 2}} + ${i}$`).join(" ");
    renderWithProviders(<MathHtml html={`<p>${many}</p>`} />, { language: "en" });
    // English speech takes several ms a formula: the text stays as stored meanwhile, never a
    // formula without its spoken text
    expect(screen.getByText(/^\$x\^\{2\} \+ 0\$/)).toBeInTheDocument();
    expect(screen.queryAllByLabelText(/./, { selector: ".katex" })).toHaveLength(0);
    expect(await formula("x to the 13th power plus 11")).toHaveAttribute("role", "math");
    expect(screen.getAllByLabelText(/./, { selector: ".katex" })).toHaveLength(12);
  }, 40_000);

  it("leaves a formula KaTeX cannot parse unlabelled, shown as typed", async () => {
    await loadKatex();
    await loadMathSpeech("vi");
    renderWithProviders(<MathHtml html={"<p>$\\frac{1$ và $y$</p>"} />);
    expect(await formula("y")).toHaveAttribute("role", "math");
    expect(screen.getByText("\\frac{1", { selector: ".katex-error" })).not.toHaveAttribute("aria-label");
  }, 40_000);
});
