/** The English spoken text of a formula: Speech Rule Engine 4 (SRE), ClearSpeak rules, read from
 * the MathML KaTeX makes of the LaTeX (decision 0053): "the square root of 5", "x is greater than
 * or equal to 3", "the fraction with numerator x plus 1 and denominator x minus 1".
 *
 * SRE's rule files come from our own build (sre-config.ts), only when an English formula is shown;
 * a few of SRE's readings are amended there, and KaTeX's MathML is tidied here where SRE misreads
 * it (see `tidy`). */
import "./sre-config"; // first: SRE sets itself up when its code runs

import katex from "katex";
import { engineReady, setupEngine, toSpeech } from "speech-rule-engine/mjs/common/system.js";

const MATHML = "http://www.w3.org/1998/Math/MathML";

/** KaTeX's MathML, made plain for SRE: no annotation (the LaTeX source), no `mathvariant="normal"`
 * (read as the word "normal"), a vector's combining arrow as →, a comma for the semicolon that
 * separates Vietnamese lists (the comma is Vietnamese's decimal sign), a degree sign for `^\circ`, △ for
 * Δ before two or more capital letters (ΔABC, a triangle), ∠ for a hat over capital letters
 * (\widehat{ABC}, an angle). */
function tidy(mathml: string): string {
  const doc = new DOMParser().parseFromString(mathml, "application/xml");
  const math = doc.documentElement;
  const make = (name: string, text?: string) => {
    const element = doc.createElementNS(MATHML, name);
    if (text !== undefined) element.textContent = text;
    return element;
  };
  math.querySelectorAll("annotation, annotation-xml").forEach((node) => node.remove());
  math.querySelectorAll("[mathvariant=normal]").forEach((node) => node.removeAttribute("mathvariant"));
  math.querySelectorAll("mo").forEach((mo) => {
    if (mo.textContent === "\u20d7") mo.textContent = "→";
    if (mo.textContent === ";") mo.textContent = ","; // Vietnamese lists: {1; 2}, (0; +∞), A(2; 8)
  });
  math.querySelectorAll("msup").forEach((msup) => {
    const [base, sup] = [msup.children[0], msup.children[1]];
    if (base && sup?.textContent === "∘") {
      const row = make("mrow");
      row.append(base, make("mo", "°"));
      msup.replaceWith(row);
    }
  });
  const capital = (node: Element | null | undefined) =>
    node?.localName === "mi" && /^[A-Z]$/.test(node.textContent ?? "");
  math.querySelectorAll("mi").forEach((mi) => {
    if (
      mi.textContent === "Δ" &&
      capital(mi.nextElementSibling) &&
      capital(mi.nextElementSibling?.nextElementSibling)
    )
      mi.replaceWith(make("mo", "△"));
  });
  math.querySelectorAll("mover").forEach((mover) => {
    const [body, accent] = [mover.children[0], mover.children[1]];
    const letters = body?.localName === "mrow" ? [...body.children] : body ? [body] : [];
    if (/^[\^ˆ]$/.test(accent?.textContent ?? "") && letters.length > 0 && letters.every(capital)) {
      const row = make("mrow");
      row.append(make("mo", "∠"), ...letters);
      mover.replaceWith(row);
    }
  });
  return new XMLSerializer().serializeToString(math);
}

/** The English spoken text of `latex`; `""` when KaTeX cannot parse it. SRE must be set up
 * (`loadEnglish`). */
export function speakEnglish(latex: string): string {
  let html: string;
  try {
    html = katex.renderToString(latex, { output: "mathml", throwOnError: true });
  } catch {
    return "";
  }
  const mathml = /<math[\s\S]*<\/math>/.exec(html)?.[0];
  return mathml ? toSpeech(tidy(mathml)).trim() : "";
}

/** Sets SRE up for English ClearSpeak with our rule files; resolves to `speakEnglish` once they
 * are read. */
export async function loadEnglish(): Promise<(latex: string) => string> {
  await setupEngine({}); // sre-config.ts's SREfeature
  await engineReady();
  return speakEnglish;
}
