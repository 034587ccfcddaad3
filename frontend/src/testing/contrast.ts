/** WCAG contrast of Tailwind colours in unit tests (1.4.3: 4.5:1 for normal text). The colours
 * are Tailwind's own (`tailwindcss/colors`, OKLCH), converted to sRGB as the browser does. */
import colors from "tailwindcss/colors";

type Rgb = [number, number, number];

/** Linear sRGB of a Tailwind colour name ("slate-600", "white", "black"). */
function linearRgb(name: string): Rgb {
  if (name === "white") return [1, 1, 1];
  if (name === "black") return [0, 0, 0];
  const [hue, shade] = name.split("-") as [string, string];
  const value = (colors as unknown as Record<string, Record<string, string> | undefined>)[hue]?.[shade];
  const match = value?.match(/oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)/);
  if (!match) throw new Error(`not a Tailwind colour: ${name}`);
  const [L, C, h] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [C * Math.cos(h), C * Math.sin(h)];
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Contrast ratio of two Tailwind colours, e.g. `contrast("slate-600", "blue-50")` = 6.94. */
export function contrast(foreground: string, background: string): number {
  const [x, y] = [luminance(linearRgb(foreground)), luminance(linearRgb(background))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The Tailwind colour an element's text is drawn in (its own or nearest ancestor's `text-*`). */
export function textColour(element: Element): string {
  for (let el: Element | null = element; el; el = el.parentElement) {
    const found = [...el.classList].find((c) => /^text-(white|black|[a-z]+-\d+)$/.test(c));
    if (found) return found.slice("text-".length);
  }
  return "black";
}

const encode = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const decode = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** The linear sRGB of `colour` ("white", "blue-600", or with an opacity: "white/20") laid over
 * `backdrop` (linear sRGB), blended as the browser does (in gamma-encoded sRGB). */
function over(colour: string, backdrop: Rgb): Rgb {
  const [name, percent] = colour.split("/") as [string, string | undefined];
  const alpha = percent === undefined ? 1 : Number(percent) / 100;
  const top = linearRgb(name);
  return top.map((c, i) => decode(alpha * encode(c) + (1 - alpha) * encode(backdrop[i]!))) as Rgb;
}

/** Contrast of text in `foreground` on a `background` that may be translucent ("white/20"), over
 * the opaque Tailwind colour `backdrop` it lies on (a cover's gradient colour). */
export function contrastOver(foreground: string, background: string, backdrop: string): number {
  const fill = over(background, linearRgb(backdrop));
  const [x, y] = [luminance(over(foreground, fill)), luminance(fill)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The Tailwind background colour an element is filled with (its own `bg-*` class, with an
 * opacity when it has one: "white/20"); "transparent" without one. */
export function backgroundColour(element: Element): string {
  const found = [...element.classList].find((c) => /^bg-(white|black|[a-z]+-\d+)(\/\d+)?$/.test(c));
  return found ? found.slice("bg-".length) : "transparent";
}
