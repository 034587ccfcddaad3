/** Integrity watch of the test page (spec §9): leaving the tab (visibilitychange to hidden)
 * and leaving the window without hiding the tab (blur, confirmed after a short delay so that one
 * switch is one event) are reported; copy, cut, paste and the context menu are blocked and
 * reported. Reloading or closing the page is not a switch. */
import { useEffect, useRef } from "react";

import type { IntegrityKind } from "../api/types";

export const BLUR_CONFIRM_MS = 400;
const BLOCKED_THROTTLE_MS = 1500;

export function useIntegrity({
  enabled,
  onSwitch,
  onBlocked,
}: {
  enabled: boolean;
  onSwitch: (kind: "tab_hidden" | "blur", at: Date) => void;
  onBlocked: (kind: Exclude<IntegrityKind, "tab_hidden" | "blur">, at: Date) => void;
}) {
  const handlers = useRef({ onSwitch, onBlocked });
  handlers.current = { onSwitch, onBlocked };

  useEffect(() => {
    if (!enabled) return;
    let away = false; // one switch, one event: nothing more until the learner is back
    let leaving = false;
    let blurTimer: ReturnType<typeof setTimeout> | null = null;
    const lastBlocked: Partial<Record<string, number>> = {};

    const cancelBlur = () => {
      if (blurTimer) clearTimeout(blurTimer);
      blurTimer = null;
    };
    const switched = (kind: "tab_hidden" | "blur", at: Date) => {
      if (away || leaving) return;
      away = true;
      handlers.current.onSwitch(kind, at);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        cancelBlur();
        switched("tab_hidden", new Date());
      } else {
        away = false;
      }
    };
    const onBlur = () => {
      if (away || leaving || blurTimer) return;
      const at = new Date();
      blurTimer = setTimeout(() => {
        blurTimer = null;
        if (document.visibilityState !== "hidden" && !document.hasFocus()) switched("blur", at);
      }, BLUR_CONFIRM_MS);
    };
    const onFocus = () => {
      cancelBlur();
      if (document.visibilityState === "visible") away = false;
    };
    const onLeave = () => {
      leaving = true;
      cancelBlur();
    };
    const onPageShow = () => {
      leaving = false;
    };
    const block = (kind: "copy" | "paste" | "context_menu") => (event: Event) => {
      event.preventDefault();
      const now = Date.now();
      if ((lastBlocked[kind] ?? 0) + BLOCKED_THROTTLE_MS > now) return;
      lastBlocked[kind] = now;
      handlers.current.onBlocked(kind, new Date(now));
    };
    const onCopy = block("copy");
    const onPaste = block("paste");
    const onMenu = block("context_menu");

    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    window.addEventListener("beforeunload", onLeave);
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("pageshow", onPageShow);
    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCopy);
    document.addEventListener("paste", onPaste);
    document.addEventListener("contextmenu", onMenu);
    return () => {
      cancelBlur();
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("beforeunload", onLeave);
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("pageshow", onPageShow);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCopy);
      document.removeEventListener("paste", onPaste);
      document.removeEventListener("contextmenu", onMenu);
    };
  }, [enabled]);
}
