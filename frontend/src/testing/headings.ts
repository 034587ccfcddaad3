/** Headings in order (WCAG 1.3.1, issue 38): a page's outline goes down one level at a time
 * (h1 > h2 > h3), so a screen reader's list of headings has no gap. */

/** The headings under `root` that skip a level ("h1 Kết quả bài thi → h3 Phân tích theo chủ đề"):
 * each is deeper than the one before it by more than one level (the first by more than one below
 * h1; a dialog's first by more than one below h1). Headings hidden from the accessibility tree
 * (`aria-hidden`) do not count. An empty list is a page in order. */
export function headingSkips(root: ParentNode = document.body): string[] {
  const headings = [...root.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6, [role=heading]")].filter(
    (heading) => !heading.closest("[aria-hidden=true]"),
  );
  const skips: string[] = [];
  let previous = 0;
  let dialog: Element | null = null;
  for (const heading of headings) {
    // A dialog is an outline of its own: its title may be an h2 (the page behind it is hidden).
    const inside = heading.closest("[role=dialog], [role=alertdialog]");
    if (inside && inside !== dialog) previous = 1;
    dialog = inside;
    const level =
      heading.getAttribute("role") === "heading"
        ? Number(heading.getAttribute("aria-level") ?? 2)
        : Number(heading.tagName.slice(1));
    if (level > previous + 1)
      skips.push(`h${previous || "-"} → h${level} ${heading.textContent?.trim() ?? ""}`);
    previous = level;
  }
  return skips;
}
