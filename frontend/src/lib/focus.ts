/** Where keyboard focus goes when what held it goes away (issue 18, WCAG 2.4.3): a closed
 * dialog's opener, a given element, or the page's main heading; never <body>. */

/** Focuses `element` when it is still in the document; true when it took focus (a disabled or
 * hidden element does not). */
export function focusElement(element: HTMLElement | null | undefined): boolean {
  if (!element || !element.isConnected) return false;
  element.focus();
  return document.activeElement === element;
}

/** The page's main heading (the `h1` in `<main>`, else the first `h1`), else `<main>`. */
export function mainFocusTarget(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>("main h1") ??
    document.querySelector<HTMLElement>("h1") ??
    document.querySelector<HTMLElement>("main")
  );
}

/** Focuses the page's main heading (or `<main>`), made focusable with tabIndex=-1 (reachable by
 * script, not by Tab); true when it took focus. */
export function focusMain(): boolean {
  const target = mainFocusTarget();
  if (!target) return false;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  // No outline on a heading that only script focuses (the ring belongs to controls).
  target.classList.add("focus:outline-none");
  return focusElement(target);
}
