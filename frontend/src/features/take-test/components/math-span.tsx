/** Inline question HTML (options, short answers) with LaTeX between $...$, like `MathHtml` but
 * as a span so that it can sit inside a label. */
import { useMemo } from "react";

import { renderMath } from "@/components/math-html";
import { cn } from "@/lib/cn";

export function MathSpan({ html, className }: { html: string; className?: string }) {
  const rendered = useMemo(() => renderMath(html || ""), [html]);
  // The HTML comes from the server's allow-list sanitizer (nh3) and KaTeX's own output.
  return <span className={cn("[&_p]:inline", className)} dangerouslySetInnerHTML={{ __html: rendered }} />;
}
