/** Where keyboard focus goes when what held it goes away (issue 18, WCAG 2.4.3): a closed
 * dialog's opener, a given element, or the page's main heading; never <body>. */
import { useLayoutEffect, useRef, type RefObject } from "react";

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
  return focusElement(target);
}

/** Where focus goes when the dialog closes and its opener is gone: an element, a ref, or a
 * function called at that moment. */
export type ReturnFocus =
  HTMLElement | null | RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined);

function resolve(target: ReturnFocus | undefined): HTMLElement | null | undefined {
  if (typeof target === "function") return target();
  if (target && "current" in target) return target.current;
  return target;
}

/** The button that opened the menu holding `element` (Radix labels a menu by its trigger). */
function menuButtonOf(element: Element | null): HTMLElement | null {
  const id = element?.closest('[role="menu"]')?.getAttribute("aria-labelledby");
  return id ? document.getElementById(id) : null;
}

/** The element that last took focus (and its menu's button): a menu item that opens a dialog is
 * gone, with its menu, by the time the dialog opens. */
let lastFocused: { element: HTMLElement; menuButton: HTMLElement | null } | null = null;

if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      const element = event.target;
      if (element instanceof HTMLElement && element !== document.body)
        lastFocused = { element, menuButton: menuButtonOf(element) };
    },
    true,
  );
}

/** For a Radix dialog without a Trigger: records the element that opened it when `open` turns true
 * (for a menu item, also its menu's button) and gives the `onCloseAutoFocus` handler that returns
 * focus there on close; when it is gone (or cannot take focus), to `returnFocus`; else to the
 * page's main heading; never to <body>. Leaves focus alone when something already placed it (a
 * link in the dialog led to a new page whose heading took focus). */
export function useReturnFocus(open: boolean, returnFocus?: ReturnFocus): (event: Event) => void {
  const opener = useRef<{ element: HTMLElement | null; menuButton: HTMLElement | null }>({
    element: null,
    menuButton: null,
  });
  // Recorded before Radix moves focus into the dialog (its auto-focus runs in a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body)
      opener.current = { element: active, menuButton: menuButtonOf(active) };
    else opener.current = lastFocused ?? { element: null, menuButton: null };
  }, [open]);

  return (event: Event) => {
    event.preventDefault(); // Radix would focus the (missing) Trigger, leaving focus on <body>.
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const { element, menuButton } = opener.current;
    if (focusElement(element) || focusElement(menuButton) || focusElement(resolve(returnFocus))) return;
    focusMain();
  };
}
