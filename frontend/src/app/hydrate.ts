import { startTransition, type ReactNode } from "react";
import { hydrateRoot, type HydrationOptions, type Root } from "react-dom/client";

/**
 * Hydrates the prerendered markup in `container` (decision 0028) as a transition (issue 20,
 * decision 0032): React then hydrates in slices of about 5 ms and lets the browser handle input
 * and paint between them, instead of one task as long as the whole page's render (hundreds of
 * ms on a mid-range phone). A click or keypress on a part not hydrated yet hydrates that part
 * first, as with any hydration. The markup, the texts and the first render are unchanged: the
 * same hydration, only scheduled differently (src/prerender.test.tsx hydrates through here).
 */
export function hydrateInSlices(container: Element, children: ReactNode, options?: HydrationOptions): Root {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, children, options);
  });
  return root!;
}

/** Resolves in a new task (after the browser had a chance to paint and handle input): splits
 * start-up work into tasks shorter than the 50 ms that count as blocking (issue 20). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
