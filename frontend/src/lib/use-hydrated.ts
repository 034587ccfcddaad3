import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the prerender and in the hydration render of a prerendered page, true from then on
 * (and at once on a page rendered in the browser): what only works with the script (a form's
 * fields and buttons, the language switch) is disabled in the prerendered HTML, so nothing typed
 * or pressed before the script has taken the page over is lost or sent by the browser itself
 * (decision 0028). Same value on server and first client render: no hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
