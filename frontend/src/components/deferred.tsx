/** Parts of a page that its first paint does not need (the header's user menu and tooltips: Radix
 * menus and Floating UI, about 30 KB gzip on every signed-in page), loaded once the page has been
 * shown, its largest paint settled, or as soon as the learner reaches for one (issue 20, decision
 * 0038). Until then a plain control that looks and is named the same
 * stands in; a click on it loads the part at once and tells it so (`requested`), so a menu opens
 * as soon as its code came.
 *
 * The swap keeps the keyboard where it was: the control that had the focus (by its place among the
 * part's links and buttons, the same in both renderings) has it again after the swap. It never
 * falls into a press: a part that comes while a pointer button or a key is down on a stand-in waits
 * until the press is over and its click has been handled (the swap replaces the controls, and a
 * click whose press began on a node that is gone is lost: issue 38, the avatar's menu and the
 * bell's panel that did not open). */
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** A module loader; keep it at module level, so every `Deferred` of a part shares one load. */
export type Loader<M> = () => Promise<M>;

const loaded = new Map<Loader<unknown>, unknown>();
const pending = new Map<Loader<unknown>, Promise<unknown>>();

/** Loads `load`'s module once (a failed load is tried again on the next call). */
export function loadOnce<M>(load: Loader<M>): Promise<M> {
  let promise = pending.get(load) as Promise<M> | undefined;
  if (!promise) {
    promise = load().then(
      (module) => {
        loaded.set(load, module);
        return module;
      },
      (error: unknown) => {
        pending.delete(load);
        throw error;
      },
    );
    pending.set(load, promise);
  }
  return promise;
}

/** Calls `run` when the browser is first idle after the current frame (`requestIdleCallback`,
 * at most `IDLE_TIMEOUT_MS` later; a short timer where it is missing, as in Safari). Returns a
 * cancel function. */
export function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof window.requestIdleCallback === "function")
      idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(run, 200);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** Whether this browser reports performance entries of `type` (`"element"`: Element Timing,
 * `"largest-contentful-paint"`; Chromium has both, Firefox and Safari neither, jsdom none). */
export function observes(type: string): boolean {
  return typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes.includes(type);
}

/** The longest a deferred part waits for an idle moment after the first paint, in ms. */
const IDLE_TIMEOUT_MS = 2000;

/** How long the page's largest paint must have stayed the same, and the longest wait for that, in
 * ms (`whenPageShown`). */
const SETTLED_MS = 500;
const SETTLED_MAX_MS = 3000;

/** Calls `run` once the page has been shown: when no larger paint (a Largest Contentful Paint
 * entry: the marketplace's first cover, a dialog) has come for `SETTLED_MS`, at most
 * `SETTLED_MAX_MS` after the call, and then the browser is idle (`whenIdle`). Where the browser
 * does not report largest paints (Firefox, Safari, jsdom): `whenIdle` alone. So what a part loads
 * does not compete with what the page shows first. Returns a cancel function. */
export function whenPageShown(run: () => void): () => void {
  if (!observes("largest-contentful-paint")) return whenIdle(run);
  let cancelIdle: (() => void) | undefined;
  const settled = () => {
    stop();
    cancelIdle = whenIdle(run);
  };
  let quiet = setTimeout(settled, SETTLED_MS);
  const longest = setTimeout(settled, SETTLED_MAX_MS);
  const observer = new PerformanceObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(settled, SETTLED_MS);
  });
  observer.observe({ type: "largest-contentful-paint" });
  function stop() {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(longest);
  }
  return () => {
    stop();
    cancelIdle?.();
  };
}

const FOCUSABLE = "a[href], button, [tabindex]:not([tabindex='-1'])";

/** The longest a press on a stand-in holds the part back, in ms (a release the page never saw). */
const PRESS_HOLD_MAX_MS = 5000;

type Shown<M> = { module: M; requested: boolean; focus: number };

/** `fallback(request)` until `load`'s module came (once the page has been shown, `whenPageShown`;
 * at once when a pointer or the focus reaches a stand-in, or after `request()`), then
 * `children(module, requested)`. Wrapped in a
 * `display: contents` span: it adds no box, so the layout around it does not change. */
export function Deferred<M>({
  load,
  fallback,
  children,
}: {
  load: Loader<M>;
  fallback: (request: () => void) => ReactNode;
  children: (module: M, requested: boolean) => ReactNode;
}) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const requested = useRef(false);
  const [shown, setShown] = useState<Shown<M> | null>(() =>
    loaded.has(load) ? { module: loaded.get(load) as M, requested: false, focus: -1 } : null,
  );
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** A press on a stand-in is under way (a pointer button or a key down); `afterPress` is the swap
   * that waits for it. */
  const pressing = useRef(false);
  const afterPress = useRef<(() => void) | null>(null);

  const show = useCallback(() => {
    loadOnce(load).then(
      (module) => {
        const swap = () => {
          if (!alive.current) return;
          const controls = [...(wrapper.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
          const focus = controls.findIndex((control) => control === document.activeElement);
          setShown((current) => current ?? { module, requested: requested.current, focus });
        };
        if (pressing.current) afterPress.current = swap;
        else swap();
      },
      () => {}, // offline: the plain controls stay; a click tries again
    );
  }, [load]);

  /** Holds the swap from a press on a stand-in until its release, and one task more: the browser
   * dispatches the click after the pointerup (or the Space's keyup) in the same task. The window
   * losing the focus ends a press too, and none is held longer than `PRESS_HOLD_MAX_MS`. */
  const holdSwap = useCallback((release: "pointer" | "key") => {
    if (pressing.current) return;
    pressing.current = true;
    const ends = release === "pointer" ? ["pointerup", "pointercancel"] : ["keyup"];
    const longest = setTimeout(over, PRESS_HOLD_MAX_MS);
    function windowBlur(event: FocusEvent) {
      if (event.target === window) over();
    }
    function over() {
      clearTimeout(longest);
      ends.forEach((type) => window.removeEventListener(type, over, true));
      window.removeEventListener("blur", windowBlur);
      setTimeout(() => {
        pressing.current = false;
        const swap = afterPress.current;
        afterPress.current = null;
        swap?.();
      }, 0);
    }
    ends.forEach((type) => window.addEventListener(type, over, true));
    window.addEventListener("blur", windowBlur);
  }, []);

  useEffect(() => {
    if (shown) return;
    return whenPageShown(show);
  }, [shown, show]);

  useLayoutEffect(() => {
    if (!shown || shown.focus < 0) return;
    wrapper.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[shown.focus]?.focus();
  }, [shown]);

  const request = useCallback(() => {
    requested.current = true;
    show();
  }, [show]);

  return (
    // A pointer over a stand-in or the focus on one loads the part at once: it is about to be used.
    <span
      ref={wrapper}
      className="contents"
      onPointerOver={shown ? undefined : show}
      onFocus={shown ? undefined : show}
      onPointerDown={shown ? undefined : () => holdSwap("pointer")}
      onKeyDown={shown ? undefined : () => holdSwap("key")}
    >
      {shown ? children(shown.module, shown.requested) : fallback(request)}
    </span>
  );
}
