/** The test page's outbox (lib/outbox): made once per attempt, seeded with the saved answers,
 * started on mount and flushed when the page is hidden or left; its snapshot (saved / saving /
 * offline / ended / taken over) as React state. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";

import { postEvent } from "../api/post-event";
import { saveAnswer } from "../api/save-answer";
import type { Attempt, EventAck } from "../api/types";
import { Outbox, outboxKey } from "../lib/outbox";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useOutbox({
  enrollmentId,
  attempt,
  token,
  onEventAck,
}: {
  enrollmentId: number;
  attempt: Attempt;
  /** This tab's device token (a take-back replaces it). */
  token: RefObject<string>;
  onEventAck: (ack: EventAck) => void;
}) {
  const acked = useRef(onEventAck);
  acked.current = onEventAck;
  const [outbox] = useState(() => {
    const box = new Outbox({
      storage: storage(),
      key: outboxKey(enrollmentId),
      attemptId: attempt.attempt_id,
      transport: {
        saveAnswer: (body, options) => saveAnswer(enrollmentId, token.current, body, options),
        postEvent: (body) => postEvent(enrollmentId, token.current, body),
      },
      onEventAck: (ack) => acked.current(ack),
    });
    box.seed(attempt.answers);
    return box;
  });
  const snapshot = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.snapshot(),
  );

  useEffect(() => {
    outbox.start();
    const onExit = () => outbox.flushOnExit();
    const onVisible = () => {
      if (document.visibilityState === "visible") void outbox.flush();
    };
    window.addEventListener("pagehide", onExit);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("pagehide", onExit);
      document.removeEventListener("visibilitychange", onVisible);
      outbox.dispose();
    };
  }, [outbox]);

  return { outbox, snapshot };
}
