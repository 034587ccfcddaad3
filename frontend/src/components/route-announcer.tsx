/** After a navigation (not on the first load), focus moves to the new page's main heading (or
 * <main>) and a polite live region reads the page's title (issue 18, WCAG 2.4.3 / 4.1.3). Keyed
 * by the path: a list's filters in the query string do not move focus. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

import { focusMain } from "@/lib/focus";

/** How long a page may take to show its heading (its data loading) before <main> gets focus. */
const HEADING_WAIT_MS = 3000;

/** Whether the user has pressed a key or pointed since the app loaded: redirects of the first
 * load (a guard's, a default tab's) happen before that and keep focus where the browser put it. */
function useUserActed() {
  const acted = useRef(false);
  useEffect(() => {
    const mark = () => {
      acted.current = true;
      remove();
    };
    const remove = () => {
      document.removeEventListener("keydown", mark, true);
      document.removeEventListener("pointerdown", mark, true);
    };
    document.addEventListener("keydown", mark, true);
    document.addEventListener("pointerdown", mark, true);
    return remove;
  }, []);
  return acted;
}

export function RouteAnnouncer({ title }: { title: string }) {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const shown = useRef(pathname);
  const acted = useUserActed();
  // The title read when the page is announced (a language switch alone announces nothing).
  const latestTitle = useRef(title);
  useLayoutEffect(() => {
    latestTitle.current = title;
  }, [title]);

  useEffect(() => {
    if (shown.current === pathname) return; // the first load, or a new title for the same page
    shown.current = pathname;
    if (!acted.current) return;
    const origin = document.activeElement;
    /** Focus may move unless the user has put it somewhere else meanwhile. */
    const free = () => {
      const active = document.activeElement;
      return (
        !active ||
        active === document.body ||
        active === origin ||
        !active.isConnected ||
        active.tagName === "MAIN" ||
        active.tagName === "H1"
      );
    };
    const hasHeading = () => document.querySelector("main h1") !== null;
    const settle = () => {
      observer.disconnect();
      window.clearTimeout(timeout);
      if (free()) focusMain();
    };
    const observer = new MutationObserver(() => hasHeading() && settle());
    const timeout = window.setTimeout(settle, HEADING_WAIT_MS);
    // Cleared first, set on the next tick: the same title twice (two pages of one kind) is read again.
    setMessage("");
    const announce = window.setTimeout(() => setMessage(latestTitle.current), 50);
    if (hasHeading()) settle();
    else observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timeout);
      window.clearTimeout(announce);
    };
  }, [pathname, acted]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
