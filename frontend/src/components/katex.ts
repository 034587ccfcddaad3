/** KaTeX with its stylesheet, one chunk that math-html.tsx loads on first need (issue 20: pages
 * without math, and the first paint of those with it, do not carry its 76 KB gzip). */
import katex from "katex";
import "katex/dist/katex.min.css";

export default katex;
